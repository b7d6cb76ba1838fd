package dungeondesigner

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Bot = Game{}

// Policy is the bot Dungeon Designer's bot seats play by (the "easy" bot
// and the rollout policy of the search). It looks one step ahead within its
// own decision: every room and column, every stall part (its tiles placed
// greedily) and every tile spot is tried on a copy of the seat's dungeon and
// valued by the game's own scoring functions. A dungeon is worth its tasks,
// stars, blueprint and path networks as they stand, plus what is still to
// come: path ends that open towards empty cells (a secret passage there is
// a sure link), treasure chests' gold in the years left, rows and columns
// on their way to one room type for a held task, and the goal place,
// smoothed by how far behind or ahead the seat is and how much of the game
// is left. Gold is worth what it buys; in the market, the parts to buy are
// the best set the seat's gold affords (unspent gold is lost, except solo
// in year 4, where keeping more than Jael's card is worth the 9/6 swap),
// and in year 4 passing early is weighed against the final-order place it
// may cost. A task is taken for its points now plus a typical share of
// what the rest of the game adds; until the seat passes in years 1–3, half
// of the best open task's promise counts, so elements that serve it are
// worth something before it is taken.
//
// Solo, the policy also plays against Jael: rooms it leaves in the hand
// with a rune on Jael's card and every tile it leaves on the market go to
// Jael, so each is weighed by what Jael would score with it (stars, the
// revealed cards' conditions, the expected conditions of Jael's cards to
// come, the goal); parts Jael collects when the seat's gold falls to Jael's
// are bought first, while the seat still has more gold than Jael's card.
//
// It sees only what its seat sees: its hand and picks, the open dungeons,
// blueprints, tasks, market and Jael's open cards, pile and tiles, and
// Jael's deck as a set. Ties go by the policy's own seed.
func (g Game) Policy() games.Policy { return policy{} }

// policy is the heuristic (Game.Policy); it also ranks a seat's options
// by the same values, for the search to compare the best few
// (search.Ranker).
type policy struct{}

// Choose is the heuristic's move.
func (policy) Choose(st games.State, seat int, seed uint64) (string, bool) {
	return choose(st, seat, seed)
}

// Rank orders seat's options best first: the policy's move, then the
// others by the values it weighed them by. In the market, where the move
// is the first part of the best set the seat's gold affords, the best
// pass (the task that promises most) comes next if the move buys, then
// the parts by what they add, then the other passes.
func (policy) Rank(st games.State, seat int, seed uint64) []string {
	var offers []offer
	first, ok := decide(st, seat, seed, &offers)
	if !ok {
		return nil
	}
	slices.SortStableFunc(offers, func(x, y offer) int {
		switch {
		case x.market != y.market:
			if x.market > y.market {
				return -1
			}
			return 1
		case x.v > y.v:
			return -1
		case x.v < y.v:
			return 1
		}
		return 0
	})
	out := []string{first}
	for _, o := range offers {
		if !slices.Contains(out, o.id) {
			out = append(out, o.id)
		}
	}
	return out
}

// offer is one option as the policy valued it, for Rank; market orders
// the market's groups (the best pass, the parts, the other passes)
// before the values.
type offer struct {
	id     string
	v      float64
	market int
}

// Weights of what is not yet points, in prestige (tuned on solo games
// against Jael; see BenchmarkPolicySolo).
const (
	goldWorth      = 0.7  // a gold coin to spend in this year's market
	openPassage    = 2.5  // a network room's secret passage towards an empty cell
	openDoorDown   = 1.5  // a network room's door towards the empty cell below
	openDoorSide   = 0.9  // a network room's door towards an empty cell beside it
	strayOpenShare = 0.35 // share of the above for a room off the entrance network
	keepShare      = 0.6  // solo: a kept room's worth, as a share of playing it now
	hateShare      = 0.7  // 2 players: the opponent's use of a room we discard
	// priorShare weighs a task's typical addition (taskPrior) when taking
	// it: the bot then builds towards it, so early tasks pay more.
	priorShare = 1.4
	// openTaskShare weighs the best open task while the seat has yet to
	// take this year's: elements that serve it are worth something now.
	openTaskShare = 0.5
)

// taskPrior is what a task typically adds over a whole game once it is
// pursued, by task number (index 0 unused); a passing seat values a task at
// its points now plus the share of this the remaining rows promise.
var taskPrior = [31]float64{0,
	10, 13, 9.5, 8, 7.5, 19, 15, 5.5, // 1–8: each
	21, 18, 19, // 9–11: sets
	12, 12, 11, 11.5, 11, 10.5, // 12–17: rows, columns
	8, 7.5, 10.5, // 18–20: groups, path
	15, 10.5, 20.5, // 21–23: both, full
	9, 8.5, 9, // 24–26: corners, without
	11, 15, 7, 8.5, // 27–30: columns, both, same rows, same columns
}

func choose(st games.State, seat int, seed uint64) (string, bool) {
	return decide(st, seat, seed, nil)
}

// decide is the policy's move; with offers, it also records every
// option it valued (Rank).
func decide(st games.State, seat int, seed uint64, offers *[]offer) (string, bool) {
	s, ok := st.(*State)
	if !ok || seat < 0 || seat >= len(s.Seats) {
		return "", false
	}
	var p games.Prompt
	switch s.Phase {
	case PhaseBuild:
		p, ok = s.buildPrompt(seat)
	case PhaseImprove:
		p, ok = s.marketPrompt()
		ok = ok && p.Seat == seat
	default:
		ok = false
	}
	if !ok || len(p.Options) == 0 {
		return "", false
	}
	b := newBot(s, seat, seed)
	b.offers = offers
	switch {
	case s.Phase == PhaseBuild && s.Seats[seat].PickRoom == 0:
		return b.pick(p.Options), true
	case s.Phase == PhaseBuild:
		return b.second(p.Options), true
	case s.Placing != nil:
		return b.place(p.Options), true
	default:
		return b.market(p.Options), true
	}
}

// bot holds one decision's context.
type bot struct {
	s    *State
	c    *Components
	seat int
	me   *seat
	rng  *games.RNG
	goal Goal
	jael []string // solo: every element Jael owns
	// layouts caches what depends only on a dungeon's rooms, passages and
	// gates: most lookahead steps place an element tile, which changes none.
	layouts map[layout]*layoutWorth
	offers  *[]offer // if set, every option valued (Rank)
}

// layout is a dungeon without its elements: rooms, passages (one bit per
// edge) and gate columns.
type layout struct {
	rooms          [16]int16
	passages       uint64
	entrance, exit int8
}

// layoutWorth is what a layout is worth whatever elements lie in it: its
// networks and open ends, and the points (and promise) of tasks that count
// room types or links (kept by task number).
type layoutWorth struct {
	paths float64
	tasks map[int]float64
}

func layoutOf(d *Dungeon) layout {
	l := layout{entrance: int8(d.Entrance), exit: int8(d.Exit)}
	for r := range 4 {
		for col := range 4 {
			l.rooms[4*r+col] = int16(d.Grid[r][col].Room)
		}
	}
	for _, p := range d.Passages {
		bit := p.Edge.R*4 + p.Edge.C // horizontal edges: 0..19
		if p.Edge.V {
			bit = 20 + p.Edge.R*5 + p.Edge.C // vertical edges: 20..39
		}
		l.passages |= 1 << bit
	}
	return l
}

// layoutTask reports whether task kind counts only room types or links, so
// that elements never change its points.
func layoutTask(kind string) bool {
	switch kind {
	case "group", "path", "corner", "samerows", "samecols":
		return true
	}
	return false
}

// layoutWorthOf returns d's layout worth, computing it once per layout.
func (b *bot) layoutWorthOf(d *Dungeon) *layoutWorth {
	key := layoutOf(d)
	if lw, ok := b.layouts[key]; ok {
		return lw
	}
	lw := &layoutWorth{paths: float64(d.EntranceNetwork(b.c)+d.ExitNetwork(b.c)) + b.openEnds(d), tasks: map[int]float64{}}
	b.layouts[key] = lw
	return lw
}

// taskPoints is task n's points on d plus its promise.
func (b *bot) taskPoints(n int, d *Dungeon) float64 {
	t := b.c.Task(n)
	if !layoutTask(t.Kind) {
		return float64(TaskPoints(b.c, t, d))
	}
	lw := b.layoutWorthOf(d)
	v, ok := lw.tasks[n]
	if !ok {
		v = float64(TaskPoints(b.c, t, d)) + b.taskPromise(t, d)
		lw.tasks[n] = v
	}
	return v
}

func newBot(s *State, seat int, seed uint64) *bot {
	b := &bot{s: s, c: s.c, seat: seat, me: s.Seats[seat], rng: games.NewRNG(seed), goal: s.c.Goal(s.Goal),
		layouts: map[layout]*layoutWorth{}}
	if s.Solo() {
		b.jael = s.jaelElements()
	}
	return b
}

// chooser keeps the best option seen, ties broken evenly by the bot's RNG.
type chooser struct {
	rng    *games.RNG
	best   string
	v      float64
	ties   int
	offers *[]offer // if set, every option offered (Rank)
}

// chooser is a fresh chooser of b's decision.
func (b *bot) chooser() *chooser { return &chooser{rng: b.rng, offers: b.offers} }

func (ch *chooser) offer(id string, v float64) {
	if ch.offers != nil {
		*ch.offers = append(*ch.offers, offer{id: id, v: v})
	}
	switch {
	case ch.ties == 0 || v > ch.v+1e-9:
		ch.best, ch.v, ch.ties = id, v, 1
	case v >= ch.v-1e-9:
		ch.ties++
		if ch.rng.IntN(ch.ties) == 0 {
			ch.best = id
		}
	}
}

// left is the share of the dungeon still unbuilt.
func left(d *Dungeon) float64 { return float64(16-d.Rooms()) / 16 }

// incomeYears is how many more incomes a treasure chest in the dungeon
// brings: this year's is still to come during the build.
func (b *bot) incomeYears() int {
	if b.s.Phase == PhaseBuild {
		return 5 - b.s.Year
	}
	return 4 - b.s.Year
}

// worth values dungeon d for an owner with the given tasks and blueprint,
// goal excluded (see goalWorth).
func (b *bot) worth(d *Dungeon, tasks []int, blueprint int) float64 {
	v := b.layoutWorthOf(d).paths
	for _, n := range tasks {
		v += b.taskPoints(n, d)
	}
	v += float64(d.Stars(b.c))
	v += float64(b.c.Table[BlueprintMet(b.c, b.c.Blueprint(blueprint), d)])
	v += goldWorth * float64(d.Count(b.c, "treasure")*b.incomeYears())
	return v
}

// taskPromise credits rows and columns on their way to one room type for
// the samerows/samecols tasks: all their rooms so far share a type.
func (b *bot) taskPromise(t Task, d *Dungeon) float64 {
	if t.Kind != "samerows" && t.Kind != "samecols" {
		return 0
	}
	// Per row (or column): rooms placed and the room types among them.
	var placed [4]int
	var types [4]int // bit 1 cave, bit 2 masonry
	for r := range 4 {
		for col := range 4 {
			if id := d.Grid[r][col].Room; id != 0 {
				line := r
				if t.Kind == "samecols" {
					line = col
				}
				placed[line]++
				if b.c.Room(id).Type == "cave" {
					types[line] |= 1
				} else {
					types[line] |= 2
				}
			}
		}
	}
	v := 0.0
	for line, n := range placed {
		if n > 0 && n < 4 && types[line] != 3 {
			f := float64(n) / 4
			v += 0.7 * float64(t.Pts) * f * f
		}
	}
	return v
}

// openEnds values the sides of placed rooms that open towards an empty
// cell, most for rooms on the entrance's network: the next room there may
// extend it.
func (b *bot) openEnds(d *Dungeon) float64 {
	reached := b.entranceReach(d)
	v := 0.0
	for r := range 4 {
		for col := range 4 {
			if d.Grid[r][col].Room == 0 {
				continue
			}
			share := strayOpenShare
			if reached[r][col] {
				share = 1
			}
			for side := range 4 {
				nr, nc := r+dirs[side][0], col+dirs[side][1]
				if !inGrid(nr, nc) || d.Grid[nr][nc].Room != 0 {
					continue
				}
				switch {
				case d.hasPassage(edgeOf(r, col, side)):
					v += share * openPassage
				case !b.c.Room(d.Grid[r][col].Room).Door(side):
				case side == Bottom:
					v += share * openDoorDown
				default:
					v += share * openDoorSide
				}
			}
		}
	}
	return v
}

// entranceReach marks the rooms joined to the entrance gate.
func (b *bot) entranceReach(d *Dungeon) [4][4]bool {
	var in [4][4]bool
	if !d.open(b.c, 0, d.Entrance, Top) {
		return in
	}
	in[0][d.Entrance] = true
	for grown := true; grown; {
		grown = false
		for r := range 4 {
			for col := range 4 {
				if !in[r][col] {
					continue
				}
				for side := range 4 {
					nr, nc := r+dirs[side][0], col+dirs[side][1]
					if inGrid(nr, nc) && !in[nr][nc] && d.linked(b.c, r, col, side) {
						in[nr][nc], grown = true, true
					}
				}
			}
		}
	}
	return in
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// goalWorth is the seat's expected goal prestige with mine of the goal's
// thing, smoothed by the game left; solo it is the difference to Jael's.
func (b *bot) goalWorth(mine int, jael []string, rest float64) float64 {
	scale := 0.6 + 2*rest
	most := b.goal.Kind == "most"
	lead := func(mine, theirs int, winTie bool) float64 {
		d := float64(mine - theirs)
		if !most {
			d = -d
		}
		if winTie {
			d += 0.5
		} else {
			d -= 0.5
		}
		return sigmoid(d / scale)
	}
	places := placesFor(b.s.Players)
	if b.s.Solo() {
		theirs := countElements(jael, b.goal.Of)
		p := lead(mine, theirs, false)
		v := 15*p + 9*(1-p)
		if most && mine == 0 {
			v *= rest
		}
		j := 15*(1-p) + 9*p
		if most && theirs == 0 {
			j = 0
		}
		return v - j
	}
	behind := 0.0
	myPos := slices.Index(b.s.Order, b.seat)
	for pos, k := range b.s.Order {
		if k == b.seat {
			continue
		}
		theirs := b.s.Seats[k].Dungeon.Count(b.c, b.goal.Of)
		behind += 1 - lead(mine, theirs, myPos < pos)
	}
	i := int(behind)
	frac := behind - float64(i)
	at := func(p int) float64 {
		if p < places {
			return float64(goalPrestige[p])
		}
		return 0
	}
	v := at(i)*(1-frac) + at(i+1)*frac
	if most && mine == 0 {
		v *= rest
	}
	return v
}

// jaelOwn is what Jael is expected to score from its collection els: stars,
// the revealed cards' conditions and the share of the conditions of the
// cards still in its deck that will be revealed.
func (b *bot) jaelOwn(els []string) float64 {
	v := 0
	for _, el := range els {
		if sv, ok := starValue(el); ok {
			v += sv
		}
	}
	j := b.s.Jael
	for _, id := range j.Cards {
		v += bonusPoints(b.c.JaelCard(id).Bonus, els)
	}
	out := float64(v)
	if n := min(4-len(j.Cards), len(j.Deck)); n > 0 {
		sum := 0 // an integer sum: the deck's order is hidden
		for _, id := range j.Deck {
			sum += bonusPoints(b.c.JaelCard(id).Bonus, els)
		}
		out += float64(sum*n) / float64(len(j.Deck))
	}
	return out
}

// value is the seat's objective for its dungeon d (and, solo, Jael's
// collection jael).
func (b *bot) value(d *Dungeon, jael []string) float64 {
	v := b.worth(d, b.me.Tasks, b.me.Blueprint)
	if b.s.takesTask() && !b.me.Passed {
		// The task this year's pass will take.
		best := 0.0
		for _, n := range b.s.TaskOpen {
			best = max(best, b.taskWorth(n, d))
		}
		v += openTaskShare * best
	}
	v += b.goalWorth(d.Count(b.c, b.goal.Of), jael, left(d))
	if b.s.Solo() {
		v -= b.jaelOwn(jael)
	}
	return v
}

// toJael is the change of the seat's objective when Jael gains els.
func (b *bot) toJael(d *Dungeon, els []string) float64 {
	if !b.s.Solo() || len(els) == 0 {
		return 0
	}
	mine, rest := d.Count(b.c, b.goal.Of), left(d)
	with := slices.Concat(b.jael, els)
	return b.goalWorth(mine, with, rest) - b.jaelOwn(with) - b.goalWorth(mine, b.jael, rest) + b.jaelOwn(b.jael)
}

func roomElements(c *Components, id int) []string {
	var out []string
	for _, el := range c.Room(id).Spots {
		if el != "" {
			out = append(out, el)
		}
	}
	return out
}

// placed is d with room id at column col of this year's row.
func (b *bot) placed(d Dungeon, id, col int) Dungeon {
	d.Grid[b.s.Year-1][col] = Cell{Room: id}
	return d
}

// roomGains values playing each room of hand in each free column of this
// year's row of d (NaN where taken), gold included.
func (b *bot) roomGains(d *Dungeon, hand []int) map[int][4]float64 {
	base := b.value(d, b.jael)
	out := make(map[int][4]float64, len(hand))
	for _, id := range hand {
		var g [4]float64
		for col := range 4 {
			if d.Grid[b.s.Year-1][col].Room != 0 {
				g[col] = math.NaN()
				continue
			}
			nd := b.placed(*d, id, col)
			g[col] = b.value(&nd, b.jael) - base + goldWorth*float64(b.c.Room(id).Gold)
		}
		out[id] = g
	}
	return out
}

// goJael reports whether a room left in the solo hand goes to Jael after
// this pass.
func (b *bot) goJael(id int) bool {
	return b.s.Solo() && b.s.Pass < 4 && contains(b.c.JaelCard(b.s.Jael.current()).Runes, b.c.Room(id).Rune)
}

// keepShareFor is how much of a kept room's worth counts: the fewer new
// rooms come with it, the likelier it is played.
func (b *bot) keepShareFor() float64 {
	return keepShare + 0.1*float64(b.s.Pass-1)
}

// bestOther is the best gain of a room over columns other than skip.
func bestOther(g [4]float64, skip int) float64 {
	best := math.Inf(-1)
	for col, v := range g {
		if col != skip && !math.IsNaN(v) && v > best {
			best = v
		}
	}
	if math.IsInf(best, -1) {
		return 0
	}
	return best
}

// pick chooses a room and column; solo, together with the room it means to
// keep, since what stays in the hand may go to Jael.
func (b *bot) pick(options []games.Option) string {
	d := &b.me.Dungeon
	gains := b.roomGains(d, b.me.Hand)
	jaelLoss := map[int]float64{}
	allLoss := 0.0
	for _, id := range b.me.Hand {
		if b.goJael(id) {
			jaelLoss[id] = b.toJael(d, roomElements(b.c, id))
			allLoss += jaelLoss[id]
		}
	}
	ch := b.chooser()
	for _, o := range options {
		id, col, ok := parsePick(o.ID)
		if !ok {
			continue
		}
		v := gains[id][col]
		if b.s.Solo() && b.s.Pass < 4 {
			keep := math.Inf(-1)
			for _, k := range b.me.Hand {
				if k == id {
					continue
				}
				keep = max(keep, b.keepShareFor()*bestOther(gains[k], col)-jaelLoss[k])
			}
			v += allLoss - jaelLoss[id] + keep
		}
		ch.offer(o.ID, v)
	}
	return ch.best
}

func parsePick(id string) (room, col int, ok bool) {
	parts := strings.Split(id, ":")
	if len(parts) != 3 || parts[0] != "pick" {
		return 0, 0, false
	}
	room, err1 := strconv.Atoi(parts[1])
	col, err2 := strconv.Atoi(strings.TrimPrefix(parts[2], "c"))
	return room, col - 1, err1 == nil && err2 == nil
}

// second chooses the room to keep (solo) or to discard (2 players), the
// pick already in place.
func (b *bot) second(options []games.Option) string {
	d := b.placed(b.me.Dungeon, b.me.PickRoom, b.me.PickCol)
	var hand []int
	for _, id := range b.me.Hand {
		if id != b.me.PickRoom {
			hand = append(hand, id)
		}
	}
	mine := b.roomGains(&d, hand)
	var theirs map[int]float64
	if !b.s.Solo() {
		theirs = b.opponentGains(hand)
	}
	ch := b.chooser()
	for _, o := range options {
		id, err := strconv.Atoi(strings.TrimPrefix(o.ID, "second:"))
		if err != nil {
			continue
		}
		own := bestOther(mine[id], -1)
		if b.s.Solo() {
			v := b.keepShareFor() * own
			if b.goJael(id) {
				v -= b.toJael(&d, roomElements(b.c, id))
			}
			ch.offer(o.ID, v)
		} else {
			ch.offer(o.ID, hateShare*theirs[id]-(1-hateShare)*own)
		}
	}
	return ch.best
}

// opponentGains is the best any other seat could make of each room in its
// open dungeon (its secret pick this pass unknown).
func (b *bot) opponentGains(hand []int) map[int]float64 {
	out := map[int]float64{}
	row := b.s.Year - 1
	for k, st := range b.s.Seats {
		if k == b.seat {
			continue
		}
		d := st.Dungeon
		base := b.worth(&d, st.Tasks, st.Blueprint)
		for _, id := range hand {
			for col := range 4 {
				if d.Grid[row][col].Room != 0 {
					continue
				}
				nd := b.placed(d, id, col)
				out[id] = max(out[id], b.worth(&nd, st.Tasks, st.Blueprint)-base+goldWorth*float64(b.c.Room(id).Gold))
			}
		}
	}
	return out
}

// spot is where a tile may go: a cell and an element quadrant or a side.
type spot struct{ r, col, where int }

// spotsFor lists the distinct places for tile on d: one free quadrant per
// room for an element (the quadrant never matters to scoring), every free
// edge once for a secret passage.
func (b *bot) spotsFor(d *Dungeon, tile int) []spot {
	var out []spot
	if b.c.Tile(tile).Element == "passage" {
		seen := map[Edge]bool{}
		for _, sp := range d.passageSpots() {
			e := edgeOf(sp[0], sp[1], sp[2])
			if !seen[e] {
				seen[e] = true
				out = append(out, spot{sp[0], sp[1], sp[2]})
			}
		}
		return out
	}
	last := [2]int{-1, -1}
	for _, sp := range d.freeSpots(b.c) {
		if [2]int{sp[0], sp[1]} != last {
			last = [2]int{sp[0], sp[1]}
			out = append(out, spot{sp[0], sp[1], sp[2]})
		}
	}
	return out
}

// put is d with tile at sp.
func (b *bot) put(d Dungeon, tile int, sp spot) Dungeon {
	if b.c.Tile(tile).Element == "passage" {
		d.Passages = append(slices.Clip(d.Passages), Passage{Tile: tile, Edge: edgeOf(sp.r, sp.col, sp.where)})
	} else {
		d.Grid[sp.r][sp.col].Tiles[sp.where] = tile
	}
	return d
}

// placeAll places tiles one by one, each where it adds most, and returns
// the dungeon and the value it reached.
func (b *bot) placeAll(d Dungeon, tiles []int) (Dungeon, float64) {
	v := b.value(&d, b.jael)
	for _, t := range tiles {
		best, bestV := d, math.Inf(-1)
		for _, sp := range b.spotsFor(&d, t) {
			nd := b.put(d, t, sp)
			if nv := b.value(&nd, b.jael); nv > bestV {
				best, bestV = nd, nv
			}
		}
		if !math.IsInf(bestV, -1) {
			d, v = best, bestV
		}
	}
	return d, v
}

// place puts the next bought tile where it adds most (element spots of one
// room are alike, so each room is valued once).
func (b *bot) place(options []games.Option) string {
	tile := b.s.Placing.Tiles[0]
	d := b.me.Dungeon
	ch := b.chooser()
	seen := map[spot]float64{}
	for _, o := range options {
		sp, ok := b.parsePut(o.ID, tile)
		if !ok {
			ch.offer(o.ID, math.Inf(-1))
			continue
		}
		key := sp
		if b.c.Tile(tile).Element != "passage" {
			key.where = -1
		}
		v, done := seen[key]
		if !done {
			nd := b.put(d, tile, sp)
			v = b.value(&nd, b.jael)
			seen[key] = v
		}
		ch.offer(o.ID, v)
	}
	return ch.best
}

func (b *bot) parsePut(id string, tile int) (spot, bool) {
	var r, col int
	var where string
	if _, err := fmt.Sscanf(id, "put:r%dc%d:%s", &r, &col, &where); err != nil {
		return spot{}, false
	}
	codes := quadCodes
	if b.c.Tile(tile).Element == "passage" {
		codes = sideCodes
	}
	w := indexOf(codes, where)
	return spot{r - 1, col - 1, w}, w >= 0
}

// ware is a stall part on offer.
type ware struct {
	id    string
	cost  int
	value float64
	jaels bool // Jael collects it when the seat's gold falls to Jael's card
}

// market buys the next part of the best set the seat's gold affords, or
// passes (taking the most promising task).
func (b *bot) market(options []games.Option) string {
	d := b.me.Dungeon
	base := b.value(&d, b.jael)
	var wares []ware
	var passes []games.Option
	for _, o := range options {
		if !strings.HasPrefix(o.ID, "buy:") {
			passes = append(passes, o)
			continue
		}
		k, lower := 0, strings.HasSuffix(o.ID, ":l")
		if _, err := fmt.Sscanf(o.ID, "buy:%d:", &k); err != nil || k < 1 || k > len(b.s.Stalls) {
			continue
		}
		slot := b.s.Stalls[k-1]
		tiles := *slot.part(lower)
		_, v := b.placeAll(d, tiles)
		w := ware{id: o.ID, cost: b.c.Stall(slot.ID).Part(lower).Cost, value: v - base}
		if b.s.Solo() {
			var els []string
			for _, t := range tiles {
				els = append(els, b.c.Tile(t).Element)
			}
			w.value -= b.toJael(&d, els) // left on the market, Jael takes it
			w.jaels = b.jaelCollects(k, lower)
		}
		wares = append(wares, w)
	}
	if b.offers != nil {
		for _, w := range wares {
			*b.offers = append(*b.offers, offer{id: w.id, v: w.value, market: 1})
		}
	}
	set, setV := b.bestSet(wares)
	if len(set) > 0 {
		b.orderBuys(set)
		if setV > b.passWorth(set[0]) {
			if b.offers != nil {
				b.pass(passes) // ranks the passes too
			}
			return set[0].id
		}
	}
	return b.pass(passes)
}

// jaelCollects reports whether Jael's current card collects stall k's part
// and has yet to do so this year.
func (b *bot) jaelCollects(k int, lower bool) bool {
	j := b.s.Jael
	if j.Triggered {
		return false
	}
	for _, col := range b.c.JaelCard(j.current()).Collect {
		if col.Stall == k && (col.Part == "lower") == lower {
			return true
		}
	}
	return false
}

// bestSet is the set of wares with the best total the seat's gold affords.
// Solo, the parts Jael would collect must be bought before the seat's gold
// falls to Jael's card, and in year 4 gold kept above the card is worth
// the final-gold swap.
func (b *bot) bestSet(wares []ware) ([]ware, float64) {
	gold := b.me.Gold
	jaelGold := -1
	if b.s.Solo() {
		jaelGold = b.c.JaelCard(b.s.Jael.current()).Gold
	}
	var best []ware
	bestV := b.keptGold(gold, jaelGold)
	for mask := 1; mask < 1<<len(wares); mask++ {
		cost, v, jaelCost, jaelMax := 0, 0.0, 0, 0
		var set []ware
		for i, w := range wares {
			if mask&(1<<i) == 0 {
				continue
			}
			cost += w.cost
			v += w.value
			set = append(set, w)
			if w.jaels {
				jaelCost += w.cost
				jaelMax = max(jaelMax, w.cost)
			}
		}
		if cost > gold || (jaelCost > 0 && gold-(jaelCost-jaelMax) <= jaelGold) {
			continue
		}
		v += b.keptGold(gold-cost, jaelGold)
		if v > bestV+1e-9 {
			best, bestV = set, v
		}
	}
	return best, bestV - b.keptGold(gold, jaelGold)
}

// keptGold is what gold left after the market is worth: solo in year 4,
// the 9/6 swap of final gold if it tops Jael's card; nothing otherwise.
func (b *bot) keptGold(gold, jaelGold int) float64 {
	if b.s.Solo() && b.s.Year == 4 && gold > jaelGold {
		return 6
	}
	return 0
}

// passWorth is what buying must beat: in year 4 with other seats still in
// the market, the final-order place a purchase may cost if one of them
// passes first.
func (b *bot) passWorth(first ware) float64 {
	if b.s.Solo() || b.s.Year < 4 {
		return 0
	}
	n := len(b.s.NewOrder)
	places := placesFor(b.s.Players)
	slot := func(k int) float64 {
		if k < places {
			return float64(orderPrestige[k])
		}
		return 0
	}
	after := b.me.Gold - first.cost
	for _, k := range b.s.Order {
		if st := b.s.Seats[k]; k != b.seat && !st.Passed && st.Gold >= after {
			return 0.7 * (slot(n) - slot(n+1))
		}
	}
	return 0
}

// orderBuys orders the chosen set: solo, Jael's parts first (the dearest
// of them last, so the rest are bought while the seat still tops Jael's
// gold), then the most valuable.
func (b *bot) orderBuys(set []ware) {
	slices.SortStableFunc(set, func(x, y ware) int {
		if x.jaels != y.jaels {
			if x.jaels {
				return -1
			}
			return 1
		}
		if x.jaels {
			return x.cost - y.cost
		}
		switch {
		case x.value > y.value:
			return -1
		case x.value < y.value:
			return 1
		}
		return 0
	})
}

// pass passes, taking the task that promises most; for Rank, its choice
// goes before the market's parts and the other passes after them.
func (b *bot) pass(options []games.Option) string {
	d := &b.me.Dungeon
	var passes []offer
	ch := &chooser{rng: b.rng}
	if b.offers != nil {
		ch.offers = &passes
		defer func() {
			for _, o := range passes {
				if o.id == ch.best {
					o.market = 2
				}
				*b.offers = append(*b.offers, o)
			}
		}()
	}
	for _, o := range options {
		n, err := strconv.Atoi(strings.TrimPrefix(o.ID, "pass:t"))
		if o.ID == "pass" || err != nil || n < 1 || n >= len(taskPrior) {
			ch.offer(o.ID, 0)
			continue
		}
		ch.offer(o.ID, b.taskWorth(n, d))
	}
	return ch.best
}

// taskWorth is what task n promises when taken at this year's pass: its
// points on d now plus a share of its typical addition in the rows left.
func (b *bot) taskWorth(n int, d *Dungeon) float64 {
	rest := float64(4-b.s.Year) / 4
	return b.taskPoints(n, d) + priorShare*rest*taskPrior[n]
}
