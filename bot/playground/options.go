// Package playground is the local stand-in for Discord: a web page on
// loopback that looks and behaves like a Discord server with a few pretend
// users, driving the very same commands.Interactions as the real transports.
// It exists so that a whole game can be played (and tested in a browser)
// without a bot token.
package playground

import "fmt"

// User is one pretend Discord user the page can switch to.
type User struct {
	ID     string
	Name   string
	Locale string // Discord locale: "en-US", "de", …
	// Admin gives the member Administrator permissions, so that commands
	// guarded by permission checks can be tried.
	Admin bool
}

// Channel is one pretend guild text channel.
type Channel struct {
	ID   string
	Name string
}

// Options configures the pretend server.
type Options struct {
	Users       []User
	Channels    []Channel
	GuildID     string
	GuildLocale string
	BotID       string
	BotName     string
}

// DefaultOptions are four users (one of them German, to show localization)
// and two table channels, so that two games can run side by side.
func DefaultOptions() Options {
	return Options{
		Users: []User{
			{ID: "100000000000000001", Name: "Ada", Locale: "en-US", Admin: true},
			{ID: "100000000000000002", Name: "Bruno", Locale: "de"},
			{ID: "100000000000000003", Name: "Clara", Locale: "en-GB"},
			{ID: "100000000000000004", Name: "Dario", Locale: "en-US"},
		},
		Channels: []Channel{
			{ID: "200000000000000001", Name: "table-1"},
			{ID: "200000000000000002", Name: "table-2"},
		},
		GuildID:     "300000000000000001",
		GuildLocale: "en-US",
		BotID:       "400000000000000001",
		BotName:     "Tavern",
	}
}

// withDefaults fills every empty field from DefaultOptions.
func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if len(o.Users) == 0 {
		o.Users = d.Users
	}
	if len(o.Channels) == 0 {
		o.Channels = d.Channels
	}
	if o.GuildID == "" {
		o.GuildID = d.GuildID
	}
	if o.GuildLocale == "" {
		o.GuildLocale = d.GuildLocale
	}
	if o.BotID == "" {
		o.BotID = d.BotID
	}
	if o.BotName == "" {
		o.BotName = d.BotName
	}
	return o
}

// validate rejects duplicate or empty ids, which would merge two users or
// channels into one.
func (o Options) validate() error {
	seen := map[string]bool{o.BotID: true, o.GuildID: true}
	for _, u := range o.Users {
		if u.ID == "" || u.Name == "" || seen[u.ID] {
			return fmt.Errorf("playground: user %q needs a unique id and a name", u.ID)
		}
		seen[u.ID] = true
	}
	for _, c := range o.Channels {
		if c.ID == "" || c.Name == "" || seen[c.ID] {
			return fmt.Errorf("playground: channel %q needs a unique id and a name", c.ID)
		}
		seen[c.ID] = true
	}
	return nil
}

// dmChannelID numbers the DM channel of the i-th user like a snowflake, as
// command code may expect numeric ids.
func dmChannelID(i int) string { return fmt.Sprintf("%d", 500000000000000001+i) }
