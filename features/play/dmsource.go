package play

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"

	"github.com/tavern-bot/tavern/games"
)

// dmSource is the DM a click came from. When the clicker's next decision
// is again a secret one (drafting a trade card by card, a pick and then a
// second choice), the answer replaces that DM in place instead of sending
// a new one per click.
type dmSource struct {
	userID    string
	channelID string
	messageID string
}

// clickedDM reports the DM message r's component sits on. Only a bot DM
// qualifies: a guild channel, a group DM and an ephemeral message (the
// "Show my hand" reply, which no interact.ChannelEdit can reach) do not.
func clickedDM(r interact.Request) (dmSource, bool) {
	i := r.Interaction
	if i == nil || i.Type != discordgo.InteractionMessageComponent || i.GuildID != "" || i.ChannelID == "" {
		return dmSource{}, false
	}
	if i.Context == discordgo.InteractionContextPrivateChannel {
		return dmSource{}, false
	}
	m := i.Message
	if m == nil || m.ID == "" || m.Flags&discordgo.MessageFlagsEphemeral != 0 || (m.ChannelID != "" && m.ChannelID != i.ChannelID) {
		return dmSource{}, false
	}
	return dmSource{userID: r.UserID, channelID: i.ChannelID, messageID: m.ID}, true
}

// clickedEphemeral reports a click on an ephemeral message, which only
// the clicker sees: the answer may take its place (interact.Result.ReplaceClicked).
func clickedEphemeral(r interact.Request) bool {
	i := r.Interaction
	return i != nil && i.Type == discordgo.InteractionMessageComponent && i.Message != nil &&
		i.Message.ID != "" && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// replaces reports whether the DM for userID with prompts mine should
// edit this source in place.
func (d dmSource) replaces(userID string, mine []games.Prompt) bool {
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

// ref is the DM message clicked.
func (d dmSource) ref() table.MessageRef {
	return table.MessageRef{Channel: d.channelID, ID: d.messageID}
}
