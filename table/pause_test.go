package table_test

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// A paused table (its tournament paused): no decision runs out and no
// reminder comes while paused; resumed, every deadline moves by the
// paused time, which nobody is charged; pausing or resuming twice
// changes nothing.
func TestPauseClocks(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "24")
	if dueOf(tb, table.DueClock) != 24*hour {
		t.Fatalf("before the pause the clock is due at %v, want 24h", dueOf(tb, table.DueClock))
	}
	for _, c := range []struct {
		name    string
		do      func() (bool, error)
		changed bool
	}{
		{"pause", func() (bool, error) { return tb.Clocks().Pause(g, now.Add(2*hour)) }, true},
		{"pause again", func() (bool, error) { return tb.Clocks().Pause(g, now.Add(5*hour)) }, false},
	} {
		if changed, err := c.do(); err != nil || changed != c.changed {
			t.Fatalf("%s: changed %v, %v; want %v", c.name, changed, err, c.changed)
		}
	}
	if !tb.Clocks().Paused() {
		t.Fatal("not paused")
	}
	if got := dueOf(tb, table.DueClock); got != -1 {
		t.Errorf("a timeout is due at %v while paused", got)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(3*day))
	if err != nil || len(res.Steps) != 0 {
		t.Fatalf("after 3 days paused: %+v, %v; want nothing timed out", res.Steps, err)
	}
	if got := takeReminders(t, tb, 3*day); len(got) != 0 {
		t.Errorf("reminded while paused: %+v", got)
	}
	if changed, err := tb.Clocks().Resume(g, now.Add(3*day+2*hour)); err != nil || !changed {
		t.Fatalf("resume: %v, %v", changed, err)
	}
	if changed, _ := tb.Clocks().Resume(g, now.Add(3*day+3*hour)); changed {
		t.Error("resuming twice changed the table")
	}
	if tb.Clocks().Paused() {
		t.Fatal("still paused")
	}
	// 2h were used before the pause: 22h are left from the resumption.
	for seat := range 2 {
		at, ok := tb.Clocks().Deadline(mustState(t, tb), mustState(t, tb).Pending(), seat)
		if want := now.Add(3*day + 24*hour); !ok || !at.Equal(want) {
			t.Errorf("seat %d's deadline %v, want %v", seat, at.Sub(now), want.Sub(now))
		}
	}
	res, err = tb.Fire(g, games.RandomPolicy, now.Add(3*day+24*hour-1))
	if err != nil || len(res.Steps) != 0 {
		t.Fatalf("before the moved deadline: %+v, %v", res.Steps, err)
	}
	res, err = tb.Fire(g, games.RandomPolicy, now.Add(3*day+24*hour))
	if err != nil || len(res.Steps) != 2 {
		t.Fatalf("at the moved deadline: %+v, %v; want both timed out", res.Steps, err)
	}
}
