package table_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// startedWith starts a two-seat table of g with the deadline option set.
func startedWith(t *testing.T, g games.Game, deadline string) *table.Table {
	t.Helper()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 7, Now: now,
		Options: map[string]string{"rounds": "1"}})
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "b", Name: "b"}, now); err != nil {
		t.Fatal(err)
	}
	if deadline != "" {
		if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Deadline, deadline, now); err != nil {
			t.Fatalf("set deadline %q: %v", deadline, err)
		}
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	return tb
}

func TestApplyTimeouts(t *testing.T) {
	tests := []struct {
		name     string
		game     games.Game
		deadline string
		bidFirst bool          // seat a bids itself one hour in
		at       time.Duration // after the start
		want     []table.Step
		deadAt   time.Duration // Deadline afterwards, after the start; 0 = none
	}{
		{name: "off", game: tabletest.Game(), at: 1000 * time.Hour},
		{name: "explicitly off", game: tabletest.Game(), deadline: coreopt.DeadlineOff, at: 1000 * time.Hour},
		{name: "before the deadline", game: tabletest.Game(), deadline: "12", at: 12*time.Hour - time.Second, deadAt: 12 * time.Hour},
		{name: "both seats due", game: tabletest.Game(), deadline: "12", at: 12 * time.Hour,
			want:   []table.Step{{Seat: 0, Move: "bid" + tabletest.SecretMarker + "1", Secret: true}, {Seat: 1, Move: "bid" + tabletest.SecretMarker + "1", Secret: true}},
			deadAt: 24 * time.Hour},
		{name: "only the silent seat", game: tabletest.Game(), deadline: "24", bidFirst: true, at: 30 * time.Hour,
			want:   []table.Step{{Seat: 1, Move: "bid" + tabletest.SecretMarker + "1", Secret: true}},
			deadAt: 54 * time.Hour},
		{name: "game without timeout moves", game: tabletest.Plain(), deadline: "12", at: 1000 * time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := startedWith(t, tc.game, tc.deadline)
			if tc.bidFirst {
				if _, err := tb.Move(tc.game, "a", "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			before, version := len(tb.Log), tb.Version
			res, err := tb.Fire(tc.game, games.RandomPolicy, now.Add(tc.at))
			if err != nil {
				t.Fatal(err)
			}
			got, st := res.Steps, res.State
			if len(got) != len(tc.want) {
				t.Fatalf("%d timeout moves %+v, want %d", len(got), got, len(tc.want))
			}
			for k, w := range tc.want {
				if got[k].Seat != w.Seat || got[k].Move != w.Move || got[k].Secret != w.Secret || !got[k].Timeout || !strings.Contains(got[k].Label.Key, "bid") {
					t.Errorf("move %d = %+v, want %+v", k, got[k], w)
				}
				e := tb.Log[before+k]
				if !e.Timeout || e.Seat != w.Seat || e.Move != w.Move || !e.At.Equal(now.Add(tc.at)) {
					t.Errorf("log entry %d = %+v", before+k, e)
				}
			}
			if wantV := version + len(tc.want); tb.Version != wantV {
				t.Errorf("version %d, want %d", tb.Version, wantV)
			}
			dead, ok := clockDue(tb)
			if wantDead := now.Add(tc.deadAt); (tc.deadAt != 0) != ok || (ok && !dead.Equal(wantDead)) {
				t.Errorf("clock due %v (%v), want %v after the start", dead.Sub(now), ok, tc.deadAt)
			}
			for _, d := range tb.Due {
				if d.Kind != table.DueClock && d.Kind != table.DueRemind || d.Kind == table.DueRemind && !d.At.Before(dead) {
					t.Errorf("due events %+v, want the clock and reminders before it", tb.Due)
				}
			}
			if len(tc.want) == 0 {
				return
			}
			if again, err := tb.Fire(tc.game, games.RandomPolicy, now.Add(tc.at)); err != nil || len(again.Steps) != 0 {
				t.Errorf("second call made %d moves (%v)", len(again.Steps), err)
			}
			replayed, err := tb.History().Rebuild(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := replayed.MarshalJSON()
			b, _ := st.MarshalJSON()
			if !bytes.Equal(a, b) || !bytes.Equal(b, tb.State) {
				t.Error("replaying the log does not reproduce the state after timeouts")
			}
		})
	}
}

func TestTimeoutMakesOldButtonsStale(t *testing.T) {
	tb := startedWith(t, tabletest.Game(), "12")
	g := tabletest.Game()
	button := tb.Version
	if _, err := tb.Fire(g, games.RandomPolicy, now.Add(12*time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, err := tb.Move(g, "a", "leap", button, now.Add(13*time.Hour))
	if key := errKey(t, err); key != table.ErrStale {
		t.Errorf("button from before the timeout: %q, want %s", key, table.ErrStale)
	}
}

// The deadline holds per decision: the decision that follows a timed-out
// answer, even the same seat's, gets the full time again.
func TestTimeoutClockPerSeat(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "12")
	if _, err := tb.Move(g, "b", "bid"+tabletest.SecretMarker+"2", table.AnyVersion, now.Add(11*time.Hour)); err != nil {
		t.Fatal(err)
	}
	at := now.Add(12 * time.Hour)
	res, err := tb.Fire(g, games.RandomPolicy, at)
	if err != nil {
		t.Fatal(err)
	}
	moves, st := res.Steps, res.State
	if len(moves) != 1 || moves[0].Seat != 0 {
		t.Fatalf("timeout moves %+v, want seat 0's bid only", moves)
	}
	// Seat 0 opens the turn phase: a new decision, due 12 hours from now.
	if got, ok := tb.Clocks().Deadline(st, res.Pending, 0); !ok || !got.Equal(at.Add(12*time.Hour)) {
		t.Errorf("seat 0 deadline %v %v, want %v", got, ok, at.Add(12*time.Hour))
	}
	if _, ok := tb.Clocks().Deadline(st, res.Pending, 1); ok {
		t.Error("seat 1 has nothing pending but a deadline")
	}
}

func TestCoreOptions(t *testing.T) {
	g := tabletest.Game()
	tb := lobby(t, "a", "b")
	if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Deadline, "5", now); errKey(t, err) != coreopt.ErrBadValue {
		t.Errorf("deadline 5: %v, want %s", err, coreopt.ErrBadValue)
	}
	if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Deadline, "48", now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	if tb.Clocks().DeadlineHours() != 48 || tb.Options["rounds"] != "2" {
		t.Errorf("options after start %v", tb.Options)
	}
	if _, seen := tb.Setup().Options[coreopt.Deadline]; seen {
		t.Error("the game is set up with the core deadline option")
	}
	info := g.Info()
	if err := coreopt.CheckIDs(info); err != nil {
		t.Errorf("fake game: %v", err)
	}
	info.Options = append(info.Options, games.OptionSpec{ID: coreopt.Deadline})
	if err := coreopt.CheckIDs(info); err == nil {
		t.Error("a game option named like a core option is accepted")
	}
}

func TestCloseIdle(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		seats []table.Seat
		idle  []int
		close bool
	}{
		{"nothing timed out", []table.Seat{{UserID: "a"}, {UserID: "b"}}, nil, false},
		{"every seat idle", []table.Seat{{UserID: "a"}, {UserID: "b"}}, []int{table.IdleTimeouts, table.IdleTimeouts + 3}, true},
		{"one seat one short", []table.Seat{{UserID: "a"}, {UserID: "b"}}, []int{table.IdleTimeouts, table.IdleTimeouts - 1}, false},
		{"bots do not keep a table alive", []table.Seat{{UserID: "a"}, {UserID: "bot:1", Bot: true}}, []int{table.IdleTimeouts, 0}, true},
		{"only bots idle", []table.Seat{{UserID: "bot:1", Bot: true}}, []int{0}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := &table.Table{Status: table.StatusPlaying, Seats: tc.seats, Idle: tc.idle}
			if got := tb.CloseIdle(now); got != tc.close {
				t.Fatalf("CloseIdle = %v, want %v", got, tc.close)
			}
			want := table.StatusPlaying
			if tc.close {
				want = table.StatusAbandoned
			}
			if tb.Status != want {
				t.Errorf("status %v, want %v", tb.Status, want)
			}
		})
	}
}

// A player's own move ends their idle streak; timeouts build it.
func TestIdleStreak(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "12")
	if _, err := tb.Fire(g, games.RandomPolicy, now.Add(12*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if len(tb.Idle) != 2 || tb.Idle[0] != 1 || tb.Idle[1] != 1 {
		t.Fatalf("idle after both bids timed out: %v", tb.Idle)
	}
	if _, err := tb.Move(g, "a", "leap", table.AnyVersion, now.Add(13*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if tb.Idle[0] != 0 || tb.Idle[1] != 1 {
		t.Errorf("idle after seat 0 moved: %v", tb.Idle)
	}
}

func TestAddRemoveBot(t *testing.T) {
	g := tabletest.Game()
	tb := lobby(t, "a")
	steps := []struct {
		name, user string
		add        bool
		err        string
		bots       int
	}{
		{"no bot to remove", "a", false, table.ErrNoBot, 0},
		{"host adds", "a", true, "", 1},
		{"a stranger cannot add", "x", true, table.ErrNotHost, 1},
		{"host adds another", "a", true, "", 2},
		{"a stranger cannot remove", "x", false, table.ErrNotHost, 2},
		{"host removes", "a", false, "", 1},
	}
	for _, st := range steps {
		var err error
		if st.add {
			err = tb.Bots().Add(g.Info(), st.user, "Bot", now)
		} else {
			err = tb.Bots().Remove(st.user, now)
		}
		if st.err == "" && err != nil || st.err != "" && errKey(t, err) != st.err {
			t.Fatalf("%s: %v, want %q", st.name, err, st.err)
		}
		bots := 0
		for _, s := range tb.Seats {
			if s.Bot {
				bots++
				if !strings.HasPrefix(s.UserID, "bot:") {
					t.Errorf("bot seat with user id %q", s.UserID)
				}
			}
		}
		if bots != st.bots {
			t.Fatalf("%s: %d bots, want %d", st.name, bots, st.bots)
		}
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	if err := tb.Bots().Remove("a", now); errKey(t, err) != table.ErrAlreadyStarted {
		t.Errorf("removing a bot from a running game: %v", err)
	}
}

// TestAbsentBotTakesOver: with absent=bot a seat whose time ran out is
// played by the bot policy from then on (the first of its moves says so),
// the other seat keeps its clock, and Return gives the seat back with a
// fresh decision; a seat nobody took over cannot return.
func TestAbsentBotTakesOver(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "12")
	if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Absent, coreopt.AbsentBot, now); err == nil {
		t.Fatal("options change after the start")
	}
	tb.Options[coreopt.Absent] = coreopt.AbsentBot // as chosen in the lobby
	if _, err := tb.Move(g, "a", "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(13*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) == 0 || res.Steps[0].Seat != 1 || !res.Steps[0].Bot || res.Steps[0].Timeout || !slices.Equal(res.TookOver, []int{1}) {
		t.Fatalf("steps %+v, taken over %v: want b's seat taken over by a bot, which answers", res.Steps, res.TookOver)
	}
	if tb.Seats[1].Missed != 1 {
		t.Errorf("b missed %d decisions, want 1", tb.Seats[1].Missed)
	}
	if s := tb.Seats[1]; !s.Bot || !s.Away || tb.Seats[0].Bot {
		t.Fatalf("seats %+v", tb.Seats)
	}
	if _, err := tb.Bots().Return(g, "a", now.Add(14*time.Hour)); errKey(t, err) != table.ErrNotAway {
		t.Fatalf("a returns: %v, want not away", err)
	}
	if _, err := tb.Bots().Return(g, "x", now.Add(14*time.Hour)); errKey(t, err) != table.ErrNotSeated {
		t.Fatalf("a stranger returns: %v", err)
	}
	version := tb.Version
	back, err := tb.Bots().Return(g, "b", now.Add(14*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if s := tb.Seats[1]; s.Bot || s.Away || tb.Version <= version {
		t.Fatalf("after returning: %+v, version %d", s, tb.Version)
	}
	if len(games.SeatPrompts(back.Pending, 1)) > 0 && (tb.Seats[1].PromptVersion != tb.Version || !tb.Seats[1].PromptSince.Equal(now.Add(14*time.Hour))) {
		t.Errorf("b's decision is not new after returning: %+v", tb.Seats[1])
	}
}

// TestAbsentBotTakesOverThinkingApart: when the bot that takes a seat over
// thinks its move out apart (it defers in the change), that change still
// says so and counts the missed decision, and the change that plays the
// bot's move later says nothing more of it.
func TestAbsentBotTakesOverThinkingApart(t *testing.T) {
	g := tabletest.Game()
	tb := startedWith(t, g, "12")
	tb.Options[coreopt.Absent] = coreopt.AbsentBot
	if _, err := tb.Move(g, "a", "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	res, err := tb.FireWith(g, table.Thought{}, now.Add(13*time.Hour)) // thought out later
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 0 || !slices.Equal(res.TookOver, []int{1}) {
		t.Fatalf("steps %+v, taken over %v: want b's seat taken over and no move yet", res.Steps, res.TookOver)
	}
	if s := tb.Seats[1]; !s.Bot || !s.Away || s.Missed != 1 {
		t.Fatalf("b's seat after the takeover: %+v", s)
	}
	res, err = tb.Fire(g, games.RandomPolicy, now.Add(13*time.Hour+time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) == 0 || res.Steps[0].Seat != 1 || !res.Steps[0].Bot || len(res.TookOver) != 0 {
		t.Fatalf("steps %+v, taken over %v: want the bot's move alone", res.Steps, res.TookOver)
	}
	if tb.Seats[1].Missed != 1 {
		t.Errorf("b missed %d decisions, want 1", tb.Seats[1].Missed)
	}
}

// TestTimeUp: a game's time-is-up move is played by the table when a
// clock runs out, logged and replayed like any move, and refused from a
// player, who is never offered it.
func TestTimeUp(t *testing.T) {
	g := tabletest.TimeUp(tabletest.Game(), "")
	tb := startedWith(t, g, "12")
	if _, err := tb.Move(g, "a", "timeup", table.AnyVersion, now.Add(time.Hour)); errKey(t, err) != table.ErrOptionNotPending {
		t.Fatalf("a player's time-up move: %v, want %s", err, table.ErrOptionNotPending)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(12*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) != 2 {
		t.Fatalf("%d moves when both clocks ran out, want 2", len(res.Steps))
	}
	for _, st := range res.Steps {
		if st.Move != "timeup" || !st.Timeout || !st.TimeUp || st.Label.Key != "timeup.opt" || !st.Secret {
			t.Errorf("step %+v, want the secret time-up move", st)
		}
	}
	for _, e := range tb.Log[len(tb.Log)-2:] {
		if !e.Timeout || !e.TimeUp {
			t.Errorf("log entry %+v is not marked as the game's time-up move", e)
		}
	}
	replayed, err := tb.History().Rebuild(g)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := replayed.MarshalJSON()
	if !bytes.Equal(a, tb.State) {
		t.Error("replaying the log does not reproduce the state after time-up moves")
	}
}
