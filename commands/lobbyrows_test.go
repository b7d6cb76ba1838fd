package commands_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// TestLobbyOffersEveryOption opens a table of every listed game in English
// and German and fails unless its lobby message keeps Discord's limits (5
// rows, 5 components a row, 25 in all, 25 choices a select, labels of 100
// and placeholders of 150 characters, no two choices of a select reading
// the same) and offers every choice of every option the table can be
// created with exactly once; then the host picks every choice that is not
// the current one, through the handler, and the table takes each.
func TestLobbyOffersEveryOption(t *testing.T) {
	svc, store, reg := lineupService(t)
	ctx := context.Background()
	for n, id := range reg.IDs() {
		g, _ := reg.Get(id)
		info := g.Info()
		for k, lang := range []string{"en", "de"} {
			channel := fmt.Sprint(100 + 2*n + k)
			host := commandstest.Interaction(channel, "7", discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
				Name: commands.CmdGame, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
					Name: commands.SubNew, Type: discordgo.ApplicationCommandOptionSubCommand,
					Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: commands.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: id}},
				}}})
			host.Locale = discordgo.Locale(lang)
			svc.Handle(ctx, host)
			lobby := func() (*table.Table, commands.Message) {
				tb, err := store.Tables().Get(ctx, channel)
				if err != nil {
					t.Fatalf("%s, %s: no table: %v", id, lang, err)
				}
				return tb, svc.LobbyMessage(tb, g)
			}
			tb, m := lobby()
			offered := lobbyProblems(t, id+", "+lang, m.Components)
			for _, o := range coreopt.All(info) {
				if len(o.Choices) < 2 {
					continue
				}
				for _, c := range o.Choices {
					if offered[o.ID+"="+c] != 1 {
						t.Errorf("%s, %s: %s=%s is offered %d times", id, lang, o.ID, c, offered[o.ID+"="+c])
					}
				}
			}
			// Every other choice, picked through the handler, is taken.
			for _, o := range coreopt.All(info) {
				for _, c := range o.Choices {
					if tb.Options[o.ID] == c {
						continue
					}
					customID, value := lobbyChoice(m.Components, o.ID, c)
					if customID == "" {
						continue // reported above
					}
					click := commandstest.Interaction(channel, "7", discordgo.InteractionMessageComponent,
						discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: []string{value}})
					click.Locale = discordgo.Locale(lang)
					res := svc.Handle(ctx, click)
					tb, m = lobby()
					if tb.Options[o.ID] != c {
						reply := ""
						if res.Reply != nil {
							reply = res.Reply.Content
						}
						t.Errorf("%s, %s: picking %s=%s left %q (%q)", id, lang, o.ID, c, tb.Options[o.ID], reply)
					}
				}
			}
		}
	}
}

// lobbyProblems checks a lobby's components against Discord's limits and
// counts how often each "option=choice" is offered.
func lobbyProblems(t *testing.T, where string, rows []discordgo.MessageComponent) map[string]int {
	t.Helper()
	offered := map[string]int{}
	if len(rows) > 5 {
		t.Errorf("%s: %d rows, Discord allows 5", where, len(rows))
	}
	all := 0
	for _, row := range rows {
		cs := row.(discordgo.ActionsRow).Components
		all += len(cs)
		if len(cs) > 5 {
			t.Errorf("%s: a row of %d components", where, len(cs))
		}
		for _, c := range cs {
			sel, ok := c.(discordgo.SelectMenu)
			if !ok {
				continue
			}
			id, err := commands.ParseCustomID(sel.CustomID)
			if err != nil || id.Kind != commands.KindOption {
				t.Errorf("%s: select %q is not a lobby option's", where, sel.CustomID)
				continue
			}
			if len(sel.Options) > 25 || utf8.RuneCountInString(sel.Placeholder) > 150 {
				t.Errorf("%s: select %s has %d choices, placeholder %q", where, id.Arg, len(sel.Options), sel.Placeholder)
			}
			read := map[string]bool{}
			for _, o := range sel.Options {
				if utf8.RuneCountInString(o.Label) > 100 || strings.HasSuffix(o.Label, "…") || read[o.Label+"\n"+o.Description] {
					t.Errorf("%s: choice %q of select %s is cut or reads like another", where, o.Label, id.Arg)
				}
				read[o.Label+"\n"+o.Description] = true
				key := id.Arg + "=" + o.Value
				if strings.Contains(o.Value, "=") {
					key = o.Value
				}
				offered[key]++
			}
		}
	}
	if all > 25 {
		t.Errorf("%s: %d components, Discord allows 25", where, all)
	}
	return offered
}

// lobbyChoice is the select offering option=choice and the value to pick.
func lobbyChoice(rows []discordgo.MessageComponent, option, choice string) (customID, value string) {
	for _, row := range rows {
		for _, c := range row.(discordgo.ActionsRow).Components {
			sel, ok := c.(discordgo.SelectMenu)
			if !ok {
				continue
			}
			for _, o := range sel.Options {
				id, _ := commands.ParseCustomID(sel.CustomID)
				if (id.Arg == option && o.Value == choice) || o.Value == option+"="+choice {
					return sel.CustomID, o.Value
				}
			}
		}
	}
	return "", ""
}
