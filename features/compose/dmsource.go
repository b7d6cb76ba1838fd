package compose

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table/live"

	"github.com/tavern-bot/tavern/games"
)

// DMSource is the DM a click came from. When the clicker's next decision
// is again a secret one (drafting a trade card by card, a pick and then a
// second choice), the answer replaces that DM in place instead of sending
// a new one per click.
type DMSource struct {
	userID    string
	channelID string
	messageID string
}

// ClickedDM reports the DM message r's component sits on. Only a bot DM
// qualifies: a guild channel, a group DM and an ephemeral message (the
// "Show my hand" reply, which no interact.ChannelEdit can reach) do not.
func ClickedDM(r interact.Request) (DMSource, bool) {
	i := r.Interaction
	if i == nil || i.Type != discordgo.InteractionMessageComponent || i.GuildID != "" || i.ChannelID == "" {
		return DMSource{}, false
	}
	if i.Context == discordgo.InteractionContextPrivateChannel {
		return DMSource{}, false
	}
	m := i.Message
	if m == nil || m.ID == "" || m.Flags&discordgo.MessageFlagsEphemeral != 0 || (m.ChannelID != "" && m.ChannelID != i.ChannelID) {
		return DMSource{}, false
	}
	return DMSource{userID: r.UserID, channelID: i.ChannelID, messageID: m.ID}, true
}

// ClickedEphemeral reports a click on an ephemeral message, which only
// the clicker sees: the answer may take its place (interact.Result.ReplaceClicked).
func ClickedEphemeral(r interact.Request) bool {
	i := r.Interaction
	return i != nil && i.Type == discordgo.InteractionMessageComponent && i.Message != nil &&
		i.Message.ID != "" && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// replaces reports whether the DM for userID with prompts mine should
// edit this source in place.
func (d DMSource) replaces(userID string, mine []games.Prompt) bool {
	if d.messageID == "" || d.userID != userID {
		return false
	}
	for _, p := range mine {
		if p.Secret {
			return true
		}
	}
	return false
}

// Clicked reports a click in a bot DM, which a change may edit in place.
func (d DMSource) Clicked() bool { return d.messageID != "" }

// ref is the DM message clicked.
func (d DMSource) ref() live.Ref {
	return live.Ref{Channel: d.channelID, ID: d.messageID}
}
