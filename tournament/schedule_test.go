package tournament

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// planCost is a schedule's cost (scheduleCost), the most and the fewest
// meetings of two of players 0…n−1.
func planCost(plan []Planned, n int) (cost, most, least int) {
	met := make([]int, n*n)
	for _, r := range plan {
		for _, tb := range r.Tables {
			addMeetings(met, n, tb, 1)
		}
	}
	least = 1 << 30
	for a := range n {
		for b := a + 1; b < n; b++ {
			most, least = max(most, met[a*n+b]), min(least, met[a*n+b])
		}
	}
	return scheduleCost(met, n), most, least
}

// splits lists every way to seat players 0…n−1 at tables of sizes, each
// once (tables of one size in the order of their first player).
func splits(n int, sizes []int) [][][]int {
	var out [][][]int
	used := make([]bool, n)
	var cur [][]int
	var place func(t int)
	var fill func(g []int, t, from int)
	place = func(t int) {
		if t == len(sizes) {
			out = append(out, cloneGroups(cur))
			return
		}
		first := slices.Index(used, false)
		used[first] = true
		fill([]int{first}, t, first+1)
		used[first] = false
	}
	fill = func(g []int, t, from int) {
		if len(g) == sizes[t] {
			cur = append(cur, slices.Clone(g))
			place(t + 1)
			cur = cur[:len(cur)-1]
			return
		}
		for p := from; p < n; p++ {
			if !used[p] {
				used[p] = true
				fill(append(g, p), t, p+1)
				used[p] = false
			}
		}
	}
	place(0)
	return out
}

// bestSchedule is the least cost (scheduleCost) of any k rounds of
// tables of sizes for n players, by exhaustive search (the first round
// fixed, as players are interchangeable; bound by the best found).
func bestSchedule(n, k int, sizes []int) int {
	all := splits(n, sizes)
	met := make([]int, n*n)
	best := 1 << 30
	var rec func(r, sq int)
	rec = func(r, sq int) {
		if sq >= best {
			return
		}
		if r == k {
			best = sq
			return
		}
		cands := all
		if r == 0 {
			cands = all[:1]
		}
		for _, s := range cands {
			add := 0
			for _, tb := range s {
				for i, a := range tb {
					for _, b := range tb[i+1:] {
						add += pairCost(met[a*n+b]+1) - pairCost(met[a*n+b])
					}
				}
			}
			for _, tb := range s {
				addMeetings(met, n, tb, 1)
			}
			rec(r+1, sq+add)
			for _, tb := range s {
				addMeetings(met, n, tb, -1)
			}
		}
	}
	rec(0, 0)
	return best
}

func everyone(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// The planned schedule is as even as any: on small cases its cost equals
// the exhaustive optimum's; where a resolvable
// design exists (9 at tables of 3 over 4 rounds, 16 of 4 over 5, 25 of 5
// over 6) every pair meets exactly once.
func TestScheduleOptimal(t *testing.T) {
	for _, c := range []struct{ n, size, k int }{
		{6, 3, 3}, {6, 3, 4}, {6, 3, 5}, {6, 2, 3}, {8, 4, 3}, {8, 4, 4}, {9, 3, 3}, {10, 5, 3}, {10, 5, 4}, {7, 3, 2},
	} {
		t.Run(fmt.Sprintf("%dx%dx%d", c.n, c.size, c.k), func(t *testing.T) {
			sizes, _ := TableSizes(c.n, c.size, 2)
			tr := newTestTournament(RoundRobin, c.size, 2, c.n, 7)
			got, _, _ := planCost(tr.planRounds(everyone(c.n), c.k), c.n)
			if best := bestSchedule(c.n, c.k, sizes); got != best {
				t.Errorf("planned cost %d, the best schedule's %d", got, best)
			}
		})
	}
	for _, c := range []struct{ n, size, k int }{{9, 3, 4}, {16, 4, 5}, {25, 5, 6}} {
		tr := newTestTournament(RoundRobin, c.size, 2, c.n, 3)
		if _, most, least := planCost(tr.planRounds(everyone(c.n), c.k), c.n); most != 1 || least != 1 {
			t.Errorf("%d at tables of %d over %d rounds: pairs meet %d to %d times, want exactly once", c.n, c.size, c.k, least, most)
		}
	}
}

// Random schedules: every round seats each player once at tables of the
// sizes TableSizes gives, byes as even as possible, the same from the same
// seed, and never less even than pairing round by round.
func TestScheduleProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	better, runs := 0, runsFull/50 // 40, or 5 under the race detector
	for range runs {
		n, size, k := 4+rng.IntN(15), 2+rng.IntN(5), 1+rng.IntN(7)
		if size > n {
			size = n
		}
		least := 2 + rng.IntN(size-1)
		seed := rng.Uint64()
		name := fmt.Sprintf("%d players at %d (least %d), %d rounds, seed %d", n, size, least, k, seed)
		tr := newTestTournament(RoundRobin, size, least, n, seed)
		plan := tr.planRounds(everyone(n), k)
		sizes, byes := TableSizes(n, size, least)
		if len(plan) != k {
			t.Fatalf("%s: %d rounds planned", name, len(plan))
		}
		had := make([]int, n)
		for r, p := range plan {
			if !slices.Equal(p.players(), everyone(n)) {
				t.Fatalf("%s: round %d seats %v", name, r, p.players())
			}
			var got []int
			for _, tb := range p.Tables {
				got = append(got, len(tb))
			}
			slices.SortFunc(got, func(a, b int) int { return b - a })
			if !slices.Equal(got, sizes) || len(p.Byes) != byes {
				t.Fatalf("%s: round %d tables %v and %d byes, want %v and %d", name, r, got, len(p.Byes), sizes, byes)
			}
			for _, b := range p.Byes {
				had[b]++
			}
		}
		if slices.Max(had)-slices.Min(had) > 1 {
			t.Errorf("%s: byes per player %v", name, had)
		}
		again := newTestTournament(RoundRobin, size, least, n, seed).planRounds(everyone(n), k)
		a, _ := json.Marshal(plan)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("%s: two plans differ", name)
		}
		if byes == 0 {
			planned, _, _ := planCost(plan, n)
			old, _, _ := planCost(newTestTournament(RoundRobin, size, least, n, seed).pairedAhead(k), n)
			if planned > old {
				t.Errorf("%s: planned cost %d, round by round %d", name, planned, old)
			}
			if planned < old {
				better++
			}
		}
	}
	t.Logf("planning beat pairing round by round in %d of %d cases", better, runs)
}

// A round robin follows its plan; when players drop or join, the rounds
// left are planned anew and still seat every active player once.
func TestRoundRobinFollowsPlan(t *testing.T) {
	tr := newTestTournament(RoundRobin, 3, 2, 9, 4)
	tr.Config.Rounds = 4
	if err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	if len(tr.Plan) != 4 {
		t.Fatalf("%d rounds planned, want 4", len(tr.Plan))
	}
	planned := slices.Clone(tr.Plan)
	play := func() {
		t.Helper()
		r := tr.Current()
		for i, tb := range tr.Rounds[r].Tables {
			ranks := make([]int, len(tb.Seats))
			for k := range ranks {
				ranks[k] = k + 1
			}
			if err := tr.Record(r, i, Result{Ranks: ranks}, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	play()
	if err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	for i, tb := range tr.Rounds[1].Tables {
		seats := slices.Sorted(slices.Values(tb.Seats))
		if !slices.Equal(seats, planned[1].Tables[i]) {
			t.Fatalf("round 2 table %d seats %v, planned %v", i, seats, planned[1].Tables[i])
		}
	}
	play()
	if err := tr.Drop(tr.Players[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := tr.Join(Player{ID: "late", Name: "Late"}); err != nil {
		t.Fatal(err)
	}
	if err := tr.Pair(); err != nil {
		t.Fatal(err)
	}
	if got := tr.Rounds[2]; !slices.Equal(Planned{Tables: tableSeats(got), Byes: got.Byes}.players(), []int{1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Fatalf("round 3 after a drop and a join seats %v", Planned{Tables: tableSeats(got), Byes: got.Byes}.players())
	}
	if len(tr.Plan) != 4 || !slices.EqualFunc(tr.Plan[:2], planned[:2], func(a, b Planned) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
		t.Errorf("the played rounds' plan changed: %v", tr.Plan[:2])
	}
}

func tableSeats(r Round) [][]int {
	var out [][]int
	for _, tb := range r.Tables {
		out = append(out, tb.Seats)
	}
	return out
}

// BenchmarkPlanRoundRobin plans a whole round robin at the start.
func BenchmarkPlanRoundRobin(b *testing.B) {
	for _, c := range []struct{ n, size, k int }{{10, 5, 9}, {60, 4, 7}, {1000, 5, 20}} {
		b.Run(fmt.Sprintf("%dx%dx%d", c.n, c.size, c.k), func(b *testing.B) {
			tr := newTestTournament(RoundRobin, c.size, 2, c.n, 1)
			for b.Loop() {
				tr.planRounds(everyone(c.n), c.k)
			}
		})
	}
}

// Random round robins with drop-outs: every round seats each active
// player once within the sizes, and the same seed and results give the
// same tournament.
func TestRoundRobinProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range runsFull / 100 { // 20, or 2 under the race detector
		size := 2 + rng.IntN(5)
		s := simulation{players: 6 + rng.IntN(19), size: size, least: 2 + rng.IntN(size-1), rounds: 2 + rng.IntN(5),
			format: RoundRobin, seed: rng.Uint64(), drop: 0.05}
		tr := s.run(t, func(prev, now *Tournament) { checkRound(t, s, prev, now) })
		again := s.run(t, nil)
		a, _ := json.Marshal(tr)
		b, _ := json.Marshal(again)
		if string(a) != string(b) {
			t.Fatalf("%+v: two runs differ", s)
		}
		if t.Failed() {
			return
		}
	}
}
