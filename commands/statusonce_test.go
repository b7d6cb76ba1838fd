package commands_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
)

// TestStatusTellsListOnce: Viscounts' choice of player card and hero asks
// a question followed by a line per pair. The board post that asks tells
// the pairs; the status (the live message under it and /game status) names
// the question only, so the channel does not show the list twice. English
// and German.
func TestStatusTellsListOnce(t *testing.T) {
	svc, store, _ := lineupService(t)
	ctx := context.Background()
	for k, lang := range []string{"en", "de"} {
		channel := []string{"300", "301"}[k]
		locale := discordgo.Locale(lang)
		handle := func(i *discordgo.Interaction) commands.Result {
			i.Locale, i.GuildLocale = locale, &locale
			return svc.Handle(ctx, i)
		}
		slash := func(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) commands.Result {
			return handle(commandstest.Interaction(channel, user, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
				Name: commands.CmdGame, Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}))
		}
		button := func(user string, kind commands.Kind) commands.Result {
			tb, err := store.Tables().Get(ctx, channel)
			if err != nil {
				t.Fatal(err)
			}
			id, _ := commands.CustomID{Kind: kind, Channel: channel, Table: tb.ID, Version: tb.Version}.Encode()
			return handle(commandstest.Interaction(channel, user, discordgo.InteractionMessageComponent, discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.ButtonComponent}))
		}
		slash("1", commands.SubNew, &discordgo.ApplicationCommandInteractionDataOption{Name: commands.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: "viscounts"})
		button("2", commands.KindJoin)
		var posted []string // what the start put in the channel
		_ = button("1", commands.KindStart).Carry(ctx, func(_ context.Context, actions []commands.Action) error {
			for _, a := range actions {
				switch a := a.(type) {
				case commands.ChannelPost:
					posted = append(posted, a.Message.Content)
				case commands.ChannelEdit:
					posted = append(posted, a.Message.Content)
				}
			}
			return nil
		})
		status := slash("1", commands.SubStatus)
		if status.Reply == nil {
			t.Fatalf("%s: /game status answered nothing", lang)
		}
		text := status.Reply.Content
		lines := strings.Split(text, "\n")
		if len(lines) < 2 || strings.Contains(text, "•") {
			t.Errorf("%s: /game status lists the pairs: %q", lang, text)
		}
		_, question, _ := strings.Cut(lines[1], ": ") // "u1: Choose your player card and hero:"
		listed, asked := 0, 0
		for _, p := range posted {
			if strings.Contains(p, "•") {
				listed++
			}
			if strings.Contains(p, question) {
				asked++
			}
		}
		if listed != 1 || asked != 2 { // the board with the list, the live status without it
			t.Errorf("%s: %d of the start's messages list the pairs, %d ask %q: %q", lang, listed, asked, question, posted)
		}
	}
}
