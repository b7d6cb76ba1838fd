package commands

import (
	"context"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestOutageIsNotCharged: after the bot was down longer than the grace,
// running clocks are paused over the gap on start-up, so a 12-hour
// decision begun just before a 10-hour outage is not timed out 2 hours
// after the bot is back; a short restart is charged as usual. The
// heartbeat is written on start-up, so the rule applies once.
func TestOutageIsNotCharged(t *testing.T) {
	for _, tc := range []struct {
		name     string
		down     time.Duration
		after    time.Duration // awake after the outage, then tick
		timedOut bool
	}{
		{name: "a 10-hour outage is paused", down: 10 * time.Hour, after: 3 * time.Hour, timedOut: false},
		{name: "the clock still runs out after the outage", down: 10 * time.Hour, after: 12*time.Hour + time.Minute, timedOut: true},
		{name: "a short restart is charged", down: 3 * time.Minute, after: 12 * time.Hour, timedOut: true},
		{name: "no outage", down: 0, after: 12*time.Hour - time.Minute, timedOut: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			ctx := context.Background()
			h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
			h.svc.beat(ctx, h.now())
			before := h.table()
			h.advance(tc.down)
			gap, n := h.svc.forgiveOutage(ctx)
			if gap != tc.down {
				t.Errorf("gap %v, want %v", gap, tc.down)
			}
			wantPaused := 0
			if tc.down > outageGrace {
				wantPaused = 1
			}
			if n != wantPaused {
				t.Errorf("%d tables paused for a %v outage, want %d", n, tc.down, wantPaused)
			}
			if again, n2 := h.svc.forgiveOutage(ctx); again != 0 || n2 != 0 {
				t.Errorf("a second start-up saw a %v outage over %d tables", again, n2)
			}
			h.advance(tc.after)
			h.tick()
			after := h.table()
			timedOut := false
			for _, e := range after.Log[len(before.Log):] {
				timedOut = timedOut || e.Timeout
			}
			if timedOut != tc.timedOut {
				t.Errorf("timed out: %v, want %v (log %d -> %d entries)", timedOut, tc.timedOut, len(before.Log), len(after.Log))
			}
		})
	}
}
