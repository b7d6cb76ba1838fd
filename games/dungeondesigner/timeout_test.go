package dungeondesigner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestTimeoutMoveOverRandomPlay checks, after every move of random games for
// every player count, that each pending seat gets a timeout answer among its
// options: the first option while building or placing a tile, and passing
// (with the first offered task) in the market.
func TestTimeoutMoveOverRandomPlay(t *testing.T) {
	g := New()
	seen := map[string]int{}
	n := 12
	if testing.Short() || raceEnabled {
		n = 4
	}
	for players := 1; players <= 5; players++ {
		for i := range n {
			seed := uint64(players*1000 + i)
			check := func(st games.State) error {
				s := st.(*State)
				for _, p := range s.Pending() {
					move, ok := s.TimeoutMove(p.Seat)
					if !ok || !games.Legal(s, p.Seat, move) {
						return fmt.Errorf("phase %v: timeout move %q (ok %v) of seat %d is not pending", s.Phase, move, ok, p.Seat)
					}
					kind, want := "first", p.Options[0].ID
					if s.Phase == PhaseImprove && s.Placing == nil {
						kind = "pass"
						want = ""
						for _, o := range p.Options {
							if want == "" && (o.ID == "pass" || strings.HasPrefix(o.ID, "pass:t")) {
								want = o.ID
							}
						}
					}
					if move != want {
						return fmt.Errorf("%s: timeout move %q, want %q", kind, move, want)
					}
					seen[kind]++
				}
				return nil
			}
			if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
		}
	}
	if seen["first"] == 0 || seen["pass"] == 0 {
		t.Errorf("random play did not reach every kind of prompt: %v", seen)
	}
}

func TestTimeoutMoveForIdleSeat(t *testing.T) {
	s := newTest(t, 3, 5, nil)
	for _, seat := range []int{-1, 3, 9} {
		if move, ok := s.TimeoutMove(seat); ok {
			t.Errorf("seat %d gets timeout move %q", seat, move)
		}
	}
}
