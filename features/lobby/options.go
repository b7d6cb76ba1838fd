package lobby

import (
	"cmp"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// A lobby offers every option of its table as selects, in the rows a
// message has beside its row of buttons. When there are more options than
// rows, the options with the fewest choices (rated, replay, the games'
// yes/no options) share a select: its choices are "option=choice" values
// (custom id argument PackedOption), each naming its option.

// PackedOption is the custom id argument of a select offering several
// options; its values are "option=choice".
const PackedOption = "*"

// selectable are the options a select can offer: two to 25 choices.
func selectable(specs []games.OptionSpec) []games.OptionSpec {
	var out []games.OptionSpec
	for _, o := range specs {
		if len(o.Choices) >= 2 && len(o.Choices) <= interact.MaxSelectOptions {
			out = append(out, o)
		}
	}
	return out
}

// packOptions lays specs out as at most rows selects: each option alone
// while they fit, else some options share selects (25 choices each, as few
// selects as hold them, placed last): first the table's own options (a
// game's options are what its players look for), those with fewest
// choices first (rated, replay). Options keep their order within each
// part. ok is false when no layout fits.
func packOptions(specs []games.OptionSpec, game map[string]bool, rows int) (layout [][]games.OptionSpec, ok bool) {
	if len(specs) <= rows {
		for _, o := range specs {
			layout = append(layout, []games.OptionSpec{o})
		}
		return layout, true
	}
	first := slices.Clone(specs) // in the order they are shared
	slices.SortStableFunc(first, func(a, b games.OptionSpec) int {
		if game[a.ID] != game[b.ID] {
			if game[b.ID] {
				return -1
			}
			return 1
		}
		return cmp.Compare(len(a.Choices), len(b.Choices))
	})
	at := func(o games.OptionSpec) int {
		return slices.IndexFunc(specs, func(x games.OptionSpec) bool { return x.ID == o.ID })
	}
	for shared := 1; shared <= rows; shared++ {
		alone := rows - shared
		bins := make([][]games.OptionSpec, shared)
		sizes := make([]int, shared)
		fits := true
		for _, o := range first[:len(first)-alone] {
			k := slices.IndexFunc(sizes, func(n int) bool { return n+len(o.Choices) <= interact.MaxSelectOptions })
			if k < 0 {
				fits = false
				break
			}
			bins[k], sizes[k] = append(bins[k], o), sizes[k]+len(o.Choices)
		}
		if !fits {
			continue
		}
		rest := slices.Clone(first[len(first)-alone:])
		slices.SortFunc(rest, func(a, b games.OptionSpec) int { return at(a) - at(b) })
		for _, o := range rest {
			layout = append(layout, []games.OptionSpec{o})
		}
		for _, bin := range bins {
			if len(bin) == 0 {
				continue
			}
			slices.SortFunc(bin, func(a, b games.OptionSpec) int { return at(a) - at(b) })
			layout = append(layout, bin)
		}
		return layout, true
	}
	return nil, false
}

// optionRows are the lobby's selects of t's options, at most rows of them.
func (f *Feature) optionRows(t *table.Table, info games.Info, lang string, rows int) []discordgo.MessageComponent {
	game := map[string]bool{}
	for _, o := range info.Options {
		game[o.ID] = true
	}
	layout, ok := packOptions(selectable(coreopt.All(info)), game, rows)
	if !ok {
		f.Log.Warn("lobby options do not fit", "game", t.GameID)
	}
	var out []discordgo.MessageComponent
	for _, group := range layout {
		arg := group[0].ID
		if len(group) > 1 {
			arg = PackedOption
		}
		id, err := interact.CustomID{Kind: interact.KindOption, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: arg}.Encode()
		if err != nil {
			continue
		}
		var sel discordgo.SelectMenu
		if len(group) == 1 {
			sel = f.optionSelect(t, group[0], lang)
		} else {
			sel = f.packedSelect(t, group, lang)
		}
		sel.MenuType, sel.CustomID = discordgo.StringSelectMenu, id
		out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	return out
}

// optionSelect offers one option's choices, the current one chosen.
func (f *Feature) optionSelect(t *table.Table, o games.OptionSpec, lang string) discordgo.SelectMenu {
	label := f.Voice.Text(lang, o.Label)
	sel := discordgo.SelectMenu{Placeholder: interact.Truncate(f.Voice.Text(lang, games.T(KeySelectOption, "option", label, "value", t.Options[o.ID])), 150)}
	for _, c := range o.Choices {
		// The choice first: a long option name ("When time runs
		// out (safe = …)") cut at Discord's 100 characters would
		// otherwise leave every choice reading the same.
		sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: interact.Truncate(c+" · "+label, interact.MaxSelectLabel), Value: c, Default: c == t.Options[o.ID]})
	}
	return sel
}

// packedSelect offers the choices of several options, each naming its
// option; the current ones say so under them (a select of one answer
// marks only one choice as chosen).
func (f *Feature) packedSelect(t *table.Table, group []games.OptionSpec, lang string) discordgo.SelectMenu {
	var now []string // by their ids, as typed in options: (the names are long)
	for _, o := range group {
		now = append(now, o.ID+"="+t.Options[o.ID])
	}
	sel := discordgo.SelectMenu{Placeholder: interact.Truncate(f.Voice.Text(lang, games.T(KeyLobbyMoreOptions, "options", strings.Join(now, ", "))), 150)}
	chosen := f.Voice.Text(lang, games.T(KeyLobbyChosen))
	for _, o := range group {
		label := f.Voice.Text(lang, o.Label)
		for _, c := range o.Choices {
			opt := discordgo.SelectMenuOption{Label: interact.Truncate(c+" · "+label, interact.MaxSelectLabel), Value: o.ID + "=" + c}
			if c == t.Options[o.ID] {
				opt.Description = chosen
			}
			sel.Options = append(sel.Options, opt)
		}
	}
	return sel
}

// splitPacked reads a packed select's value, "option=choice".
func splitPacked(value string) (option, choice string, ok bool) {
	option, choice, ok = strings.Cut(value, "=")
	return option, choice, ok && option != "" && choice != ""
}
