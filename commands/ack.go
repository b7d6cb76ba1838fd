package commands

import "github.com/bwmarrin/discordgo"

// Ack is how a transport acknowledges an interaction before handling it.
type Ack int

const (
	// AckDeferEphemeral: "thinking…", visible only to the user; the Reply
	// then edits it. Used for slash commands.
	AckDeferEphemeral Ack = iota
	// AckDeferUpdate: acknowledges a button or select without changing its
	// message; the Reply then arrives as an ephemeral follow-up, or edits
	// the clicked message when the Result says ReplaceClicked.
	AckDeferUpdate
	// AckAutocomplete: answered directly with choices, never deferred.
	AckAutocomplete
	// AckPong: a PING from the HTTP endpoint.
	AckPong
)

// AckFor tells a transport how to acknowledge i within Discord's 3 seconds.
func AckFor(i *discordgo.Interaction) Ack {
	switch i.Type {
	case discordgo.InteractionPing:
		return AckPong
	case discordgo.InteractionApplicationCommandAutocomplete:
		return AckAutocomplete
	case discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
		return AckDeferUpdate
	default:
		return AckDeferEphemeral
	}
}
