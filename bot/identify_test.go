package bot

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
)

// clockSleeper waits on a fake clock: a sleep returns once the clock has
// been moved past its end, and tells the test how long it waits.
type clockSleeper struct {
	clock *clocktest.Clock
	waits chan time.Duration
}

func (c clockSleeper) sleep(ctx context.Context, d time.Duration) error {
	end := c.clock.Now().Add(d)
	c.waits <- d
	for c.clock.Now().Before(end) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	return nil
}

// TestShardsTakeTurnsToIdentify: two shards started together (as two
// processes would, sharing one gate) identify one after the other, the
// second not before the first's slot plus Discord's 5 s have passed on
// the gate's clock; with max_concurrency 1 (the fake's) both are in one
// bucket.
func TestShardsTakeTurnsToIdentify(t *testing.T) {
	fake := fakediscord.New(t)
	clock := clocktest.NewClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	sleeper := clockSleeper{clock: clock, waits: make(chan time.Duration, 2)}
	gate := NewLocalIdentifyGate(clock.Now)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 2)
	for shard := range 2 {
		go func() {
			stopped <- RunGateway(ctx, GatewayConfig{Token: "secret", AppID: fakediscord.AppID, APIURL: fake.APIURL(),
				ShardID: shard, ShardCount: 2, Gate: gate, sleep: sleeper.sleep}, &stubInteractions{}, quietLog())
		}()
	}
	defer func() {
		cancel()
		for range 2 {
			if err := <-stopped; err != nil {
				t.Errorf("RunGateway: %v", err)
			}
		}
	}()
	waits := []time.Duration{<-sleeper.waits, <-sleeper.waits}
	slices.Sort(waits)
	if waits[0] != 0 || waits[1] < 5*time.Second {
		t.Fatalf("the shards wait %v for their identify slots, want one at once and the other at least 5 s", waits)
	}
	fake.Await(t, "the first shard's identify", func() bool { return len(fake.Gateway.Identifies()) == 1 })
	clock.Advance(waits[1] - time.Millisecond)
	if n := len(fake.Gateway.Identifies()); n != 1 {
		t.Fatalf("%d identifies %v after the first, want still 1", n, waits[1]-time.Millisecond)
	}
	clock.Advance(time.Millisecond)
	fake.Await(t, "the second shard's identify", func() bool { return len(fake.Gateway.Identifies()) == 2 })
	ids := fake.Gateway.Identifies()
	if ids[0].Shard == nil || ids[1].Shard == nil || ids[0].Shard[0] == ids[1].Shard[0] {
		t.Errorf("identified as shards %v and %v, want 0 and 1 once each", ids[0].Shard, ids[1].Shard)
	}
	// Closed before its first heartbeat, a session would reconnect for the
	// rest of the run (see fakediscord's Gateway.Live).
	fake.Await(t, "both shards READY and heartbeating", func() bool { return fake.Gateway.Live() == 2 })
}

// TestLocalIdentifyGate: slots of one bucket are handed out every apart
// from the last (or now, once it is longer ago); buckets do not wait for
// each other.
func TestLocalIdentifyGate(t *testing.T) {
	clock := clocktest.NewClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	g := NewLocalIdentifyGate(clock.Now)
	start := clock.Now()
	tests := []struct {
		name    string
		advance time.Duration
		bucket  int
		want    time.Time
	}{
		{"first of bucket 0", 0, 0, start},
		{"second at once", 0, 0, start.Add(6 * time.Second)},
		{"third a second later", time.Second, 0, start.Add(12 * time.Second)},
		{"bucket 1 does not wait", 0, 1, start.Add(time.Second)},
		{"bucket 0 long after", time.Minute, 0, start.Add(61 * time.Second)},
	}
	for _, tc := range tests {
		clock.Advance(tc.advance)
		at, wait, err := g.ReserveIdentify(context.Background(), tc.bucket, 6*time.Second)
		if err != nil || !at.Equal(tc.want) || wait != tc.want.Sub(clock.Now()) {
			t.Errorf("%s: slot %v, wait %v (%v), want %v", tc.name, at, wait, err, tc.want)
		}
	}
}
