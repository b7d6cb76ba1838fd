package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// round3 rounds to the three decimals the reference figures are given in.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// TestReferenceFigures checks the update against openskill.js's README:
// four new players ranked 4, 1, 3, 2.
func TestReferenceFigures(t *testing.T) {
	tests := []struct {
		name  string
		ranks []int
		want  []Rating
	}{
		{"openskill.js README", []int{4, 1, 3, 2}, []Rating{
			{20.963, 8.084}, {27.795, 8.263}, {24.689, 8.084}, {26.553, 8.179},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			players := make([]Rating, len(tc.ranks))
			for i := range players {
				players[i] = New()
			}
			got := Rate(players, tc.ranks, Options{})
			for i, w := range tc.want {
				if g := (Rating{round3(got[i].Mu), round3(got[i].Sigma)}); g != w {
					t.Errorf("player %d (rank %d): got %.3f/%.3f, want %.3f/%.3f", i, tc.ranks[i], got[i].Mu, got[i].Sigma, w.Mu, w.Sigma)
				}
			}
		})
	}
}

func TestRateShapes(t *testing.T) {
	two := []Rating{New(), New()}
	tests := []struct {
		name  string
		in    []Rating
		ranks []int
		check func(t *testing.T, out []Rating)
	}{
		{"one player is not rated", []Rating{New()}, []int{1}, func(t *testing.T, out []Rating) {
			if out[0] != New() {
				t.Errorf("changed: %+v", out[0])
			}
		}},
		{"ranks of another length leave ratings alone", two, []int{1}, func(t *testing.T, out []Rating) {
			if out[0] != New() || out[1] != New() {
				t.Errorf("changed: %+v", out)
			}
		}},
		{"winner gains what the loser loses between equals", two, []int{1, 2}, func(t *testing.T, out []Rating) {
			if out[0].Mu <= DefaultMu || out[1].Mu >= DefaultMu {
				t.Fatalf("winner %v loser %v", out[0], out[1])
			}
			if d := out[0].Mu - DefaultMu + out[1].Mu - DefaultMu; math.Abs(d) > 1e-9 {
				t.Errorf("not zero-sum between equals: %g", d)
			}
		}},
		{"a tie between equals changes no mean", two, []int{1, 1}, func(t *testing.T, out []Rating) {
			for _, r := range out {
				if math.Abs(r.Mu-DefaultMu) > 1e-9 || r.Sigma >= DefaultSigma {
					t.Errorf("tie: %+v", r)
				}
			}
		}},
		{"ranks with gaps are orders", []Rating{New(), New(), New()}, []int{7, 3, 10}, func(t *testing.T, out []Rating) {
			want := Rate([]Rating{New(), New(), New()}, []int{2, 1, 3}, Options{})
			for i := range out {
				if out[i] != want[i] {
					t.Errorf("player %d: %+v, want %+v", i, out[i], want[i])
				}
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := append([]Rating(nil), tc.in...)
			out := Rate(tc.in, tc.ranks, Options{})
			for i := range tc.in {
				if tc.in[i] != before[i] {
					t.Fatalf("input changed")
				}
			}
			tc.check(t, out)
		})
	}
}

// randomGame seats 2–6 of the players at random and ranks them at random,
// with ties now and then.
func randomGame(rng *rand.Rand, n int) (seats []int, ranks []int) {
	k := 2 + rng.IntN(5)
	seats = rng.Perm(n)[:k]
	ranks = make([]int, k)
	for i := range ranks {
		ranks[i] = 1 + rng.IntN(k)
	}
	return seats, ranks
}

// newPool is n new players.
func newPool(n int) []Rating {
	pool := make([]Rating, n)
	for i := range pool {
		pool[i] = New()
	}
	return pool
}

// seated are the ratings of the pool's players at seats.
func seated(pool []Rating, seats []int) []Rating {
	in := make([]Rating, len(seats))
	for i, s := range seats {
		in[i] = pool[s]
	}
	return in
}

// TestFirstPlaceNeverLowersDisplay is the property the display rating
// promises: whoever ranks first (alone or tied) never sees it drop, over
// many random games of players of every strength.
func TestFirstPlaceNeverLowersDisplay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n = 30
	pool := newPool(n)
	firsts := 0
	for game := 0; game < 20000; game++ {
		seats, ranks := randomGame(rng, n)
		if game%3 == 0 { // some strong players: the first seat wins a third of the games
			for i := range ranks {
				ranks[i] = 2
			}
			ranks[0] = 1
		}
		in := seated(pool, seats)
		out := Rate(in, ranks, Tavern())
		best := ranks[0]
		for _, r := range ranks {
			best = min(best, r)
		}
		for i, s := range seats {
			if ranks[i] == best {
				firsts++
				if out[i].Ordinal() < in[i].Ordinal() || out[i].Display() < in[i].Display() {
					t.Fatalf("game %d: first place %v → %v lowered the display rating %d → %d", game, in[i], out[i], in[i].Display(), out[i].Display())
				}
			}
			if out[i].Sigma > in[i].Sigma {
				t.Fatalf("game %d: sigma grew %v → %v", game, in[i].Sigma, out[i].Sigma)
			}
			pool[s] = out[i]
		}
	}
	if firsts < 20000 {
		t.Fatalf("only %d first places checked", firsts)
	}
}

// TestWinnerClimbs: a player who always wins climbs game after game, and
// their rating stays above everyone else's.
func TestWinnerClimbs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 12
	pool := newPool(n)
	prev := pool[0].Display()
	for game := 0; game < 300; game++ {
		others := rng.Perm(n - 1)[:1+rng.IntN(4)]
		seats := []int{0}
		ranks := []int{1}
		for i, o := range others {
			seats = append(seats, o+1)
			ranks = append(ranks, 2+rng.IntN(i+1))
		}
		in := seated(pool, seats)
		out := Rate(in, ranks, Tavern())
		for i, s := range seats {
			pool[s] = out[i]
		}
		if d := pool[0].Display(); d < prev {
			t.Fatalf("game %d: the winner fell from %d to %d", game, prev, d)
		}
		prev = pool[0].Display()
	}
	if prev < 1800 {
		t.Errorf("after 300 wins the display rating is only %d", prev)
	}
	for i := 1; i < n; i++ {
		if pool[i].Display() >= prev {
			t.Errorf("player %d (%d) is not below the winner (%d)", i, pool[i].Display(), prev)
		}
	}
}

// TestLongSeriesBounded: over a long random series the ratings neither
// drift nor collapse: the sum of means stays near its start, every sigma
// stays between its floor (tau keeps it off zero) and its start.
func TestLongSeriesBounded(t *testing.T) {
	tests := []struct {
		name string
		opts Options
	}{
		{"paper", Options{}},
		{"rated", Tavern()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			const n = 40
			pool := newPool(n)
			maxDrift := 0.0
			for game := 0; game < 50000; game++ {
				seats, ranks := randomGame(rng, n)
				in := seated(pool, seats)
				for i, r := range Rate(in, ranks, tc.opts) {
					pool[seats[i]] = r
				}
				sum := 0.0
				for _, r := range pool {
					sum += r.Mu
				}
				maxDrift = max(maxDrift, math.Abs(sum-n*DefaultMu))
			}
			// Random results: no one is better, so the sum may wander by
			// about a point per player at most.
			if maxDrift > n {
				t.Errorf("sum of means drifted by %.1f (n %d)", maxDrift, n)
			}
			for i, r := range pool {
				if r.Sigma <= 0 || r.Sigma > DefaultSigma || math.IsNaN(r.Mu) {
					t.Errorf("player %d: %+v", i, r)
				}
				if tc.opts.Tau > 0 && r.Sigma < tc.opts.Tau {
					t.Errorf("player %d: sigma %.4f below tau", i, r.Sigma)
				}
			}
			t.Logf("max drift of the sum of %d means: %.2f", n, maxDrift)
		})
	}
}

// BenchmarkRate6 rates one six-player game.
func BenchmarkRate6(b *testing.B) {
	in := newPool(6)
	ranks := []int{3, 1, 2, 6, 4, 4}
	for b.Loop() {
		Rate(in, ranks, Tavern())
	}
}
