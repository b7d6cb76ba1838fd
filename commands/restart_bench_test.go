package commands_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// BenchmarkRestartAfterDowntime measures the restart after a 10-hour
// outage over many timed tables: two processes' full schedulers
// (commands.Service.RunScheduler) start together over one database, as a
// fleet does (bbolt, not synced: both over the one file; PostgreSQL: each
// its own pool, the tables copied in from bbolt), and it reports how long
// after they started the first table was changed (first-change-ms: a due
// event fired or the sweep credited one; it must not wait for a pass over
// the tables), how long until every table was credited (all-credited-s)
// and at what rate (tables/s), and the changes carried out per table
// (staged/table: each table's outage must be told once, by one process).
// Half the tables have 12-hour decisions whose reminders fell due in the
// outage, half 48-hour ones that only the sweep reaches. Run it once:
//
//	go test -run '^$' -bench 'RestartAfterDowntime/bolt/tables=100000' -benchtime 1x ./commands/
//
// The PostgreSQL runs skip without PostgreSQL (see pgtest).
func BenchmarkRestartAfterDowntime(b *testing.B) {
	for _, backend := range []string{"bolt", "postgres"} {
		for _, n := range []int{10000, 100000} {
			b.Run(fmt.Sprintf("%s/tables=%d", backend, n), func(b *testing.B) {
				for range b.N {
					restartAfterDowntime(b, backend, n)
				}
			})
		}
	}
}

func restartAfterDowntime(b *testing.B, backend string, tables int) {
	b.StopTimer()
	ctx := context.Background()
	bolt, err := storage.OpenWith(filepath.Join(b.TempDir(), "restart.db"), storage.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer bolt.Close()
	reg, err := games.NewRegistry(tabletest.Game())
	if err != nil {
		b.Fatal(err)
	}
	g, _ := reg.Get(tabletest.ID)
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var now atomic.Int64
	now.Store(start.UnixNano())
	clock := func() time.Time { return time.Unix(0, now.Load()).UTC() }
	const batch = 20000
	versions := make([]int, tables)
	for from := 0; from < tables; from += batch {
		many := make([]*table.Table, 0, batch)
		for k := from; k < min(from+batch, tables); k++ {
			tb := table.New(table.Params{ID: fmt.Sprintf("t%d", k), ChannelID: fmt.Sprintf("c%d", k), GameID: tabletest.ID, Lang: "en",
				Options: map[string]string{"rounds": "1", "deadline": []string{"12", "48"}[k%2]},
				Host:    table.Seat{UserID: "u1", Name: "Ann", Lang: "en"}, Seed: uint64(k), Now: start})
			if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "u2", Name: "Bo", Lang: "en"}, start); err != nil {
				b.Fatal(err)
			}
			if _, err := tb.Lobby().Start(g, "u1", start); err != nil {
				b.Fatal(err)
			}
			many = append(many, tb)
			versions[k] = tb.Version
		}
		if err := bolt.CreateMany(ctx, many); err != nil {
			b.Fatal(err)
		}
	}
	if err := bolt.Uptime().Beat(ctx, start); err != nil {
		b.Fatal(err)
	}
	stores := []storage.Store{bolt, bolt}
	if backend == "postgres" {
		url := pgtest.Require(b).NewDatabase(b)
		for k := range stores {
			pg, err := postgres.Open(ctx, postgres.Options{URL: url})
			if err != nil {
				b.Fatal(err)
			}
			defer pg.Close()
			stores[k] = pg
		}
		if _, err := storage.Copy(ctx, bolt, stores[0].(*postgres.Store), 1000); err != nil {
			b.Fatal(err)
		}
	}
	const down = 10 * time.Hour
	now.Add(int64(down))

	var (
		mu      sync.Mutex
		changes = make(map[string]int, tables)
		first   time.Duration
		began   time.Time
		all     = make(chan time.Duration, 1)
	)
	// run stands for Discord: it counts each change carried out by the
	// channel it posts or edits in.
	run := func(_ context.Context, actions []commands.Action) error {
		for _, a := range actions {
			var ch string
			switch a := a.(type) {
			case commands.ChannelPost:
				ch = a.ChannelID
			case commands.ChannelEdit:
				ch = a.ChannelID
			default:
				continue
			}
			mu.Lock()
			if len(changes) == 0 {
				first = time.Since(began)
			}
			changes[ch]++
			if len(changes) == tables && changes[ch] == 1 {
				all <- time.Since(began)
			}
			mu.Unlock()
			return nil
		}
		return nil
	}
	services := make([]*commands.Service, len(stores))
	for k := range services {
		if services[k], err = commands.NewService(commands.Deps{Games: reg, Store: stores[k], Log: slog.New(slog.DiscardHandler), Now: clock}); err != nil {
			b.Fatal(err)
		}
	}
	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	b.StartTimer()
	began = time.Now()
	for _, svc := range services {
		wg.Go(func() { svc.RunScheduler(runCtx, run) })
	}
	var credited time.Duration
	select {
	case credited = <-all:
	case <-time.After(20 * time.Minute):
		mu.Lock()
		n := len(changes)
		mu.Unlock()
		stop()
		wg.Wait()
		b.Fatalf("after 20 minutes %d of %d tables were credited", n, tables)
	}
	b.StopTimer()
	// A moment more, so that a table told twice would show.
	time.Sleep(time.Second)
	stop()
	wg.Wait()

	most := 0
	for _, n := range changes {
		most = max(most, n)
	}
	if most != 1 {
		b.Errorf("a table's outage was told %d times, want once", most)
	}
	for k := range tables {
		tb, err := stores[0].Tables().Get(ctx, fmt.Sprintf("c%d", k))
		if err != nil {
			b.Fatal(err)
		}
		if tb.Version != versions[k]+1 {
			b.Fatalf("table %d at version %d after the restart, was %d: want one change", k, tb.Version, versions[k])
		}
	}
	b.ReportMetric(float64(first.Microseconds())/1000, "first-change-ms")
	b.ReportMetric(credited.Seconds(), "all-credited-s")
	b.ReportMetric(float64(tables)/credited.Seconds(), "tables/s")
	b.ReportMetric(float64(len(changes))/float64(tables), "tables-told/table")
	b.ReportMetric(float64(most), "staged/table")
}
