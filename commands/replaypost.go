package commands

import (
	"context"
	"errors"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
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
var errNothingDue = errors.New("commands: nothing due")

// stageReplay stages the replay of the game that ended at the table
// tableID in channelID, if it is due at now, and wakes the drawer.
func (s *Service) stageReplay(ctx context.Context, channelID, tableID string, now time.Time) {
	_, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		if !t.TakeEnded(table.DueReplay, now) {
			return errNothingDue
		}
		if !s.replay.Draws() {
			return nil // counted as done: this bot draws no replays
		}
		t.NewVersion() // the post's nonce is the replay's own
		c := outbox.NewComposer(t, false)
		c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Picture: &outbox.Picture{Viewer: games.Public, Name: "replay.gif", Replay: true}}, Message{})
		d, err := c.Done()
		return s.stage(t, d, err)
	})
	switch {
	case err == nil:
		s.out.WakeReplays()
	case !errors.Is(err, errNothingDue):
		s.log.Error("scheduler: stage replay", "channel", channelID, "table", tableID, "err", err)
	}
}

// replayPost is the message of a staged replay: the table is read with
// its whole log now. A table gone from its channel (a new one opened there
// meanwhile) or a replay that cannot be drawn leaves nothing to post.
func (s *Service) replayPost(d outbox.Delivery) (Message, bool) {
	t, g, err := s.tables.Load(context.Background(), d.Channel, d.Table, storage.WithLog())
	if err == nil {
		var m Message
		if m, err = s.replay.Message(t, g); err == nil {
			return m, true
		}
	}
	s.log.Warn("replay at the end: not posted", "channel", d.Channel, "table", d.Table, "err", err)
	return Message{}, false
}

// DrawReplays draws every replay staged in the outbox and returns each as
// a Result to carry out (see delivery.Carrier.DrawReplays); tests call it
// after Tick.
func (s *Service) DrawReplays(ctx context.Context) []Result { return s.out.DrawReplays(ctx) }
