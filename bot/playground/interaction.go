package playground

import (
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/bwmarrin/discordgo"
)

// wireInteraction is an interaction as Discord sends it over the wire. The
// playground builds this and decodes it with discordgo, so the handler sees
// exactly the shapes (pointer components, float64 numbers) it gets from
// Discord.
type wireInteraction struct {
	ID             string            `json:"id"`
	AppID          string            `json:"application_id"`
	Type           int               `json:"type"`
	Data           any               `json:"data,omitempty"`
	GuildID        string            `json:"guild_id,omitempty"`
	ChannelID      string            `json:"channel_id"`
	Message        *wireMessage      `json:"message,omitempty"`
	AppPermissions string            `json:"app_permissions"`
	Member         *discordgo.Member `json:"member,omitempty"`
	User           *discordgo.User   `json:"user,omitempty"`
	Locale         string            `json:"locale"`
	GuildLocale    *string           `json:"guild_locale,omitempty"`
	Context        int               `json:"context"`
	Token          string            `json:"token"`
	Version        int               `json:"version"`
}

// wireMessage adds the components, which discordgo decodes but never
// encodes (its field is tagged "-").
type wireMessage struct {
	*discordgo.Message
	Components []discordgo.MessageComponent `json:"components"`
}

type componentData struct {
	CustomID      string   `json:"custom_id"`
	ComponentType int      `json:"component_type"`
	Values        []string `json:"values,omitempty"`
}

// adminPermissions is what an Admin pretend member holds.
const adminPermissions = discordgo.PermissionAdministrator | discordgo.PermissionManageChannels |
	discordgo.PermissionManageMessages | discordgo.PermissionManageGuild

// memberPermissions is an ordinary member's permissions in a table channel.
const memberPermissions = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionUseApplicationCommands | discordgo.PermissionReadMessageHistory |
	discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks

// interactionFor fills who and where: in a guild channel the user arrives as
// Member (with guild id and guild locale); in a DM only as User, like Discord.
func (s *Server) interactionFor(kind discordgo.InteractionType, u User, ch *channelInfo, data any, msg *discordgo.Message) (*discordgo.Interaction, error) {
	w := wireInteraction{
		ID:             s.world.newID(),
		AppID:          s.opts.BotID,
		Type:           int(kind),
		Data:           data,
		ChannelID:      ch.ID,
		Message:        wrapMessage(msg),
		AppPermissions: fmt.Sprint(int64(discordgo.PermissionAll)),
		Locale:         u.Locale,
		Token:          "pg-token-" + s.world.newID(),
		Version:        1,
	}
	if ch.DMUser == "" {
		gl := s.opts.GuildLocale
		perms := int64(memberPermissions)
		if u.Admin {
			perms |= adminPermissions
		}
		w.GuildID = s.opts.GuildID
		w.GuildLocale = &gl
		w.Context = int(discordgo.InteractionContextGuild)
		w.Member = &discordgo.Member{GuildID: s.opts.GuildID, User: discordUser(u), Nick: u.Name,
			Roles: []string{}, Permissions: perms}
	} else {
		w.User = discordUser(u)
		w.Context = int(discordgo.InteractionContextBotDM)
	}
	raw, err := json.Marshal(w)
	if err != nil {
		return nil, fmt.Errorf("playground: encode interaction: %w", err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(raw, &i); err != nil {
		return nil, fmt.Errorf("playground: decode interaction: %w", err)
	}
	return &i, nil
}

// discordMessage is the message a component sits on, as Discord includes it
// in a component interaction.
func (s *Server) discordMessage(channelID string, m message) *discordgo.Message {
	author := &discordgo.User{ID: s.opts.BotID, Username: s.opts.BotName, Bot: true}
	if u, ok := s.user(m.AuthorID); ok {
		author = discordUser(u)
	}
	dm := &discordgo.Message{
		ID: m.ID, ChannelID: channelID, Content: m.Content, Author: author,
		Components: m.Components, Timestamp: m.Created, Attachments: []*discordgo.MessageAttachment{},
	}
	for _, f := range m.Files { // a file the playground dropped is still the message's on Discord
		dm.Attachments = append(dm.Attachments, &discordgo.MessageAttachment{ID: f.ID, Filename: f.Name, URL: fileURL(f)})
	}
	if m.EphemeralFor != "" {
		dm.Flags = discordgo.MessageFlagsEphemeral
	}
	if ch, ok := s.channel(channelID); ok && ch.DMUser == "" {
		dm.GuildID = s.opts.GuildID
	}
	return dm
}

func wrapMessage(m *discordgo.Message) *wireMessage {
	if m == nil {
		return nil
	}
	return &wireMessage{Message: m, Components: m.Components}
}

func fileURL(f storedFile) string { return "/files/" + f.ID + "/" + url.PathEscape(f.Name) }
