package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
)

// Autocomplete lists the asking user's pending options for /move, the
// table's seats for /game look, and the rules topics of the chosen game
// for /rules. Anything odd yields no choices.
func (s *Service) Autocomplete(ctx context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
	r, ok := interact.NewRequest(i)
	if !ok {
		return nil
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return nil
	}
	typed := "" // as typed: step ids in a path prefix are case-sensitive
	for _, o := range data.Options {
		if o.Focused {
			typed = fmt.Sprint(o.Value)
		}
	}
	lower := strings.ToLower(typed)
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < interact.MaxSelectOptions && len(value) <= interact.MaxSelectValueLen &&
			(lower == "" || strings.Contains(strings.ToLower(name), lower) || strings.Contains(strings.ToLower(value), lower)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: interact.Truncate(name, 100), Value: value})
		}
	}
	switch data.Name {
	case CmdMove:
		out = s.play.MoveChoices(ctx, r, typed)
	case CmdGame:
		if len(data.Options) == 1 && data.Options[0].Name == SubLook {
			for _, o := range data.Options[0].Options {
				if o.Focused {
					typed = fmt.Sprint(o.Value)
				}
			}
			out = s.play.SeatChoices(ctx, r, typed)
		}
	case CmdRules:
		g, ok := s.games.Get(interact.StringOpt(data.Options, OptGame))
		if !ok {
			return nil
		}
		for _, rt := range g.Info().Rules {
			add(s.voice.Text(r.Lang, rt.Title), rt.ID)
		}
	}
	return out
}
