package sorcerercity

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// playSolo plays solo game i with the policy in the only seat and returns
// the final state, the number of decisions and the time they took.
func playSolo(tb testing.TB, g *Game, i int, options map[string]string) (*State, int, time.Duration) {
	tb.Helper()
	setup := games.DefaultSetup(g, 1, uint64(i+1))
	for k, v := range options {
		setup.Options[k] = v
	}
	st, err := g.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	pol := g.Policy()
	var spent time.Duration
	moves := 0
	for ; !s.Over(); moves++ {
		if moves > games.SimMaxMoves {
			tb.Fatalf("solo game %d did not end", i)
		}
		t0 := time.Now()
		move, ok := pol.Choose(s, 0, games.PolicySeed(uint64(i), moves, 0))
		spent += time.Since(t0)
		if !ok || !games.Legal(s, 0, move) {
			tb.Fatalf("solo game %d move %d: the policy chose %q (ok %v)", i, moves, move, ok)
		}
		if _, err := s.Apply(0, move); err != nil {
			tb.Fatal(err)
		}
	}
	return s, moves, spent
}

// TestPolicySurvivesSolo: alone against the monsters, the policy keeps
// the market from being overrun to the end of year 5 in most games (the
// benchmark below measures how often).
func TestPolicySurvivesSolo(t *testing.T) {
	g := New()
	n := 20
	if testing.Short() || raceBuild {
		n = 2
	}
	var lost []int // the games' numbers
	for i := range n {
		if s, _, _ := playSolo(t, g, i, nil); s.Lost {
			lost = append(lost, i)
		}
	}
	if 2*len(lost) > n {
		t.Fatalf("the monsters overran the market in solo games %v of %d, want at most half", lost, n)
	}
}

// BenchmarkPolicySolo reports how often the policy alone survives the
// monsters to the end of year 5, its mean final Prestige when it does,
// and the decisions and wall time per decision, in the normal game and the
// expert variant:
// go test -run '^$' -bench PolicySolo -benchtime 200x ./games/sorcerercity
func BenchmarkPolicySolo(b *testing.B) {
	g := New()
	for _, variant := range []string{"no", "yes"} {
		b.Run("expert="+variant, func(b *testing.B) {
			survived, prestige, decisions := 0, 0, 0
			var spent time.Duration
			for i := range b.N {
				s, n, d := playSolo(b, g, i, map[string]string{"expert": variant})
				decisions += n
				spent += d
				if !s.Lost {
					survived++
					prestige += s.Seats[0].Prestige
				}
			}
			b.ReportMetric(100*float64(survived)/float64(b.N), "survive-%")
			if survived > 0 {
				b.ReportMetric(float64(prestige)/float64(survived), "prestige")
			}
			b.ReportMetric(float64(spent.Microseconds())/float64(decisions), "µs/decision")
			b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
		})
	}
}

// TestPolicyBlind: the policy's move is the same on a twin of the game
// whose hidden parts are dealt anew for its seat, at every position of
// random games at every player count, solo and solo expert included.
func TestPolicyBlind(t *testing.T) {
	g := New()
	most, variants := MaxPlayers, 2
	if testing.Short() || raceBuild {
		most, variants = 2, 1
	}
	for players := MinPlayers; players <= most; players++ {
		for i := range variants {
			setup := games.DefaultSetup(g, players, uint64(100*players+i))
			if players == 1 && i == 1 {
				setup.Options["expert"] = "yes"
			}
			if i == 1 && players > 1 {
				setup.Options["artifacts"] = "yes"
			}
			gamestest.PolicyBlind(t, g, g.Policy(), setup)
		}
	}
}
