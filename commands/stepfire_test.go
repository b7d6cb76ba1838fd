package commands

import "testing"

// TestStepWithoutMover: a step inside a turn that nobody clicked (a bot's
// steps thought out apart and made by the scheduler) has no mover whose
// DMs it spends: it composes the seats' DMs and leaves their live ones
// (it took seat -1's and panicked).
func TestStepWithoutMover(t *testing.T) {
	h := draftHarness(t)
	tb := h.table()
	g, _ := h.svc.games.Get(tb.GameID)
	st, err := tb.Load(g)
	if err != nil {
		t.Fatal(err)
	}
	var live []int
	for _, seat := range tb.Seats {
		live = append(live, len(seat.LiveDMs))
	}
	if live[0] == 0 || live[1] == 0 {
		t.Fatalf("the draft's seats have no live DMs to keep: %v", live)
	}
	if _, err := h.svc.stepDelivery(scene{t: tb, g: g, st: st, pending: st.Pending()}, -1, dmSource{}); err != nil {
		t.Fatal(err)
	}
	for k, seat := range tb.Seats {
		if len(seat.LiveDMs) != live[k] {
			t.Errorf("seat %d's live DMs: %d, want %d kept", k, len(seat.LiveDMs), live[k])
		}
	}
}
