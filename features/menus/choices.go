package menus

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// MoveChoices are /move's autocomplete choices among options, path by
// path. A typed value ending in PathSep (a step chosen before) narrows to
// what lies under it; other typing filters the options by their whole
// label path ("Room 3 › Row 2, column 3 › top left") or id. Matches that
// do not fit one list are offered by the first step at which they part
// ways, as choices whose values end in PathSep (submitting one answers
// with the menu under it); typing a step's name thus lists its children.
func (m *Menus) MoveChoices(t *table.Table, lang string, options []games.Option, typed string) []*discordgo.ApplicationCommandOptionChoice {
	depth := 0
	if strings.HasSuffix(typed, PathSep) {
		prefix := strings.Split(strings.TrimSuffix(typed, PathSep), PathSep)
		options, typed, depth = Under(options, prefix), "", len(prefix)
	}
	typed = strings.ToLower(typed)
	var matched []games.Option
	var names []string
	for _, o := range options {
		name := m.OptionName(t, lang, o)
		if typed == "" || strings.Contains(strings.ToLower(name), typed) || strings.Contains(strings.ToLower(o.ID), typed) {
			matched, names = append(matched, o), append(names, name)
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	add := func(name, value string) {
		if len(out) < interact.MaxSelectOptions && len(value) <= interact.MaxSelectValueLen {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: interact.Truncate(name, 100), Value: value})
		}
	}
	if len(matched) > interact.MaxSelectOptions {
		if groups, loose, ok := groupsAt(matched, depth); ok && len(groups)+len(loose) <= interact.MaxSelectOptions {
			for _, g := range groups {
				if len(g.options) == 1 { // a single match needs no step
					add(m.OptionName(t, lang, g.options[0]), g.options[0].ID)
					continue
				}
				add(m.pathLabel(t, lang, g.path, g.options)+" ("+m.voice.Text(lang, games.T(KeyGroupCount, "n", len(g.options)))+")", g.value()+PathSep)
			}
			for _, o := range loose {
				add(m.OptionName(t, lang, o), o.ID)
			}
			return out
		}
	}
	for k, o := range matched {
		add(names[k], o.ID)
	}
	return out
}

// OptionName is an option's label behind the labels of its path, with its
// detail after it (autocomplete shows one line per choice).
func (m *Menus) OptionName(t *table.Table, lang string, o games.Option) string {
	name := m.voice.AtTable(t, lang, o.Label)
	if !o.Detail.IsZero() {
		name += " · " + m.voice.AtTable(t, lang, o.Detail)
	}
	if len(o.Path) == 0 {
		return name
	}
	return m.pathLabel(t, lang, o.Path, []games.Option{o}) + " › " + name
}
