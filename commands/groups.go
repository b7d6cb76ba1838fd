package commands

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// Long option lists whose options carry groups (a room, a grid cell, "give"
// or "want") are offered in two steps: a select of the groups, then, as an
// ephemeral answer, a select of the chosen group's options. The second
// select carries the table version like any move component, so stale and
// double clicks are refused as usual.

// optionGroup is one group of a prompt's options, in order of appearance.
type optionGroup struct {
	id      string
	options []games.Option
}

// groupsOf clusters options by Group; options without a group are loose
// (controls such as "send" or "done", offered as buttons beside the group
// select). ok is false when the list cannot be offered by groups: a single
// group, more groups than a select holds, more loose options than a row of
// buttons, or a group id too long for a select value.
func groupsOf(options []games.Option) (groups []optionGroup, loose []games.Option, ok bool) {
	var out []optionGroup
	index := map[string]int{}
	for _, o := range options {
		if o.Group == "" {
			loose = append(loose, o)
			continue
		}
		if len(o.Group) > 100 {
			return nil, nil, false
		}
		i, seen := index[o.Group]
		if !seen {
			i = len(out)
			index[o.Group] = i
			out = append(out, optionGroup{id: o.Group})
		}
		out[i].options = append(out[i].options, o)
	}
	return out, loose, len(out) >= 2 && len(out) <= maxSelectOptions && len(loose) <= maxButtonsPerRow
}

// groupMenu is the first step for a long grouped prompt, plus the prompt's
// loose options; ok is false when the prompt is not offered by groups.
func (s *Service) groupMenu(t *table.Table, p games.Prompt, lang string) (discordgo.SelectMenu, []games.Option, bool) {
	if len(p.Options) <= maxSelectOptions {
		return discordgo.SelectMenu{}, nil, false
	}
	groups, loose, ok := groupsOf(p.Options)
	if !ok {
		return discordgo.SelectMenu{}, nil, false
	}
	id, err := CustomID{Kind: KindGroup, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: strconv.Itoa(p.Seat)}.Encode()
	if err != nil {
		return discordgo.SelectMenu{}, nil, false
	}
	sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id,
		Placeholder: truncate(s.cat.Localize(lang, games.T(KeyGroupPick, "prompt", s.say(t, lang, p.Text))), 150)}
	for _, g := range groups {
		sel.Options = append(sel.Options, discordgo.SelectMenuOption{
			Label:       truncate(s.groupLabel(t, lang, g), 100),
			Value:       g.id,
			Description: truncate(s.cat.Localize(lang, games.T(KeyGroupCount, "n", len(g.options))), 100),
		})
	}
	return sel, loose, true
}

// groupLabel names a group for a reader: a group that is a catalog key (a
// room) is localized; a grid cell "r2c3" reads as its row and column; a
// group of one option shows that option; any other shows its first and
// last option.
func (s *Service) groupLabel(t *table.Table, lang string, g optionGroup) string {
	if _, ok := s.cat[games.DefaultLang][g.id]; ok {
		return s.cat.Localize(lang, games.T(g.id))
	}
	var row, col int
	if _, err := fmt.Sscanf(g.id, "r%dc%d", &row, &col); err == nil && fmt.Sprintf("r%dc%d", row, col) == g.id {
		return s.cat.Localize(lang, games.T(KeyGroupCell, "row", row, "col", col))
	}
	first := s.say(t, lang, g.options[0].Label)
	if len(g.options) == 1 {
		return first
	}
	return first + " … " + s.say(t, lang, g.options[len(g.options)-1].Label)
}

// pickGroup answers a click on a group select: the clicker's options in
// that group, as selects made at the current version.
func (s *Service) pickGroup(ctx context.Context, r request, c CustomID, group string) Result {
	t, g, err := s.load(ctx, c.Channel, c.Table)
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
	if c.Version < t.Seats[seat].PromptVersion || c.Version > t.Version {
		return s.replyErr(r, games.Errorf(table.ErrStale))
	}
	st, err := t.Load(g)
	if err != nil {
		return s.replyErr(r, err)
	}
	prompt, ok := games.PromptFor(st, seat)
	if !ok {
		return s.replyErr(r, games.Errorf(table.ErrNotYourTurn))
	}
	var options []games.Option
	for _, p := range st.Pending() {
		if p.Seat != seat {
			continue
		}
		for _, o := range p.Options {
			if o.Group == group {
				options = append(options, o)
			}
		}
	}
	if len(options) == 0 {
		return s.replyErr(r, games.Errorf(table.ErrOptionNotPending))
	}
	label := s.groupLabel(t, r.lang, optionGroup{id: group, options: options})
	m := Message{Content: truncate(s.cat.Localize(r.lang, games.T(KeyGroupReply, "prompt", s.say(t, r.lang, prompt.Text), "group", label)), 2000)}
	cut := false
	for from := 0; from < len(options); from += maxSelectOptions {
		if len(m.Components) == maxRows {
			cut = true
			break
		}
		to := min(from+maxSelectOptions, len(options))
		sel, skipped := s.moveSelect(t, seat, options[from:to], r.lang, label, from)
		cut = cut || skipped
		if len(sel.Options) > 0 {
			m.Components = append(m.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
		}
	}
	if cut {
		m.Content += "\n" + s.cat.Localize(r.lang, games.T(KeyMoreUseMove))
	}
	return Result{Reply: &m}
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
