package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// turnTable starts the turn game for seats a and b with options.
func turnTable(t *testing.T, opts map[string]string) *table.Table {
	t.Helper()
	g := tabletest.TurnGame()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: tabletest.TurnID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 7, Now: now})
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "b", Name: "b"}, now); err != nil {
		t.Fatal(err)
	}
	for k, v := range opts {
		if err := tb.Lobby().SetOption(g.Info(), "a", k, v, now); err != nil {
			t.Fatalf("%s=%s: %v", k, v, err)
		}
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	return tb
}

func move(t *testing.T, tb *table.Table, user, m string, at time.Duration) table.MoveResult {
	t.Helper()
	res, err := tb.Move(tabletest.TurnGame(), user, m, table.AnyVersion, now.Add(at))
	if err != nil {
		t.Fatalf("%s by %s at %v: %v", m, user, at, err)
	}
	return res
}

// due is when the table's clock event falls, after the start (-1: none);
// reminders before it are not counted.
func due(t *testing.T, tb *table.Table) time.Duration {
	t.Helper()
	at, ok := clockDue(tb)
	if !ok {
		return -1
	}
	return at.Sub(now)
}

// clockDue is the table's clock due event.
func clockDue(tb *table.Table) (time.Time, bool) {
	for _, d := range tb.Due {
		if d.Kind == table.DueClock {
			return d.At, true
		}
	}
	return time.Time{}, false
}

// One phase timer runs across all the steps of a turn: however the steps
// are spread, the turn runs out two hours after it began, and the table
// then ends it with the safe answer.
func TestPhaseTimerAcrossSteps(t *testing.T) {
	g := tabletest.TurnGame()
	tb := turnTable(t, map[string]string{"rounds": "1", coreopt.Phase: "2h"})
	for k, step := range []struct {
		spot int
		at   time.Duration
	}{{6, 20 * time.Minute}, {5, 50 * time.Minute}, {4, 100 * time.Minute}} {
		move(t, tb, "a", tabletest.TurnSpot(step.spot), step.at)
		if got := due(t, tb); got != 2*time.Hour {
			t.Fatalf("after step %d the turn is due %v after its start, want 2h", k+1, got)
		}
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(2*time.Hour-time.Second))
	if err != nil || len(res.Steps) != 0 {
		t.Fatalf("before the phase ran out: %d moves (%v)", len(res.Steps), err)
	}
	res, err = tb.Fire(g, games.RandomPolicy, now.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 1 || res.Steps[0].Move != tabletest.TurnEnd || !res.Steps[0].Timeout || !res.Committed {
		t.Fatalf("when the phase ran out: %+v", res.Steps)
	}
	// Seat b's turn is a new phase with its own two hours.
	if got := due(t, tb); got != 4*time.Hour {
		t.Errorf("b's turn is due %v after the start, want 4h", got)
	}
}

// A time bank drains while a seat decides, is paid at the commit (not per
// step) with its increment, and running out gets the safe answer.
func TestTimeBankRunsOut(t *testing.T) {
	g := tabletest.TurnGame()
	tb := turnTable(t, map[string]string{"rounds": "1", coreopt.Deadline: "1d+12h/3d"})
	if got := due(t, tb); got != 24*time.Hour {
		t.Fatalf("first turn due %v, want 24h", got)
	}
	move(t, tb, "a", tabletest.TurnSpot(6), 10*time.Hour)
	if got := due(t, tb); got != 24*time.Hour {
		t.Fatalf("a step moved the deadline to %v", got)
	}
	move(t, tb, "a", tabletest.TurnEnd, 20*time.Hour)
	// a: 24h - 20h + 12h = 16h banked; b decides from 20h with 24h.
	if got := tb.Seats[0].Clock.Bank; got != 16*time.Hour {
		t.Errorf("a's bank after the turn %v, want 16h", got)
	}
	if got := due(t, tb); got != 44*time.Hour {
		t.Fatalf("b's turn due %v, want 44h", got)
	}
	if res, _ := tb.Fire(g, games.RandomPolicy, now.Add(44*time.Hour-time.Minute)); len(res.Steps) != 0 {
		t.Fatalf("b answered for before the bank ran out: %+v", res.Steps)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(44*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 1 || res.Steps[0].Seat != 1 || res.Steps[0].Move != tabletest.TurnEnd || !res.Steps[0].Timeout {
		t.Fatalf("when b's bank ran out: %+v", res.Steps)
	}
	if got := tb.Seats[1].Clock.Bank; got != 12*time.Hour {
		t.Errorf("b's bank after running out %v, want the 12h increment", got)
	}
}

// A bot seat finishes a whole game on its own, through the same path as a
// player: every move of seat b is the bot's, due at once.
func TestBotSeatPlaysWholeGame(t *testing.T) {
	g := tabletest.TurnGame()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: tabletest.TurnID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 3, Now: now,
		Options: map[string]string{"rounds": "3"}})
	if err := tb.Bots().Add(g.Info(), "a", "Bot 1", now); err != nil {
		t.Fatal(err)
	}
	if err := tb.Bots().Add(g.Info(), "b", "Bot 2", now); err == nil {
		t.Error("a non-host added a bot")
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	for n := 0; tb.Status == table.StatusPlaying; n++ {
		if n > 200 {
			t.Fatal("the game does not end")
		}
		st, err := tb.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		if _, mine := games.PromptFor(st, 0); mine {
			m, _ := tabletest.TurnPolicy().Choose(st, 0, 0)
			move(t, tb, "a", m, time.Duration(n)*time.Minute)
			continue
		}
		if d, ok := tb.NextDue(); !ok || d.After(now.Add(time.Duration(n)*time.Minute)) {
			t.Fatalf("the bot's decision is not due now: %+v", tb.Due)
		}
		res, err := tb.Fire(g, tabletest.TurnPolicy(), now.Add(time.Duration(n)*time.Minute))
		if err != nil || len(res.Steps) == 0 {
			t.Fatalf("the bot did not move: %v", err)
		}
		for _, s := range res.Steps {
			if s.Seat != 1 || !s.Bot {
				t.Fatalf("Fire made a move for seat %d (bot %v)", s.Seat, s.Bot)
			}
		}
	}
	// Over: only the game's recording into ratings and stats and posting
	// its replay are due, each once.
	if tb.Status != table.StatusOver || len(tb.Due) != 2 || tb.Due[0].Kind != table.DueRecord || tb.Due[1].Kind != table.DueReplay || !tb.Unrecorded {
		t.Fatalf("status %s, due %+v", tb.Status, tb.Due)
	}
	tb.Recorded()
	if len(tb.Due) != 1 || tb.Unrecorded {
		t.Fatalf("recorded, still due: %+v", tb.Due)
	}
	if tb.TakeEnded(table.DueArchive, tb.EndedAt) || !tb.TakeEnded(table.DueReplay, tb.EndedAt) || len(tb.Due) != 0 || !tb.ReplayStaged {
		t.Fatalf("at the end: due %+v, replay staged %v", tb.Due, tb.ReplayStaged)
	}
	if tb.TakeEnded(table.DueReplay, tb.EndedAt.Add(time.Hour)) {
		t.Fatal("the replay fell due twice")
	}
	replayed, err := tb.History().Rebuild(g)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := replayed.MarshalJSON(); string(data) != string(tb.State) {
		t.Error("the log with the bot's moves does not replay to the state")
	}
}

// TestRemindersNeedTime: a decision timed for less than two hours earns no
// reminder (it would only nag); a longer one earns two, at half and nine
// tenths of its time.
func TestRemindersNeedTime(t *testing.T) {
	short := turnTable(t, map[string]string{"rounds": "1", coreopt.Phase: "30m"})
	for _, d := range short.Due {
		if d.Kind == table.DueRemind {
			t.Errorf("a 30-minute phase earns a reminder: %+v", short.Due)
		}
	}
	long := turnTable(t, map[string]string{"rounds": "1", coreopt.Deadline: "12"})
	var at []time.Duration
	for _, d := range long.Due {
		if d.Kind == table.DueRemind {
			at = append(at, d.At.Sub(now))
		}
	}
	if len(at) != 1 || at[0] != 6*time.Hour {
		t.Fatalf("reminders due %v after the start, want the first at 6h", at)
	}
	got, err := long.Reminders().Take(tabletest.TurnGame(), now.Add(11*time.Hour))
	if err != nil || len(got) != 1 || !got[0].Deadline.Equal(now.Add(12*time.Hour)) {
		t.Fatalf("reminders at 11h: %+v, %v; want one (both moments passed), due at 12h", got, err)
	}
	if again, _ := long.Reminders().Take(tabletest.TurnGame(), now.Add(11*time.Hour)); len(again) != 0 {
		t.Errorf("a reminder was taken twice: %+v", again)
	}
}
