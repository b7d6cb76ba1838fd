package commands

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// The outage rule: the scheduler records a heartbeat while it runs (every
// heartbeatEvery at most; it wakes at least once a minute). On start-up, if the last one is more than
// outageGrace old, the bot was down (or unreachable) that long, and every
// running table's clocks are paused over the gap, so no player is charged
// for time in which they could not play. Shorter gaps (a restart for a
// deploy) are charged as usual.
const (
	heartbeatEvery = 30 * time.Second
	outageGrace    = 5 * time.Minute
	// outageScan bounds how many timed tables one start-up pauses; the
	// index lists exactly the tables with a running clock.
	outageScan = 1 << 20
)

// forgiveOutage pauses running clocks over the time since the last
// heartbeat, when that was more than outageGrace ago (staging the status
// and DM countdowns that moved, for the redelivery that follows), then
// beats. It
// reports how long the outage was and how many tables it touched.
func (s *Service) forgiveOutage(ctx context.Context) (time.Duration, int) {
	now := s.now()
	last, err := s.store.Heartbeat(ctx)
	if err != nil {
		s.log.Error("scheduler: heartbeat", "err", err)
		return 0, 0
	}
	gap := now.Sub(last)
	n := 0
	if !last.IsZero() && gap > outageGrace {
		channels, err := s.store.DueBefore(ctx, now.Add(100*365*24*time.Hour), outageScan)
		if err != nil {
			s.log.Error("scheduler: tables to pause after an outage", "err", err)
			return gap, 0
		}
		for _, ch := range channels {
			_, err := s.tables.Update(ctx, ch, "", func(t *table.Table, g games.Game) error {
				if t.Status != table.StatusPlaying {
					return nil
				}
				if err := t.Outage(g, last, now); err != nil {
					return err
				}
				d, err := s.pausedTold(t, g)
				return s.stage(t, d, err)
			})
			if err != nil {
				s.log.Error("scheduler: pause clocks after an outage", "channel", ch, "err", err)
				continue
			}
			n++
		}
		s.log.Info("scheduler: clocks paused over an outage", "from", last, "until", now, "tables", n)
	}
	s.beat(ctx, now)
	return gap, n
}

// pausedTold is what a pause over an outage changes in what players
// see: the deadlines in the status message and the countdowns of the live
// DMs. It waits in the outbox, which the scheduler delivers next.
func (s *Service) pausedTold(t *table.Table, g games.Game) (outbox.Delivery, error) {
	st, err := t.Load(g)
	if err != nil {
		return outbox.Delivery{}, err
	}
	t.NewVersion()
	c := outbox.NewComposer(t, true)
	sc := scene{t: t, g: g, st: st, pending: st.Pending()}
	s.statusPost(c, sc)
	seats := make([]int, len(t.Seats))
	for i := range seats {
		seats[i] = i
	}
	s.deadlineDMs(c, sc, seats)
	return c.Done()
}

// beat records the scheduler's heartbeat.
func (s *Service) beat(ctx context.Context, now time.Time) {
	if err := s.store.Beat(ctx, now); err != nil {
		s.log.Error("scheduler: heartbeat", "err", err)
	}
}
