package commands

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/table"
)

// delivered returns the Done of a change: once its actions were carried
// out it removes the change's outbox entries and, in the same transaction,
// stores the ids of the messages the table must remember (sent).
func (s *Service) delivered(channelID, tableID string, keys []string, sent *sentIDs) func(context.Context) {
	if len(keys) == 0 {
		return nil
	}
	return func(ctx context.Context) {
		ctx = context.WithoutCancel(ctx)
		if sent != nil && !sent.empty() {
			var saved *table.Table
			err := s.store.Update(ctx, channelID, func(t *table.Table) error {
				if t.ID == tableID {
					sent.apply(t, s.now())
				}
				t.SpentOutbox = keys
				saved = t
				return nil
			})
			if err == nil {
				s.sched.WakeIfDue(saved) // stale buttons to clear
				return
			}
			s.log.Error("outbox: remember sent messages", "channel", channelID, "table", tableID, "err", err)
		}
		for _, k := range keys {
			if err := s.store.Delivered(ctx, k); err != nil {
				s.log.Error("outbox: mark delivered", "channel", channelID, "key", k, "err", err)
			}
		}
	}
}

// Redeliver turns what the outbox still holds (changes stored before a
// crash or restart whose messages were never confirmed) into Results, oldest
// first, with pictures drawn from the state each change saved. Nonces make
// a post that did reach Discord before the crash a no-op the second time.
// Call it once at start-up, before serving.
func (s *Service) Redeliver(ctx context.Context) []Result {
	return s.redeliver(ctx, time.Time{})
}

// redeliver is Redeliver for the tables with a change staged before
// until (all of them when until is zero) and not being carried out: a
// delivery still in the outbox a while after its change failed (or its
// process died) and is tried again; younger ones may still be on their
// way. Each table's changes are claimed and carried out in order with the
// changes staged after them; a replay is left to the replay drawer.
func (s *Service) redeliver(ctx context.Context, until time.Time) []Result {
	var age time.Duration
	if !until.IsZero() {
		age = max(0, s.now().Sub(until))
	}
	c := s.claims()
	tables, err := c.StaleTables(ctx, age, outboxClaimBatch)
	if err != nil {
		s.log.Error("outbox: list", "err", err)
		return nil
	}
	var out []Result
	for _, tb := range tables {
		claim := newClaim()
		items, err := c.ClaimTable(ctx, tb, claim, claimLease)
		if err != nil {
			s.log.Error("outbox: claim", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
			continue
		}
		if res, ok := s.claimedResult(ctx, tb, claim, items, false); ok {
			s.log.Info("outbox: delivering changes again", "channel", tb.ChannelID, "table", tb.TableID, "items", len(items))
			out = append(out, res)
		}
	}
	return out
}

// outboxClaimBatch bounds how many tables one redelivery claims; the
// rest wait for the next round.
const outboxClaimBatch = 1000
