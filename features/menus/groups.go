package menus

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Long option lists are offered as a tree (games.Option.Path): a select of
// the first steps, then, as an ephemeral answer, a select of the chosen
// step's next steps, and so on until the options under the chosen path fit
// selects of their own. The path chosen so far travels in the select value
// (step ids joined by PathSep); the custom id carries the table version
// like any move component, so stale and double clicks are refused as
// usual. Nothing here knows any game: steps bring their own labels.

// PathSep joins step ids in select values and /move prefixes.
const PathSep = "/"

// optionGroup is the options under one step at some depth, in order of
// appearance; path leads from the root to that step.
type optionGroup struct {
	path    []games.Step
	options []games.Option
}

func (g optionGroup) step() games.Step { return g.path[len(g.path)-1] }

// value is the group's path as it travels in a select value or a /move
// prefix: step ids joined by PathSep.
func (g optionGroup) value() string { return strings.Join(stepIDs(g.path), PathSep) }

// branchAt is the first depth from depth on at which options part ways:
// a step that every option shares offers no choice, so it is skipped.
func branchAt(options []games.Option, depth int) int {
	if len(options) == 0 {
		return depth
	}
	for ; ; depth++ {
		for _, o := range options {
			if len(o.Path) <= depth || o.Path[depth].ID != options[0].Path[depth].ID {
				return depth
			}
		}
	}
}

// groupsAt clusters options by their step at the first depth from depth on
// where they part ways; options whose path ends above it are loose
// (controls such as "send" or "done", offered beside the groups). ok is
// false when grouping does not help: a single group, no more groups than
// options, more loose options than a row of buttons, or a step id unfit
// for a select value. Whether the groups fit a message is the caller's
// question (see fitsRows).
func groupsAt(options []games.Option, depth int) (groups []optionGroup, loose []games.Option, ok bool) {
	depth = branchAt(options, depth)
	index := map[string]int{}
	for _, o := range options {
		if len(o.Path) <= depth {
			loose = append(loose, o)
			continue
		}
		step := o.Path[depth]
		if step.ID == "" || strings.Contains(step.ID, PathSep) {
			return nil, nil, false
		}
		i, seen := index[step.ID]
		if !seen {
			i = len(groups)
			index[step.ID] = i
			groups = append(groups, optionGroup{path: o.Path[:depth+1]})
		}
		groups[i].options = append(groups[i].options, o)
	}
	// A tree helps only when it groups: steps of one option each are
	// better offered as the options themselves.
	return groups, loose, len(groups) >= 2 && len(groups) < len(options)-len(loose) && len(loose) <= interact.MaxButtonsPerRow
}

// fitsRows reports whether groups, as selects of 25 steps, and loose, as
// one more row, fit in rows.
func fitsRows(groups []optionGroup, loose []games.Option, rows int) bool {
	need := (len(groups) + interact.MaxSelectOptions - 1) / interact.MaxSelectOptions
	if len(loose) > 0 {
		need++
	}
	return need <= rows
}

// Under are the options whose path starts with prefix.
func Under(options []games.Option, prefix []string) []games.Option {
	var out []games.Option
	for _, o := range options {
		if len(o.Path) < len(prefix) {
			continue
		}
		match := true
		for k, id := range prefix {
			if o.Path[k].ID != id {
				match = false
				break
			}
		}
		if match {
			out = append(out, o)
		}
	}
	return out
}

// groupMenu is the first level of a long prompt with paths: selects of the
// first steps (several when they exceed one select) plus the prompt's loose
// options; ok is false when the prompt is not offered as a tree.
func (m *Menus) groupMenu(t *table.Table, p games.Prompt, lang string, rows int) ([]discordgo.MessageComponent, []games.Option, bool) {
	if len(p.Options) <= interact.MaxSelectOptions || rows < 1 {
		return nil, nil, false
	}
	groups, loose, ok := groupsAt(p.Options, 0)
	if !ok || !fitsRows(groups, loose, rows) {
		return nil, nil, false
	}
	placeholder := m.voice.Text(lang, games.T(KeyGroupPick, "prompt", m.voice.AtTable(t, lang, p.Text)))
	sels, ok := m.stepSelects(t, p.Seat, groups, lang, placeholder)
	return sels, loose, ok
}

// stepSelects offers groups as selects of at most 25 steps each; the
// values are the paths to each step.
func (m *Menus) stepSelects(t *table.Table, seat int, groups []optionGroup, lang, placeholder string) ([]discordgo.MessageComponent, bool) {
	var rows []discordgo.MessageComponent
	for from := 0; from < len(groups); from += interact.MaxSelectOptions {
		id, err := interact.CustomID{Kind: interact.KindGroup, Channel: t.ChannelID, Table: t.ID, Version: t.Version,
			Arg: strconv.Itoa(seat) + "." + strconv.Itoa(from)}.Encode()
		if err != nil {
			return nil, false
		}
		sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id, Placeholder: interact.Truncate(placeholder, 150)}
		for _, g := range groups[from:min(len(groups), from+interact.MaxSelectOptions)] {
			value := g.value()
			if len(value) > interact.MaxSelectValueLen {
				return nil, false
			}
			sel.Options = append(sel.Options, discordgo.SelectMenuOption{
				Label:       interact.Truncate(m.groupLabel(t, lang, g), 100),
				Value:       value,
				Description: interact.Truncate(m.voice.Text(lang, games.T(KeyGroupCount, "n", len(g.options))), 100),
			})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	return rows, true
}

// groupLabel names a group for a reader: its step's label, or, for a step
// without one, the option under it (one) or its first and last option.
func (m *Menus) groupLabel(t *table.Table, lang string, g optionGroup) string {
	if step := g.step(); !step.Label.IsZero() {
		return m.voice.AtTable(t, lang, step.Label)
	}
	first := m.voice.AtTable(t, lang, g.options[0].Label)
	if len(g.options) == 1 {
		return first
	}
	return first + " … " + m.voice.AtTable(t, lang, g.options[len(g.options)-1].Label)
}

// MenuUnder is the menu of options, the options under a path of depth
// steps: the path's name (which may reach below depth, as far as the
// options share it), then the next level's steps, or the options
// themselves once they fit, in at most limit rows; cut reports what is
// left for /move.
func (m *Menus) MenuUnder(t *table.Table, seat int, options []games.Option, depth int, lang string, limit int) (label string, rows []discordgo.MessageComponent, cut bool) {
	label = m.pathLabel(t, lang, options[0].Path[:branchAt(options, depth)], options)
	tree := false
	if groups, loose, ok := groupsAt(options, depth); ok && len(options) > interact.MaxSelectOptions {
		rows, cut, tree = m.levelRows(t, seat, groups, loose, lang, label, limit)
	}
	if !tree {
		rows, cut = m.optionSelects(t, seat, options, lang, label, limit)
	}
	return label, rows, cut
}

// levelRows offers one level of a drill-down: its steps as selects of 25,
// as many as fit beside a row kept for the loose options, then the loose
// options, in at most limit rows. A level too long for one message still drills down (each step
// shown leads further than an option would); cut reports steps or options
// left for /move. ok is false when the steps' paths are too long for
// select values: the caller then offers the options themselves.
func (m *Menus) levelRows(t *table.Table, seat int, groups []optionGroup, loose []games.Option, lang, label string, limit int) (rows []discordgo.MessageComponent, cut, ok bool) {
	stepRows := limit
	if len(loose) > 0 {
		stepRows--
	}
	shown := min(len(groups), stepRows*interact.MaxSelectOptions)
	if rows, ok = m.stepSelects(t, seat, groups[:shown], lang, label); !ok {
		return nil, false, false
	}
	cut = shown < len(groups)
	if len(loose) > 0 {
		more, moreCut := m.optionSelects(t, seat, loose, lang, label, limit-len(rows))
		rows, cut = append(rows, more...), cut || moreCut
	}
	return rows, cut, true
}

// pathLabel names the path chosen so far, steps joined by " › ".
func (m *Menus) pathLabel(t *table.Table, lang string, path []games.Step, options []games.Option) string {
	var names []string
	for k := range path {
		names = append(names, m.groupLabel(t, lang, optionGroup{path: path[:k+1], options: Under(options, stepIDs(path[:k+1]))}))
	}
	return strings.Join(names, " › ")
}

func stepIDs(path []games.Step) []string {
	out := make([]string, len(path))
	for k, st := range path {
		out[k] = st.ID
	}
	return out
}

// optionSelects offers options as selects of 25, at most rows of them; cut
// reports options that did not fit (they stay reachable through /move).
func (m *Menus) optionSelects(t *table.Table, seat int, options []games.Option, lang, placeholder string, rows int) ([]discordgo.MessageComponent, bool) {
	var out []discordgo.MessageComponent
	cut := false
	texts := m.choiceTexts(t, lang, options)
	for from := 0; from < len(options); from += interact.MaxSelectOptions {
		if len(out) >= rows {
			return out, true
		}
		to := min(len(options), from+interact.MaxSelectOptions)
		sel, skipped := m.moveSelect(t, seat, options[from:to], texts[from:to], placeholder, from)
		cut = cut || skipped
		if len(sel.Options) > 0 {
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
		}
	}
	return out, cut
}

// moveSelect is a select answering seat's prompt with options, reading
// texts (see choiceTexts); from tells selects of one message apart.
func (m *Menus) moveSelect(t *table.Table, seat int, options []games.Option, texts []choiceText, placeholder string, from int) (discordgo.SelectMenu, bool) {
	id, _ := interact.CustomID{Kind: interact.KindMoveSelect, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: strconv.Itoa(seat) + "." + strconv.Itoa(from)}.Encode()
	sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id, Placeholder: interact.Truncate(placeholder, 150)}
	skipped := false
	for i, o := range options {
		if len(o.ID) > interact.MaxSelectValueLen {
			skipped = true
			continue
		}
		sel.Options = append(sel.Options, selectOption(o.ID, texts[i]))
	}
	return sel, skipped
}

// LeadIn is a prompt ready to be followed by ": ": without its closing
// punctuation ("Place it.: Row 1" reads wrong).
func LeadIn(prompt string) string { return strings.TrimRight(prompt, ".!?:… ") }
