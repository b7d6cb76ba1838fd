package storetest

import (
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// t1 is the table NewTable("c1", "t1") stages items as.
var t1 = storage.OutboxTable{ChannelID: "c1", TableID: "t1"}

// Claimer is the store's own OutboxClaimer (a store several processes
// share), or LocalClaims over its outbox (a store of one process).
func Claimer(s storage.Store) storage.OutboxClaimer {
	if c, ok := s.Tables().(storage.OutboxClaimer); ok {
		return c
	}
	return storage.NewLocalClaims(s.Tables(), time.Now)
}

// stageVersion makes a change of channel's table whose outbox item is its
// new version, and returns that version.
func stageVersion(t *testing.T, s storage.Store, channel string) int {
	t.Helper()
	var v int
	err := s.Tables().Update(ctx, channel, func(tb *table.Table) error {
		tb.Version++
		v = tb.Version
		tb.Outbox = [][]byte{[]byte(strconv.Itoa(v))}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// testClaimsOrderDeliveries: two deliverers each make changes to one table
// and deliver the channel's outbox as the commands do (claim, deliver
// oldest first, claim again until nothing is left; a claim that finds the
// channel held leaves the items to the holder). Never are two deliveries
// of the table under way at once, every change is delivered once, and in
// the order the changes were made; another table is not held up.
func testClaimsOrderDeliveries(t *testing.T, b Backend) {
	s := b.open(t)
	c := Claimer(s)
	create(t, s, NewTable("c1", "t1"), NewTable("c2", "t2"))
	var (
		mu        sync.Mutex
		delivered []int
		busy      atomic.Int32
		wg        sync.WaitGroup
	)
	deliver := func(claim string) {
		for {
			items, err := c.ClaimTable(ctx, t1, claim, time.Minute)
			if err != nil {
				t.Error(err)
				return
			}
			if len(items) == 0 {
				return
			}
			for _, it := range items {
				if busy.Add(1) != 1 {
					t.Errorf("%s delivers %s while another delivery of the table is under way", claim, it.Data)
				}
				v, _ := strconv.Atoi(string(it.Data))
				mu.Lock()
				delivered = append(delivered, v)
				mu.Unlock()
				time.Sleep(time.Millisecond)
				busy.Add(-1)
				if err := s.Tables().Delivered(ctx, it.Key); err != nil {
					t.Error(err)
				}
			}
		}
	}
	const rounds = 25
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range rounds {
				stageVersion(t, s, "c1")
				deliver(fmt.Sprintf("worker%d.%d", w, r))
			}
		}()
	}
	// Meanwhile another table's change is claimed and delivered at once.
	stageVersion(t, s, "c2")
	if items, err := c.ClaimTable(ctx, storage.OutboxTable{ChannelID: "c2", TableID: "t2"}, "other", time.Minute); err != nil || len(items) != 1 || items[0].ChannelID != "c2" {
		t.Errorf("another table's claim: %v (%v), want its one item", items, err)
	} else if err := s.Tables().Delivered(ctx, items[0].Key); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if len(delivered) != 2*rounds {
		t.Errorf("%d deliveries, want %d: %v", len(delivered), 2*rounds, delivered)
	}
	for i := 1; i < len(delivered); i++ {
		if delivered[i] <= delivered[i-1] {
			t.Fatalf("changes delivered out of order (or twice): %v", delivered)
		}
	}
	if left, _ := s.Tables().Outbox(ctx); len(left) != 0 {
		t.Errorf("%d items left in the outbox", len(left))
	}
}

// testClaimsLease: a claim whose holder stops (a process killed) holds
// the table until its lease runs out; the table is then stale at once
// and claimed again with its newer items, oldest first; a claim given
// back (a failed delivery) is claimable at once but stale only with its
// age; the same claim renews its own.
func testClaimsLease(t *testing.T, b Backend) {
	s := b.open(t)
	c := Claimer(s)
	create(t, s, NewTable("c1", "t1"))
	first := stageVersion(t, s, "c1")
	lease := 300 * time.Millisecond
	if items, err := c.ClaimTable(ctx, t1, "dead", lease); err != nil || len(items) != 1 {
		t.Fatalf("first claim: %v (%v)", items, err)
	}
	second := stageVersion(t, s, "c1")
	if items, err := c.ClaimTable(ctx, t1, "other", time.Minute); err != nil || len(items) != 0 {
		t.Fatalf("a claim while another's lease runs got %v (%v), want none", items, err)
	}
	if stale, err := c.StaleTables(ctx, 0, 10); err != nil || len(stale) != 0 {
		t.Fatalf("stale channels while the lease runs: %v (%v), want none", stale, err)
	}
	if items, err := c.ClaimTable(ctx, t1, "dead", lease); err != nil || len(items) != 2 {
		t.Fatalf("the holder's claim again: %v (%v), want both items", items, err)
	}
	time.Sleep(lease + 200*time.Millisecond)
	if stale, err := c.StaleTables(ctx, time.Hour, 10); err != nil || len(stale) != 1 || stale[0] != t1 {
		t.Fatalf("stale tables after a lease ran out: %v (%v), want [c1/t1] at once, however young", stale, err)
	}
	items, err := c.ClaimTable(ctx, t1, "next", time.Minute)
	if err != nil || len(items) != 2 || string(items[0].Data) != strconv.Itoa(first) || string(items[1].Data) != strconv.Itoa(second) {
		t.Fatalf("claim after the lease: %v (%v), want versions %d and %d", items, err, first, second)
	}
	if err := c.ReleaseClaim(ctx, t1, "next"); err != nil {
		t.Fatal(err)
	}
	if stale, err := c.StaleTables(ctx, time.Hour, 10); err != nil || len(stale) != 0 {
		t.Fatalf("tables stale for an hour after a claim was given back: %v (%v), want none (a failed delivery waits)", stale, err)
	}
	if stale, err := c.StaleTables(ctx, 0, 10); err != nil || len(stale) != 1 || stale[0] != t1 {
		t.Fatalf("stale tables after a claim was given back: %v (%v), want [c1/t1]", stale, err)
	}
	if again, err := c.ClaimTable(ctx, t1, "after-release", time.Minute); err != nil || len(again) != 2 {
		t.Fatalf("claim after a release: %v (%v), want both items", again, err)
	}
}

// testClaimsRenewed: a delivery that takes longer than its lease keeps
// its table by renewing the claim (no other claim gets the items
// meanwhile); once it stops renewing, the lease runs out, and the holder
// learns that it lost the claim, whether another claim took the items or
// not.
func testClaimsRenewed(t *testing.T, b Backend) {
	if b.Claimed == nil {
		t.Fatal("the backend does not open a store with a lease clock (Backend.Claimed)")
	}
	clock := clocktest.NewClock(time.Now().UTC())
	s, c := b.Claimed(t, clock.Now)
	create(t, s, NewTable("c1", "t1"))
	stageVersion(t, s, "c1")
	const lease = 30 * time.Second
	if items, err := c.ClaimTable(ctx, t1, "slow", lease); err != nil || len(items) != 1 {
		t.Fatalf("first claim: %v (%v)", items, err)
	}
	for round := range 4 { // 80 s in all, the lease 30 s
		clock.Advance(20 * time.Second)
		if held, err := c.RenewClaim(ctx, t1, "slow", lease); err != nil || !held {
			t.Fatalf("renewal %d: held %v (%v), want held", round, held, err)
		}
		if items, err := c.ClaimTable(ctx, t1, "other", lease); err != nil || len(items) != 0 {
			t.Fatalf("%v into a renewed claim, another claim got %v (%v), want none", time.Duration(round+1)*20*time.Second, items, err)
		}
	}
	clock.Advance(lease + time.Second)
	if held, err := c.RenewClaim(ctx, t1, "slow", lease); err != nil || held {
		t.Fatalf("renewal after the lease ran out: held %v (%v), want lost", held, err)
	}
	if items, err := c.ClaimTable(ctx, t1, "other", lease); err != nil || len(items) != 1 {
		t.Fatalf("claim after the lease ran out: %v (%v), want the item", items, err)
	}
	if held, err := c.RenewClaim(ctx, t1, "slow", lease); err != nil || held {
		t.Fatalf("renewal of a claim another took over: held %v (%v), want lost", held, err)
	}
	if held, err := c.RenewClaim(ctx, t1, "other", lease); err != nil || !held {
		t.Fatalf("the new holder's renewal: held %v (%v), want held", held, err)
	}
}
