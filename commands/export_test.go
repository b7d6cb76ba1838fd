package commands

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// PromptMenus is, for the tests outside the package, every message seat
// p.Seat meets answering p at t in lang: the rows the decision is offered
// with, then the menu under each step its step selects offer, depth first
// (drill's menuUnder, without the way back a step's answer adds).
func (s *Service) PromptMenus(t *table.Table, p games.Prompt, lang string) [][]discordgo.MessageComponent {
	rows, _ := s.menus.PromptRows(t, []games.Prompt{p}, lang, interact.MaxRows)
	out := [][]discordgo.MessageComponent{rows}
	var walk func(rows []discordgo.MessageComponent)
	walk = func(rows []discordgo.MessageComponent) {
		for _, row := range rows {
			for _, c := range row.(discordgo.ActionsRow).Components {
				sel, ok := c.(discordgo.SelectMenu)
				if !ok {
					continue
				}
				if id, err := ParseCustomID(sel.CustomID); err != nil || id.Kind != KindGroup {
					continue
				}
				for _, o := range sel.Options {
					// The menu under a step, as drill offers it.
					prefix := strings.Split(o.Value, menus.PathSep)
					_, rows, _ := s.menus.MenuUnder(t, p.Seat, menus.Under(p.Options, prefix), len(prefix), lang, interact.MaxRows)
					out = append(out, rows)
					walk(rows)
				}
			}
		}
	}
	walk(rows)
	return out
}

// LobbyMessage is, for the tests outside the package, the lobby message
// of t, an open table of g.
func (s *Service) LobbyMessage(t *table.Table, g games.Game) Message { return s.lobby.Message(t, g) }
