package delivery

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
)

// A staged replay (a post whose picture is the replay, see
// outbox.Picture.Replay) takes seconds to draw, so no carrier draws it in
// passing: the replay drawer (RunReplays) draws staged replays one at a
// time, each frame waiting in the render pool behind the pictures players
// need, and carries them out with their table's changes staged before and
// after them.

// WakeReplays wakes the replay drawer: a replay was staged.
func (c *Carrier) WakeReplays() {
	select {
	case c.replays <- struct{}{}:
	default: // awake already
	}
}

// DrawReplays draws every replay staged in the outbox and returns each as
// a Result to carry out, with the changes of its table staged before it
// (the table is claimed for it, see carryTable). The replay drawer runs
// it; tests call it after a tick.
func (c *Carrier) DrawReplays(ctx context.Context) []interact.Result {
	items, err := c.d.Store.Outbox(ctx)
	if err != nil {
		c.d.Log.Error("replays: list outbox", "err", err)
		return nil
	}
	var out []interact.Result
	claimed := map[storage.OutboxTable]bool{}
	for _, item := range items {
		if ctx.Err() != nil {
			break
		}
		tb := storage.OutboxTable{ChannelID: item.ChannelID, TableID: item.TableID}
		if c.kindOf(item.Data) != nil || claimed[tb] {
			continue
		}
		d, err := outbox.Decode(item.Data)
		if err != nil || !d.HasReplay() {
			continue // Redeliver deals with it
		}
		claimed[tb] = true
		if res, _, ok := c.claim(ctx, tb, true); ok {
			out = append(out, res)
		}
	}
	return out
}

// RunReplays is the replay drawer: it draws and carries out staged
// replays with run when woken (WakeReplays), at start-up, and every Retry
// for one that could not be posted, until ctx ends.
func (c *Carrier) RunReplays(ctx context.Context, run func(context.Context, []interact.Action) error) {
	retry := time.NewTicker(Retry)
	defer retry.Stop()
	for {
		for _, res := range c.DrawReplays(ctx) {
			_ = res.Carry(ctx, run) // a failure waits for the next round
		}
		select {
		case <-ctx.Done():
			return
		case <-c.replays:
		case <-retry.C:
		}
	}
}
