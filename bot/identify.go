package bot

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Discord accepts one IDENTIFY per max_concurrency bucket (a shard's
// shard_id % max_concurrency) every 5 seconds and refuses the others (op 9,
// which costs a session start of the day's 1,000). Shards in several
// processes take turns through an IdentifyGate that they share: the
// PostgreSQL store, or this process's own gate.

// IdentifyGate hands out identify slots per bucket, at least every apart,
// to whoever shares it.
type IdentifyGate interface {
	// ReserveIdentify reserves bucket's next slot: every after the one
	// handed out last, or now. at is the slot (on the gate's clock) and
	// wait how long from now until it comes.
	ReserveIdentify(ctx context.Context, bucket int, every time.Duration) (at time.Time, wait time.Duration, err error)
}

// identifyEvery is the slots' spacing: Discord's 5 s and 1 s for what
// lies between a slot and its IDENTIFY (dialling the gateway, its Hello),
// which varies from one connection to the next.
const identifyEvery = 6 * time.Second

// LocalIdentifyGate is the IdentifyGate of one process (a bbolt store,
// which no other process shares).
type LocalIdentifyGate struct {
	now  func() time.Time
	mu   sync.Mutex
	last map[int]time.Time // by bucket
}

// NewLocalIdentifyGate is a gate whose slots run on now.
func NewLocalIdentifyGate(now func() time.Time) *LocalIdentifyGate {
	return &LocalIdentifyGate{now: now, last: map[int]time.Time{}}
}

// ReserveIdentify reserves bucket's next slot.
func (g *LocalIdentifyGate) ReserveIdentify(_ context.Context, bucket int, every time.Duration) (time.Time, time.Duration, error) {
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	at := now
	if last, ok := g.last[bucket]; ok && last.Add(every).After(now) {
		at = last.Add(every)
	}
	g.last[bucket] = at
	return at, at.Sub(now), nil
}

// identifyBucket is the shard's bucket: shard % max_concurrency, as
// GET /gateway/bot tells it; 1 (a single bucket, the strictest) when it
// cannot be asked.
func identifyBucket(ctx context.Context, s *discordgo.Session, shard int, log *slog.Logger) int {
	gb, err := s.GatewayBot(discordgo.WithContext(ctx))
	if err != nil || gb.SessionStartLimit.MaxConcurrency < 1 {
		log.Warn("discord: max_concurrency unknown, identifying as if it were 1", "err", err)
		return 0
	}
	return shard % gb.SessionStartLimit.MaxConcurrency
}

// awaitIdentify reserves the shard's identify slot at gate and waits for
// it with sleep.
func awaitIdentify(ctx context.Context, gate IdentifyGate, bucket int, sleep func(context.Context, time.Duration) error, log *slog.Logger) error {
	at, wait, err := gate.ReserveIdentify(ctx, bucket, identifyEvery)
	if err != nil {
		return err
	}
	if wait > 0 {
		log.Info("discord: waiting for this shard's identify slot", "bucket", bucket, "wait", wait, "slot", at)
	}
	return sleep(ctx, wait)
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
