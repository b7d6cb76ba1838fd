package search

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// ranked is a race policy that answers "slow" and ranks the paces in a
// given order.
type ranked struct{ order []string }

func (r ranked) Choose(st games.State, seat int, _ uint64) (string, bool) {
	if _, ok := games.PromptFor(st, seat); ok {
		return "slow", true
	}
	return "", false
}

func (r ranked) Rank(games.State, int, uint64) []string { return r.order }

func TestPairedSearch(t *testing.T) {
	slow := games.PolicyFunc(func(st games.State, seat int, _ uint64) (string, bool) {
		if p, ok := games.PromptFor(st, seat); ok {
			return p.Options[0].ID, true
		}
		return "", false
	})
	for _, tc := range []struct {
		name   string
		policy games.Policy
		budget Budget
		want   map[string]bool // the answers allowed
	}{
		// Safe adds 3 to the very card slow draws in the same world:
		// 30 worlds tell it, where independent playouts keep slow
		// (TestSearchKeepsTheHeuristicOverNoise needs far more).
		{"same worlds tell a small edge", slow, Budget{Iterations: 30, Paired: 3}, map[string]bool{"safe": true}},
		{"the ranker's best are compared", ranked{[]string{"slow", "safe", "gamble"}}, Budget{Iterations: 30, Paired: 2}, map[string]bool{"safe": true}},
		{"options ranked lower are not", ranked{[]string{"slow", "gamble", "safe"}}, Budget{Iterations: 30, Paired: 2}, map[string]bool{"slow": true, "gamble": true}},
		{"a move budget stops early but answers", slow, Budget{Iterations: 1000, Moves: 3, Paired: 3}, map[string]bool{"slow": true, "safe": true, "gamble": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(toyGame{tc.policy}, tc.budget)
			for seed := range uint64(5) {
				if got, ok := s.Choose(&race{RNG: games.NewRNG(99)}, 0, seed); !ok || !tc.want[got] {
					t.Errorf("seed %d: chose %q (%v), want one of %v", seed, got, ok, tc.want)
				}
			}
		})
	}
}

func TestPairedSearchKeepsTheHeuristicWhereNothingDiffers(t *testing.T) {
	// In the same world every coin option meets the same coin: no
	// difference, and the heuristic's answer stays every time.
	pickC := games.PolicyFunc(func(games.State, int, uint64) (string, bool) { return "c", true })
	s := New(toyGame{pickC}, Budget{Iterations: 60, Paired: 5})
	for seed := range uint64(40) {
		if got, ok := s.Choose(&coin{RNG: games.NewRNG(seed)}, 0, seed); !ok || got != "c" {
			t.Fatalf("seed %d: chose %q (%v), want the heuristic's c", seed, got, ok)
		}
	}
}

func TestPairedSearchIsDeterministic(t *testing.T) {
	s := New(toyGame{games.RandomPolicy}, Budget{Iterations: 9, Paired: 3})
	for seed := range uint64(20) {
		a, _ := s.Choose(&race{RNG: games.NewRNG(1)}, 0, seed)
		b, _ := s.Choose(&race{RNG: games.NewRNG(2)}, 0, seed)
		if a != b {
			t.Fatalf("seed %d: %q, then %q from a state differing only in its hidden draws", seed, a, b)
		}
	}
}

func TestPairedSearchPlaysNothingForALoneCandidate(t *testing.T) {
	// A ranking of the heuristic's answer alone leaves nothing to
	// compare: the answer comes back with no playout move made (yield
	// is called before each).
	s := New(toyGame{ranked{[]string{"slow"}}}, Budget{Iterations: 30, Paired: 3})
	for seed := range uint64(5) {
		pauses := 0
		got, ok := s.ChooseYielding(&race{RNG: games.NewRNG(99)}, 0, seed, func() time.Duration { pauses++; return 0 })
		if !ok || got != "slow" || pauses > 1 {
			t.Fatalf("seed %d: chose %q (%v) after %d pauses, want slow before any playout move", seed, got, ok, pauses)
		}
	}
}
