package commands

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// startGame opens a lobby of gameID with typed options, seats players and
// starts it.
func (h *harness) startGame(gameID, options string, players ...string) {
	h.t.Helper()
	h.wantReply(h.slash(players[0], CmdGame, SubNew, OptGame, gameID, OptOptions, options), "en", lobby.KeyOKNew)
	for _, p := range players[1:] {
		h.wantReply(h.click(p, findID(h.t, h.channelMsgs(), KindJoin, "")), games.Lang(localeOf(p)), lobby.KeyOKJoined)
	}
	h.wantReply(h.click(players[0], findID(h.t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
}

// tick runs the scheduler once and carries out its actions.
func (h *harness) tick() []Action {
	h.t.Helper()
	var actions []Action
	for _, res := range h.svc.Tick(ctxBG) {
		h.run(res)
		actions = append(actions, res.Actions...)
	}
	return actions
}

func TestTickAppliesTimeouts(t *testing.T) {
	bidZ := "bid" + tabletest.SecretMarker
	tests := []struct {
		name    string
		game    string
		options string
		annBids bool          // Ann bids herself one hour in
		wait    time.Duration // after the start
		want    []string      // timed-out moves in the log, "seat:move"
		say     []string      // in the board post
	}{
		{name: "off", game: tabletest.ID, options: "rounds=1", wait: 1000 * time.Hour},
		{name: "before the deadline", game: tabletest.ID, options: "rounds=1, deadline=12", wait: 12*time.Hour - time.Minute},
		{name: "both silent", game: tabletest.ID, options: "rounds=1, deadline=12", wait: 12 * time.Hour,
			want: []string{"0:" + bidZ + "1", "1:" + bidZ + "1"},
			say:  []string{"Ann ran out of time; the safe default was chosen privately.", "Bo ran out of time;"}},
		{name: "only the silent seat", game: tabletest.ID, options: "rounds=1, deadline=24", annBids: true, wait: 25 * time.Hour,
			want: []string{"1:" + bidZ + "1"},
			say:  []string{"Bo ran out of time;", "Ann wins the bidding."}},
		{name: "game without timeout moves", game: tabletest.PlainID, options: "rounds=1, deadline=12", wait: 1000 * time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.extra = []games.Game{tabletest.Plain()}
			h.restart()
			h.startGame(tc.game, tc.options, ann, bo)
			if tc.annBids {
				h.advance(time.Hour)
				h.wantDMAnswered(h.bidInDM(ann, "3"))
				h.advance(-time.Hour)
			}
			before := h.table()
			posts := len(h.history())
			h.advance(tc.wait)
			actions := h.tick()
			after := h.table()
			var got []string
			for _, e := range after.Log[len(before.Log):] {
				if !e.Timeout {
					t.Errorf("log entry %+v is not marked as a timeout", e)
				}
				got = append(got, strconv.Itoa(e.Seat)+":"+e.Move)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Fatalf("timed-out moves %v, want %v", got, tc.want)
			}
			if len(tc.want) == 0 {
				// Nothing timed out; at most a reminder per timed seat
				// went out, by DM.
				for _, a := range actions {
					if dm, ok := a.(DirectMessage); !ok || !strings.HasPrefix(dm.Message.Content, "⏰") {
						t.Errorf("nothing timed out, yet %+v", a)
					}
				}
				if len(actions) > 2 || after.Moves != before.Moves {
					t.Errorf("%d actions, moves %d -> %d", len(actions), before.Moves, after.Moves)
				}
				return
			}
			board := h.history()[posts]
			if len(board.Files) != 1 {
				t.Errorf("timeout board post has %d pictures", len(board.Files))
			}
			for _, s := range tc.say {
				if !strings.Contains(board.Content, s) {
					t.Errorf("board post %q lacks %q", board.Content, s)
				}
			}
			if len(actions) < 3 {
				t.Errorf("%d actions, want board post, status edit and DMs", len(actions))
			}
			if again := h.tick(); len(again) != 0 || h.table().Version != after.Version {
				t.Errorf("second tick made %d actions", len(again))
			}
			if res := h.slash(cy, CmdGame, SubLog, ""); !strings.Contains(res.Reply.Content, "(out of time)") {
				t.Errorf("log %q does not mark the timeout", res.Reply.Content)
			}
			h.assertNoSecrets()
		})
	}
}

// A public decision names the default taken; its deadline restarts with it.
func TestTickPublicPrompt(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=48", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	stale := findID(t, h.channelMsgs(), KindMove, "leap")
	h.advance(48 * time.Hour)
	posts := len(h.history())
	if len(h.tick()) == 0 {
		t.Fatal("Ann's turn did not time out")
	}
	if board := h.history()[posts]; !strings.HasPrefix(board.Content, "Ann ran out of time: Step.\nAnn steps.") {
		t.Errorf("board post %q", board.Content)
	}
	h.wantReply(h.click(ann, stale), "en", table.ErrStale)
	if h.table().Seats[1].PromptVersion != h.table().Version {
		t.Error("Bo's turn is not a new decision")
	}
	h.advance(47 * time.Hour)
	moves := h.table().Moves
	h.tick() // reminders only
	if h.table().Moves != moves {
		t.Error("Bo's turn timed out before its own deadline")
	}
	h.advance(time.Hour)
	h.tick()
	if tb := h.table(); tb.Status != table.StatusOver {
		t.Errorf("status %s after the last timeout, want over", tb.Status)
	}
	h.assertNoSecrets()
}

func TestStatusShowsDeadline(t *testing.T) {
	tests := []struct {
		options string
		want    string // in the live status; "" means no deadline shown
	}{
		{"rounds=1", ""},
		{"rounds=1, deadline=24", "Time runs out <t:"},
	}
	for _, tc := range tests {
		h := newHarness(t)
		h.startGame(tabletest.ID, tc.options, ann, bo)
		tb := h.table()
		status := h.msgs[tb.StatusMessageID].msg.Content
		due := strconv.FormatInt(h.now().Add(24*time.Hour).Unix(), 10)
		if tc.want == "" {
			if strings.Contains(status, "<t:") {
				t.Errorf("%s: status %q shows a deadline", tc.options, status)
			}
			continue
		}
		if strings.Count(status, tc.want) != 2 || !strings.Contains(status, "<t:"+due+":R>") {
			t.Errorf("%s: status %q, want both seats' deadline %s", tc.options, status, due)
		}
		clockAt := time.Time{}
		for _, d := range tb.Due {
			if d.Kind == table.DueClock {
				clockAt = d.At
			}
		}
		if !clockAt.Equal(h.now().Add(24 * time.Hour)) {
			t.Errorf("table due %+v, want the clock at 24h", tb.Due)
		}
	}
}

func TestDeadlineOptionInLobby(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "deadline=5"), "en", coreopt.ErrBadValue)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
	lobbyID := h.table().LobbyMessageID
	if got := h.msgs[lobbyID].msg.Content; !strings.Contains(got, "Clock (hours per decision, or a time bank) = off") {
		t.Errorf("lobby %q does not show the deadline", got)
	}
	h.wantReply(h.click(ann, findID(t, h.history(), KindOption, coreopt.Deadline), "72"), "en", lobby.KeyOKOption)
	if got := h.msgs[lobbyID].msg.Content; !strings.Contains(got, "Clock (hours per decision, or a time bank) = 72") {
		t.Errorf("lobby %q after choosing 72", got)
	}
	if h.table().Clocks().DeadlineHours() != 72 {
		t.Errorf("deadline %d hours, want 72", h.table().Clocks().DeadlineHours())
	}
}

// collidingGame declares an option reserved for the table.
type collidingGame struct{ games.Game }

func (c collidingGame) Info() games.Info {
	info := c.Game.Info()
	info.ID = "colliding"
	info.Options = append(info.Options, games.OptionSpec{ID: coreopt.Deadline, Choices: []string{"x"}, Default: "x"})
	return info
}

func TestNewServiceRefusesReservedOptions(t *testing.T) {
	h := newHarness(t)
	reg, err := games.NewRegistry(tabletest.Game(), collidingGame{tabletest.Game()})
	if err != nil {
		t.Fatal(err)
	}
	if s, err := NewService(Deps{Games: reg, Store: h.store}); err == nil || s != nil {
		t.Errorf("NewService accepted a game option named %q", coreopt.Deadline)
	}
}

// A table nobody plays closes itself after IdleTimeouts answers per seat in
// a row, instead of posting a board every deadline forever (Zauberschwert,
// for one, loops when everyone passes at two creatures).
func TestTickClosesIdleTable(t *testing.T) {
	h := newHarness(t)
	h.extra = []games.Game{zauberschwert.New()}
	h.restart()
	h.startGame("zauberschwert", "deadline=12", ann, bo)
	var last []Action
	for k := 0; k < 10*table.IdleTimeouts && h.table().Status == table.StatusPlaying; k++ {
		h.advance(12 * time.Hour)
		last = h.tick()
	}
	tb := h.table()
	if tb.Status != table.StatusAbandoned || !tb.Idle.Reached(tb.Seats) {
		t.Fatalf("status %s after %d log entries, want abandoned by idleness", tb.Status, tb.Moves)
	}
	if n := tb.Moves; n != 2*table.IdleTimeouts {
		t.Errorf("closed after %d timeouts, want %d", n, 2*table.IdleTimeouts)
	}
	posted := false
	for _, a := range last {
		switch a := a.(type) {
		case DirectMessage:
			t.Errorf("a closed table sends DMs: %+v", a)
		case ChannelPost:
			posted = posted || strings.Contains(a.Message.Content, "Nobody has played for 8 deadlines")
			if len(a.Message.Components) > 0 {
				t.Errorf("a closed table's post offers components")
			}
		}
	}
	if !posted {
		t.Error("the channel is not told why the table closed")
	}
	h.advance(1000 * time.Hour)
	if len(h.tick()) != 0 {
		t.Error("a closed table is still ticked")
	}
}

// TestAbsentPlayerBotAndReturn: with absent=bot, a player who lets the
// clock run out is told in the channel that a bot plays their seat; the
// bot plays on without waiting; /game return gives the seat back.
func TestAbsentPlayerBotAndReturn(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=2, deadline=12, absent=bot", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantReply(h.slash(bo, CmdGame, SubReturn), "de", table.ErrNotAway)
	h.advance(13 * time.Hour)
	h.tick()
	tb := h.table()
	if s := tb.Seats[tb.SeatOf(bo)]; !s.Bot || !s.Away {
		t.Fatalf("bo's seat %+v, want taken over", s)
	}
	said := false
	for _, m := range h.history() {
		said = said || strings.Contains(m.Content, "Bo's time ran out: a bot plays their seat")
	}
	if !said {
		t.Error("the channel was not told that a bot took Bo's seat")
	}
	if st := h.slash(ann, CmdGame, SubStatus); st.Reply == nil || !strings.Contains(st.Reply.Content, "A bot plays Bo's seat until they return") {
		t.Errorf("status does not say who a bot plays for: %+v", st.Reply)
	}
	h.wantReply(h.slash(bo, CmdGame, SubReturn), "de", play.KeyOKReturned)
	if tb = h.table(); tb.Seats[tb.SeatOf(bo)].Bot || tb.Status != table.StatusPlaying && tb.Status != table.StatusOver {
		t.Fatalf("after returning: %+v (%s)", tb.Seats[tb.SeatOf(bo)], tb.Status)
	}
	h.wantReply(h.slash(bo, CmdGame, SubReturn), "de", table.ErrNotAway)
	h.assertNoSecrets()
}

// TestStatusShowsBanks: with a time bank, the status tells every seat not
// deciding now what its bank holds.
func TestStatusShowsBanks(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=3d+1d/7d", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	st := h.slash(ann, CmdGame, SubStatus)
	if st.Reply == nil || !strings.Contains(st.Reply.Content, "Ann has ") || strings.Contains(st.Reply.Content, "Bo has ") {
		t.Fatalf("status %+v: want Ann's bank (she waits), not Bo's (he decides)", st.Reply)
	}
}

// TestReminders: a player who has not decided is reminded once when half
// their time is gone and once at nine tenths, by DM (or by a mention when
// their DMs are closed); nothing more comes.
func TestReminders(t *testing.T) {
	h := newHarness(t)
	h.blocked[bo] = true
	h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
	reminders := func() (dms, pings int) {
		for _, a := range h.tick() {
			switch a := a.(type) {
			case DirectMessage:
				if strings.HasPrefix(a.Message.Content, "⏰") {
					dms++
					if !strings.Contains(a.Message.Content, "<#"+chanA+">") || !strings.Contains(a.Message.Content, "<t:") {
						t.Errorf("reminder %q lacks the channel or the time", a.Message.Content)
					}
					if h.blocked[a.UserID] && a.Blocked != nil && strings.Contains(a.Blocked.Message.Content, "<@"+a.UserID+">") {
						pings++
					}
				}
			}
		}
		return
	}
	steps := []struct {
		after      time.Duration
		dms, pings int
	}{
		{5 * time.Hour, 0, 0},
		{time.Hour, 2, 1}, // half of 12 hours: Ann by DM, Bo (DMs closed) by mention
		{time.Hour, 0, 0},
		{4 * time.Hour, 2, 1}, // 11 hours: past nine tenths
		{30 * time.Minute, 0, 0},
	}
	for k, st := range steps {
		h.advance(st.after)
		if dms, pings := reminders(); dms != st.dms || pings != st.pings {
			t.Errorf("step %d: %d reminders, %d of them mentions; want %d and %d", k, dms, pings, st.dms, st.pings)
		}
	}
	// A decision made starts afresh: no reminder is owed for it yet.
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	if dms, _ := reminders(); dms != 0 {
		t.Errorf("%d reminders right after a move", dms)
	}
}

// TestStatusPinned: the live status is pinned while the game runs and
// unpinned when it ends.
func TestStatusPinned(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	statusID := h.table().StatusMessageID
	if statusID == "" || !h.pinned[statusID] {
		t.Fatalf("status %q not pinned: %v", statusID, h.pinned)
	}
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)
	if tb := h.table(); tb.Status != table.StatusOver || h.pinned[statusID] || tb.StatusMessageID != statusID {
		t.Fatalf("after the end: status %s, pinned %v", tb.Status, h.pinned)
	}
}
