package sorcerercity

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestPolicyBeatsRandom: one bot seat against three random seats wins at
// least 80% of 4-player games, and every move it picks is legal. The
// benchmark below plays as many games as asked (1,000 in the README).
func TestPolicyBeatsRandom(t *testing.T) {
	g := New()
	n := 60
	if testing.Short() || raceBuild {
		n = 6
	}
	wins := 0
	for i := range n {
		if gamestest.BotWins(t, g, g.Policy(), 4, i) {
			wins++
		}
	}
	if wins*100 < 80*n {
		t.Fatalf("the bot won %d of %d games, want at least 80%%", wins, n)
	}
}

// BenchmarkPolicyVsRandom reports the bot's share of wins against random
// seats, with 2, 3 and 4 players:
// go test -run '^$' -bench PolicyVsRandom -benchtime 200x ./games/sorcerercity
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	gamestest.BenchVsRandom(b, g, g.Policy(), 2, 3, 4)
}

// TestPolicyRanks: at every position of games the policy plays, its
// ranking starts with its own move, lists only offered options, each
// once, and orders the options it weighs by the district by their
// score; it is the same on an unlabelled twin.
func TestPolicyRanks(t *testing.T) {
	g := New()
	pol := g.Policy().(policy)
	for _, players := range []int{2, 3} {
		setup := games.DefaultSetup(g, players, uint64(70+players))
		_, _, err := games.PlayWith(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, func(st games.State, p games.Prompt, n int) (string, bool) {
			s := st.(*State)
			seed := uint64(n)
			first, _ := pol.Choose(s, p.Seat, seed)
			ranked := pol.Rank(s, p.Seat, seed)
			if len(ranked) == 0 || ranked[0] != first {
				t.Fatalf("move %d: ranked %v, the policy's move %q first", n, ranked, first)
			}
			offered := map[string]bool{}
			for _, o := range p.Options {
				offered[o.ID] = true
			}
			for _, id := range ranked {
				if !offered[id] {
					t.Fatalf("move %d: ranked %q, offered once at most: %v", n, id, ranked)
				}
				delete(offered, id)
			}
			if _, byDistrict := s.decide(p.Seat, p); byDistrict {
				last := 1 << 30
				for _, id := range ranked[1:] {
					v, _ := s.tryOption(p.Seat, id)
					if v > last {
						t.Fatalf("move %d: %q scores %d after %d: %v", n, id, v, last, ranked)
					}
					last = v
				}
			} else if len(offered) > 0 {
				t.Fatalf("move %d: %v left out of the ranking %v", n, offered, ranked)
			}
			bare, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
			if err != nil {
				t.Fatal(err)
			}
			bare.Unlabel()
			if got := pol.Rank(bare, p.Seat, seed); !slices.Equal(got, ranked) {
				t.Fatalf("move %d: ranked %v, unlabelled %v", n, ranked, got)
			}
			return first, true
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
	}
}
