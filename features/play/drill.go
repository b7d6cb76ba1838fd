package play

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// The option tree's menus are menus.Menus'; here are the clicks on a step
// select and the /move prefixes that drill into them.

// PickGroup answers a click on a step select: the next level under the
// chosen path, made at the current version.
func (f *Feature) PickGroup(ctx context.Context, r interact.Request, c interact.CustomID, path string) interact.Result {
	return f.drill(ctx, r, c.Channel, c.Table, c.Version, path)
}

// DrillDown answers a /move whose value is a path prefix (step ids ending
// in menus.PathSep, as autocomplete offers them) with the menu under it, at any
// version since a typed command carries none; ok is false for any other
// value, which /move then treats as a move.
func (f *Feature) DrillDown(ctx context.Context, r interact.Request, channelID, value string) (interact.Result, bool) {
	if !strings.HasSuffix(value, menus.PathSep) {
		return interact.Result{}, false
	}
	return f.drill(ctx, r, channelID, "", table.AnyVersion, value), true
}

// drill answers with the menu under path for the asking seat: the next
// steps, or the options themselves once they fit. version is the clicked
// component's (table.AnyVersion for a typed /move).
func (f *Feature) drill(ctx context.Context, r interact.Request, channelID, tableID string, version int, path string) interact.Result {
	t, g, err := f.tables.Load(ctx, channelID, tableID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	if t.Status != table.StatusPlaying {
		return f.voice.Err(r, t.NotPlaying())
	}
	seat := t.SeatOf(r.UserID)
	if seat < 0 {
		return f.voice.Err(r, games.Errorf(table.ErrNotSeated))
	}
	if version != table.AnyVersion && (version < t.Seats[seat].PromptVersion || version > t.Version) {
		return f.voice.Err(r, games.Errorf(table.ErrStale))
	}
	st, err := t.Load(g)
	if err != nil {
		return f.voice.Err(r, err)
	}
	mine := games.SeatPrompts(st.Pending(), seat)
	if len(mine) == 0 {
		return f.voice.Err(r, games.Errorf(table.ErrNotYourTurn))
	}
	prefix := strings.Split(strings.TrimSuffix(path, menus.PathSep), menus.PathSep)
	var options []games.Option
	for _, p := range mine {
		options = append(options, menus.Under(p.Options, prefix)...)
	}
	if len(options) == 0 {
		return f.voice.Err(r, games.Errorf(table.ErrOptionNotPending))
	}
	// Clicked in the ephemeral answer to a step, the menu takes that
	// message's place under its private view and keeps its way back.
	inPlace := compose.ClickedEphemeral(r)
	var back []discordgo.MessageComponent
	if inPlace {
		back = f.tell.BackRow(t, seat, r.Lang)
	}
	label, rows, cut := f.menus.MenuUnder(t, seat, options, len(prefix), r.Lang, interact.MaxRows-len(back))
	m := interact.Message{Content: interact.Truncate(f.voice.Text(r.Lang, games.T(KeyGroupReply, "prompt", menus.LeadIn(f.voice.AtTable(t, r.Lang, mine[0].Text)), "group", label)), 2000)}
	m.Components = append(rows, back...)
	if cut {
		m.Content += "\n" + f.voice.Text(r.Lang, games.T(compose.KeyMoreUseMove))
	}
	return interact.Result{Reply: &m, ReplaceClicked: inPlace, KeepPictures: inPlace}
}

// MoveChoices are /move's autocomplete choices for the asking seat's
// pending options matching typed (a path prefix offers its next steps);
// none outside a running table's seats.
func (f *Feature) MoveChoices(ctx context.Context, r interact.Request, typed string) []*discordgo.ApplicationCommandOptionChoice {
	t, g, err := f.tables.Load(ctx, r.ChannelID, "")
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
	return f.menus.MoveChoices(t, r.Lang, options, typed)
}
