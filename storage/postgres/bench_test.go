package postgres_test

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// A move as the store sees it: one log entry appended, the snapshot with
// a game state of stateSize bytes rewritten, a delivery of outboxSize
// bytes staged and the previous one removed (delivered), a due event moved.
const (
	stateSize  = 4000 // a Zauberschwert state's JSON is 3–5 KB
	outboxSize = 1500 // BenchmarkMoveRules: 1.5–2.0 KB per delivery
)

// move is one such move on the channel's table.
func move(b *testing.B, s storage.Store, channel string, state []byte, spent *string) {
	var staged *table.Table
	err := s.Tables().Update(ctx, channel, func(tb *table.Table) error {
		tb.Version++
		tb.Log = append(tb.Log, storetest.SyntheticEntry(tb.Moves, tb.Version))
		tb.Moves++
		tb.State = state
		tb.Due = []table.Due{{At: time.Unix(int64(tb.Version), 0), Kind: table.DueClock}}
		tb.Outbox = [][]byte{bytes.Repeat([]byte{byte(tb.Version)}, outboxSize)}
		if *spent != "" {
			tb.SpentOutbox = []string{*spent}
		}
		staged = tb
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	*spent = staged.OutboxKeys[0]
}

// walBytes is how far the server's write-ahead log has moved.
func walBytes(b *testing.B, url string) int64 {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int64
	if err := conn.QueryRow(ctx, `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint`).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkUpdateMove is one move at a table with 10 and with 1,000 moves
// already, one after the other on one connection: its latency, its round
// trips and the bytes of write-ahead log it makes (what the server writes
// and replicates per move). The private cluster runs without fsync, so the
// latency is PostgreSQL's work and the round trips, not a disk's.
func BenchmarkUpdateMove(b *testing.B) {
	c := pgtest.Require(b)
	state := bytes.Repeat([]byte(`{"hand":[1,2,3],"board":"abcdefgh"}`), stateSize/36)
	for _, moves := range []int{10, 1000} {
		b.Run(fmt.Sprint(moves), func(b *testing.B) {
			url := c.NewDatabase(b)
			s, err := postgres.Open(ctx, postgres.Options{URL: url})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			if err := s.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
				b.Fatal(err)
			}
			storetest.AppendMoves(b, s, "c1", moves)
			var spent string
			took := make([]time.Duration, 0, b.N)
			trips, wal := s.Stats().RoundTrips, walBytes(b, url)
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				move(b, s, "c1", state, &spent)
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(took)
			b.ReportMetric(float64(s.Stats().RoundTrips-trips)/float64(b.N), "round-trips/move")
			b.ReportMetric(float64(walBytes(b, url)-wal)/float64(b.N), "WAL-B/move")
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[min(len(took)-1, len(took)*99/100)].Microseconds())/1000, "p99-ms")
		})
	}
}

// BenchmarkConcurrentMoves is moves at many tables at once through one
// store (one process, its pool of 10 connections): the database's side of
// throughput, without rules or pictures.
func BenchmarkConcurrentMoves(b *testing.B) {
	c := pgtest.Require(b)
	state := bytes.Repeat([]byte(`{"hand":[1,2,3],"board":"abcdefgh"}`), stateSize/36)
	for _, tables := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			s, err := postgres.Open(ctx, postgres.Options{URL: c.NewDatabase(b)})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			for k := range tables {
				if err := s.Tables().Create(ctx, storetest.NewTable(fmt.Sprint("c", k), fmt.Sprint("t", k))); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			start := time.Now()
			var wg sync.WaitGroup
			for k := range tables {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var spent string
					for i := k; i < b.N; i += tables {
						move(b, s, fmt.Sprint("c", k), state, &spent)
					}
				}()
			}
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "moves/s")
		})
	}
}
