package delivery

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// delivered returns the Done of a change: once its actions were carried
// out it removes the change's outbox entries and, in the same transaction,
// stores the ids of the messages the table must remember (sent).
func (c *Carrier) delivered(channelID, tableID string, keys []string, sent *sentIDs) func(context.Context) {
	if len(keys) == 0 {
		return nil
	}
	return func(ctx context.Context) {
		ctx = context.WithoutCancel(ctx)
		if sent != nil && !sent.empty() {
			var saved *table.Table
			err := c.d.Store.Update(ctx, channelID, func(t *table.Table) error {
				if t.ID == tableID {
					sent.apply(t, c.now())
				}
				t.SpentOutbox = keys
				saved = t
				return nil
			})
			if err == nil {
				c.d.Saved(saved) // stale buttons to clear
				return
			}
			c.d.Log.Error("outbox: remember sent messages", "channel", channelID, "table", tableID, "err", err)
		}
		for _, k := range keys {
			if err := c.d.Store.Delivered(ctx, k); err != nil {
				c.d.Log.Error("outbox: mark delivered", "channel", channelID, "key", k, "err", err)
			}
		}
	}
}

// claimBatch bounds how many tables one redelivery claims; the rest wait
// for the next round.
const claimBatch = 1000

// Redeliver turns what the outbox still holds for the tables with a
// change staged before until (all of them when until is zero: changes
// stored before a crash or restart) and not being carried out into
// Results: a delivery still in the outbox a while after its change failed
// (or its process died) is tried again; younger ones may still be on their
// way. Each table's changes are claimed and carried out in order with the
// changes staged after them, their pictures drawn from the state each
// change saved; a replay is left to the replay drawer. Nonces make a post
// that did reach Discord before a crash a no-op the second time.
func (c *Carrier) Redeliver(ctx context.Context, until time.Time) []interact.Result {
	var age time.Duration
	if !until.IsZero() {
		age = max(0, c.now().Sub(until))
	}
	tables, err := c.d.Claims.StaleTables(ctx, age, claimBatch)
	if err != nil {
		c.d.Log.Error("outbox: list", "err", err)
		return nil
	}
	var out []interact.Result
	for _, tb := range tables {
		if res, items, ok := c.claim(ctx, tb, false); ok {
			c.d.Log.Info("outbox: delivering changes again", "channel", tb.ChannelID, "table", tb.TableID, "items", items)
			out = append(out, res)
		}
	}
	return out
}

// claim claims tb's outbox and makes the Result carrying out what it
// holds (see claimedResult), counting its items; ok is false when the
// claim failed (logged) or nothing is to be carried out.
func (c *Carrier) claim(ctx context.Context, tb storage.OutboxTable, drawer bool) (_ interact.Result, items int, ok bool) {
	claim := newClaim()
	held, err := c.d.Claims.ClaimTable(ctx, tb, claim, ClaimLease)
	if err != nil {
		c.d.Log.Error("outbox: claim", "channel", tb.ChannelID, "table", tb.TableID, "replay drawer", drawer, "err", err)
		return interact.Result{}, 0, false
	}
	res, ok := c.claimedResult(ctx, tb, claim, held, drawer)
	return res, len(held), ok
}
