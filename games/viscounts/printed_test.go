package viscounts

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// started is a 2-player game past the draft, at seat's action with its
// viscount on space.
func started(t *testing.T, seat, space int) *State {
	t.Helper()
	s := drafted(t, games.Setup{Players: 2, Seed: 3})
	s.Current = seat
	s.Seats[seat].Space = space
	s.Tasks = []Task{{Seat: seat, Kind: "action"}}
	return s
}

// TestPrintedUnderEmptyPiles: with both piles of a segment empty, the
// printed townsfolk can be dismissed (it stays) and the printed
// manuscript transcribed for its effect (nothing is collected).
func TestPrintedUnderEmptyPiles(t *testing.T) {
	s := started(t, 0, 2*3+slotInner)
	p := 2
	s.Folk[p], s.Scripts[p] = nil, nil
	pr := s.c.Printed[s.seg(p).ID]
	st := s.Seats[0]
	st.Silver, st.Res = 10, [numResources]int{9, 9, 9}
	var script, viaDismiss string
	for _, o := range s.Pending()[0].Options {
		if strings.HasPrefix(o.ID, "script.") {
			script = o.ID
		}
	}
	if script == "" {
		t.Fatal("the printed manuscript is not offered")
	}
	card, printed := s.adjacentFolk(p)
	if !printed || card != pr.Folk {
		t.Fatalf("adjacent card %d printed=%v, want the printed %d", card, printed, pr.Folk)
	}
	for _, pl := range s.payOptions(0, Cleric, pr.Script.Cost) {
		if pl.Dismiss {
			viaDismiss = "yes"
		}
	}
	if s.folk(pr.Folk).Icons[Cleric]+s.folk(pr.Folk).Icons[Criminal] > 0 && viaDismiss == "" {
		t.Fatal("the printed townsfolk cannot be dismissed")
	}
	before := len(st.Scripts)
	if _, err := s.Apply(0, script); err != nil {
		t.Fatal(err)
	}
	if len(st.Scripts) != before {
		t.Fatal("a printed manuscript was collected")
	}
	if !st.Transcribed {
		t.Fatal("transcribing the printed manuscript did not count as the turn's manuscript")
	}
}

// TestEveryPrintedEntryLoads: one printed townsfolk and manuscript per
// segment, never in a pile.
func TestEveryPrintedEntryLoads(t *testing.T) {
	c := New().c
	for _, sg := range c.Segments {
		pr, ok := c.Printed[sg.ID]
		if !ok || c.Townsfolk[pr.Folk].Kind != "printed" || pr.Script.Cost < 1 || len(pr.Script.Now) == 0 {
			t.Errorf("segment %s: printed %+v", sg.ID, pr)
		}
	}
}
