package zauberschwert

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestTimeoutMoveOverRandomPlay checks, after every move of random games,
// that every pending seat gets a timeout answer, that it is one of its
// options, and that it is the safe answer the step calls for.
func TestTimeoutMoveOverRandomPlay(t *testing.T) {
	want := map[string]func(options []string) string{
		stepSpells:  func([]string) string { return "nospell" },
		stepPlace:   func([]string) string { return "pass" },
		stepChoose:  func([]string) string { return "together" },
		stepBonus:   func([]string) string { return "bonus:stones" },
		stepTrade:   func([]string) string { return "done" },
		stepLay:     func([]string) string { return "lay:none" },
		stepAuction: func(o []string) string { return lowestBidOrPass(o) },
	}
	g := New()
	seen := map[string]int{}
	for _, players := range []int{2, 3, 4} {
		for i := range randomGames(t) / 4 {
			seed := uint64(players*1000 + i)
			check := func(st games.State) error {
				s := st.(*State)
				for _, p := range s.Pending() {
					move, ok := s.TimeoutMove(p.Seat)
					if !ok {
						return fmt.Errorf("step %s: no timeout move for seat %d", s.Step, p.Seat)
					}
					if !games.Legal(s, p.Seat, move) {
						return fmt.Errorf("step %s: timeout move %q of seat %d is not pending", s.Step, move, p.Seat)
					}
					var ids []string
					for _, o := range p.Options {
						ids = append(ids, o.ID)
					}
					if w := want[s.Step](ids); move != w {
						return fmt.Errorf("step %s: timeout move %q, want %q", s.Step, move, w)
					}
					seen[s.Step]++
				}
				return nil
			}
			if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
		}
	}
	for step := range want {
		if seen[step] == 0 {
			t.Errorf("random play never reached step %s", step)
		}
	}
}

// lowestBidOrPass is the auction's safe answer: pass, or where passing is
// not allowed the first (lowest) bid.
func lowestBidOrPass(options []string) string {
	if slices.Contains(options, "pass") {
		return "pass"
	}
	return options[0]
}

func TestTimeoutMoveForIdleSeat(t *testing.T) {
	s := fresh(t, 3, 7)
	pending := map[int]bool{}
	for _, p := range s.Pending() {
		pending[p.Seat] = true
	}
	for seat := range 3 {
		if pending[seat] {
			continue
		}
		if move, ok := s.TimeoutMove(seat); ok {
			t.Errorf("seat %d has nothing pending but gets timeout move %q", seat, move)
		}
	}
	if move, ok := s.TimeoutMove(9); ok {
		t.Errorf("unknown seat gets timeout move %q", move)
	}
}
