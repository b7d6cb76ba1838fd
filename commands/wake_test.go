package commands

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// sharedHarness is a harness whose Service works over st, on clock when
// it is set (several harnesses over one database are several processes).
func sharedHarness(t *testing.T, st storage.Store, clock *clocktest.Clock) *harness {
	t.Helper()
	h := newHarness(t)
	if err := h.store.Close(); err != nil {
		t.Fatal(err)
	}
	h.shared = st
	if clock != nil {
		h.clock = clock
	}
	h.open()
	return h
}

// openPostgres opens a store over url, closed when the test ends.
func openPostgres(t testing.TB, url string) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(ctxBG, postgres.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// awaitCond waits for cond, failing the test after a while.
func awaitCond(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// TestDueWakesAnotherWorker: two workers over one PostgreSQL database.
// The second one's scheduler sleeps with an hour's safety net; a change
// the first commits that makes the table due now (an old board's buttons
// to clear) wakes it at once through the database's notification, and it
// fires the due event and carries out the clearing, with its timer never
// having run out.
func TestDueWakesAnotherWorker(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	first := sharedHarness(t, openPostgres(t, url), nil)
	second := sharedHarness(t, openPostgres(t, url), first.clock)
	second.poll = time.Hour
	second.restart()
	setups["turn"](first)

	ctx, cancel := context.WithCancel(ctxBG)
	defer cancel()
	runs := make(chan []Action, 16)
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		second.svc.RunScheduler(ctx, func(_ context.Context, actions []Action) error {
			runs <- actions
			return nil
		})
	}()
	defer func() { cancel(); <-stopped }()
	// Listening (its first notice says so) and asleep.
	awaitCond(t, "the second worker listening and asleep", func() bool {
		_, nudged := second.svc.sched.Wakes()
		return nudged >= 1 && second.svc.sched.Asleep()
	})
	_, nudged := second.svc.sched.Wakes()

	_, err := first.svc.tables.Update(ctxBG, chanA, "", func(tb *table.Table, _ games.Game) error {
		tb.Live().Add([]live.Ref{{Channel: chanA, ID: "old-board", Version: 0}}, nil, first.now())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := ClearButtons{ChannelID: chanA, MessageID: "old-board"}
	select {
	case actions := <-runs:
		if !slices.ContainsFunc(actions, func(a Action) bool { return a == Action(want) }) {
			t.Fatalf("the second worker carried out %v, want the old board's buttons cleared", actions)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the second worker did not carry out the due change (its safety net is an hour)")
	}
	if timer, got := second.svc.sched.Wakes(); timer != 0 || got <= nudged {
		t.Errorf("the second worker's scheduler woke %d times by its timer and %d by changes since it slept, want 0 and at least 1", timer, got-nudged)
	}
}

// unheard is a shared store whose changes its Service cannot hear
// (PostgreSQL without LISTEN): how workers found each other's due events
// before, by looking every Poll.
type unheard struct{ storage.Store }

// Tables are the store's tables and their claims, without their
// storage.DueListener.
func (u unheard) Tables() storage.Tables {
	t := u.Store.Tables()
	c, _ := t.(storage.OutboxClaimer)
	return unheardTables{t, c}
}

type unheardTables struct {
	storage.Tables
	storage.OutboxClaimer
}

// BenchmarkDueAcrossWorkers measures the delay from the commit of one
// worker's change that makes a table due now (a lobby's old buttons to
// clear) to another worker's carrying out what fell due, over one
// PostgreSQL database: notified (LISTEN/NOTIFY) and polled (the safety
// net alone, Poll at its default assembly.OutboxCheck, as before notifications;
// run it with few iterations: each waits up to 15 s). Reported: the mean
// and the longest delay.
func BenchmarkDueAcrossWorkers(b *testing.B) {
	for _, mode := range []string{"notified", "polled"} {
		b.Run(mode, func(b *testing.B) {
			url := pgtest.Require(b).NewDatabase(b)
			reg, err := games.NewRegistry(tabletest.Game())
			if err != nil {
				b.Fatal(err)
			}
			clock := clocktest.NewClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
			service := func(st storage.Store) *Service {
				svc, err := NewService(Deps{Games: reg, Store: st, Now: clock.Now})
				if err != nil {
					b.Fatal(err)
				}
				return svc
			}
			firstStore, secondStore := openPostgres(b, url), openPostgres(b, url)
			var second storage.Store = secondStore
			if mode == "polled" {
				second = unheard{secondStore}
			}
			first, worker := service(firstStore), service(second)
			lobby := table.New(table.Params{ID: "t1", ChannelID: chanA, GameID: tabletest.ID, Lang: "en", Host: table.Seat{UserID: ann, Name: "Ann"}, Seed: 3, Now: clock.Now()})
			if err := firstStore.Tables().Create(ctxBG, lobby); err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(ctxBG)
			runs := make(chan []Action, 16)
			stopped := make(chan struct{})
			go func() {
				defer close(stopped)
				worker.RunScheduler(ctx, func(_ context.Context, actions []Action) error {
					runs <- actions
					return nil
				})
			}()
			defer func() { cancel(); <-stopped }()
			for !worker.sched.Asleep() || mode == "notified" && nudgedOf(worker) == 0 {
				time.Sleep(time.Millisecond) // asleep (and listening)
			}
			var total, worst time.Duration
			b.ResetTimer()
			for i := range b.N {
				id := fmt.Sprint("old-", i)
				for !worker.sched.Asleep() {
					time.Sleep(100 * time.Microsecond) // the change comes while it sleeps
				}
				if _, err := first.tables.Update(ctxBG, chanA, "", func(tb *table.Table, _ games.Game) error {
					tb.Live().Add([]live.Ref{{Channel: chanA, ID: id}}, nil, clock.Now())
					return nil
				}); err != nil {
					b.Fatal(err)
				}
				committed := time.Now()
				for cleared := false; !cleared; {
					cleared = slices.Contains(<-runs, Action(ClearButtons{ChannelID: chanA, MessageID: id}))
				}
				d := time.Since(committed)
				total += d
				worst = max(worst, d)
			}
			b.ReportMetric(float64(total.Microseconds())/float64(b.N)/1000, "ms/delivery")
			b.ReportMetric(float64(worst.Microseconds())/1000, "ms-max")
		})
	}
}

// nudgedOf is how often svc's scheduler was woken by a change.
func nudgedOf(svc *Service) int64 {
	_, nudged := svc.sched.Wakes()
	return nudged
}

// TestChangeWakesTheScheduler: a change that leaves its table due now (a
// lobby's old buttons to clear) wakes the scheduler sleeping with an
// hour's safety net, on one process's store (bbolt), and its timer never
// runs out. (When a due moment wakes it is scheduler's
// TestDueAtWakesOnlyWhenSooner.)
func TestChangeWakesTheScheduler(t *testing.T) {
	h := newHarness(t)
	h.poll = time.Hour
	h.restart()
	setups["lobby"](h)
	ctx, cancel := context.WithCancel(ctxBG)
	defer cancel()
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		h.svc.RunScheduler(ctx, func(context.Context, []Action) error { return nil })
	}()
	defer func() { cancel(); <-stopped }()
	awaitCond(t, "the scheduler asleep", h.svc.sched.Asleep)
	_, nudged := h.svc.sched.Wakes()
	if _, err := h.svc.tables.Update(ctxBG, chanA, "", func(tb *table.Table, _ games.Game) error {
		tb.Live().Add([]live.Ref{{Channel: chanA, ID: "old"}}, nil, h.now())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	awaitCond(t, "the change waking the scheduler sleeping for an hour", func() bool { return nudgedOf(h.svc) > nudged })
	if timer, _ := h.svc.sched.Wakes(); timer != 0 {
		t.Errorf("the scheduler's timer ran out %d times, want never (its safety net is an hour)", timer)
	}
}
