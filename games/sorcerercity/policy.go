package sorcerercity

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Bot = (*Game)(nil)

// Policy is the bot Sorcerer City's bot seats play by: it keeps drawing,
// places every tile where its district scores most (weighing Prestige
// over Raw Magic over Influence over Money), answers monsters and score
// choices the same way, turns Raw Magic into Prestige, takes Prestige
// over rewards and Money over a buy, and buys the dearest tile it can
// afford. Ties go by the policy's own seed, never the game's RNG.
func (g *Game) Policy() games.Policy { return policy{} }

// policy is the bot's heuristic (Game.Policy); it also ranks a seat's
// options, for the search to compare the best few.
type policy struct{}

// Choose is the heuristic's move.
func (policy) Choose(st games.State, seat int, seed uint64) (string, bool) {
	return choose(st, seat, seed)
}

// Rank orders seat's options best first: the policy's move, then, where
// it weighs options by the district's score, the others by that score
// (options it cannot try left out), else in the prompt's order.
func (policy) Rank(st games.State, seat int, seed uint64) []string {
	first, ok := choose(st, seat, seed)
	s, isState := st.(*State)
	if !ok || !isState {
		return nil
	}
	p, _ := s.promptOf(seat)
	out := []string{first}
	if _, byDistrict := s.decide(seat, p); !byDistrict {
		for _, o := range p.Options {
			if o.ID != first {
				out = append(out, o.ID)
			}
		}
		return out
	}
	type tried struct {
		id    string
		value int
	}
	var others []tried
	for _, o := range p.Options {
		if v, ok := s.tryOption(seat, o.ID); ok && o.ID != first {
			others = append(others, tried{o.ID, v})
		}
	}
	slices.SortStableFunc(others, func(a, b tried) int { return b.value - a.value })
	for _, t := range others {
		out = append(out, t.id)
	}
	return out
}

// weights value a track's points for the bot.
var weights = Annual{Money: 4, Influence: 6, Magic: 8, Prestige: 10}

func worth(a Annual) int {
	n := 0
	for r, v := range a {
		n += weights[r] * v
	}
	return n
}

func choose(st games.State, seat int, seed uint64) (string, bool) {
	s, ok := st.(*State)
	if !ok {
		return games.RandomPolicy.Choose(st, seat, seed)
	}
	p, found := s.promptOf(seat)
	if !found || len(p.Options) == 0 {
		return "", false
	}
	if move, byDistrict := s.decide(seat, p); !byDistrict {
		return move, true
	}
	return s.bestByDistrict(seat, p, games.NewRNG(seed)), true
}

// decide is the policy's move for prompt p of seat's by its rules of
// thumb; byDistrict: none applies, the move is the one after which the
// district scores most (bestByDistrict).
func (s *State) decide(seat int, p games.Prompt) (move string, byDistrict bool) {
	has := func(id string) bool {
		for _, o := range p.Options {
			if o.ID == id {
				return true
			}
		}
		return false
	}
	st0 := s.Seats[seat]
	switch {
	case s.Stage == stageBuild && len(st0.Tasks) == 0:
		if has("start") {
			return "start", false
		}
		if has("draw") && !onlyMonstersLeft(s.c, st0) {
			return "draw", false
		}
		return "stop", false
	case s.Stage == stageTransform:
		if s.soloShort(seat) > 0 && has("to:"+Money.String()) {
			return "to:" + Money.String(), false
		}
		return "to:" + Prestige.String(), false
	case s.Stage == stageGuard:
		return s.bestGuard(p), false
	case has("prize:prestige"):
		if s.soloUseful(s.Rewards[s.Year]) {
			return "prize:reward", false
		}
		return "prize:prestige", false
	case has("prize:money"):
		if s.soloGuarded() > 0 && s.soloShort(seat) <= 0 {
			return "prize:buy", false
		}
		return "prize:money", false
	case s.Stage == stageBuy && len(st0.Tasks) == 0:
		if s.soloGuarded() > 0 {
			return s.soloBuy(seat, p), false
		}
		return s.bestBuy(seat, p), false
	case s.Stage == stageBuy && s.soloGuarded() > 0:
		if move, ok := s.soloBuyTask(seat, p); ok {
			return move, false
		}
	case s.Stage == stageSpells:
		return p.Options[0].ID, false // cast every spell, then stop
	}
	return "", true
}

// onlyMonstersLeft reports a deck that holds nothing but monsters (its
// owner knows what it holds, not in which order): drawing on only
// harms. With face-down tiles in the district it cannot tell which of
// its tiles those are, and draws on.
func onlyMonstersLeft(c *Components, st *Seat) bool {
	for _, cell := range st.District.Cells {
		for _, pl := range cell.Stack {
			if pl.FaceDown {
				return false
			}
		}
	}
	for _, id := range st.Deck {
		if c.Tile(id).Kind != MonsterTile {
			return false
		}
	}
	return true
}

// bestBuy is the dearest market tile seat can buy, or done.
func (s *State) bestBuy(seat int, p games.Prompt) string {
	best, most := "done", 0
	for _, o := range p.Options {
		tile, ok := s.boughtTile(o.ID)
		if !ok {
			continue
		}
		if c := s.c.Tile(tile).Cost; c > most {
			best, most = o.ID, c
		}
	}
	return best
}

// bestByDistrict tries every option on a copy of the game and keeps the
// one after which seat's district scores most (placements are tried on a
// copy of the district alone, which is much cheaper).
func (s *State) bestByDistrict(seat int, p games.Prompt, rng *games.RNG) string {
	best, most, ties := p.Options[0].ID, -1<<30, 0
	for _, o := range p.Options {
		v, ok := s.tryOption(seat, o.ID)
		if !ok {
			continue
		}
		switch {
		case v > most:
			best, most, ties = o.ID, v, 1
		case v == most:
			ties++
			if rng.IntN(ties) == 0 {
				best = o.ID
			}
		}
	}
	return best
}

// monsterLifted weighs taking a monster out of the district, by the task
// that takes it: one destroyed or discarded is gone (for good, or for the
// year), one put under the deck comes back (a Kraken taking Krakens would
// draw them again and again).
var monsterLifted = map[string]int{
	taskDestroy:      200,
	taskDiscardRed:   60,
	taskDiscardYell:  60,
	taskRemove:       -1000,
	taskRemoveShield: -1000,
}

// tryOption is what seat's district scores after move.
func (s *State) tryOption(seat int, move string) (int, bool) {
	st := s.Seats[seat]
	// Placing, covering and taking a tile change only the district: they
	// are tried on a copy of it.
	if kind, rest, ok := strings.Cut(move, ":"); ok && len(st.Tasks) > 0 && (kind == "at" || kind == "on" || kind == "rm") {
		at, rot, ok := parseAt(rest)
		if !ok {
			return 0, false
		}
		d, bonus := st.District.clone(), 0
		pl := s.drawnAs(st, st.Tasks[0], rot)
		switch kind {
		case "at":
			ok = d.Place(s.c, at, pl) == nil
		case "on":
			ok = d.Cover(at, pl) == nil
		default:
			var lifted Placed
			if lifted, ok = d.Lift(at); ok && s.c.Tile(lifted.Tile).Kind == MonsterTile {
				bonus = monsterLifted[st.Tasks[0].Kind]
			}
		}
		if !ok {
			return 0, false
		}
		return worth(d.Score(s.c, nil)) + bonus, true
	}
	data, err := s.MarshalJSON()
	if err != nil {
		return 0, false
	}
	t, err := load(s.c, data)
	if err != nil {
		return 0, false
	}
	t.bare = s.bare // a copy no one reads either
	if _, err := t.Apply(seat, move); err != nil {
		return 0, false
	}
	ts := t.Seats[seat]
	return worth(ts.District.Score(s.c, nil)) + worth(ts.Annual) + 10*ts.Prestige, true
}

// The solo game: after each of years 1–4 five monsters lie down on market
// tiles, and the game is lost when they cover the whole market or one
// finds no tile of its colours. Buying a guarded tile gains its monster
// too, discarding it destroys the monster: the policy takes as many
// guards off the market as its buys, discards and rewards allow (years
// 2–4 bring three a year against five that come), lays each new monster
// where it is cheapest to take off again while every colour keeps free
// tiles, and turns Raw Magic into Money when it lacks the Money for it.

// soloGuarded counts the monsters on the market (0 outside solo games).
func (s *State) soloGuarded() int {
	n := 0
	for v := range Vendors + 1 {
		for _, g := range s.Market.Guards[v] {
			if g != "" {
				n++
			}
		}
	}
	return n
}

// soloSlot is a market tile as the solo policy weighs it.
type soloSlot struct {
	v, k    int // vendor (Vendors: the rainbow vendor) and slot
	tile    string
	guarded bool
}

func (s *State) soloSlots() []soloSlot {
	var out []soloSlot
	for v := range Vendors {
		for k, id := range s.Market.Up[v] {
			out = append(out, soloSlot{v, k, id, k < len(s.Market.Guards[v]) && s.Market.Guards[v][k] != ""})
		}
	}
	if s.Market.Rainbow > 0 {
		g := s.Market.Guards[Vendors]
		out = append(out, soloSlot{Vendors, 0, "rainbow", len(g) > 0 && g[0] != ""})
	}
	return out
}

// id is the slot as a move's tail: "v:k" or "r".
func (sl soloSlot) id() string {
	if sl.v == Vendors {
		return "r"
	}
	return slotID(sl.v, sl.k)
}

// soloShort is how much Money seat lacks this year to take as many
// guards off the market as it has buys (the cheapest ones) plus its paid
// discard; 0 or less when it has enough, and outside solo games or in the
// last year.
func (s *State) soloShort(seat int) int {
	if s.Market.Guards[0] == nil || s.Year >= Years || s.Year < 2 {
		return 0
	}
	st := s.Seats[seat]
	var costs []int
	for _, sl := range s.soloSlots() {
		if sl.guarded {
			costs = append(costs, s.cost(seat, sl.tile))
		}
	}
	slices.Sort(costs)
	buys := max(st.Buys, baseBuys)
	need := 0
	if len(costs) > buys {
		need += discardCost // the paid discard takes one more
	}
	for i := 0; i < buys && i < len(costs); i++ {
		need += costs[i]
	}
	return need - st.Annual[Money]
}

// soloUseful reports a reward that takes monsters off the market in a
// solo game with monsters on it.
func (s *State) soloUseful(reward string) bool {
	if s.soloGuarded() == 0 {
		return false
	}
	switch reward {
	case "two-free-up-to-7", "free-any", "cheaper-and-buy", "half-price", "four-discards", "vendor-for-all", "give-tile":
		return true
	}
	return false
}

// bestGuard lays the waiting monster on the market tile that is cheapest
// to take off again (a discard costs 1, a buy its price), keeping free
// tiles of every colour for the monsters still to come.
func (s *State) bestGuard(p games.Prompt) string {
	slots := s.soloSlots()
	best, most := p.Options[0].ID, -1<<30
	for _, o := range p.Options {
		rest := strings.TrimPrefix(o.ID, "guard:")
		i := slices.IndexFunc(slots, func(sl soloSlot) bool { return sl.id() == rest })
		if i < 0 {
			continue
		}
		sl := slots[i]
		v := -2 * s.c.Tile(sl.tile).Cost
		if sl.v == Vendors || len(s.Market.Decks[sl.v]) == 0 {
			v -= 6 // cannot be discarded
		}
		// Free tiles left per colour once this one is covered.
		for _, col := range Colours {
			n := 0
			for j, o := range slots {
				if j != i && !o.guarded && s.c.Tile(o.tile).Colours()&col != 0 {
					n++
				}
			}
			if n < 4 {
				v -= 5 * (4 - n)
			}
		}
		if v > most {
			best, most = o.ID, v
		}
	}
	return best
}

// soloBuy is a solo seat's market move while monsters guard tiles:
// discard a guarded tile (free discards first, then the paid one), buy
// guarded tiles (the dearest that still leaves Money for the cheapest
// guarded tile of each buy left), then buy as usual.
func (s *State) soloBuy(seat int, p games.Prompt) string {
	st := s.Seats[seat]
	has := func(id string) bool {
		return slices.ContainsFunc(p.Options, func(o games.Option) bool { return o.ID == id })
	}
	var guarded []soloSlot
	for _, sl := range s.soloSlots() {
		if sl.guarded {
			guarded = append(guarded, sl)
		}
	}
	// Discard the dearest guarded tile: the one least likely bought.
	slices.SortStableFunc(guarded, func(a, b soloSlot) int { return s.c.Tile(b.tile).Cost - s.c.Tile(a.tile).Cost })
	for _, sl := range guarded {
		if move := "discard:" + sl.id(); has(move) {
			return move
		}
	}
	var costs []int
	for _, sl := range guarded {
		costs = append(costs, s.cost(seat, sl.tile))
	}
	for i, sl := range guarded {
		move := "buy:" + sl.id()
		if !has(move) {
			continue
		}
		// Money left must buy the cheapest others for the buys left.
		rest := slices.Concat(costs[:i], costs[i+1:])
		slices.Sort(rest)
		left := st.Annual[Money] - costs[i]
		ok := true
		for j := 0; j < st.Buys-1 && j < len(rest); j++ {
			left -= rest[j]
			ok = ok && left >= 0
		}
		if ok {
			return move
		}
	}
	// The cheapest guarded tile, when no dearer one leaves enough.
	for i := len(guarded) - 1; i >= 0; i-- {
		if move := "buy:" + guarded[i].id(); has(move) {
			return move
		}
	}
	return s.bestBuy(seat, p)
}

// soloBuyTask answers a reward's market task in a solo game: a free
// tile, a vendor, a gift or a take goes to a guarded tile (the dearest),
// and cash is Money while Money is short. ok=false leaves it to the
// district's score.
func (s *State) soloBuyTask(seat int, p games.Prompt) (string, bool) {
	best, most := "", -1
	for _, o := range p.Options {
		kind, rest, _ := strings.Cut(o.ID, ":")
		switch kind {
		case "cash":
			if s.soloShort(seat) > 0 {
				return "cash:money", true
			}
			return "cash:prestige", true
		case "vendor":
			v, _ := strconv.Atoi(rest)
			n := 0
			for _, g := range s.Market.Guards[v-1] {
				if g != "" {
					n++
				}
			}
			if n > most {
				best, most = o.ID, n
			}
		case "free", "take", "gift":
			for _, sl := range s.soloSlots() {
				if sl.id() == rest {
					v := s.c.Tile(sl.tile).Cost
					if sl.guarded {
						v += 100
					}
					if v > most {
						best, most = o.ID, v
					}
				}
			}
		case "reward", "unused":
			if s.soloUseful(rest) && most < 1 {
				best, most = o.ID, 1
			}
		}
	}
	return best, best != ""
}
