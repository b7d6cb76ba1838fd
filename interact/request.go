package interact

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
)

// Request is the part of an interaction every handler needs.
type Request struct {
	Interaction *discordgo.Interaction
	UserID      string
	UserName    string
	Lang        string // the user's language, for ephemeral replies and DMs
	GuildLang   string // the server's language, for channel posts
	ChannelID   string
	Manage      bool // member may manage the channel
}

// NewRequest reads i's user, names and languages; ok is false when i
// names no user.
func NewRequest(i *discordgo.Interaction) (r Request, ok bool) {
	r = Request{Interaction: i, ChannelID: i.ChannelID, Lang: games.Lang(string(i.Locale))}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		r.Manage = i.Member.Permissions&discordgo.PermissionManageChannels != 0
		r.UserName = i.Member.Nick
	}
	if u == nil {
		u = i.User
	}
	if u == nil || u.ID == "" {
		return r, false
	}
	r.UserID = u.ID
	if r.UserName == "" {
		r.UserName = u.GlobalName
	}
	if r.UserName == "" {
		r.UserName = u.Username
	}
	if r.UserName == "" {
		r.UserName = u.ID
	}
	r.GuildLang = r.Lang
	if i.GuildLocale != nil {
		r.GuildLang = games.Lang(string(*i.GuildLocale))
	}
	return r, true
}

// InDM reports whether r came from a direct message with the bot.
func (r Request) InDM() bool { return r.Interaction.GuildID == "" }

// StringOpt is a command option's value as text ("" when absent).
func StringOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	for _, o := range opts {
		if o.Name == name {
			if v, ok := o.Value.(string); ok {
				return v
			}
			return fmt.Sprint(o.Value)
		}
	}
	return ""
}

// BoolOpt is a boolean option's value (false when absent).
func BoolOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			v, _ := o.Value.(bool)
			return v
		}
	}
	return false
}

// WholeNumber reads a whole number as Discord (a JSON number) or a typed
// option gives it; ok is false for anything else, or beyond a million.
func WholeNumber(raw string) (n int, ok bool) {
	raw = strings.TrimSpace(raw)
	if n, err := strconv.Atoi(raw); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e6 {
		return 0, false
	}
	return int(f), true
}

// ManagesServer reports a member allowed to manage the server (or an
// administrator).
func (r Request) ManagesServer() bool {
	if r.Interaction.Member == nil {
		return false
	}
	p := r.Interaction.Member.Permissions
	return p&discordgo.PermissionManageGuild != 0 || p&discordgo.PermissionAdministrator != 0
}

// threadPermissions are what the bot needs to play a table in a thread.
const threadPermissions = discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// MayOpenThreads reads the bot's permissions in the channel, as the
// interaction brings them; none known (0) leaves the answer to Discord.
func (r Request) MayOpenThreads() bool {
	perms := r.Interaction.AppPermissions
	return perms == 0 || perms&discordgo.PermissionAdministrator != 0 || perms&threadPermissions == threadPermissions
}

// HasRole reports whether the member who sent r holds roleID.
func (r Request) HasRole(roleID string) bool {
	return roleID != "" && r.Interaction.Member != nil && slices.Contains(r.Interaction.Member.Roles, roleID)
}

// ResolvedName is the name Discord resolved for a user option, or the
// caller's own name; ok is false when Discord resolved none.
func (r Request) ResolvedName(userID string) (string, bool) {
	if userID == r.UserID && r.UserName != "" {
		return r.UserName, true
	}
	if data, ok := r.Interaction.Data.(discordgo.ApplicationCommandInteractionData); ok && data.Resolved != nil {
		if m, ok := data.Resolved.Members[userID]; ok && m.Nick != "" {
			return m.Nick, true
		}
		if u, ok := data.Resolved.Users[userID]; ok {
			return cmp.Or(u.GlobalName, u.Username, userID), true
		}
	}
	return "", false
}

// Timestamp is Discord's timestamp markup, shown relative ("in 5 hours")
// in each reader's own language and time zone.
func Timestamp(at time.Time) string {
	return "<t:" + strconv.FormatInt(at.Unix(), 10) + ":R>"
}
