package postgres_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestDiscordBudgetAcrossProcesses: processes (each over its own pool)
// reserving slots of the global budget get consecutive ones, whichever
// asks; a quiet budget hands out up to the tolerance at once; a route
// one process holds is reported to the others while it lasts; a global
// hold delays everyone's next slot.
func TestDiscordBudgetAcrossProcesses(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	a, b := open(t, url), open(t, url)
	const every, tolerance = 20 * time.Millisecond, 40 * time.Millisecond

	start := time.Now()
	first, held, err := a.ReserveRequests(ctx, 3, every, tolerance)
	if err != nil {
		t.Fatal(err)
	}
	if first > -tolerance+5*time.Millisecond || first < -tolerance-5*time.Millisecond || len(held) != 0 {
		t.Errorf("a quiet budget's first slot is %v from now (held %v), want the tolerance, %v, before now", first, held, -tolerance)
	}
	// a's three slots end 20 ms after now: b's first is there.
	next, _, err := b.ReserveRequests(ctx, 2, every, tolerance)
	if err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); next > every || next < every-elapsed {
		t.Errorf("b's first slot is %v from now, want %v less the %v between the reservations at most", next, every, elapsed)
	}

	if err := a.HoldRequests(ctx, "bucket/7", time.Second); err != nil {
		t.Fatal(err)
	}
	if _, held, err = b.ReserveRequests(ctx, 1, every, tolerance); err != nil {
		t.Fatal(err)
	}
	if d, ok := held["bucket/7"]; !ok || d > time.Second || d < time.Second/2 || len(held) != 1 {
		t.Errorf("b hears of the routes held: %v, want bucket/7 for up to 1s", held)
	}

	start = time.Now()
	if err := b.HoldRequests(ctx, "", 2*time.Second); err != nil {
		t.Fatal(err)
	}
	next, _, err = a.ReserveRequests(ctx, 1, every, tolerance)
	if err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); next > 2*time.Second || next < 2*time.Second-elapsed {
		t.Errorf("after a global hold of 2s the next slot is %v from now, want 2s less the %v since", next, elapsed)
	}
}

// BenchmarkReserveRequests: what a slot of the shared budget costs, taken
// one per round trip or in batches of 4 and 8 (the most one reservation
// takes). The slots lie in the future; nothing waits for them.
func BenchmarkReserveRequests(b *testing.B) {
	s, err := postgres.Open(ctx, postgres.Options{URL: pgtest.Require(b).NewDatabase(b)})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for _, n := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			trips := s.Stats().RoundTrips
			for b.Loop() {
				if _, _, err := s.ReserveRequests(ctx, n, time.Microsecond, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/slot")
			b.ReportMetric(float64(s.Stats().RoundTrips-trips)/float64(b.N*n), "roundtrips/slot")
		})
	}
}
