package dungeondesigner

import (
	"fmt"
	"testing"
)

// The gold comparison that runs when the market opens must be narrated in
// the outcome of the move that opened it, like every later comparison.
func TestSoloMarketOpenTriggerIsNarrated(t *testing.T) {
	triggered := 0
	for _, tc := range []struct {
		seed       uint64
		difficulty string
	}{
		{31, "normal"}, {32, "normal"}, {33, "legendary"}, {34, "legendary"}, {35, "normal"},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.difficulty, tc.seed), func(t *testing.T) {
			s := newTest(t, 1, tc.seed, map[string]string{"solo": tc.difficulty})
			for s.Pass < 4 {
				p := s.Pending()[0]
				mustApply(t, s, p.Seat, p.Options[0].ID)
			}
			out := mustApply(t, s, 0, firstPick(t, s, 0))
			if s.Phase != PhaseImprove {
				t.Fatalf("phase %s after the last pick", s.Phase)
			}
			narrated := false
			for _, ev := range out.Events {
				narrated = narrated || ev.Key == "dd.ev.jael_task" || ev.Key == "dd.ev.jael_collect"
			}
			if narrated != s.Jael.Triggered {
				t.Errorf("Jael triggered %v at market open, narrated %v (events %v)", s.Jael.Triggered, narrated, out.Events)
			}
			if s.Jael.Triggered {
				triggered++
			}
		})
	}
	if triggered == 0 {
		t.Fatal("no case triggered Jael at market open; pick other seeds")
	}
}
