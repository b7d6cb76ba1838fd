package postgres_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestIdentifySlotsAcrossProcesses: processes reserving identify slots of
// one bucket at once (each over its own pool) get slots exactly every
// apart, each waiting until its own; another bucket's first slot is now.
func TestIdentifySlotsAcrossProcesses(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	stores := []*postgres.Store{open(t, url), open(t, url), open(t, url)}
	const every = 6 * time.Second
	var (
		mu    sync.Mutex
		slots []time.Time
		waits []time.Duration
		wg    sync.WaitGroup
	)
	for _, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			at, wait, err := s.ReserveIdentify(ctx, 0, every)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			slots, waits = append(slots, at), append(waits, wait)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(slots) != len(stores) {
		t.Fatalf("%d slots reserved", len(slots))
	}
	slices.SortFunc(slots, func(a, b time.Time) int { return a.Compare(b) })
	slices.Sort(waits)
	for i := 1; i < len(slots); i++ {
		if gap := slots[i].Sub(slots[i-1]); gap != every {
			t.Errorf("slots %v apart, want %v: %v", gap, every, slots)
		}
		if waits[i] < waits[i-1]+every-time.Second {
			t.Errorf("waits %v, want each about %v after the one before", waits, every)
		}
	}
	if waits[0] > time.Second {
		t.Errorf("the first slot waits %v, want about nothing", waits[0])
	}
	if _, wait, err := stores[0].ReserveIdentify(ctx, 1, every); err != nil || wait > time.Second {
		t.Errorf("another bucket's first slot waits %v (%v), want about nothing", wait, err)
	}
}
