package viscounts

import (
	"slices"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Bot = (*Game)(nil)

// Policy is the bot Viscounts' bot seats play by. It looks ahead within
// its own turn: a card is chosen for the best move and action it allows,
// a space for the best action there, an action for what it gains; every
// other answer for the position it leaves. Positions are valued by the
// seat's score as it stands plus what its goods, queued rewards and
// castle workers are likely worth. The lookahead works on a copy whose
// draw piles are reshuffled with the policy's own seed, so a bot never
// learns a face-down card and never changes the game's random draws.
func (g *Game) Policy() games.Policy { return lookingAhead(lookahead) }

// RootPolicy is the policy looking further ahead within its turn: too
// slow for every move of a search's playouts (about four times the
// policy's time), but where a search starts from (games/search), it
// lifts the searching bots' own decisions. Measured in 100 solo games
// against each opponent (BenchmarkSoloAgainstOpponents), it won 32, 27,
// 37 and 90% against the Cleric, Noble, Builder and Merchant (mean
// margins -8, -10, -4 and +17 VP) where the policy won 22, 20, 31 and
// 90% of 200 (-11, -13, -6 and +15 VP).
func (g *Game) RootPolicy() games.Policy { return lookingAhead(deepLookahead) }

// lookahead and deepLookahead bound how many decisions ahead the policy
// and the root policy try.
const (
	lookahead     = 3
	deepLookahead = 5
)

// lookingAhead is the policy trying depth decisions ahead.
func lookingAhead(depth int) games.Policy { return looker{depth: depth} }

// looker is the policy trying depth decisions ahead. It also ranks its
// options (search.Ranker) by the values it chooses by, so a paired
// search compares its best few.
type looker struct{ depth int }

// Choose is the best of Rank.
func (p looker) Choose(st games.State, seat int, seed uint64) (string, bool) {
	ranked := p.Rank(st, seat, seed)
	if len(ranked) == 0 {
		return "", false
	}
	return ranked[0], true
}

// Rank orders seat's options by their lookahead values, best first: the
// first is the choice (ties go to the earlier option, then by the
// policy's seed), the rest by value, in offered order among equals.
func (p looker) Rank(st games.State, seat int, seed uint64) []string {
	ranked := p.valued(st, seat, seed)
	ids := make([]string, len(ranked))
	for i, o := range ranked {
		ids[i] = o.id
	}
	return ids
}

// valuedOption is an option and its lookahead value.
type valuedOption struct {
	id string
	v  int
}

// valued is Rank with each option's value.
func (p looker) valued(st games.State, seat int, seed uint64) []valuedOption {
	s, ok := st.(*State)
	if !ok || len(s.Tasks) == 0 || s.Tasks[0].Seat != seat {
		return nil
	}
	rng := games.NewRNG(seed)
	_, _, choices := s.choices(s.Tasks[0])
	if len(choices) == 0 {
		return nil
	}
	all := make([]valuedOption, 0, len(choices))
	best := 0
	sp := s.spares
	if sp == nil {
		sp = &spares{}
		if s.quiet {
			// A search's world (Unlabel), which one search plays out:
			// the lookaheads of all its moves share one store.
			s.spares = sp
		}
	}
	for i, c := range choices {
		v := s.tryOption(seat, c.opt.ID, rng, p.depth, sp)
		all = append(all, valuedOption{c.opt.ID, v})
		if i > 0 && (v > all[best].v || (v == all[best].v && rng.IntN(2) == 0)) {
			best = i
		}
	}
	first := all[best]
	rest := slices.Delete(all, best, best+1)
	slices.SortStableFunc(rest, func(a, b valuedOption) int { return b.v - a.v })
	return append([]valuedOption{first}, rest...)
}

// tryOption values answering the front task with option id on a copy:
// after it, the best answer to the seat's next decision of the same turn
// (up to depth decisions), else the position. The option is found by its
// id, not its place: the copy's draw pile is in another order, and so are
// the options that list its cards. The copy's memory goes back to sp.
func (s *State) tryOption(seat int, id string, rng *games.RNG, depth int, sp *spares) int {
	c := s.clone(rng, sp)
	v := c.tryOn(seat, id, depth)
	sp.put(c)
	return v
}

// tryOn is tryOption on c, a copy of its own: the lookahead's deeper
// decisions copy c as it is, already dealt blind.
func (c *State) tryOn(seat int, id string, depth int) int {
	ch, ok := c.choice(c.Tasks[0], id)
	if !ok {
		return -1 << 30 // not offered on the copy (cannot happen: the same cards)
	}
	c.Tasks = c.Tasks[1:]
	ch.do()
	if depth > 1 {
		// Settle what needs no decision, but stop before anything is
		// drawn: the copy's draws are not the game's.
		for guard := 0; len(c.Tasks) > 0 && guard < 200; guard++ {
			t := c.Tasks[0]
			if t.Seat != seat || t.Kind == "refill" || t.Kind == "draw" || t.Kind == "shuffle" || t.Kind == "endturn" || t.Kind == "deal" {
				break
			}
			_, _, next := c.choices(t)
			if len(next) > 1 {
				best := 0
				for j, ch := range next {
					// The last option may try on c itself, which nothing
					// needs after it, given the RNG its copy would have.
					d := c
					if j < len(next)-1 {
						d = c.copied(c.RNG)
					} else {
						c.RNG.Reseed(c.RNG.Uint64()) // c's own (copyTo)
					}
					v := d.tryOn(seat, ch.opt.ID, depth-1)
					if d != c {
						c.spares.put(d)
					}
					if j == 0 || v > best {
						best = v
					}
				}
				return best
			}
			c.Tasks = c.Tasks[1:]
			if len(next) == 1 {
				next[0].do()
			} else {
				c.auto(t)
			}
		}
	}
	return c.value(seat)
}

// choice is c's answer to t with option id, as choices lists it; a move
// or an action it finds without listing every other (moveChoice,
// actionChoice).
func (c *State) choice(t Task, id string) (choice, bool) {
	if c.quiet && !c.isAI(t.Seat) {
		switch t.Kind {
		case "move":
			return c.moveChoice(t, id)
		case "action":
			return c.actionChoice(t, id)
		}
	}
	_, _, choices := c.choices(t)
	i := slices.IndexFunc(choices, func(ch choice) bool { return ch.opt.ID == id })
	if i < 0 {
		return choice{}, false
	}
	return choices[i], true
}

// value estimates seat's prospects in tenths of a VP.
func (s *State) value(seat int) int {
	st := s.Seats[seat]
	sc := s.seatScore(seat)
	v := 10 * sc.Total
	left := s.timeLeft()
	if s.lastRound() {
		// Nothing is left to spend goods, cards or flips on: only the
		// score and the rewards still queued in this turn count.
		return v + s.queuedValue(seat)
	}
	if !s.isAI(seat) {
		// The solo opponent's goods are in its score already (1 VP each).
		v += 5*st.Silver + 10*(st.Res[Ink]+st.Res[Gold]+st.Res[Stone])
	}
	// Manuscripts and buildings score more the more of them one has:
	// each is worth more than its VP now while there is time for more.
	built := 0
	for _, n := range st.Built {
		built += n
	}
	v += (scriptPotential*len(st.Scripts) + buildPotential*built) * left / permille
	v += 20 * (st.PaidDebts + st.Approved) / max(1, s.Players-1) // majorities to come
	for sec := range numSegments {
		v += 4 * count(s.Tiers[0][sec], seat) // workers on their way inward
	}
	for _, zone := range [][]int{st.Hand, st.Draw, st.Discard, st.Board[:]} {
		for _, c := range zone {
			if c >= 0 && s.folk(c).Kind != "starter" {
				v += 3 * s.folk(c).Cost
			}
		}
	}
	if s.Solo != nil {
		v += endPace[s.opponent().Focus] * left / permille
	}
	v += s.queuedValue(seat)
	// Corruption drifts towards debts.
	v -= 3 * st.Corruption
	return v
}

// queuedValue is what the rewards queued for seat are roughly worth.
func (s *State) queuedValue(seat int) int {
	v := 0
	for _, t := range s.Tasks {
		if t.Seat == seat {
			v += taskValue[t.Kind] * max(t.N, 1)
		}
	}
	return v
}

// lastRound reports the game's final round: the end is triggered and
// this round is the one after which the game ends.
func (s *State) lastRound() bool { return s.LastRound > 0 && s.Round >= s.LastRound }

// permille is a whole share in thousandths; scriptPotential and
// buildPotential are what one more manuscript or building is worth,
// beyond its VP now, at the start of the game (in tenths of a VP).
const (
	permille        = 1000
	scriptPotential = 40
	buildPotential  = 20
)

// timeLeft is the share of the game still to come, in thousandths: how
// much is left of the emptier pile above Poverty and Prosperity, 0 once
// the end is triggered.
func (s *State) timeLeft() int {
	if s.LastRound != 0 || s.Poverty || s.Prosperity {
		return 0
	}
	e := s.c.Ending
	debts := permille * s.DebtsAbove / max(1, e.Debts[s.Players])
	deeds := permille * s.DeedsAbove / max(1, e.Deeds[s.Players])
	return min(permille, debts, deeds)
}

// endPace is what the rest of a solo game is worth to the player against
// each opponent (by its focus), in tenths of a VP for a whole game still
// to come (timeLeft), beyond what the player's own prospects count. The
// player decides when a solo game ends: it takes nearly every Debt and
// Deed from the piles above Poverty and Prosperity (the opponent about
// one in five games). The Noble's castle cascades and the Cleric's
// manuscript sets score faster the more it has, so against them the
// player hurries; the Builder's buildings come early and the Merchant
// scores steadily, so against them it takes its time. Measured over 200
// solo games against each (BenchmarkSoloAgainstOpponents, the policy):
// against the Noble 0/-50/-200/-400 won 14/17/20.5/21.5% (margins
// -17.9/-15.6/-13.2/-12.7 VP), the Builder 0/+400/+800 won 23/29/31%;
// the other way round lost in each.
var endPace = map[string]int{aiWorkers: -300, aiTranscribe: -100, aiBuild: 800, aiTrade: 800}

// taskValue is what a queued atom is roughly worth, in tenths of a VP.
var taskValue = map[string]int{
	"silver": 4, "ink": 8, "gold": 8, "stone": 8, "resource": 8, "virtue": 3, "corruption": -3,
	"debt": -20, "deed": 10, "flipdebt": 20, "flipdeed": 20, "flip": 20, "hire": 15, "manuscript": 40,
	"workers": 25, "workshop": 30, "tradingpost": 50, "guildhall": 70, "building": 40, "draw": 5,
	"alt": 10, "castle": 5,
}

// clone copies s for the policy's lookahead, with its own RNG and every
// face-down order dealt anew by it: the draw piles, and the cards below
// the top of the townsfolk and manuscript piles. Each is dealt from its
// cards in sorted order, so that the copy depends on what the seat may
// know (which cards), never on the order it cannot see.
func (s *State) clone(rng *games.RNG, sp *spares) *State {
	c := s.copyTo(sp.get(), rng)
	c.spares = sp
	// copied shares the face-up piles, which dealing them anew writes.
	var piles [2 * numSegments]*[]int
	for p := range numSegments {
		piles[2*p], piles[2*p+1] = &c.Folk[p], &c.Scripts[p]
	}
	c.mem.piles = pack(piles[:], c.mem.piles)
	c.mem.pool = blindPiles(c.Folk[:], c.RNG, c.mem.pool)
	c.mem.pool = blindPiles(c.Scripts[:], c.RNG, c.mem.pool)
	if c.Solo != nil {
		games.Reshuffle(c.RNG, c.Solo.Draw)
		games.Reshuffle(c.RNG, c.Solo.Future)
	}
	for _, st := range c.Seats {
		games.Reshuffle(c.RNG, st.Draw)
	}
	return c
}

// copied is a copy of s for the lookahead that shares nothing it may
// change, with an RNG of its own seeded by rng (copyTo), in memory from
// s's spares if it has them.
func (s *State) copied(rng *games.RNG) *State { return s.copyTo(s.spares.get(), rng) }

// copyTo copies s into m for the lookahead. The copy is quiet: the
// options and events it builds are never shown, so it builds no texts.
// The lookahead copies a state for every option it tries, so the copy
// reuses m's seats and buffers (its int slices are packed into one,
// pack), and what play only shortens or appends to it shares: the
// face-up piles (play takes their tops), the removed townsfolk, the
// cleric bonus cards and the opponent's box, each clipped to its
// length, so that an append moves it out.
func (s *State) copyTo(m *copyMem, rng *games.RNG) *State {
	c := &m.st
	*c = *s
	c.mem = m
	if m.rng == nil {
		m.rng = games.NewRNG(rng.Uint64())
	} else {
		m.rng.Reseed(rng.Uint64())
	}
	c.RNG = m.rng
	c.events = nil
	c.quiet = true
	// Play takes tasks off the front of the list and pushes new ones in
	// a new list (push), so the copy shares it.
	c.Tasks = slices.Clip(s.Tasks)
	for p := range numSegments {
		c.Folk[p] = slices.Clip(c.Folk[p])
		c.Scripts[p] = slices.Clip(c.Scripts[p])
	}
	c.Gone = slices.Clip(c.Gone)
	if s.Solo != nil {
		m.solo = *s.Solo
		m.solo.Box = slices.Clip(m.solo.Box)
		c.Solo = &m.solo
	}
	n := len(s.Seats)
	if cap(m.seats) < n {
		m.seats, m.ptrs = make([]Seat, n), make([]*Seat, n)
	}
	c.Seats = m.ptrs[:n]
	for i, st := range s.Seats {
		m.seats[i] = *st
		m.seats[i].Bonus = slices.Clip(st.Bonus)
		c.Seats[i] = &m.seats[i]
	}
	var ints [64]*[]int // more than any state has: no allocation
	m.ints = pack(c.changingInts(ints[:0]), m.ints)
	return c
}

// spares keeps the memory of the lookahead's copies that are done with,
// for the next copies of one decision (valued) to reuse. Tries nest: a
// copy is done with before the copy it was made from, and nothing keeps
// a pointer into a copy once its value is known, so a decision's
// hundreds of copies take a handful of allocations. A nil *spares
// allocates every copy anew.
type spares struct{ free []*copyMem }

// copyMem is the memory of one lookahead copy: the state, its seats and
// the opponent's part, the buffers its int slices (copyTo) and re-dealt
// piles (clone) are packed into, blindPiles' pool, its task list and its
// generator.
type copyMem struct {
	st                State
	seats             []Seat
	ptrs              []*Seat
	solo              Solo
	ints, piles, pool []int
	tasks             []Task // the copy's task list once it pushes (pushOwn)
	rng               *games.RNG
}

// get is spare memory for a copy, or new.
func (sp *spares) get() *copyMem {
	if sp == nil || len(sp.free) == 0 {
		return &copyMem{}
	}
	m := sp.free[len(sp.free)-1]
	sp.free = sp.free[:len(sp.free)-1]
	return m
}

// put takes back c's memory once c is done with, with everything c
// shares with the copies made from it (they are done with first).
func (sp *spares) put(c *State) {
	if sp != nil && c.mem != nil {
		sp.free = append(sp.free, c.mem)
	}
}

// changingInts appends to ps every int slice of the state that play may
// change in place (copied's list).
func (s *State) changingInts(ps []*[]int) []*[]int {
	for t := range s.Tiers {
		for p := range s.Tiers[t] {
			ps = append(ps, &s.Tiers[t][p])
		}
	}
	for p := range numSegments {
		ps = append(ps, &s.Plots[p])
	}
	ps = append(ps, &s.DraftCards, &s.DraftHeroes)
	if s.Solo != nil {
		ps = append(ps, &s.Solo.Draw, &s.Solo.Discard, &s.Solo.Future)
	}
	for _, st := range s.Seats {
		ps = append(ps, &st.Hand, &st.Draw, &st.Discard, &st.Scripts)
	}
	return ps
}

// pack copies the slices ps point to into one buffer, buf's if it is
// large enough, else a new one (one allocation for all), and returns it.
// Each slice's capacity is its length, so an append moves it out of the
// buffer instead of into its neighbour.
func pack(ps []*[]int, buf []int) []int {
	n := 0
	for _, p := range ps {
		n += len(*p)
	}
	if cap(buf) < n {
		buf = make([]int, 0, n)
	}
	buf = buf[:0]
	for _, p := range ps {
		if *p != nil {
			start := len(buf)
			buf = append(buf, *p...)
			*p = buf[start:len(buf):len(buf)]
		}
	}
	return buf
}

// blindPiles deals the cards below the top of every pile anew, each pile
// keeping its size, from their sorted order (see games.Reshuffle). It
// pools them in pool's memory if large enough, and returns the pool.
func blindPiles(piles [][]int, rng *games.RNG, pool []int) []int {
	n := 0
	for _, p := range piles {
		n += max(0, len(p)-1)
	}
	if cap(pool) < n {
		pool = make([]int, 0, n)
	}
	pool = pool[:0]
	for _, p := range piles {
		if len(p) > 1 {
			pool = append(pool, p[:len(p)-1]...)
		}
	}
	games.Reshuffle(rng, pool)
	rest := pool
	for _, p := range piles {
		if len(p) > 1 {
			rest = rest[copy(p[:len(p)-1], rest):]
		}
	}
	return pool
}
