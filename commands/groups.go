package commands

import (
	"context"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// Long option lists are offered as a tree (games.Option.Path): a select of
// the first steps, then, as an ephemeral answer, a select of the chosen
// step's next steps, and so on until the options under the chosen path fit
// selects of their own. The path chosen so far travels in the select value
// (step ids joined by pathSep); the custom id carries the table version
// like any move component, so stale and double clicks are refused as
// usual. Nothing here knows any game: steps bring their own labels.

// pathSep joins step ids in select values and /move prefixes.
const pathSep = "/"

// optionGroup is the options under one step at some depth, in order of
// appearance.
type optionGroup struct {
	step    games.Step
	options []games.Option
}

// groupsAt clusters options by their step at depth; options whose path
// ends above depth are loose (controls such as "send" or "done", offered
// as buttons beside the group select). ok is false when the list cannot be
// offered by groups: a single group, more groups than selects can hold,
// more loose options than a row of buttons, or a step id unfit for a
// select value.
func groupsAt(options []games.Option, depth, rows int) (groups []optionGroup, loose []games.Option, ok bool) {
	index := map[string]int{}
	for _, o := range options {
		if len(o.Path) <= depth {
			loose = append(loose, o)
			continue
		}
		step := o.Path[depth]
		if step.ID == "" || strings.Contains(step.ID, pathSep) {
			return nil, nil, false
		}
		i, seen := index[step.ID]
		if !seen {
			i = len(groups)
			index[step.ID] = i
			groups = append(groups, optionGroup{step: step})
		}
		groups[i].options = append(groups[i].options, o)
	}
	// A tree helps only when it groups: steps of one option each are
	// better offered as the options themselves.
	return groups, loose, len(groups) >= 2 && len(groups) < len(options)-len(loose) &&
		len(groups) <= rows*maxSelectOptions && len(loose) <= maxButtonsPerRow
}

// under are the options whose path starts with prefix.
func under(options []games.Option, prefix []string) []games.Option {
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
func (s *Service) groupMenu(t *table.Table, p games.Prompt, lang string, rows int) ([]discordgo.MessageComponent, []games.Option, bool) {
	if len(p.Options) <= maxSelectOptions || rows < 1 {
		return nil, nil, false
	}
	groups, loose, ok := groupsAt(p.Options, 0, rows)
	if !ok {
		return nil, nil, false
	}
	placeholder := s.cat.Localize(lang, games.T(KeyGroupPick, "prompt", s.say(t, lang, p.Text)))
	sels, ok := s.stepSelects(t, p.Seat, groups, nil, lang, placeholder)
	return sels, loose, ok
}

// stepSelects offers groups, whose path so far is prefix, as selects of at
// most 25 steps each; the values are the paths to each step.
func (s *Service) stepSelects(t *table.Table, seat int, groups []optionGroup, prefix []string, lang, placeholder string) ([]discordgo.MessageComponent, bool) {
	var rows []discordgo.MessageComponent
	for from := 0; from < len(groups); from += maxSelectOptions {
		id, err := CustomID{Kind: KindGroup, Channel: t.ChannelID, Table: t.ID, Version: t.Version,
			Arg: strconv.Itoa(seat) + "." + strconv.Itoa(from)}.Encode()
		if err != nil {
			return nil, false
		}
		sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id, Placeholder: truncate(placeholder, 150)}
		for _, g := range groups[from:min(len(groups), from+maxSelectOptions)] {
			value := strings.Join(append(append([]string{}, prefix...), g.step.ID), pathSep)
			if len(value) > 100 {
				return nil, false
			}
			sel.Options = append(sel.Options, discordgo.SelectMenuOption{
				Label:       truncate(s.groupLabel(t, lang, g), 100),
				Value:       value,
				Description: truncate(s.cat.Localize(lang, games.T(KeyGroupCount, "n", len(g.options))), 100),
			})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
	}
	return rows, true
}

// groupLabel names a group for a reader: its step's label, or, for a step
// without one, the option under it (one) or its first and last option.
func (s *Service) groupLabel(t *table.Table, lang string, g optionGroup) string {
	if !g.step.Label.IsZero() {
		return s.say(t, lang, g.step.Label)
	}
	first := s.say(t, lang, g.options[0].Label)
	if len(g.options) == 1 {
		return first
	}
	return first + " … " + s.say(t, lang, g.options[len(g.options)-1].Label)
}

// pickGroup answers a click on a step select: the next level under the
// chosen path, made at the current version.
func (s *Service) pickGroup(ctx context.Context, r request, c CustomID, path string) Result {
	return s.drill(ctx, r, c.Channel, c.Table, c.Version, path)
}

// drillDown answers a /move whose value is a path prefix (step ids ending
// in pathSep, as autocomplete offers them) with the menu under it, at any
// version since a typed command carries none; ok is false for any other
// value, which /move then treats as a move.
func (s *Service) drillDown(ctx context.Context, r request, channelID, value string) (Result, bool) {
	if !strings.HasSuffix(value, pathSep) {
		return Result{}, false
	}
	return s.drill(ctx, r, channelID, "", moveAnyVersion, value), true
}

// drill answers with the menu under path for the asking seat: the next
// steps, or the options themselves once they fit. version is the clicked
// component's (table.AnyVersion for a typed /move).
func (s *Service) drill(ctx context.Context, r request, channelID, tableID string, version int, path string) Result {
	t, g, err := s.load(ctx, channelID, tableID)
	if err != nil {
		return s.replyErr(r, err)
	}
	if t.Status != table.StatusPlaying {
		return s.replyErr(r, games.Errorf(table.ErrNotPlaying))
	}
	seat := t.SeatOf(r.userID)
	if seat < 0 {
		return s.replyErr(r, games.Errorf(table.ErrNotSeated))
	}
	if version != table.AnyVersion && (version < t.Seats[seat].PromptVersion || version > t.Version) {
		return s.replyErr(r, games.Errorf(table.ErrStale))
	}
	st, err := t.Load(g)
	if err != nil {
		return s.replyErr(r, err)
	}
	mine := games.SeatPrompts(st.Pending(), seat)
	if len(mine) == 0 {
		return s.replyErr(r, games.Errorf(table.ErrNotYourTurn))
	}
	prefix := strings.Split(strings.TrimSuffix(path, pathSep), pathSep)
	var options []games.Option
	for _, p := range mine {
		options = append(options, under(p.Options, prefix)...)
	}
	if len(options) == 0 {
		return s.replyErr(r, games.Errorf(table.ErrOptionNotPending))
	}
	label := s.pathLabel(t, r.lang, options[0].Path[:len(prefix)], options)
	m := Message{Content: truncate(s.cat.Localize(r.lang, games.T(KeyGroupReply, "prompt", s.say(t, r.lang, mine[0].Text), "group", label)), 2000)}
	cut := false
	if groups, loose, ok := groupsAt(options, len(prefix), maxRows-1); ok && len(options) > maxSelectOptions {
		m.Components, _ = s.stepSelects(t, seat, groups, prefix, r.lang, label)
		if len(loose) > 0 {
			rows, more := s.optionSelects(t, seat, loose, r.lang, label, maxRows-len(m.Components))
			m.Components, cut = append(m.Components, rows...), more
		}
	} else {
		m.Components, cut = s.optionSelects(t, seat, options, r.lang, label, maxRows)
	}
	if cut {
		m.Content += "\n" + s.cat.Localize(r.lang, games.T(KeyMoreUseMove))
	}
	return Result{Reply: &m}
}

// pathLabel names the path chosen so far, steps joined by " › ".
func (s *Service) pathLabel(t *table.Table, lang string, path []games.Step, options []games.Option) string {
	var names []string
	for k, step := range path {
		names = append(names, s.groupLabel(t, lang, optionGroup{step: step, options: under(options, stepIDs(path[:k+1]))}))
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
func (s *Service) optionSelects(t *table.Table, seat int, options []games.Option, lang, placeholder string, rows int) ([]discordgo.MessageComponent, bool) {
	var out []discordgo.MessageComponent
	cut := false
	for from := 0; from < len(options); from += maxSelectOptions {
		if len(out) >= rows {
			return out, true
		}
		sel, skipped := s.moveSelect(t, seat, options[from:min(len(options), from+maxSelectOptions)], lang, placeholder, from)
		cut = cut || skipped
		if len(sel.Options) > 0 {
			out = append(out, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
		}
	}
	return out, cut
}

// moveSelect is a select answering seat's prompt with options; from tells
// selects of one message apart.
func (s *Service) moveSelect(t *table.Table, seat int, options []games.Option, lang, placeholder string, from int) (discordgo.SelectMenu, bool) {
	id, _ := CustomID{Kind: KindMoveSelect, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: strconv.Itoa(seat) + "." + strconv.Itoa(from)}.Encode()
	sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id, Placeholder: truncate(placeholder, 150)}
	skipped := false
	for _, o := range options {
		if len(o.ID) > 100 {
			skipped = true
			continue
		}
		sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: truncate(s.say(t, lang, o.Label), 100), Value: o.ID})
	}
	return sel, skipped
}
