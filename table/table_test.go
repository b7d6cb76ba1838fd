package table_test

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/tabletest"
)

var now = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func lobby(t *testing.T, players ...string) *table.Table {
	t.Helper()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: tabletest.ID, Lang: "de-DE", Host: table.Seat{UserID: players[0], Name: players[0]}, Seed: 7, Now: now})
	for _, p := range players[1:] {
		if err := tb.Lobby().Join(tabletest.Game().Info(), table.Seat{UserID: p, Name: p}, now); err != nil {
			t.Fatalf("join %s: %v", p, err)
		}
	}
	return tb
}

func started(t *testing.T, players ...string) *table.Table {
	t.Helper()
	tb := lobby(t, players...)
	if _, err := tb.Lobby().Start(tabletest.Game(), players[0], now); err != nil {
		t.Fatalf("start: %v", err)
	}
	return tb
}

// errKey returns the catalog key of a player-facing error, or "" for nil.
func errKey(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var ge *games.Error
	if !errors.As(err, &ge) {
		t.Fatalf("error %v is not a *games.Error", err)
	}
	return ge.Text.Key
}

func TestJoinLeave(t *testing.T) {
	tests := []struct {
		name    string
		table   func(t *testing.T) *table.Table
		join    string
		leave   string
		wantErr string
		check   func(t *testing.T, tb *table.Table)
	}{
		{name: "join ok", table: func(t *testing.T) *table.Table { return lobby(t, "a") }, join: "b",
			check: func(t *testing.T, tb *table.Table) {
				if tb.SeatOf("b") != 1 {
					t.Errorf("b seated at %d, want 1", tb.SeatOf("b"))
				}
			}},
		{name: "join twice", table: func(t *testing.T) *table.Table { return lobby(t, "a", "b") }, join: "b", wantErr: table.ErrAlreadySeated},
		{name: "join full", table: func(t *testing.T) *table.Table { return lobby(t, "a", "b", "c", "d") }, join: "e", wantErr: table.ErrTableFull},
		{name: "join started", table: func(t *testing.T) *table.Table { return started(t, "a", "b") }, join: "c", wantErr: table.ErrAlreadyStarted},
		{name: "leave stranger", table: func(t *testing.T) *table.Table { return lobby(t, "a") }, leave: "x", wantErr: table.ErrNotSeated},
		{name: "leave started", table: func(t *testing.T) *table.Table { return started(t, "a", "b") }, leave: "b", wantErr: table.ErrAlreadyStarted},
		{name: "host leaves", table: func(t *testing.T) *table.Table { return lobby(t, "a", "b") }, leave: "a",
			check: func(t *testing.T, tb *table.Table) {
				if tb.Host != "b" || tb.Status != table.StatusLobby {
					t.Errorf("host %q status %q, want b lobby", tb.Host, tb.Status)
				}
			}},
		{name: "last leaves", table: func(t *testing.T) *table.Table { return lobby(t, "a") }, leave: "a",
			check: func(t *testing.T, tb *table.Table) {
				if tb.Status != table.StatusAbandoned {
					t.Errorf("status %q, want abandoned", tb.Status)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := tc.table(t)
			v := tb.Version
			var err error
			if tc.join != "" {
				err = tb.Lobby().Join(tabletest.Game().Info(), table.Seat{UserID: tc.join}, now)
			} else {
				err = tb.Lobby().Leave(tc.leave, now)
			}
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if tc.wantErr != "" && tb.Version != v {
				t.Errorf("version changed on error: %d -> %d", v, tb.Version)
			}
			if tc.wantErr == "" && tb.Version != v+1 {
				t.Errorf("version %d, want %d", tb.Version, v+1)
			}
			if tc.check != nil {
				tc.check(t, tb)
			}
		})
	}
}

func TestStart(t *testing.T) {
	tests := []struct {
		name    string
		players []string
		by      string
		options map[string]string
		wantErr string
	}{
		{name: "ok defaults", players: []string{"a", "b"}, by: "a"},
		{name: "ok option", players: []string{"a", "b"}, by: "a", options: map[string]string{"rounds": "3"}},
		{name: "not host", players: []string{"a", "b"}, by: "b", wantErr: table.ErrNotHost},
		{name: "stranger", players: []string{"a", "b"}, by: "x", wantErr: table.ErrNotHost},
		{name: "too few (one seated: the singular)", players: []string{"a"}, by: "a", wantErr: table.ErrPlayerCount + ".one"},
		{name: "unknown option", players: []string{"a", "b"}, by: "a", options: map[string]string{"speed": "1"}, wantErr: coreopt.ErrUnknown},
		{name: "bad value", players: []string{"a", "b"}, by: "a", options: map[string]string{"rounds": "9"}, wantErr: coreopt.ErrBadValue},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := lobby(t, tc.players...)
			tb.Options = tc.options
			st, err := tb.Lobby().Start(tabletest.Game(), tc.by, now)
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if tc.wantErr != "" {
				if tb.Status != table.StatusLobby || tb.State != nil {
					t.Errorf("failed start changed the table: status %q", tb.Status)
				}
				return
			}
			want := "2"
			if v, ok := tc.options["rounds"]; ok {
				want = v
			}
			if tb.Options["rounds"] != want || strconv.Itoa(st.(*tabletest.State).Rounds) != want {
				t.Errorf("rounds option %q, state %d, want %s", tb.Options["rounds"], st.(*tabletest.State).Rounds, want)
			}
			if tb.Status != table.StatusPlaying || len(tb.State) == 0 {
				t.Errorf("status %q, state %d bytes", tb.Status, len(tb.State))
			}
			if _, err := tb.Lobby().Start(tabletest.Game(), tc.by, now); errKey(t, err) != table.ErrAlreadyStarted {
				t.Errorf("second start: %v", err)
			}
		})
	}
}

func TestSetOption(t *testing.T) {
	tests := []struct {
		name, by, id, value, wantErr string
	}{
		{"ok", "a", "rounds", "3", ""},
		{"not host", "b", "rounds", "3", table.ErrNotHost},
		{"bad value", "a", "rounds", "0", coreopt.ErrBadValue},
		{"unknown", "a", "color", "red", coreopt.ErrUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := lobby(t, "a", "b")
			err := tb.Lobby().SetOption(tabletest.Game().Info(), tc.by, tc.id, tc.value, now)
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if got := tb.Options[tc.id]; (got == tc.value) != (tc.wantErr == "") {
				t.Errorf("option %s = %q after error %q", tc.id, got, tc.wantErr)
			}
		})
	}
}

func TestMoveChecks(t *testing.T) {
	// After start (version v0) both seats owe a secret bid; the turn phase
	// follows. Each case plays setup moves, then the checked move.
	type mv struct {
		user, move string
		version    func(v0 int) int
	}
	at := func(d int) func(int) int { return func(v0 int) int { return v0 + d } }
	tests := []struct {
		name    string
		setup   []mv
		move    mv
		wantErr string
	}{
		{name: "ok", move: mv{"a", "bidzz1", at(0)}},
		{name: "any version", move: mv{"a", "bidzz1", func(int) int { return table.AnyVersion }}},
		{name: "stranger", move: mv{"x", "bidzz1", at(0)}, wantErr: table.ErrNotSeated},
		{name: "not pending option", move: mv{"a", "step", at(0)}, wantErr: table.ErrOptionNotPending},
		{name: "future version", move: mv{"a", "bidzz1", at(5)}, wantErr: table.ErrStale},
		{name: "double click", setup: []mv{{"a", "bidzz1", at(0)}}, move: mv{"a", "bidzz2", at(0)}, wantErr: table.ErrStale},
		{name: "typed after own bid", setup: []mv{{"a", "bidzz1", at(0)}}, move: mv{"a", "bidzz2", func(int) int { return table.AnyVersion }}, wantErr: table.ErrNotYourTurn},
		{name: "simultaneous other seat keeps old button", setup: []mv{{"a", "bidzz1", at(0)}}, move: mv{"b", "bidzz2", at(0)}},
		{name: "stale after prompt changed", setup: []mv{{"a", "bidzz3", at(0)}, {"b", "bidzz1", at(1)}}, move: mv{"a", "step", at(1)}, wantErr: table.ErrStale},
		{name: "fresh after prompt changed", setup: []mv{{"a", "bidzz3", at(0)}, {"b", "bidzz1", at(1)}}, move: mv{"a", "step", at(2)}},
		{name: "wrong player", setup: []mv{{"a", "bidzz3", at(0)}, {"b", "bidzz1", at(1)}}, move: mv{"b", "step", at(2)}, wantErr: table.ErrNotYourTurn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := started(t, "a", "b")
			v0 := tb.Version
			for _, s := range tc.setup {
				if _, err := tb.Move(tabletest.Game(), s.user, s.move, s.version(v0), now); err != nil {
					t.Fatalf("setup move %v: %v", s, err)
				}
			}
			before, _ := tb.Clone()
			res, err := tb.Move(tabletest.Game(), tc.move.user, tc.move.move, tc.move.version(v0), now)
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if tc.wantErr != "" {
				if tb.Version != before.Version || len(tb.Log) != len(before.Log) || !bytes.Equal(tb.State, before.State) {
					t.Errorf("table changed on error")
				}
				return
			}
			if tb.Version != before.Version+1 || len(tb.Log) != len(before.Log)+1 {
				t.Errorf("version %d log %d, want %d and %d", tb.Version, len(tb.Log), before.Version+1, len(before.Log)+1)
			}
			last, _ := tb.History().Last()
			if last.Move != tc.move.move || last.Seat != res.Seat() || last.Version != tb.Version {
				t.Errorf("last entry %+v", last)
			}
			stored, err := tb.Load(tabletest.Game())
			if err != nil {
				t.Fatal(err)
			}
			if a, b := mustJSON(t, stored), mustJSON(t, res.State); !bytes.Equal(a, b) {
				t.Errorf("stored state differs from applied state")
			}
		})
	}
}

func mustJSON(t *testing.T, st games.State) []byte {
	t.Helper()
	b, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRebuildMatchesStored answers a fixed option of the first pending prompt until the
// game ends, checking after every move that replay rebuilds the stored state.
func TestRebuildMatchesStored(t *testing.T) {
	for _, tc := range []struct {
		seed    uint64
		players []string
		pick    int
	}{{1, []string{"a", "b"}, 0}, {2, []string{"a", "b", "c"}, 2}, {99, []string{"a", "b", "c", "d"}, 1}} {
		tb := started(t, tc.players...)
		tb.Seed = tc.seed
		st, err := tb.History().Rebuild(tabletest.Game())
		if err != nil {
			t.Fatal(err)
		}
		tb.State = mustJSON(t, st)
		for moves := 0; tb.Status == table.StatusPlaying; moves++ {
			if moves > 100 {
				t.Fatal("game did not end")
			}
			st, _ := tb.Load(tabletest.Game())
			p := st.Pending()[0]
			o := p.Options[tc.pick%len(p.Options)]
			if _, err := tb.Move(tabletest.Game(), tb.Seats[p.Seat].UserID, o.ID, table.AnyVersion, now); err != nil {
				t.Fatalf("move: %v", err)
			}
			re, err := tb.History().Rebuild(tabletest.Game())
			if err != nil {
				t.Fatal(err)
			}
			if got := mustJSON(t, re); !bytes.Equal(got, tb.State) {
				t.Fatalf("seed %d move %d: rebuilt state differs:\n%s\n%s", tc.seed, moves, got, tb.State)
			}
		}
		if tb.Status != table.StatusOver {
			t.Errorf("status %q, want over", tb.Status)
		}
	}
}

func TestUndo(t *testing.T) {
	type mv struct{ user, move string }
	tests := []struct {
		name    string
		moves   []mv
		by      string
		rules   string // the rules version the table started under, if not the game's
		wantErr string
	}{
		{name: "nothing", by: "a", wantErr: table.ErrNothingToUndo},
		{name: "own secret bid", moves: []mv{{"a", "bidzz1"}}, by: "a"},
		{name: "someone else's", moves: []mv{{"a", "bidzz1"}}, by: "b", wantErr: table.ErrUndoNotYours},
		{name: "someone moved since", moves: []mv{{"a", "bidzz1"}, {"b", "bidzz2"}}, by: "a", wantErr: table.ErrUndoNotYours},
		{name: "revealing move", moves: []mv{{"a", "bidzz1"}, {"b", "bidzz2"}}, by: "b", wantErr: table.ErrUndoRevealed},
		{name: "plain turn", moves: []mv{{"a", "bidzz1"}, {"b", "bidzz2"}, {"a", "leap"}}, by: "a"},
		{name: "plain turn, older rules", moves: []mv{{"a", "bidzz1"}, {"b", "bidzz2"}, {"a", "leap"}}, by: "a", rules: "0-old", wantErr: table.ErrUndoOldRules},
		{name: "draw revealed", moves: []mv{{"a", "bidzz1"}, {"b", "bidzz2"}, {"a", "draw"}}, by: "a", wantErr: table.ErrUndoRevealed},
		{name: "spectator", moves: []mv{{"a", "bidzz1"}}, by: "x", wantErr: table.ErrNotSeated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := started(t, "a", "b")
			var states [][]byte
			for _, m := range tc.moves {
				states = append(states, tb.State)
				if _, err := tb.Move(tabletest.Game(), m.user, m.move, table.AnyVersion, now); err != nil {
					t.Fatalf("move %v: %v", m, err)
				}
			}
			if tc.rules != "" {
				tb.RulesVersion = tc.rules
			}
			before, _ := tb.Clone()
			_, err := tb.History().Undo(tabletest.Game(), tc.by, now)
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if tc.wantErr != "" {
				if tb.Version != before.Version || !bytes.Equal(tb.State, before.State) {
					t.Error("table changed on refused undo")
				}
				return
			}
			if !bytes.Equal(tb.State, states[len(states)-1]) || len(tb.Log) != len(tc.moves)-1 || tb.Version != before.Version+1 {
				t.Errorf("undo did not restore the previous state (log %d, version %d)", len(tb.Log), tb.Version)
			}
			// Every old button is stale after an undo.
			if _, err := tb.Move(tabletest.Game(), tc.by, tc.moves[len(tc.moves)-1].move, before.Version, now); errKey(t, err) != table.ErrStale {
				t.Errorf("old button after undo: %v, want stale", err)
			}
		})
	}
}

func TestAbandon(t *testing.T) {
	type req struct {
		user   string
		manage bool
	}
	tests := []struct {
		name      string
		players   []string
		reqs      []req
		wantErr   string
		abandoned bool
	}{
		{name: "host", players: []string{"a", "b", "c"}, reqs: []req{{"a", false}}, abandoned: true},
		{name: "manager", players: []string{"a", "b", "c"}, reqs: []req{{"x", true}}, abandoned: true},
		{name: "stranger", players: []string{"a", "b", "c"}, reqs: []req{{"x", false}}, wantErr: table.ErrAbandonNotAllowed},
		{name: "one vote of three", players: []string{"a", "b", "c"}, reqs: []req{{"b", false}}},
		{name: "majority", players: []string{"a", "b", "c"}, reqs: []req{{"b", false}, {"c", false}}, abandoned: true},
		{name: "two of four is no majority", players: []string{"a", "b", "c", "d"}, reqs: []req{{"b", false}, {"c", false}}},
		{name: "double vote", players: []string{"a", "b", "c"}, reqs: []req{{"b", false}, {"b", false}}, wantErr: table.ErrAlreadyVoted},
		{name: "after end", players: []string{"a", "b"}, reqs: []req{{"a", false}, {"a", false}}, wantErr: table.ErrNotActive, abandoned: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := started(t, tc.players...)
			var err error
			for _, r := range tc.reqs {
				_, err = tb.Abandon(r.user, r.manage, now)
			}
			if got := errKey(t, err); got != tc.wantErr {
				t.Fatalf("error %q, want %q", got, tc.wantErr)
			}
			if got := tb.Status == table.StatusAbandoned; got != tc.abandoned {
				t.Errorf("abandoned = %v, want %v", got, tc.abandoned)
			}
		})
	}
}

func TestVotesClearedByMove(t *testing.T) {
	tb := started(t, "a", "b", "c")
	if _, err := tb.Abandon("b", false, now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Move(tabletest.Game(), "c", "bidzz1", table.AnyVersion, now); err != nil {
		t.Fatal(err)
	}
	if len(tb.AbandonVotes) != 0 {
		t.Errorf("votes %v survive a move", tb.AbandonVotes)
	}
}

func TestCatalogComplete(t *testing.T) {
	c := table.Catalog()
	if m := c.MissingKeys("de"); len(m) > 0 {
		t.Errorf("German misses %v", m)
	}
	for _, k := range []string{table.ErrStale, table.ErrNotSeated, table.ErrUndoRevealed} {
		if c["en"][k] == "" {
			t.Errorf("no English text for %s", k)
		}
	}
}

// TestStaleButtons: a board or DM remembered after a newer board was
// composed, or after the end, is queued for clearing with a due event
// that survives the next move's due refresh until it is taken.
func TestStaleButtons(t *testing.T) {
	tb := started(t, "a", "b")
	ref := func(id string, v int) live.Ref { return live.Ref{Channel: "c", ID: id, Version: v} }
	tb.BoardVersion = 5
	tb.Live().Add([]live.Ref{ref("new", 5), ref("old", 4)}, map[string][]live.Ref{"a": {ref("dm", 5)}}, now)
	if len(tb.LiveBoards) != 1 || tb.LiveBoards[0].ID != "new" || len(tb.Seats[0].LiveDMs) != 1 {
		t.Fatalf("live boards %v, DMs %v", tb.LiveBoards, tb.Seats[0].LiveDMs)
	}
	if len(tb.StaleButtons) != 1 || tb.StaleButtons[0].ID != "old" {
		t.Fatalf("stale %v, want the older board", tb.StaleButtons)
	}
	if at, ok := tb.NextDue(); !ok || at.After(now) {
		t.Fatalf("stale buttons not due now: %v %v", at, ok)
	}
	// A move refreshes the due list; the tidy event stays.
	if _, err := tb.Move(tabletest.Game(), "a", "bidzz1", table.AnyVersion, now); err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueTidy }) {
		t.Fatalf("due %v lost the tidy event", tb.Due)
	}
	if got := tb.Live().TakeStaleButtons(); len(got) != 1 || len(tb.StaleButtons) != 0 ||
		slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueTidy }) {
		t.Fatalf("take: %v, left %v, due %v", got, tb.StaleButtons, tb.Due)
	}
	// Once the game is over, anything remembered is stale.
	tb.Status = table.StatusOver
	tb.Live().Add([]live.Ref{ref("late", 9)}, map[string][]live.Ref{"b": {ref("latedm", 9)}}, now)
	if len(tb.StaleButtons) != 2 || len(tb.LiveBoards) != 1 {
		t.Fatalf("after the end: stale %v, live %v", tb.StaleButtons, tb.LiveBoards)
	}
}
