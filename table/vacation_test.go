package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const (
	hour = time.Hour
	day  = 24 * time.Hour
)

// dueOf is when the table's due event of kind falls, after the start
// (-1: none).
func dueOf(tb *table.Table, kind table.DueKind) time.Duration {
	for _, d := range tb.Due {
		if d.Kind == kind {
			return d.At.Sub(now)
		}
	}
	return -1
}

func bid(t *testing.T, tb *table.Table, user string, at time.Duration) {
	t.Helper()
	if _, err := tb.Move(tabletest.Game(), user, "bid"+tabletest.SecretMarker+"2", table.AnyVersion, now.Add(at)); err != nil {
		t.Fatal(err)
	}
}

func takeReminders(t *testing.T, tb *table.Table, at time.Duration) []table.Reminder {
	t.Helper()
	got, err := tb.Reminders().Take(tabletest.Game(), now.Add(at))
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// When everyone else has answered a simultaneous step, the remaining seat
// is told once that the table waits only for it; not before its decision
// is half an hour old, and not in a turn-based step.
func TestLastOneWaitedFor(t *testing.T) {
	tests := []struct {
		name     string
		deadline string
		bidAt    time.Duration
		lastAt   time.Duration // when seat b is told
	}{
		{"timed", "24", hour, hour},
		{"untimed", "", 3 * hour, 3 * hour},
		{"soon after the decision began", "24", 10 * time.Minute, 30 * time.Minute},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := startedWith(t, tabletest.Game(), tc.deadline)
			bid(t, tb, "a", tc.bidAt)
			if got := dueOf(tb, table.DueRemind); got != tc.lastAt {
				t.Fatalf("reminder due %v after the start, want %v", got, tc.lastAt)
			}
			if got := takeReminders(t, tb, tc.lastAt-time.Second); len(got) != 0 {
				t.Fatalf("told early: %+v", got)
			}
			got := takeReminders(t, tb, tc.lastAt)
			if len(got) != 1 || got[0].Seat != 1 || !got[0].Last || got[0].Time {
				t.Fatalf("reminders %+v, want one last-one notice to seat 1", got)
			}
			if again := takeReminders(t, tb, tc.lastAt+time.Minute); len(again) != 0 {
				t.Fatalf("told twice: %+v", again)
			}
			if tc.deadline == "" {
				if d := dueOf(tb, table.DueRemind); d != -1 {
					t.Errorf("an untimed table stays due at %v", d)
				}
				return
			}
			// The notice stood in for the half-time reminder; the one at
			// nine tenths still comes.
			if half := takeReminders(t, tb, 12*hour); len(half) != 0 {
				t.Errorf("at half time %+v, want none", half)
			}
			late := takeReminders(t, tb, 22*hour)
			if len(late) != 1 || late[0].Last || !late[0].Time {
				t.Errorf("at nine tenths %+v, want one time reminder", late)
			}
		})
	}
	// A turn-based step: the next seat's decision is new, it is not "the
	// last one".
	tb := turnTable(t, map[string]string{"rounds": "1"})
	move(t, tb, "a", tabletest.TurnEnd, hour)
	if got, err := tb.Reminders().Take(tabletest.TurnGame(), now.Add(10*day)); err != nil || len(got) != 0 {
		t.Errorf("turn-based step: %+v, %v; want no notice", got, err)
	}
}

// A time reminder and the last-one notice that fall due together are one
// message.
func TestRemindersCoalesce(t *testing.T) {
	tb := startedWith(t, tabletest.Game(), "24")
	bid(t, tb, "a", 13*hour)
	got := takeReminders(t, tb, 13*hour)
	if len(got) != 1 || !got[0].Last || !got[0].Time || !got[0].Deadline.Equal(now.Add(24*hour)) {
		t.Fatalf("%+v, want one reminder with both reasons", got)
	}
}

// Quiet hours hold the reminders back; they come once, at the end.
func TestHoldReminders(t *testing.T) {
	tb := startedWith(t, tabletest.Game(), "24")
	tb.Reminders().Hold(1, now.Add(23*hour))
	if got := takeReminders(t, tb, 12*hour); len(got) != 1 || got[0].Seat != 0 {
		t.Fatalf("at 12h %+v, want seat 0 only", got)
	}
	if got := takeReminders(t, tb, 22*hour); len(got) != 1 || got[0].Seat != 0 {
		t.Fatalf("at 22h %+v, want seat 0 only", got)
	}
	if got := dueOf(tb, table.DueRemind); got != 23*hour {
		t.Fatalf("next reminder due at %v, want the end of the quiet hours (23h)", got)
	}
	got := takeReminders(t, tb, 23*hour)
	if len(got) != 1 || got[0].Seat != 1 || !got[0].Time {
		t.Fatalf("at 23h %+v: want seat 1's held reminders as one", got)
	}
	if again := takeReminders(t, tb, 23*hour+time.Minute); len(again) != 0 {
		t.Errorf("sent twice: %+v", again)
	}
}

// A vacation moves the seat's deadline by its length, holds its
// reminders, and its end is a due event told once.
func TestVacation(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "24")
	if err := tb.Vacations().Start(g, "b", now.Add(2*hour+3*day), now.Add(2*hour)); err != nil {
		t.Fatal(err)
	}
	if got := dueOf(tb, table.DueVacation); got != 2*hour+3*day {
		t.Errorf("vacation end due %v, want 3d2h", got)
	}
	if got := tb.Clocks().Rules(); !got.Expired(tb.Seats[0].Clock, now.Add(24*hour)) || got.Expired(tb.Seats[1].Clock, now.Add(24*hour)) {
		t.Error("the vacation did not stop seat b's clock alone")
	}
	if at, ok := tb.Clocks().Deadline(mustState(t, tb), mustState(t, tb).Pending(), 1); !ok || !at.Equal(now.Add(24*hour+3*day)) {
		t.Errorf("seat b's deadline %v, want 3d24h", at.Sub(now))
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(24*hour))
	if err != nil || len(res.Steps) != 1 || res.Steps[0].Seat != 0 {
		t.Fatalf("at 24h %+v, %v: want only seat a timed out", res.Steps, err)
	}
	if got := takeReminders(t, tb, 2*day); len(got) != 0 {
		t.Errorf("reminded on vacation: %+v", got)
	}
	ended, err := tb.Vacations().TakeEnds(g, now.Add(2*hour+3*day))
	if err != nil || len(ended) != 1 || ended[0] != 1 || tb.Seats[1].Vacation != nil {
		t.Fatalf("vacation ends %v, %v", ended, err)
	}
	if again, _ := tb.Vacations().TakeEnds(g, now.Add(4*day)); len(again) != 0 || dueOf(tb, table.DueVacation) != -1 {
		t.Errorf("the end is told twice: %v, due %v", again, dueOf(tb, table.DueVacation))
	}
	// Seat a timed out, so b became the last one waited for while away:
	// told when back, in one message.
	if got := takeReminders(t, tb, 2*hour+3*day); len(got) != 1 || got[0].Seat != 1 || !got[0].Last || got[0].Time {
		t.Errorf("back from vacation: %+v, want the last-one notice", got)
	}
	// The notice stood in for the half-time reminder; the one at nine
	// tenths falls 21h36m of running time into b's decision: 2h before
	// the vacation and 19h36m after it.
	if got := dueOf(tb, table.DueRemind); got != 21*hour+36*time.Minute+3*day {
		t.Errorf("seat b's reminder due %v, want 3d21h36m", got)
	}
}

// Ending a vacation early gives back the rest of it; a stranger and a
// lobby are refused.
func TestEndVacation(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "24")
	if err := tb.Vacations().Start(g, "b", now.Add(10*day), now); err != nil {
		t.Fatal(err)
	}
	if ok, err := tb.Vacations().End(g, "b", now.Add(day)); !ok || err != nil {
		t.Fatalf("EndVacation = %v, %v", ok, err)
	}
	if at, ok := tb.Clocks().Deadline(mustState(t, tb), mustState(t, tb).Pending(), 1); !ok || !at.Equal(now.Add(2*day)) {
		t.Errorf("deadline after a vacation of one day %v, want 2d", at.Sub(now))
	}
	if dueOf(tb, table.DueVacation) != -1 || tb.Seats[1].Vacation != nil {
		t.Error("an ended vacation is still due")
	}
	if ok, err := tb.Vacations().End(g, "b", now.Add(day)); ok || err != nil {
		t.Errorf("ending no vacation = %v, %v", ok, err)
	}
	if err := tb.Vacations().Start(g, "zed", now.Add(day), now); errKey(t, err) != table.ErrNotSeated {
		t.Errorf("a stranger's vacation: %v", err)
	}
	if err := lobby(t, "a", "b").Vacations().Start(g, "a", now.Add(day), now); errKey(t, err) != table.ErrNotPlaying {
		t.Errorf("a vacation in a lobby: %v", err)
	}
}

// New playing hours keep what a running decision used.
func TestSetCalendar(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "24") // Friday 03:04 UTC
	cal, err := clock.NewCalendar("UTC", 8*60, 22*60, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Clocks().SetCalendar(g, cal, now.Add(hour)); err != nil {
		t.Fatal(err)
	}
	// 1h used, 23h left: 14h on Friday from 08:00, 9h on Saturday.
	want := time.Date(2026, 1, 3, 17, 0, 0, 0, time.UTC)
	if at, ok := tb.Clocks().Deadline(mustState(t, tb), mustState(t, tb).Pending(), 0); !ok || !at.Equal(want) {
		t.Errorf("deadline %v, want %v", at, want)
	}
	if got := now.Add(dueOf(tb, table.DueClock)); !got.Equal(want) {
		t.Errorf("clock due %v, want %v", got, want)
	}
}

func mustState(t *testing.T, tb *table.Table) games.State {
	t.Helper()
	st, err := tb.Load(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	return st
}
