package fakediscord

import (
	"github.com/bwmarrin/discordgo"
)

// Actor is a pretend user in a channel: who clicks, where, in which language.
type Actor struct {
	UserID    string
	Username  string
	ChannelID string
	GuildID   string // empty: the interaction comes from a DM
	Locale    discordgo.Locale
	// GuildLocale is the server's language Discord sends with guild
	// interactions (empty: American English).
	GuildLocale discordgo.Locale
}

// base builds the common part of an interaction and registers its token, so
// that replies sent by webhook are filed under its id even when the ack went
// through the HTTP endpoint instead of the callback endpoint.
func (ix *Interactions) base(a Actor, t discordgo.InteractionType) *discordgo.Interaction {
	ix.f.mu.Lock()
	id := ix.f.newID()
	token := "token-" + id
	ix.f.byID[id] = token
	rec := ix.interaction(token)
	rec.id = id
	rec.userID = a.UserID
	ix.f.mu.Unlock()

	user := &discordgo.User{ID: a.UserID, Username: a.Username}
	i := &discordgo.Interaction{
		ID: id, AppID: AppID, Type: t, Token: token, Version: 1,
		ChannelID: a.ChannelID, GuildID: a.GuildID, Locale: a.Locale,
	}
	if a.GuildID != "" {
		i.Member = &discordgo.Member{User: user, GuildID: a.GuildID}
		gl := discordgo.EnglishUS
		if a.GuildLocale != "" {
			gl = a.GuildLocale
		}
		i.GuildLocale = &gl
	} else {
		i.User = user
	}
	return i
}

// Command builds a slash-command interaction: /name with options (use
// SubCommand, StringOpt, IntOpt, UserOpt to build them).
func (ix *Interactions) Command(a Actor, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := ix.base(a, discordgo.InteractionApplicationCommand)
	i.Data = discordgo.ApplicationCommandInteractionData{
		ID: "cmd-" + name, Name: name, CommandType: discordgo.ChatApplicationCommand, Options: opts,
	}
	return i
}

// Autocomplete builds an autocomplete interaction for /name; the option
// being typed should have Focused set (see Focused).
func (ix *Interactions) Autocomplete(a Actor, name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	i := ix.Command(a, name, opts...)
	i.Type = discordgo.InteractionApplicationCommandAutocomplete
	return i
}

// Click builds a button press on message m (may be nil).
func (ix *Interactions) Click(a Actor, m *Message, customID string) *discordgo.Interaction {
	i := ix.base(a, discordgo.InteractionMessageComponent)
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	i.Message = ix.clicked(i, m, a.ChannelID)
	return i
}

// Select builds a select-menu choice of values on message m (may be nil).
func (ix *Interactions) Select(a Actor, m *Message, customID string, values ...string) *discordgo.Interaction {
	i := ix.base(a, discordgo.InteractionMessageComponent)
	i.Data = discordgo.MessageComponentInteractionData{
		CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: values,
	}
	i.Message = ix.clicked(i, m, a.ChannelID)
	return i
}

// clicked is the message of a component interaction i as Discord sends it,
// and remembers it as what @original names after a deferred update.
func (ix *Interactions) clicked(i *discordgo.Interaction, m *Message, channelID string) *discordgo.Message {
	if m == nil {
		return nil
	}
	ch := m.ChannelID
	if ch == "" {
		ch = channelID
	}
	ix.f.mu.Lock()
	rec := ix.interaction(i.Token)
	rec.clickedChannel, rec.clickedID = ch, m.ID
	ix.f.mu.Unlock()
	return &discordgo.Message{ID: m.ID, ChannelID: ch, Content: m.Content, Components: m.Components, Flags: m.Flags}
}

// SubCommand is a sub-command option such as "new" in /game new.
func SubCommand(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// StringOpt is a string option.
func StringOpt(name, value string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// IntOpt is an integer option; the value is a float64, as after JSON decoding.
func IntOpt(name string, value int) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(value)}
}

// BoolOpt is a boolean option.
func BoolOpt(name string, value bool) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: value}
}

// UserOpt is a user option holding a user id.
func UserOpt(name, userID string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionUser, Value: userID}
}

// Focused marks o as the option being typed (for Autocomplete).
func Focused(o *discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	o.Focused = true
	return o
}

// Control is a button or select menu flattened out of a message.
type Control struct {
	CustomID string
	Label    string // button label, or select placeholder
	Select   bool
	Disabled bool
	// Options are a select menu's choices (values and labels).
	Options []discordgo.SelectMenuOption
	// MinValues and MaxValues bound how many options a select takes.
	MinValues, MaxValues int
}

// Controls lists the interactive components of m in order.
func Controls(m Message) []Control {
	var out []Control
	var walk func(cs []discordgo.MessageComponent)
	walk = func(cs []discordgo.MessageComponent) {
		for _, c := range cs {
			switch c := c.(type) {
			case *discordgo.ActionsRow:
				walk(c.Components)
			case discordgo.ActionsRow:
				walk(c.Components)
			case *discordgo.Button:
				out = append(out, buttonControl(*c))
			case discordgo.Button:
				out = append(out, buttonControl(c))
			case *discordgo.SelectMenu:
				out = append(out, selectControl(*c))
			case discordgo.SelectMenu:
				out = append(out, selectControl(c))
			}
		}
	}
	walk(m.Components)
	return out
}

func buttonControl(b discordgo.Button) Control {
	return Control{CustomID: b.CustomID, Label: b.Label, Disabled: b.Disabled}
}

func selectControl(s discordgo.SelectMenu) Control {
	c := Control{CustomID: s.CustomID, Label: s.Placeholder, Select: true, Disabled: s.Disabled, Options: s.Options, MaxValues: s.MaxValues}
	if s.MinValues != nil {
		c.MinValues = *s.MinValues
	}
	return c
}
