package lineup

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// TestSandTimer plays Sorcerer City's build clock at a table: a seat that
// starts building has the phase's time; when it runs out the table makes
// the time-up move for it (the seat stops, the tile in hand is lost); a
// seat that never started is not touched by the phase timer.
func TestSandTimer(t *testing.T) {
	g := sorcerercity.New()
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 3, Now: now})
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "b", Name: "b"}, now); err != nil {
		t.Fatal(err)
	}
	if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Phase, "2m", now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Move(g, "a", "start", table.AnyVersion, now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Move(g, "a", "draw", table.AnyVersion, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if res, err := tb.Fire(g, games.RandomPolicy, now.Add(2*time.Minute-time.Second)); err != nil || len(res.Steps) != 0 {
		t.Fatalf("before the time is up: %d moves (%v)", len(res.Steps), err)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(2*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 1 || res.Steps[0].Seat != 0 || res.Steps[0].Move != "timeup" || !res.Steps[0].Timeout || !res.Steps[0].TimeUp || !res.Steps[0].Secret {
		t.Fatalf("when the time is up: %+v, want seat 0's secret time-up move", res.Steps)
	}
	v := res.State.View(games.Public).(sorcerercity.View)
	if !v.Seats[0].Done || v.Seats[1].Done || len(v.Seats[0].District.Cells) != 0 {
		t.Fatalf("seat 0 done %v with %d cells (the drawn tile lost); seat 1 done %v", v.Seats[0].Done, len(v.Seats[0].District.Cells), v.Seats[1].Done)
	}
	if _, err := tb.Move(g, "a", "draw", table.AnyVersion, now.Add(3*time.Minute)); err == nil {
		t.Fatal("seat 0 drew after its time was up")
	}
}
