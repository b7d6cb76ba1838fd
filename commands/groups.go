package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// The option tree's menus are play.Menus'; here are the clicks on a step
// select and the /move prefixes that drill into them.

// pickGroup answers a click on a step select: the next level under the
// chosen path, made at the current version.
func (s *Service) pickGroup(ctx context.Context, r interact.Request, c CustomID, path string) Result {
	return s.drill(ctx, r, c.Channel, c.Table, c.Version, path)
}

// drillDown answers a /move whose value is a path prefix (step ids ending
// in play.PathSep, as autocomplete offers them) with the menu under it, at any
// version since a typed command carries none; ok is false for any other
// value, which /move then treats as a move.
func (s *Service) drillDown(ctx context.Context, r interact.Request, channelID, value string) (Result, bool) {
	if !strings.HasSuffix(value, play.PathSep) {
		return Result{}, false
	}
	return s.drill(ctx, r, channelID, "", table.AnyVersion, value), true
}

// drill answers with the menu under path for the asking seat: the next
// steps, or the options themselves once they fit. version is the clicked
// component's (table.AnyVersion for a typed /move).
func (s *Service) drill(ctx context.Context, r interact.Request, channelID, tableID string, version int, path string) Result {
	t, g, err := s.tables.Load(ctx, channelID, tableID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	if t.Status != table.StatusPlaying {
		return s.voice.Err(r, games.Errorf(table.ErrNotPlaying))
	}
	seat := t.SeatOf(r.UserID)
	if seat < 0 {
		return s.voice.Err(r, games.Errorf(table.ErrNotSeated))
	}
	if version != table.AnyVersion && (version < t.Seats[seat].PromptVersion || version > t.Version) {
		return s.voice.Err(r, games.Errorf(table.ErrStale))
	}
	st, err := t.Load(g)
	if err != nil {
		return s.voice.Err(r, err)
	}
	mine := games.SeatPrompts(st.Pending(), seat)
	if len(mine) == 0 {
		return s.voice.Err(r, games.Errorf(table.ErrNotYourTurn))
	}
	prefix := strings.Split(strings.TrimSuffix(path, play.PathSep), play.PathSep)
	var options []games.Option
	for _, p := range mine {
		options = append(options, play.Under(p.Options, prefix)...)
	}
	if len(options) == 0 {
		return s.voice.Err(r, games.Errorf(table.ErrOptionNotPending))
	}
	// Clicked in the ephemeral answer to a step, the menu takes that
	// message's place under its private view and keeps its way back.
	inPlace := clickedEphemeral(r)
	var back []discordgo.MessageComponent
	if inPlace {
		back = s.backRow(t, seat, r.Lang)
	}
	label, rows, cut := s.menus.MenuUnder(t, seat, options, len(prefix), r.Lang, interact.MaxRows-len(back))
	m := Message{Content: interact.Truncate(s.voice.Text(r.Lang, games.T(KeyGroupReply, "prompt", play.LeadIn(s.say(t, r.Lang, mine[0].Text)), "group", label)), 2000)}
	m.Components = append(rows, back...)
	if cut {
		m.Content += "\n" + s.voice.Text(r.Lang, games.T(KeyMoreUseMove))
	}
	return Result{Reply: &m, ReplaceClicked: inPlace, KeepPictures: inPlace}
}
