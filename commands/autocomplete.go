package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// Autocomplete lists the asking user's pending options for /move, and the
// rules topics of the chosen game for /rules. Anything odd yields no choices.
func (s *Service) Autocomplete(ctx context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
	r, ok := newRequest(i)
	if !ok {
		return nil
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return nil
	}
	typed := ""
	for _, o := range data.Options {
		if o.Focused {
			typed = strings.ToLower(fmt.Sprint(o.Value))
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < maxSelectOptions && len(value) <= 100 &&
			(typed == "" || strings.Contains(strings.ToLower(name), typed) || strings.Contains(strings.ToLower(value), typed)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, 100), Value: value})
		}
	}
	switch data.Name {
	case CmdMove:
		t, g, err := s.load(ctx, r.channelID, "")
		if err != nil || t.Status != table.StatusPlaying {
			return nil
		}
		seat := t.SeatOf(r.userID)
		st, err := t.Load(g)
		if seat < 0 || err != nil {
			return nil
		}
		var options []games.Option
		for _, p := range games.SeatPrompts(st.Pending(), seat) {
			options = append(options, p.Options...)
		}
		out = s.moveChoices(t, r.lang, options, typed) // filtered by path already
		if len(out) > maxSelectOptions {
			out = out[:maxSelectOptions]
		}
	case CmdRules:
		g, ok := s.games.Get(stringOpt(data.Options, OptGame))
		if !ok {
			return nil
		}
		for _, rt := range g.Info().Rules {
			add(s.cat.Localize(r.lang, rt.Title), rt.ID)
		}
	}
	return out
}

// moveChoices are /move's autocomplete choices among options, path by
// path: typing filters the options by their whole label path ("Room 3 ›
// Row 2, column 3 › top left"); with nothing typed a list longer than one
// menu offers its first steps, whose values end in pathSep (submitting one
// answers with the menu under it); a typed value ending in pathSep lists
// what lies under it.
func (s *Service) moveChoices(t *table.Table, lang string, options []games.Option, typed string) []*discordgo.ApplicationCommandOptionChoice {
	var prefix []string
	if strings.HasSuffix(typed, pathSep) {
		prefix = strings.Split(strings.TrimSuffix(typed, pathSep), pathSep)
		options, typed = under(options, prefix), ""
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	if typed == "" && len(options) > maxSelectOptions {
		if groups, loose, ok := groupsAt(options, len(prefix), 1); ok {
			for _, g := range groups {
				value := strings.Join(append(append([]string{}, prefix...), g.step.ID), pathSep) + pathSep
				out = append(out, &discordgo.ApplicationCommandOptionChoice{Value: value,
					Name: truncate(s.groupLabel(t, lang, g)+" ("+s.cat.Localize(lang, games.T(KeyGroupCount, "n", len(g.options)))+")", 100)})
			}
			options = loose
		}
	}
	for _, o := range options {
		name := s.say(t, lang, o.Label)
		if len(o.Path) > 0 {
			name = s.pathLabel(t, lang, o.Path, []games.Option{o}) + " › " + name
		}
		if typed == "" || strings.Contains(strings.ToLower(name), typed) || strings.Contains(strings.ToLower(o.ID), typed) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: truncate(name, 100), Value: o.ID})
		}
	}
	return out
}
