package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// TestConnectionsWithinFormula: a process listening for due changes and
// busy with more concurrent changes, outbox claims and Discord budget
// reservations than its pool holds keeps exactly the connections
// config.Storage.Connections counts (pg_stat_activity, sampled while it
// works): the pool's max_conns and the listening one, nothing else.
func TestConnectionsWithinFormula(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	const maxConns = 3
	s, err := postgres.Open(ctx, postgres.Options{URL: url, MaxConns: maxConns})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	lctx, stopListening := context.WithCancel(ctx)
	listening := make(chan struct{}, 1)
	listened := make(chan struct{})
	l := dueListener(t, s)
	go func() {
		defer close(listened)
		l.ListenDue(lctx, func(time.Time) {
			select {
			case listening <- struct{}{}:
			default:
			}
		})
	}()
	t.Cleanup(func() { stopListening(); <-listened })
	<-listening

	sampler, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sampler.Close(ctx) })
	var (
		peak    int
		sampled = make(chan struct{})
		working = make(chan struct{})
	)
	go func() {
		defer close(sampled)
		for {
			var n int
			if err := sampler.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity
				WHERE datname = current_database() AND application_name = 'tavern'`).Scan(&n); err != nil {
				t.Error(err)
				return
			}
			peak = max(peak, n)
			select {
			case <-working:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()

	var wg sync.WaitGroup
	for k := range 4 * maxConns {
		wg.Go(func() {
			channel := fmt.Sprintf("c%d", k)
			if err := s.Tables().Create(ctx, storetest.NewTable(channel, "t")); err != nil {
				t.Error(err)
				return
			}
			for v := range 10 {
				err := s.Tables().Update(ctx, channel, func(tb *table.Table) error {
					tb.Version++
					tb.Due = []table.Due{{At: time.Unix(int64(1000-v), 0), Kind: table.DueClock}}
					return nil
				})
				if err == nil {
					_, err = s.Claims().ClaimTable(ctx, storage.OutboxTable{ChannelID: channel, TableID: "t"}, "claim", time.Second)
				}
				if err == nil {
					_, _, err = s.ReserveRequests(ctx, 1, time.Microsecond, 0)
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(working)
	<-sampled
	want := config.Storage{MaxConns: maxConns}.Connections()
	if peak != want {
		t.Errorf("the process held up to %d connections at once, the formula says %d (max_conns %d + the listener)", peak, want, maxConns)
	}
}
