package postgres_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// TestClaimOutbox: processes claiming the outbox at once get each item
// exactly once; a claimed item comes back only when its lease has run out
// and it is still undelivered; items younger than age wait.
func TestClaimOutbox(t *testing.T) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	a, b, third := open(t, url), open(t, url), open(t, url)
	if err := a.Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	const n = 40
	for i := range n {
		if err := a.Update(ctx, "c1", func(tb *table.Table) error { tb.Outbox = [][]byte{[]byte(fmt.Sprint(i))}; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if items, err := a.ClaimOutbox(ctx, time.Hour, time.Minute, 100); err != nil || len(items) != 0 {
		t.Fatalf("items an hour old: %d (%v), want none yet", len(items), err)
	}
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		claims = map[string]int{}
	)
	for _, s := range []storage.OutboxClaimer{a, b, third, a, b, third} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				items, err := s.ClaimOutbox(ctx, 0, 300*time.Millisecond, 3)
				if err != nil {
					t.Error(err)
					return
				}
				if len(items) == 0 {
					return
				}
				if !slices.IsSortedFunc(items, func(x, y storage.OutboxItem) int { return strings.Compare(x.Key, y.Key) }) {
					t.Errorf("claimed items out of order: %v", items)
				}
				mu.Lock()
				for _, it := range items {
					claims[string(it.Data)]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(claims) != n {
		t.Errorf("%d items claimed, want %d", len(claims), n)
	}
	for item, k := range claims {
		if k != 1 {
			t.Errorf("item %s claimed %d times within its lease", item, k)
		}
	}
	// Deliver all but one; after the lease only that one comes back.
	all, err := a.Outbox(ctx)
	if err != nil || len(all) != n {
		t.Fatalf("outbox lists %d (%v), want %d", len(all), err, n)
	}
	for _, it := range all[1:] {
		if err := b.Delivered(ctx, it.Key); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(400 * time.Millisecond)
	again, err := third.ClaimOutbox(ctx, 0, time.Minute, 100)
	if err != nil || len(again) != 1 || again[0].Key != all[0].Key {
		t.Fatalf("after the lease: %v (%v), want the one undelivered item %s", again, err, all[0].Key)
	}
}
