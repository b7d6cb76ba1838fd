package tournaments

import (
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/tournament"
)

// A table whose thread never opens is asked for again after a while, a
// few times; when the round's time is up it ties its players, and the
// round can end.
func TestAdvanceAsksAgainThenTies(t *testing.T) {
	start := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tr := tournament.New("t1", "g", "c1", "u1", "en", tournament.Config{Game: "race", Format: tournament.Swiss, TableSize: 3, MinSize: 2, Rounds: 2, Days: 1, Seed: 3}, time.Time{})
	for _, p := range []string{"u11", "u12", "u13"} {
		if err := tr.Join(tournament.Player{ID: p, Name: p}); err != nil {
			t.Fatal(err)
		}
	}
	if st := Advance(tr, start, true); !st.started || len(st.open) != 1 {
		t.Fatalf("start: %+v", st)
	}
	asked := 1
	for now := start; now.Before(start.Add(23 * time.Hour)); now = now.Add(5 * time.Minute) {
		asked += len(Advance(tr, now, false).open)
	}
	if asked != maxTries || tr.Rounds[0].Tables[0].Tries != maxTries {
		t.Fatalf("asked %d times, want %d", asked, maxTries)
	}
	if at, ok := tr.NextDue(); !ok || !at.Equal(tr.Rounds[0].Ends) {
		t.Fatalf("after the last try the tournament is due %v %v, want at the round's end %v", at, ok, tr.Rounds[0].Ends)
	}
	st := Advance(tr, tr.Rounds[0].Ends, false)
	res := tr.Rounds[0].Tables[0].Result
	if len(st.settle) != 0 || res == nil || res.By != "unplayed" || !slices.Equal(res.Ranks, []int{1, 1, 1}) {
		t.Fatalf("at the round's end: %+v, result %+v", st, res)
	}
	if st := Advance(tr, tr.Rounds[0].Ends.Add(time.Minute), false); st.roundDone != 0 || !st.paired || len(tr.Rounds) != 2 {
		t.Fatalf("the round did not end: %+v", st)
	}
}
