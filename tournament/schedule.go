package tournament

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// Planned is one round of a round robin's schedule: tables of player
// indices (seats are rotated when the round is paired) and byes.
type Planned struct {
	Tables [][]int `json:"tables"`
	Byes   []int   `json:"byes,omitempty"`
}

// planSearch is how many swaps the schedule's search tries per planned
// round and player, at most maxPlanSteps in all.
const (
	planSearch   = 1000
	maxPlanSteps = 400_000
)

// planRounds plans k rounds for players (the active ones, ascending) at
// tables of the configured size so that every two players meet as evenly
// as the sizes allow, counting the meetings of the rounds already played
// (see the package doc). It is deterministic in the tournament's seed,
// rounds and players.
func (t *Tournament) planRounds(players []int, k int) []Planned {
	n := len(players)
	sizes, byes := TableSizes(n, t.Config.TableSize, t.Config.MinSize)
	if len(sizes) == 0 || k <= 0 {
		return nil
	}
	// Two starts, each improved by the search; the more even wins (the
	// first on a tie).
	starts := [][]Planned{t.groupedAhead(players, k, sizes, byes)}
	if n <= pairedAheadLimit {
		if p := t.pairedAhead(k); len(p) == k {
			starts = append([][]Planned{p}, starts...)
		}
	}
	pos := make(map[int]int, n)
	for i, p := range players {
		pos[p] = i
	}
	m := t.meetings(players)
	var (
		first    []Planned
		plan     [][][]int
		bestCost = -1
	)
	for i, start := range starts {
		met := make([]int, n*n)
		for i := range met {
			met[i] = int(m.m[i])
		}
		try := make([][][]int, k)
		for r, p := range start {
			for _, tb := range p.Tables {
				g := make([]int, len(tb))
				for i, x := range tb {
					g[i] = pos[x]
				}
				try[r] = append(try[r], g)
				addMeetings(met, n, g, 1)
			}
		}
		improvePlan(try, met, n, rand.New(rand.NewPCG(t.Config.Seed, 0x5eed+uint64(len(t.Rounds))<<8+uint64(i))))
		if c := scheduleCost(met, n); bestCost < 0 || c < bestCost {
			first, plan, bestCost = start, try, c
		}
	}
	out := make([]Planned, k)
	for r := range plan {
		for _, g := range plan[r] {
			seats := make([]int, len(g))
			for i, x := range g {
				seats[i] = players[x]
			}
			slices.Sort(seats)
			out[r].Tables = append(out[r].Tables, seats)
		}
		out[r].Byes = slices.Sorted(slices.Values(first[r].Byes))
	}
	return out
}

// pairedAheadLimit is the most players whose schedule starts from pairing
// round by round (above, from seeded groups: the cut is too slow to run
// for every round at the start).
const pairedAheadLimit = 100

// pairedAhead pairs k rounds ahead on a copy of the tournament, each on
// the meetings before it, as round robins were paired before schedules
// were planned (a seeded shuffle cut to the fewest repeats, the byes to
// those who had the fewest): the schedule's search starts from it and
// never ends worse. nil when a round cannot be paired.
func (t *Tournament) pairedAhead(k int) []Planned {
	sim := *t
	sim.Rounds = slices.Clone(t.Rounds)
	out := make([]Planned, 0, k)
	for range k {
		round, err := sim.pairGroups(sim.shuffledActive(), false)
		if err != nil {
			return nil
		}
		sim.Rounds = append(sim.Rounds, round)
		p := Planned{Byes: round.Byes}
		for _, tb := range round.Tables {
			p.Tables = append(p.Tables, tb.Seats)
		}
		out = append(out, p)
	}
	return out
}

// groupedAhead is k rounds of consecutive groups of seeded shuffles of
// players, the byes to those who had the fewest (ties in a seeded order
// that turns each round).
func (t *Tournament) groupedAhead(players []int, k int, sizes []int, byes int) []Planned {
	had := make(map[int]int, len(players))
	for _, r := range t.Rounds {
		for _, p := range r.Byes {
			had[p]++
		}
	}
	rng := rand.New(rand.NewPCG(t.Config.Seed, 0x9e0+uint64(len(t.Rounds))))
	n := len(players)
	tie := rng.Perm(n)
	at := make(map[int]int, n)
	for i, p := range players {
		at[p] = i
	}
	out := make([]Planned, k)
	for r := range k {
		order := slices.Clone(players)
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(had[a], had[b]), cmp.Compare((tie[at[a]]+r)%n, (tie[at[b]]+r)%n))
		})
		out[r].Byes = slices.Clone(order[:byes])
		for _, p := range out[r].Byes {
			had[p]++
		}
		playing := order[byes:]
		rng.Shuffle(len(playing), func(i, j int) { playing[i], playing[j] = playing[j], playing[i] })
		for _, size := range sizes {
			out[r].Tables = append(out[r].Tables, slices.Clone(playing[:size]))
			playing = playing[size:]
		}
	}
	return out
}

// addMeetings counts (by) one more meeting of every two at table tb.
func addMeetings(met []int, n int, tb []int, by int) {
	for i, a := range tb {
		for _, b := range tb[i+1:] {
			met[a*n+b] += by
			met[b*n+a] += by
		}
	}
}

// improvePlan lowers the schedule's cost (the sum of squared meetings) by
// swapping two players of two tables of one round: an annealing search,
// seeded, ending with the best schedule it saw.
func improvePlan(plan [][][]int, met []int, n int, rng *rand.Rand) {
	var rounds []int // rounds with two tables or more
	for r, tables := range plan {
		if len(tables) > 1 {
			rounds = append(rounds, r)
		}
	}
	if len(rounds) == 0 {
		return
	}
	steps := min(planSearch*n*len(plan), maxPlanSteps)
	first := clonePlan(plan)
	cur := 0 // the cost's change since first
	const hot, cold = 4.0, 0.3
	temp := hot
	for s := range steps {
		if s%256 == 0 {
			temp = hot * math.Pow(cold/hot, float64(s)/float64(steps))
		}
		r := rounds[rng.IntN(len(rounds))]
		tables := plan[r]
		i := rng.IntN(len(tables))
		j := rng.IntN(len(tables) - 1)
		if j >= i {
			j++
		}
		x, y := rng.IntN(len(tables[i])), rng.IntN(len(tables[j]))
		d := swapDelta(met, n, tables[i], tables[j], x, y)
		if d > 0 && rng.Float64() >= math.Exp(-float64(d)/temp) {
			continue
		}
		a, b := tables[i][x], tables[j][y]
		addMeetings(met, n, tables[i], -1)
		addMeetings(met, n, tables[j], -1)
		tables[i][x], tables[j][y] = b, a
		addMeetings(met, n, tables[i], 1)
		addMeetings(met, n, tables[j], 1)
		cur += d
	}
	if cur > 0 { // the search ended worse than it began: keep the first
		for r := range plan {
			for _, tb := range plan[r] {
				addMeetings(met, n, tb, -1)
			}
			plan[r] = first[r]
			for _, tb := range plan[r] {
				addMeetings(met, n, tb, 1)
			}
		}
	}
}

// pairCost is what m meetings of two players cost: m³, so that one pair
// meeting a third time costs more than two pairs meeting a second time.
func pairCost(m int) int { return m * m * m }

// scheduleCost is the sum of pairCost over every two players.
func scheduleCost(met []int, n int) int {
	c := 0
	for a := range n {
		for b := a + 1; b < n; b++ {
			c += pairCost(met[a*n+b])
		}
	}
	return c
}

// swapDelta is the change of the schedule's cost when a = A[x] and
// b = B[y] change tables: a leaves A's others and meets B's, b the other
// way round.
func swapDelta(met []int, n int, A, B []int, x, y int) int {
	a, b := A[x], B[y]
	d := 0
	step := func(from, to int) int { // a pair's meetings from → to
		return pairCost(to) - pairCost(from)
	}
	for k, o := range A {
		if k != x {
			d += step(met[a*n+o], met[a*n+o]-1) + step(met[b*n+o], met[b*n+o]+1)
		}
	}
	for k, o := range B {
		if k != y {
			d += step(met[b*n+o], met[b*n+o]-1) + step(met[a*n+o], met[a*n+o]+1)
		}
	}
	return d
}

func clonePlan(plan [][][]int) [][][]int {
	out := make([][][]int, len(plan))
	for r, tables := range plan {
		out[r] = cloneGroups(tables)
	}
	return out
}

// pairRoundRobin pairs the next round from the schedule planned when the
// tournament started. When the active players are no longer those the
// schedule seats (a drop, a late joiner), the rounds left are planned
// anew, counting the meetings so far.
func (t *Tournament) pairRoundRobin() (Round, error) {
	r := len(t.Rounds)
	var active []int
	for i, p := range t.Players {
		if p.Status == Active {
			active = append(active, i)
		}
	}
	plan := t.Plan
	if r >= len(plan) || !slices.Equal(plan[r].players(), active) {
		left := t.planRounds(active, max(1, t.Config.Rounds-r))
		if len(left) == 0 {
			return Round{}, games.Errorf(ErrTooFew, "min", t.Config.MinSize, "n", len(active))
		}
		plan = append(slices.Clone(plan[:min(r, len(plan))]), left...)
	}
	seats := t.seatCounts()
	round := Round{Byes: slices.Clone(plan[r].Byes)}
	for _, tb := range plan[r].Tables {
		round.Tables = append(round.Tables, Table{Seats: rotate(tb, seats)})
	}
	t.Plan = plan
	return round, nil
}

// players is everyone a planned round seats or gives a bye, ascending.
func (p Planned) players() []int {
	out := slices.Clone(p.Byes)
	for _, tb := range p.Tables {
		out = append(out, tb...)
	}
	slices.Sort(out)
	return out
}
