package budget

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestPaceFor: the pace spends a tenth less than the limit in any second
// (burst and evenly spread slots together), and at least half of it.
func TestPaceFor(t *testing.T) {
	for _, limit := range []int{1, 5, 10, 50, 100, 1000} {
		p := PaceFor(limit)
		perSecond := p.PerSecond()
		if p.Burst < 1 || perSecond > max(1, limit-limit/10) || perSecond < limit/2 {
			t.Errorf("PaceFor(%d) = %+v: %d per second", limit, p, perSecond)
		}
	}
}

// TestLocalLedgerWindows reserves slots as a fleet would (batches of
// several sizes at moments that leave gaps and pile up) on a simulated
// clock, and counts the slots in every window of one second: none may
// hold more than the pace's burst and rate, wherever it starts.
func TestLocalLedgerWindows(t *testing.T) {
	p := PaceFor(50)
	now := time.Unix(1_800_000_000, 0)
	m := NewLocal(func() time.Time { return now })
	var sent []time.Time
	for step := range 400 {
		n := 1 + step%maxBatch
		first, _, err := m.ReserveRequests(context.Background(), n, p.Every, p.tolerance())
		if err != nil {
			t.Fatal(err)
		}
		for k := range n {
			sent = append(sent, later(now.Add(first+time.Duration(k)*p.Every), now))
		}
		// Quiet spells now and then, else demand faster than the pace.
		if step%50 == 0 {
			now = now.Add(3 * time.Second)
		} else {
			now = now.Add(time.Duration(step%7) * 10 * time.Millisecond)
		}
	}
	slices.SortFunc(sent, func(a, b time.Time) int { return a.Compare(b) })
	allowed := p.PerSecond()
	busiest := 0
	for i, start := range sent {
		end := i
		for end < len(sent) && sent[end].Before(start.Add(time.Second)) {
			end++
		}
		busiest = max(busiest, end-i)
	}
	if busiest > allowed {
		t.Errorf("a window of one second held %d slots, the pace allows %d", busiest, allowed)
	}
	if busiest < allowed-1 {
		t.Errorf("the busiest second held %d slots where demand exceeded the pace: the budget goes unused (allowed %d)", busiest, allowed)
	}
}

// TestLocalHolds: a global hold delays the next slot; a route's hold is
// reported while it lasts.
func TestLocalHolds(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	m := NewLocal(func() time.Time { return now })
	ctx := context.Background()
	if err := m.HoldRequests(ctx, "", 2*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := m.HoldRequests(ctx, "bucket/1", time.Second); err != nil {
		t.Fatal(err)
	}
	first, held, _ := m.ReserveRequests(ctx, 1, 20*time.Millisecond, 0)
	if first != 2*time.Second || held["bucket/1"] != time.Second || len(held) != 1 {
		t.Errorf("after holds: first slot in %v, held %v; want 2s and bucket/1 for 1s", first, held)
	}
	now = now.Add(1500 * time.Millisecond)
	if _, held, _ = m.ReserveRequests(ctx, 1, 20*time.Millisecond, 0); len(held) != 0 {
		t.Errorf("a route's hold outlived it: %v", held)
	}
}
