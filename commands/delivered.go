package commands

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// dueChannels lists the channels whose tables are due at now.
func (s *Service) dueChannels(ctx context.Context, now time.Time) ([]string, error) {
	return s.store.DueBefore(ctx, now, dueBatch)
}

// nextDue is the earliest due moment of any table.
func (s *Service) nextDue(ctx context.Context) (time.Time, bool, error) {
	return s.store.NextDue(ctx)
}

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
				s.wakeIfDue(saved) // stale buttons to clear
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

// redeliver is Redeliver for the changes made before until (all of them
// when until is zero): a delivery still in the outbox a while after its
// change failed and is tried again; younger ones may still be on their way.
func (s *Service) redeliver(ctx context.Context, until time.Time) []Result {
	items, err := s.undelivered(ctx, until)
	if err != nil {
		s.log.Error("outbox: list", "err", err)
		return nil
	}
	var out []Result
	for _, item := range items {
		if isTourItem(item.Data) {
			if res, ok := s.redeliverTour(item, until); ok {
				out = append(out, res)
			}
			continue
		}
		done := s.delivered(item.ChannelID, item.TableID, []string{item.Key}, nil)
		d, err := decodeDelivery(item.Data)
		if err != nil {
			s.log.Error("outbox: undecodable item dropped", "channel", item.ChannelID, "table", item.TableID, "err", err)
			done(ctx)
			continue
		}
		if !until.IsZero() && !d.At.Before(until) || d.hasReplay() {
			continue // young, or a replay: the replay drawer posts it
		}
		actions, sent, err := s.realize(d, nil)
		if err != nil {
			s.log.Error("outbox: item dropped", "channel", item.ChannelID, "table", item.TableID, "err", err)
			done(ctx)
			continue
		}
		s.log.Info("outbox: delivering a change again", "channel", item.ChannelID, "table", item.TableID, "version", d.Version)
		out = append(out, Result{Actions: actions, Done: s.delivered(item.ChannelID, item.TableID, []string{item.Key}, sent)})
	}
	return out
}

// outboxClaimBatch bounds how many items one redelivery claims from a
// shared store; the rest wait for the next round.
const outboxClaimBatch = 1000

// undelivered lists the outbox items to deliver again: all of them from a
// store of one process; from a store several processes share, those
// staged before until (all at start-up) that no other process is
// delivering, claimed for outboxRetry, so that each is tried by one
// process at a time.
func (s *Service) undelivered(ctx context.Context, until time.Time) ([]storage.OutboxItem, error) {
	c, ok := s.store.(storage.OutboxClaimer)
	if !ok {
		return s.store.Outbox(ctx)
	}
	var age time.Duration
	if !until.IsZero() {
		age = max(0, s.now().Sub(until))
	}
	return c.ClaimOutbox(ctx, age, outboxRetry, outboxClaimBatch)
}
