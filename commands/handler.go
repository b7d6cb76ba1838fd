package commands

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// Interactions is what every transport (gateway, HTTP endpoint, playground)
// calls. One implementation serves them all, so behaviour cannot drift.
type Interactions interface {
	// Handle processes a command, button, or select interaction after the
	// transport has acknowledged it as AckFor says.
	Handle(ctx context.Context, i *discordgo.Interaction) Result
	// Autocomplete answers an autocomplete interaction (at most 25 choices).
	Autocomplete(ctx context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice
	// Definitions are the slash commands to register, localized.
	Definitions() []*discordgo.ApplicationCommand
	// Localize renders a core message key in a language; transports use it
	// for the few texts they write themselves (e.g. the closed-DM notice).
	Localize(lang, key string) string
}
