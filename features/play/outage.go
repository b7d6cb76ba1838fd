package play

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// The outage rule: the scheduler records a heartbeat while it runs (every
// HeartbeatEvery at most; it wakes at least once a minute). On start-up, if
// the last one is more than OutageGrace old, the bot was down (or
// unreachable) that long: the span is recorded once (storage.RecordOutage;
// processes starting together record it once), and every running table's
// clocks are paused over it the next time the table changes (tables credit
// outages before every change), so no player is charged for time in which
// they could not play. The process that recorded it then sweeps the timed
// tables apart from the scheduler (CreditSweep), soonest due first, so
// every player soon sees the moved deadlines; the scheduler's first look
// waits for none of it. Shorter gaps (a restart for a deploy) are charged
// as usual.
const (
	HeartbeatEvery = 30 * time.Second
	OutageGrace    = 5 * time.Minute
	// sweepScan bounds how many timed tables one sweep visits; the index
	// lists exactly the tables with a running clock.
	sweepScan = 1 << 20
)

// ForgiveOutage records the time since the last heartbeat as an outage
// when that was more than OutageGrace ago, hands every outage on record
// to the tables, then beats. It reports how long the gap was and whether
// this process recorded it (and is to sweep: CreditSweep).
func (du *Due) ForgiveOutage(ctx context.Context) (time.Duration, bool) {
	now := du.f.now()
	last, err := du.f.uptime.Heartbeat(ctx)
	if err != nil {
		du.f.log.Error("scheduler: heartbeat", "err", err)
		return 0, false
	}
	gap := now.Sub(last)
	recorded := false
	if !last.IsZero() && gap > OutageGrace {
		if recorded, err = du.f.uptime.RecordOutage(ctx, clock.Span{From: last, Until: now}); err != nil {
			du.f.log.Error("scheduler: record an outage", "err", err)
		} else if recorded {
			du.f.log.Info("scheduler: an outage is credited to the clocks", "from", last, "until", now)
		}
	}
	outages, err := du.f.uptime.Outages(ctx)
	if err != nil {
		du.f.log.Error("scheduler: outages", "err", err)
	}
	du.f.tables.SetOutages(outages)
	du.Beat(ctx, now)
	return gap, recorded
}

// CreditSweep visits the timed tables, soonest due first, and has each
// one not yet paused over the newest outage credited and its moved
// deadlines told (a fire: see fire's credited), handing each change to
// carry; it returns how many tables it changed. A table another process
// changed meanwhile was credited in that change, and is left as it is.
func (du *Due) CreditSweep(ctx context.Context, carry func(interact.Result)) int {
	outages := du.f.tables.KnownOutages()
	if len(outages) == 0 {
		return 0
	}
	newest := outages[len(outages)-1].Until
	channels, err := du.f.store.DueBefore(ctx, du.f.now().Add(100*365*24*time.Hour), sweepScan)
	if err != nil {
		du.f.log.Error("scheduler: timed tables to credit", "err", err)
		return 0
	}
	n := 0
	for _, ch := range channels {
		if ctx.Err() != nil {
			break
		}
		t, err := du.f.store.Get(ctx, ch)
		if err != nil || t.Status != table.StatusPlaying || !t.Credited.Before(newest) {
			continue
		}
		results := du.Fire(ctx, ch, du.f.now())
		for _, res := range results {
			carry(res)
		}
		if len(results) > 0 {
			n++
		}
	}
	du.f.log.Info("scheduler: outage credited", "tables", n)
	return n
}

// Beat records the scheduler's heartbeat.
func (du *Due) Beat(ctx context.Context, now time.Time) {
	if err := du.f.uptime.Beat(ctx, now); err != nil {
		du.f.log.Error("scheduler: heartbeat", "err", err)
	}
}
