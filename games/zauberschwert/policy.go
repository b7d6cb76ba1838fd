package zauberschwert

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Bot = (*Game)(nil)

// Policy is the bot Zauberschwert's bot seats play by. Power stones are
// the score, so it values every outcome in stones: magic at about half a stone
// up to what the remaining fights can use (beyond it, and the two points
// the next supply would lose to the cap, only a tie-breaker), an artifact
// card at a part of a stone while rounds remain in which a laid-out
// artifact can pay, and clearing a creature a little, since new adventures
// come only when the display has room (much, when a bot at the cap would
// otherwise leave it blocked). It places its wizard where its gain beats
// passing, given the wizards placed before it; fights alone when it would
// outbid the others there (each valued as it values itself, from public
// facts); bids the least raise while winning is worth it; casts spells
// when they gain more than they cost; takes stones for bonuses; accepts
// trades that complete its artifacts; and lays out every complete artifact
// at once. It reads only what its seat can see (its own hand and offers,
// public magic, stones, spells and laid-out artifacts); ties go by the
// policy's own seed, never the game's RNG.
func (g *Game) Policy() games.Policy { return policy(defaultWeights()) }

// weights tune the policy's valuation.
type weights struct {
	magic    float64 // a magic point, in stones, while fights remain (up to need)
	card     float64 // an artifact card, in stones, per later round it can pay in (up to 3)
	progress float64 // clearing a creature from the display, in stones
	// stall replaces progress when the display holds creatures only and
	// the bot's magic is at the cap, so passing gains nothing: no new
	// adventure comes (and the game cannot end) until one is beaten.
	stall float64
	doubt float64 // share kept of a gain at a card others dispute
}

func defaultWeights() weights {
	return weights{magic: 0.55, card: 0.15, progress: 0.3, stall: 2, doubt: 0.8}
}

func policy(w weights) games.Policy {
	return games.PolicyFunc(func(st games.State, seat int, seed uint64) (string, bool) {
		return choose(st, seat, seed, w)
	})
}

func choose(st games.State, seat int, seed uint64, w weights) (string, bool) {
	s, ok := st.(*State)
	if !ok || s.Ended || seat < 0 || seat >= s.Players {
		return "", false
	}
	var moves []string
	for _, p := range s.pendingMoves() {
		if p.seat == seat {
			moves = p.moves
		}
	}
	if len(moves) == 0 {
		return "", false
	}
	b := newBot(s, seat, seed, w)
	var move string
	switch s.Step {
	case stepSpells:
		move = b.spell(moves)
	case stepPlace:
		move = b.place()
	case stepChoose:
		move = b.fightChoice()
	case stepAuction:
		move = b.bid(moves)
	case stepBonus:
		move = "bonus:stones" // a stone is always worth more than a magic point
	case stepTrade:
		move = b.trade(moves)
	case stepLay:
		move = "lay:none"
		if slices.Contains(moves, "lay:all") {
			move = "lay:all" // laid out now, it pays from next round on
		}
	}
	if !slices.Contains(moves, move) {
		return "", false
	}
	return move, true
}

// bot is one decision's reasoning: the state (read only through what seat
// may see), the worth of magic and artifact cards now, and the tie-breaker.
type bot struct {
	s    *State
	seat int
	me   *Seat
	w    weights
	seed uint64
	rng  *games.RNG // made on first use: most decisions have no tie
	// fights is how many rounds' fights (this one's included while phase
	// D has not passed) magic can still buy; later is how many rounds
	// after this one a laid-out artifact can still pay in.
	fights, later int
	// magic is a magic point's worth up to need, the magic the remaining
	// fights can use; beyond it a point only breaks ties.
	magic    float64
	need     int
	card     float64 // an artifact card's worth
	progress float64 // clearing a creature's worth
}

// Worth of magic beyond what the remaining fights can use: a tie-breaker.
const spareMagic = 0.02

func newBot(s *State, seat int, seed uint64, w weights) *bot {
	b := &bot{s: s, seat: seat, me: &s.Seats[seat], w: w, seed: seed}
	b.later = s.roundsAfter()
	b.fights = b.later
	if !s.pastFights() {
		b.fights++
	}
	b.magic, b.need = spareMagic, 0
	if b.fights > 0 {
		// A lone wizard turns 5 to 16 magic into roughly 0.6 to 0.8
		// stones each (with artifact cards), one creature a round at most.
		b.magic, b.need = w.magic, min(maxMagic, 6+8*b.fights)
	}
	if len(s.ArtPile) > 0 {
		b.card = w.card * float64(min(b.later, 3))
	}
	b.progress = w.progress
	if b.me.Magic >= maxMagic-2 {
		b.progress = w.stall
	}
	for _, sl := range s.Display {
		if !sl.Gone && s.d.cardByID[sl.Card].Kind != KindCreature {
			b.progress = w.progress
		}
	}
	return b
}

// roundsAfter estimates the rounds still to come after the current one
// from the public piles: each round draws up to two adventure cards. In
// phase E the display is final, so it is exact about whether one comes.
func (s *State) roundsAfter() int {
	if s.pastFights() {
		need := 2 - len(s.Display)
		if need > len(s.Pile) {
			return 0
		}
		return 1 + (len(s.Pile)-need)/2
	}
	return len(s.Pile) / 2
}

// pastFights reports whether the current round's phase D is over.
func (s *State) pastFights() bool {
	return s.Step == stepTrade || s.Step == stepLay || (s.Step == stepSpells && s.Win.Kind == winE)
}

func (b *bot) tie(n int) int {
	if b.rng == nil {
		b.rng = games.NewRNG(b.seed)
	}
	return b.rng.IntN(n)
}

// magicAt is the worth of the k-th magic point; the top two are lost to
// the cap at the next magic supply unless spent.
func (b *bot) magicAt(k int) float64 {
	if k <= min(b.need, maxMagic-2) {
		return b.magic
	}
	return spareMagic
}

// gainMagic is the worth for seat of gaining n magic, after the cap.
func (b *bot) gainMagic(seat, n int) float64 {
	m := b.s.Seats[seat].Magic
	v := 0.0
	for k := m + 1; k <= min(maxMagic, m+n); k++ {
		v += b.magicAt(k)
	}
	return v
}

// spend is the worth for seat of paying n magic (n at most what it holds).
func (b *bot) spend(seat, n int) float64 {
	m := b.s.Seats[seat].Magic
	v := 0.0
	for k := m; k > max(0, m-n); k-- {
		v += b.magicAt(k)
	}
	return v
}

// ceiling is the highest bid, from floor up, at which winning something
// worth worth still pays for seat; floor-1 when none does.
func (b *bot) ceiling(seat int, worth float64, floor int) int {
	m := b.s.Seats[seat].Magic
	if floor > m {
		return floor - 1
	}
	paid := b.spend(seat, floor)
	if paid > worth {
		return floor - 1
	}
	x := floor
	for k := m - floor; x < m && paid+b.magicAt(k) <= worth; k-- {
		paid += b.magicAt(k)
		x++
	}
	return x
}

// reward is the worth of a creature's reward r for seat, with the bonuses
// of its laid-out artifacts for sym and the room it makes.
func (b *bot) reward(seat int, r Reward, sym Symbol) float64 {
	v := float64(r.Stones) + float64(min(r.Artifacts, len(b.s.ArtPile)))*b.card + b.progress
	for _, g := range b.s.Seats[seat].Laid {
		a := b.s.d.Artifacts[g[0]].Artifact
		if hasSymbol(a, sym) {
			v += float64(a.Bonus.Stones+a.Bonus.Choice) + float64(a.Bonus.Magic)*b.magic
		}
	}
	return v
}

// spellWorth is what owning spell id is worth for the rest of the game:
// uses is how many windows remain in which it can be cast.
func (b *bot) spellWorth(id string) float64 {
	uses := float64(b.later + 1) // won in phase D, it is castable in phase E too
	fights := float64(b.later)
	switch id {
	case spAddus:
		return uses * addusMagic * b.magic
	case spHarpagarus:
		return uses * harpagarusMagic * b.magic * 1.5 // and the victim loses it
	case spStonex:
		return uses * max(0.3, 1-stonexMagic*b.magic)
	case spFulmentus:
		return fights * fulmentusWeaken * b.magic * 0.6
	case spTransformus:
		return uses * max(0.1, b.card-transformusMagic*b.magic)
	}
	return uses * 0.2 // retransformus: only a rescue for a fight short of magic
}

// canFulmentus reports whether seat can still weaken its creature this
// round.
func (b *bot) canFulmentus(seat int) bool {
	for _, sp := range b.s.Seats[seat].Spells {
		if sp.ID == spFulmentus && !sp.Used {
			return true
		}
	}
	return false
}

// place is phase C: the answer (a display card, or passing) of most gain
// given the wizards placed so far. Predicting the seats still to place
// (as the policy would in their stead) measured weaker, against random
// seats and against this policy alike.
func (b *bot) place() string {
	s := b.s
	pl := make([]int, s.Players)
	for seat := range s.Seats {
		pl[seat] = s.Seats[seat].Placed
	}
	best, most, ties := "", 0.0, 0
	for _, at := range []int{Passed, 0, 1} {
		if at >= len(s.Display) {
			continue
		}
		pl[b.seat] = at
		v := b.gainAt(b.seat, pl)
		move := "pass"
		if at >= 0 {
			move = "place:" + strconv.Itoa(at)
		}
		switch {
		case best == "" || v > most+1e-9:
			best, most, ties = move, v, 1
		case v > most-1e-9:
			ties++
			if b.tie(ties) == 0 {
				best = move
			}
		}
	}
	return best
}

// gainAt estimates what seat gains this round if the wizards are placed
// as pl says (seats not placed yet are not counted).
func (b *bot) gainAt(seat int, pl []int) float64 {
	s := b.s
	slot := pl[seat]
	if slot < 0 {
		return b.gainMagic(seat, 1)
	}
	var others []int
	for t, at := range pl {
		if t != seat && at == slot {
			others = append(others, t)
		}
	}
	c := s.card(slot)
	switch c.Kind {
	case KindOrb:
		return b.gainMagic(seat, c.Magic)
	case KindHoly:
		return float64(c.Stones) + min(1, float64(len(s.ArtPile)))*b.card
	case KindSpell:
		if len(others) == 0 {
			return b.spellWorth(c.Spell)
		}
		return b.w.doubt * b.contest(seat, b.spellWorth(c.Spell), 0, others)
	}
	str := c.Strength
	if b.canFulmentus(seat) {
		str = max(1, str-fulmentusWeaken)
	}
	if len(others) == 0 {
		if s.Seats[seat].Magic < str {
			return 0
		}
		return b.reward(seat, c.Single, c.Symbol) - b.spend(seat, str)
	}
	alone := b.contest(seat, b.reward(seat, c.Single, c.Symbol), str, others)
	return b.w.doubt * max(alone, b.together(seat, c, str, append(others, seat)))
}

// together is seat's gain if the seats in group fight c of strength str
// together: whoever cannot pay the share drops out, the rest split again.
func (b *bot) together(seat int, c Card, str int, group []int) float64 {
	for len(group) > 0 {
		share := (str + len(group) - 1) / len(group)
		keep := group[:0:0]
		for _, t := range group {
			if b.s.Seats[t].Magic >= share {
				keep = append(keep, t)
			}
		}
		if len(keep) == len(group) {
			break
		}
		group = keep
	}
	if !slices.Contains(group, seat) {
		return 0
	}
	share := (str + len(group) - 1) / len(group)
	r := c.Shared
	if len(group) == 1 {
		r = c.Single
	}
	return b.reward(seat, r, c.Symbol) - b.spend(seat, share)
}

// contest is seat's gain from an auction, opening at floor, for something
// worth worth to it, against others who value it alike: it wins when it
// would bid higher than any of them (half the time on a tie) and pays one
// more than their highest bid.
func (b *bot) contest(seat int, worth float64, floor int, others []int) float64 {
	top := floor - 1
	for _, t := range others {
		top = max(top, b.ceiling(t, worth, floor))
	}
	price := max(floor, top+1)
	mine := b.ceiling(seat, worth, floor)
	switch {
	case mine > top:
		return worth - b.spend(seat, price)
	case mine == top && mine >= floor:
		return (worth - b.spend(seat, mine)) / 2
	}
	return 0
}

// fightChoice answers together or alone for the creature being resolved,
// from the public magic of the wizards there (their answers are secret).
func (b *bot) fightChoice() string {
	s := b.s
	c := s.card(s.Cur)
	var others []int
	for _, seat := range s.Fight.Involved {
		if seat != b.seat {
			others = append(others, seat)
		}
	}
	str := s.strength()
	alone := b.contest(b.seat, b.reward(b.seat, c.Single, c.Symbol), str, others)
	if alone > b.together(b.seat, c, str, slices.Clone(s.Fight.Involved)) {
		return "alone"
	}
	return "together"
}

// bid raises by the least step while the card is worth the bid, else
// passes (the opener of a spell auction, who must open, bids the least).
func (b *bot) bid(moves []string) string {
	s := b.s
	c := s.card(s.Cur)
	var worth float64
	if s.Auction.Kind == KindSpell {
		worth = b.spellWorth(c.Spell)
	} else {
		worth = b.reward(b.seat, c.Single, c.Symbol)
	}
	lo, _ := s.bidRange(b.seat)
	if b.spend(b.seat, lo) <= worth || !slices.Contains(moves, "pass") {
		return "bid:" + strconv.Itoa(lo)
	}
	return "pass"
}

// spell answers a spell window with the first spell worth casting now, in
// the order of moves, or no spell.
func (b *bot) spell(moves []string) string {
	best, target := "", -1
	for _, m := range moves {
		id, arg, _ := strings.Cut(strings.TrimPrefix(m, "cast:"), ":")
		switch id {
		case spFulmentus:
			return m // offered only when it weakens b's own creature
		case spAddus:
			if b.me.Magic+addusMagic <= maxMagic || b.s.Win.Kind == winE {
				return m
			}
		case spStonex:
			if b.s.Win.Kind == winE && 1 > b.spend(b.seat, stonexMagic) {
				return m
			}
		case spTransformus:
			if b.s.Win.Kind == winE && b.card > b.spend(b.seat, transformusMagic) {
				return m
			}
		case spRetransformus:
			if b.rescues() {
				return m
			}
		case spHarpagarus:
			t, _ := strconv.Atoi(arg)
			if target < 0 || b.victimOver(t, target) {
				best, target = m, t
			}
		}
	}
	if best != "" {
		return best
	}
	return "nospell"
}

// victimOver reports whether Harpagarus should rather rob t than u: a full
// theft first, then the leader in stones, then the richer.
func (b *bot) victimOver(t, u int) bool {
	st, su := b.s.Seats[t], b.s.Seats[u]
	ft, fu := min(st.Magic, harpagarusMagic), min(su.Magic, harpagarusMagic)
	if ft != fu {
		return ft > fu
	}
	if st.Stones != su.Stones {
		return st.Stones > su.Stones
	}
	return st.Magic > su.Magic
}

// rescues reports whether turning a stone back into magic lets b's seat,
// alone at the creature about to be resolved, pay for it with profit.
func (b *bot) rescues() bool {
	s := b.s
	if s.Win.Kind != winD || s.Cur < 0 || b.me.Placed != s.Cur {
		return false
	}
	c := s.card(s.Cur)
	if c.Kind != KindCreature || len(s.wizardsAt(s.Cur)) != 1 {
		return false
	}
	str := s.strength()
	if b.canFulmentus(b.seat) {
		str = max(1, str-fulmentusWeaken)
	}
	return b.me.Magic < str && b.me.Magic+retransformMagic >= str &&
		b.reward(b.seat, c.Single, c.Symbol)-1-b.spend(b.seat, str-retransformMagic) > 0
}

// trade accepts the first offer that completes more of b's artifacts,
// declines the others, and then finishes trading (b makes no offers).
func (b *bot) trade(moves []string) string {
	hand := b.me.Hand
	now := b.handWorth(hand)
	for _, m := range moves {
		verb, arg, _ := strings.Cut(m, ":")
		if verb != "acc" {
			continue
		}
		id, _ := strconv.Atoi(arg)
		for _, o := range b.s.Trade.Offers {
			if o.ID != id || o.To != b.seat {
				continue
			}
			after := slices.DeleteFunc(slices.Clone(hand), func(c int) bool { return slices.Contains(o.Want, c) })
			if b.handWorth(append(after, o.Give...)) > now+1e-9 {
				return m
			}
		}
	}
	for _, m := range moves {
		if strings.HasPrefix(m, "dec:") {
			return m
		}
	}
	return "done"
}

// handWorth values a hand by its artifacts: complete ones in full, a half
// whose other half nobody laid out yet at a third.
func (b *bot) handWorth(hand []int) float64 {
	s := b.s
	v := 0.0
	complete := 0
	for _, g := range s.completeGroups(hand) {
		v += artifactWorth(s.d.Artifacts[g[0]].Artifact)
		complete += len(g)
	}
	if complete == len(hand) {
		return v
	}
	laid := s.laidCards()
	inGroup := map[int]bool{}
	for _, g := range s.completeGroups(hand) {
		for _, c := range g {
			inGroup[c] = true
		}
	}
	for _, c := range hand {
		ac := s.d.Artifacts[c]
		if inGroup[c] || ac.Part == 0 {
			continue
		}
		open := false
		for other := range s.d.Artifacts {
			oc := s.d.Artifacts[other]
			if oc.Artifact.ID == ac.Artifact.ID && oc.Part != ac.Part && !slices.Contains(laid, other) {
				open = true
			}
		}
		if open {
			v += artifactWorth(ac.Artifact) / 3
		}
	}
	return v
}

// artifactWorth is a laid-out artifact's bonus per fight, stones over
// magic, times the symbols it matches.
func artifactWorth(a Artifact) float64 {
	return (float64(a.Bonus.Stones+a.Bonus.Choice) + 0.5*float64(a.Bonus.Magic)) * float64(len(a.Symbols))
}
