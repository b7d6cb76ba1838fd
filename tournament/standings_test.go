package tournament

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestStandingsTieBreaks(t *testing.T) {
	tr := newTestTournament(Swiss, 3, 3, 6, 1)
	tr.Rounds = []Round{{Tables: []Table{
		{Seats: []int{0, 1, 2}, Result: &Result{Ranks: []int{1, 2, 3}, Scores: []float64{50, 40, 30}}},
		{Seats: []int{3, 4, 5}, Result: &Result{Ranks: []int{1, 2, 3}, Scores: []float64{90, 20, 10}}},
	}}}
	st := tr.Standings()
	var order, ranks []int
	for _, s := range st {
		order, ranks = append(order, s.Player), append(ranks, s.Rank)
	}
	// Equal points and opponents' points; the game score relative to the
	// table decides: 3 (+50) before 0 (+10), 1 (0) before 4 (−20).
	if want := []int{3, 0, 1, 4, 2, 5}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if want := []int{1, 2, 3, 4, 5, 6}; !slices.Equal(ranks, want) {
		t.Errorf("ranks %v, want %v", ranks, want)
	}
	if st[0].Points != 2 || st[0].Opponent != 1 || st[0].Relative != 50 || st[0].Played != 1 {
		t.Errorf("leader %+v", st[0])
	}
}

func TestStandingsHeadToHeadAndSharedRanks(t *testing.T) {
	// 0 beat 1, 1 beat 0, then 0 finished ahead of 1 at a table of three:
	// 0 is +1 against 1. Then a tournament where everyone ties shares rank 1.
	games := []playedGame{
		{seats: []int{0, 1}, res: &Result{Ranks: []int{1, 2}}},
		{seats: []int{1, 0}, res: &Result{Ranks: []int{1, 2}}},
		{seats: []int{0, 1, 2}, res: &Result{Ranks: []int{1, 3, 2}}},
	}
	group := map[int]bool{0: true, 1: true}
	if h := headToHead(0, group, games); h != 1 {
		t.Errorf("head-to-head of 0 = %d, want 1", h)
	}
	if h := headToHead(1, group, games); h != -1 {
		t.Errorf("head-to-head of 1 = %d, want -1", h)
	}
	tr := newTestTournament(Swiss, 3, 3, 6, 1)
	tr.Rounds = []Round{{Tables: []Table{
		{Seats: []int{0, 1, 2}, Result: &Result{Ranks: []int{1, 1, 1}, Scores: []float64{5, 5, 5}}},
		{Seats: []int{3, 4, 5}, Result: &Result{Ranks: []int{1, 1, 1}, Scores: []float64{7, 7, 7}}},
	}}}
	for _, s := range tr.Standings() {
		if s.Rank != 1 || s.Points != 1 {
			t.Errorf("all tied, yet %+v", s)
		}
	}
}

// BenchmarkPair1000 pairs round 4 of a swiss tournament of 1,000 players
// (three rounds of random results before) for each table size.
func BenchmarkPair1000(b *testing.B) {
	for size := 2; size <= 6; size++ {
		b.Run(fmt.Sprintf("size%d", size), func(b *testing.B) {
			tr := newTestTournament(Swiss, size, 2, 1000, 42)
			tr.Config.Rounds = 7
			rng := rand.New(rand.NewPCG(1, 1))
			for range 3 {
				if err := tr.Pair(); err != nil {
					b.Fatal(err)
				}
				r := tr.Current()
				for i, tb := range tr.Rounds[r].Tables {
					if err := tr.Record(r, i, randomResult(rng, len(tb.Seats)), false); err != nil {
						b.Fatal(err)
					}
				}
			}
			for b.Loop() {
				if err := tr.Pair(); err != nil {
					b.Fatal(err)
				}
				tr.Rounds = tr.Rounds[:3]
			}
		})
	}
}
