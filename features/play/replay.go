package play

import (
	"context"
	"errors"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// When a game is played to its end, its replay is posted by itself: the
// end stores a due event (table.DueReplay); the scheduler fires it in a
// transaction that stages the replay's post in the outbox, as data (a post
// whose picture is the replay), and wakes the replay drawer. Drawing a
// replay takes seconds, so it never happens in the scheduler's tick: a
// goroutine of its own (delivery.Carrier.RunReplays) draws staged replays one at a time,
// each frame waiting in the render pool behind the pictures players need,
// posts them and removes them from the outbox. A replay staged before a
// crash is drawn after the restart; its nonce keeps Discord from posting
// it twice.

// errNothingDue stops a transaction that found nothing to do.
var errNothingDue = errors.New("play: nothing due")

// stageReplay stages the replay of the game that ended at the table
// tableID in channelID, if it is due at now, and wakes the drawer.
func (du *Due) stageReplay(ctx context.Context, channelID, tableID string, now time.Time) {
	_, err := du.f.tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		if !t.TakeEnded(table.DueReplay, now) {
			return errNothingDue
		}
		if !du.f.replay.Draws() {
			return nil // counted as done: this bot draws no replays
		}
		t.NewVersion() // the post's nonce is the replay's own
		c := outbox.NewComposer(t, false)
		c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Picture: &outbox.Picture{Viewer: games.Public, Name: "replay.gif", Replay: true}}, interact.Message{})
		d, err := c.Done()
		return du.f.stage(t, d, err)
	})
	switch {
	case err == nil:
		du.f.out.WakeReplays()
	case !errors.Is(err, errNothingDue):
		du.f.log.Error("scheduler: stage replay", "channel", channelID, "table", tableID, "err", err)
	}
}
