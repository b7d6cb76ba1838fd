package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
)

// runFor is the run that carries out the result of interaction i,
// acknowledged with ack. It is Run, except that changing the message i
// was clicked on goes through the interaction's own webhook: after a
// deferred update its original response is the message clicked, and
// Discord does not count interaction endpoints against the bot's global
// rate limit, where a channel message edit costs one of its 50 calls a
// second. So the buttons of a board replaced by the next one come off,
// and a DM decision answered in place is edited, for free, when this
// process knows it is the newest message of its DM. One buried under later
// messages, or in a DM this process has not posted in since it started, is
// left to edit (posted anew at the bottom when buried). When the webhook refuses (its token lasts 15 minutes: a change
// that waited longer for its turn) the channel edit goes out as before.
func (e *Executor) runFor(i *discordgo.Interaction, ack commands.Ack) func(context.Context, []commands.Action) error {
	if ack != commands.AckDeferUpdate || i.Message == nil || i.Message.ID == "" || i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return e.Run
	}
	clicked := i.Message.ID
	return func(ctx context.Context, actions []commands.Action) error {
		var retry error
		from := 0 // the first action not yet carried out
		for k, a := range actions {
			edit, ok := e.clickedEdit(ctx, i, clicked, a)
			if !ok {
				continue
			}
			retry = errors.Join(retry, e.Run(ctx, actions[from:k]))
			from = k + 1
			if ctx.Err() != nil {
				return errors.Join(retry, ctx.Err())
			}
			if err := edit(); err != nil {
				e.log.Debug("discord: editing the clicked message through its interaction failed; editing it in the channel", "err", err)
				retry = errors.Join(retry, e.Run(ctx, actions[k:k+1]))
			}
		}
		return errors.Join(retry, e.Run(ctx, actions[from:]))
	}
}

// clickedEdit is a, when it changes the message clicked in place, as an
// edit of interaction i's original response; ok is false for any other
// action (a DM decision to post anew at the bottom among them).
func (e *Executor) clickedEdit(ctx context.Context, i *discordgo.Interaction, clicked string, a commands.Action) (edit func() error, ok bool) {
	if c, ok := clearing(a); ok && c.MessageID == clicked {
		return func() error { return e.clearClicked(ctx, i, c) }, true
	}
	var ce commands.ChannelEdit
	switch a := a.(type) {
	case commands.ChannelEdit:
		ce = a
	case *commands.ChannelEdit:
		ce = *a
	default:
		return nil, false
	}
	if ce.MessageID != clicked {
		return nil, false
	}
	if ce.Resurface && !e.newestInDM(ce.ChannelID, ce.MessageID) {
		// Buried, or this process does not know: edit asks Discord, posts
		// it anew at the bottom when buried, and knows an earlier repost.
		return nil, false
	}
	return func() error { return e.replaceClicked(ctx, i, &ce.Message, false) }, true
}

// newestInDM reports whether this process knows messageID for the newest
// message of the DM channelID (it posted there since it started).
func (e *Executor) newestInDM(channelID, messageID string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	newest, known := e.dmNewest[channelID]
	return known && newest == messageID
}

// clearing is a as the ClearButtons it is, if it is one.
func clearing(a commands.Action) (commands.ClearButtons, bool) {
	switch a := a.(type) {
	case commands.ClearButtons:
		return a, true
	case *commands.ClearButtons:
		return *a, true
	}
	return commands.ClearButtons{}, false
}

// clearClicked removes the components of the message i was clicked on
// (and puts a's note in place of its text, when it has one) by editing
// the interaction's original response. Any refusal (an expired token, a
// message deleted) is left to the channel edit, which knows a message
// that is gone.
func (e *Executor) clearClicked(ctx context.Context, i *discordgo.Interaction, a commands.ClearButtons) error {
	none := []discordgo.MessageComponent{}
	edit := &discordgo.WebhookEdit{Components: &none}
	if a.Note != "" {
		edit.Content = &a.Note
	}
	_, err := e.session.InteractionResponseEdit(i, edit, discordgo.WithContext(ctx))
	return err
}
