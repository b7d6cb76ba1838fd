// Package budget paces Tavern's REST calls to Discord so that every
// process of one bot token together stays within Discord's global rate
// limit, and learns from each other the per-route buckets Discord reports
// as spent. The processes share the budget through a Ledger: the
// PostgreSQL store for a fleet of workers, memory for one process.
//
// The global budget is handed out as slots one interval apart (a generic
// cell rate: a few may go at once after a quiet spell, the rest evenly),
// so that no window of one second, wherever it starts, holds more than
// the pace allows. A process reserves the slots its waiting calls need in
// one round trip, a few at a time, and the answer brings the routes any
// process found spent.
package budget

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Ledger keeps the budget the processes share.
type Ledger interface {
	// ReserveRequests takes n consecutive slots of the global budget, one
	// every `every`, the first no earlier than tolerance before now. It
	// returns how far from now the first slot is (negative: due already)
	// and the route buckets held now, each with how long it stays held.
	ReserveRequests(ctx context.Context, n int, every, tolerance time.Duration) (first time.Duration, held map[string]time.Duration, err error)
	// HoldRequests holds key for d from now: "" the global budget (after
	// a global 429), else a route bucket Discord reported spent.
	HoldRequests(ctx context.Context, key string, d time.Duration) error
}

// Pace is how the global budget is spent: a slot every Every, up to
// Burst of them at once after a quiet spell.
type Pace struct {
	Every time.Duration
	Burst int
}

// PaceFor is the pace that keeps within limit requests in any second,
// with a tenth of it to spare for the time a request takes to reach
// Discord (requests sent a slot apart may arrive closer): a burst of a
// sixteenth, the rest evenly. For Discord's 50/s: 3 at once, then 42/s,
// 44 in any second.
func PaceFor(limit int) Pace {
	burst := max(1, limit/16)
	rate := max(1, limit-burst-max(1, limit/10))
	// Rounded up: a slot a nanosecond too early would fit one more in.
	every := (time.Second + time.Duration(rate) - 1) / time.Duration(rate)
	return Pace{Every: every, Burst: burst}
}

// PerSecond is the most slots any second holds at this pace: a burst
// whose last slot starts the even run.
func (p Pace) PerSecond() int {
	return p.Burst - 1 + int((time.Second+p.Every-1)/p.Every)
}

// tolerance is how far before now the first slot may lie.
func (p Pace) tolerance() time.Duration { return time.Duration(p.Burst-1) * p.Every }

// maxBatch bounds the slots one round trip reserves: more would hand
// one process a long run of the budget while others wait.
const maxBatch = 8

// Limiter is one process's side of the budget: its calls wait for a
// slot (and for their route, when some process found it spent).
type Limiter struct {
	ledger Ledger
	// local stands in while the ledger cannot be reached: the process
	// then paces itself alone.
	local *Local
	pace  Pace
	log   *slog.Logger

	mu       sync.Mutex
	slots    []time.Time // reserved and not taken yet, soonest first
	waiting  int         // calls waiting for a slot
	fetching bool        // a reservation is under way
	changed  chan struct{}
	held     map[string]time.Time // route bucket → held until
	buckets  map[string]string    // route key → Discord's bucket id
	down     bool                 // the ledger failed last time
}

// NewLimiter paces calls at pace through ledger (nil: this process
// alone).
func NewLimiter(ledger Ledger, pace Pace, log *slog.Logger) *Limiter {
	if log == nil {
		log = slog.Default()
	}
	local := NewLocal(time.Now)
	if ledger == nil {
		ledger = local
	}
	return &Limiter{ledger: ledger, local: local, pace: pace, log: log, changed: make(chan struct{}),
		held: map[string]time.Time{}, buckets: map[string]string{}}
}

// Wait blocks until a request on r may go: its route bucket is not held
// and, unless exempt, it has a slot of the global budget.
func (l *Limiter) Wait(ctx context.Context, r Route) error {
	if r.Exempt {
		return nil
	}
	if err := l.awaitRoute(ctx, r); err != nil {
		return err
	}
	for tries := 1; ; tries++ {
		at, err := l.slot(ctx)
		if err != nil {
			return err
		}
		if err := sleepUntil(ctx, at); err != nil {
			return err
		}
		// A process starved of CPU wakes its waiting calls late and all
		// at once: sent together they would crowd one second. A slot
		// woken up past its time is given up for the next one (a few
		// times: a process that is always late still sends).
		if time.Since(at) <= max(l.pace.Every, staleAfter) || tries == maxLateSlots {
			return nil
		}
	}
}

// maxLateSlots bounds the slots one call gives up for waking late.
const maxLateSlots = 3

// awaitRoute waits while r's bucket is held.
func (l *Limiter) awaitRoute(ctx context.Context, r Route) error {
	l.mu.Lock()
	until := l.held[l.bucketKey(r)]
	l.mu.Unlock()
	return sleepUntil(ctx, until)
}

// bucketKey is the key route r's bucket is shared under: Discord's
// bucket id with the top-level resource once a response named it, else
// the route's own key. Call with l.mu held.
func (l *Limiter) bucketKey(r Route) string {
	if b, ok := l.buckets[r.Key]; ok {
		return b + "/" + r.Major
	}
	return r.Key
}

// slot takes the next reserved slot, reserving more (for every call
// waiting, up to maxBatch) when none is left.
func (l *Limiter) slot(ctx context.Context) (time.Time, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting++
	defer func() { l.waiting-- }()
	for {
		if err := ctx.Err(); err != nil {
			return time.Time{}, err
		}
		now := time.Now()
		// A slot left unused past its interval (or staleAfter, at a
		// fast pace) is gone: sending on it late would crowd the next.
		for len(l.slots) > 0 && now.Sub(l.slots[0]) > max(l.pace.Every, staleAfter) {
			l.slots = l.slots[1:]
		}
		if len(l.slots) > 0 {
			at := l.slots[0]
			l.slots = l.slots[1:]
			return at, nil
		}
		if !l.fetching {
			l.fetching = true
			n := min(l.waiting, maxBatch)
			l.mu.Unlock()
			slots, held := l.reserve(n)
			l.mu.Lock()
			l.fetching = false
			l.slots = append(l.slots, slots...)
			for k, until := range held {
				l.held[k] = until
			}
			close(l.changed)
			l.changed = make(chan struct{})
			continue
		}
		ch := l.changed
		l.mu.Unlock()
		select {
		case <-ch:
			l.mu.Lock()
		case <-ctx.Done():
			l.mu.Lock()
			return time.Time{}, ctx.Err()
		}
	}
}

// reserveTimeout bounds one reservation: past it the process paces
// itself until the ledger answers again.
const reserveTimeout = 2 * time.Second

// staleAfter is the least time a reserved slot waits for its call.
const staleAfter = 20 * time.Millisecond

// reserve asks the ledger for n slots, as times on this process's clock
// (a slot due already goes now), and the routes held. The ledger's
// offsets count from its answer (the ledger's clock read them during the
// round trip), so a slow round trip delays the slots rather than send
// them early, and no slot is stale on arrival. It never fails: a ledger
// that cannot be reached is replaced by the process's own for this
// reservation.
func (l *Limiter) reserve(n int) ([]time.Time, map[string]time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), reserveTimeout)
	defer cancel()
	first, held, err := l.ledger.ReserveRequests(ctx, n, l.pace.Every, l.pace.tolerance())
	l.mu.Lock()
	switch {
	case err != nil && !l.down:
		l.log.Warn("discord budget: the shared ledger failed; pacing this process alone until it answers", "err", err)
		l.down = true
	case err == nil && l.down:
		l.log.Info("discord budget: the shared ledger answers again")
		l.down = false
	}
	l.mu.Unlock()
	if err != nil {
		first, held, _ = l.local.ReserveRequests(ctx, n, l.pace.Every, l.pace.tolerance())
	}
	answered := time.Now()
	slots := make([]time.Time, n)
	for k := range slots {
		slots[k] = later(answered.Add(first+time.Duration(k)*l.pace.Every), answered)
	}
	until := make(map[string]time.Time, len(held))
	for k, d := range held {
		until[k] = answered.Add(d)
	}
	return slots, until
}

// hold records that key is held for d, here at once and in the ledger.
func (l *Limiter) hold(ctx context.Context, key string, d time.Duration) {
	if d <= 0 {
		return
	}
	if key != "" {
		l.mu.Lock()
		l.held[key] = later(l.held[key], time.Now().Add(d))
		l.mu.Unlock()
	} else {
		l.mu.Lock()
		l.slots = nil // reserved before Discord said stop
		l.mu.Unlock()
	}
	if err := l.ledger.HoldRequests(ctx, key, d); err != nil {
		l.log.Warn("discord budget: sharing a rate limit failed", "bucket", key, "err", err)
		_ = l.local.HoldRequests(ctx, key, d)
	}
}

// learnBucket remembers Discord's bucket id for route r.
func (l *Limiter) learnBucket(r Route, bucket string) {
	if bucket == "" {
		return
	}
	l.mu.Lock()
	l.buckets[r.Key] = bucket
	l.mu.Unlock()
}

// sleepUntil waits until at (at once if it passed) or ctx ends.
func sleepUntil(ctx context.Context, at time.Time) error {
	d := time.Until(at)
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
