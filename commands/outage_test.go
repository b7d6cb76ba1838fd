package commands

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestOutageIsNotCharged: after the bot was down longer than the grace,
// the outage is recorded on start-up and running clocks are paused over
// it when their table next changes (here: its next tick, no sweep), so a
// 12-hour decision begun just before a 10-hour outage is not timed out 2
// hours after the bot is back; a short restart is charged as usual. The
// heartbeat is written on start-up, so the rule applies once.
func TestOutageIsNotCharged(t *testing.T) {
	for _, tc := range []struct {
		name     string
		down     time.Duration
		after    time.Duration // awake after the outage, then tick
		timedOut bool
	}{
		{name: "a 10-hour outage is paused", down: 10 * time.Hour, after: 3 * time.Hour, timedOut: false},
		{name: "the clock still runs out after the outage", down: 10 * time.Hour, after: 12*time.Hour + time.Minute, timedOut: true},
		{name: "a short restart is charged", down: 3 * time.Minute, after: 12 * time.Hour, timedOut: true},
		{name: "no outage", down: 0, after: 12*time.Hour - time.Minute, timedOut: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			ctx := context.Background()
			h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
			h.svc.play.Due().Beat(ctx, h.now())
			before := h.table()
			h.advance(tc.down)
			gap, recorded := h.svc.play.Due().ForgiveOutage(ctx)
			if gap != tc.down {
				t.Errorf("gap %v, want %v", gap, tc.down)
			}
			if want := tc.down > play.OutageGrace; recorded != want {
				t.Errorf("a %v outage recorded: %v, want %v", tc.down, recorded, want)
			}
			if again, rec := h.svc.play.Due().ForgiveOutage(ctx); again != 0 || rec {
				t.Errorf("a second start-up saw a %v outage (recorded: %v)", again, rec)
			}
			h.advance(tc.after)
			h.tick()
			after := h.table()
			timedOut := false
			for _, e := range after.Log[len(before.Log):] {
				timedOut = timedOut || e.Timeout
			}
			if timedOut != tc.timedOut {
				t.Errorf("timed out: %v, want %v (log %d -> %d entries)", timedOut, tc.timedOut, len(before.Log), len(after.Log))
			}
		})
	}
}

// TestRestartAfterDowntime: two processes start after a 10-hour outage
// over thousands of timed tables. Start-up touches no table (the outage
// is recorded once, by one of them); then each table is changed exactly
// once for it (by a due event or by the recording process's sweep,
// running at the same time as the other's ticks), and every running clock
// is paused over the outage exactly once.
func TestRestartAfterDowntime(t *testing.T) {
	const tables = 2000
	h := newHarness(t)
	ctx := context.Background()
	// One store for both processes, as PostgreSQL is; not synced to disk,
	// which only makes its thousands of commits slow.
	store, err := storage.OpenWith(filepath.Join(t.TempDir(), "shared.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	reg, err := games.NewRegistry(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Get(tabletest.ID)
	start := h.now()
	channels := make([]string, tables)
	for k := range channels {
		// Half with 12-hour decisions, whose reminders fell due in the
		// outage; half with 48-hour ones, which only the sweep reaches.
		deadline := []string{"12", "48"}[k%2]
		tb := table.New(table.Params{ID: fmt.Sprintf("t%d", k), ChannelID: fmt.Sprintf("c%d", k), GameID: tabletest.ID, Lang: "en",
			Options: map[string]string{"rounds": "1", "deadline": deadline}, Host: table.Seat{UserID: ann, Name: "Ann", Lang: "en"}, Seed: uint64(k), Now: start})
		if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: bo, Name: "Bo", Lang: "en"}, start); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Lobby().Start(g, ann, start); err != nil {
			t.Fatal(err)
		}
		if err := store.Tables().Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
		channels[k] = tb.ChannelID
	}
	deadlines := func() map[string]time.Time {
		out := map[string]time.Time{}
		for _, ch := range channels {
			tb, err := store.Tables().Get(ctx, ch)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range tb.Due {
				if d.Kind == table.DueClock && (out[ch].IsZero() || d.At.Before(out[ch])) {
					out[ch] = d.At
				}
			}
		}
		return out
	}
	versions := func() map[string]int {
		out := map[string]int{}
		for _, ch := range channels {
			tb, err := store.Tables().Get(ctx, ch)
			if err != nil {
				t.Fatal(err)
			}
			out[ch] = tb.Version
		}
		return out
	}
	before, vBefore := deadlines(), versions()
	a, b := h.serviceOver(store), h.serviceOver(store)
	a.play.Due().Beat(ctx, h.now())
	const down = 10 * time.Hour
	h.advance(down)

	_, recA := a.play.Due().ForgiveOutage(ctx)
	_, recB := b.play.Due().ForgiveOutage(ctx)
	if !recA || recB {
		t.Fatalf("outage recorded by the first process: %v, by the second: %v; want once, by the first", recA, recB)
	}
	if v := versions(); !maps.Equal(v, vBefore) {
		t.Fatal("start-up changed tables: the outage must wait for each table's next change")
	}

	var (
		mu      sync.Mutex
		changes = map[string]int{}
	)
	count := func(res Result) {
		h.run(res)
		if len(res.Actions) == 0 {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, a := range res.Actions {
			if p, ok := a.(ChannelPost); ok {
				changes[p.ChannelID]++
				return
			}
			if e, ok := a.(ChannelEdit); ok {
				changes[e.ChannelID]++
				return
			}
		}
	}
	swept := make(chan int)
	go func() { swept <- a.play.Due().CreditSweep(ctx, count) }()
	ticked := 0
	for {
		res := b.Tick(ctx)
		for _, r := range res {
			count(r)
		}
		ticked += len(res)
		if len(res) == 0 {
			break
		}
	}
	n := <-swept
	t.Logf("the sweep credited %d tables, the other process's ticks %d", n, ticked)
	if n+ticked != tables {
		t.Errorf("%d tables credited by the sweep and %d by due events, want %d in all", n, ticked, tables)
	}
	after := deadlines()
	for _, ch := range channels {
		if got, want := after[ch], before[ch].Add(down); !got.Equal(want) {
			t.Fatalf("%s: deadline %v, want %v (paused over the outage once)", ch, got, want)
		}
		if changes[ch] != 1 {
			t.Fatalf("%s: told %d times of the outage, want once", ch, changes[ch])
		}
	}
}
