package commands

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Autocomplete lists the asking user's pending options for /move, and the
// rules topics of the chosen game for /rules. Anything odd yields no choices.
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
		if len(out) < maxSelectOptions && len(value) <= maxSelectValueLen &&
			(lower == "" || strings.Contains(strings.ToLower(name), lower) || strings.Contains(strings.ToLower(value), lower)) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: interact.Truncate(name, 100), Value: value})
		}
	}
	switch data.Name {
	case CmdMove:
		t, g, err := s.tables.Load(ctx, r.ChannelID, "")
		if err != nil || t.Status != table.StatusPlaying {
			return nil
		}
		seat := t.SeatOf(r.UserID)
		st, err := t.Load(g)
		if seat < 0 || err != nil {
			return nil
		}
		var options []games.Option
		for _, p := range games.SeatPrompts(st.Pending(), seat) {
			options = append(options, p.Options...)
		}
		out = s.moveChoices(t, r.Lang, options, typed)
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

// moveChoices are /move's autocomplete choices among options, path by
// path. A typed value ending in pathSep (a step chosen before) narrows to
// what lies under it; other typing filters the options by their whole
// label path ("Room 3 › Row 2, column 3 › top left") or id. Matches that
// do not fit one list are offered by the first step at which they part
// ways, as choices whose values end in pathSep (submitting one answers
// with the menu under it); typing a step's name thus lists its children.
func (s *Service) moveChoices(t *table.Table, lang string, options []games.Option, typed string) []*discordgo.ApplicationCommandOptionChoice {
	depth := 0
	if strings.HasSuffix(typed, pathSep) {
		prefix := strings.Split(strings.TrimSuffix(typed, pathSep), pathSep)
		options, typed, depth = under(options, prefix), "", len(prefix)
	}
	typed = strings.ToLower(typed)
	var matched []games.Option
	var names []string
	for _, o := range options {
		name := s.optionName(t, lang, o)
		if typed == "" || strings.Contains(strings.ToLower(name), typed) || strings.Contains(strings.ToLower(o.ID), typed) {
			matched, names = append(matched, o), append(names, name)
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < maxSelectOptions && len(value) <= maxSelectValueLen {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: interact.Truncate(name, 100), Value: value})
		}
	}
	if len(matched) > maxSelectOptions {
		if groups, loose, ok := groupsAt(matched, depth); ok && len(groups)+len(loose) <= maxSelectOptions {
			for _, g := range groups {
				if len(g.options) == 1 { // a single match needs no step
					add(s.optionName(t, lang, g.options[0]), g.options[0].ID)
					continue
				}
				add(s.pathLabel(t, lang, g.path, g.options)+" ("+s.voice.Text(lang, games.T(KeyGroupCount, "n", len(g.options)))+")", g.value()+pathSep)
			}
			for _, o := range loose {
				add(s.optionName(t, lang, o), o.ID)
			}
			return out
		}
	}
	for k, o := range matched {
		add(names[k], o.ID)
	}
	return out
}

// optionName is an option's label behind the labels of its path, with its
// detail after it (autocomplete shows one line per choice).
func (s *Service) optionName(t *table.Table, lang string, o games.Option) string {
	name := s.say(t, lang, o.Label)
	if !o.Detail.IsZero() {
		name += " · " + s.say(t, lang, o.Detail)
	}
	if len(o.Path) == 0 {
		return name
	}
	return s.pathLabel(t, lang, o.Path, []games.Option{o}) + " › " + name
}
