package play

import (
	"context"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/vote"
)

// Vote answers a click on a vote's End or Keep waiting button. The
// button carries the vote's id, not the table's version, so moves made
// meanwhile do not make it stale; a closed vote, a stranger, the absent
// player and a second identical click are answered and change nothing.
func (f *Feature) Vote(ctx context.Context, r interact.Request, id interact.CustomID) interact.Result {
	choice := vote.ForKeep
	switch id.Arg {
	case compose.VoteArgEnd:
		choice = vote.ForEnd
	case compose.VoteArgKeep:
	default:
		return f.voice.Key(r.Lang, interact.KeyBadButton)
	}
	var (
		res vote.Result
		d   outbox.Delivery
	)
	t, err := f.tables.Update(ctx, id.Channel, id.Table, func(t *table.Table, g games.Game) error {
		now := f.now()
		if v := t.Votes.ByID(id.Version); v != nil && v.Message.ID == "" && r.Interaction != nil && r.Interaction.Message != nil && r.Interaction.Message.ID != "" {
			// Clicked before its message id was remembered.
			t.Absent().SetMessage(v.ID, live.Ref{Channel: t.ChannelID, ID: r.Interaction.Message.ID}, now)
		}
		var err error
		if res, err = t.Absent().Cast(r.UserID, id.Version, choice, now); err != nil {
			return err
		}
		c := outbox.NewComposer(t, false)
		if !res.Ended && res.Vote.Message.ID != "" {
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: res.Vote.Message.Channel, MessageID: res.Vote.Message.ID}, f.tell.VoteMessage(t, res.Vote))
		}
		f.tell.VotePosts(c, compose.Scene{Table: t, Game: g}, nil, res.Ended)
		d, err = c.Done()
		return f.stage(t, d, err)
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	reply := games.T(KeyOKVoteKeep)
	switch {
	case res.Ended:
		reply = games.T(KeyOKVoteEnded)
	case choice == vote.ForEnd:
		reply = games.T(KeyOKVoteEnd, "end", res.Tally.End, "needed", res.Tally.Needed)
	}
	return f.deliver(t, d, nil, &interact.Message{Content: f.voice.Text(r.Lang, reply)})
}
