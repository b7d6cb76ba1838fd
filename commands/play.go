package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// Discord's limits for components.
const (
	maxRows          = 5
	maxButtonsPerRow = 5
	maxSelectOptions = 25
)

// move applies one answer (button, select or /move) and reports the turn.
func (s *Service) move(ctx context.Context, r request, channelID, tableID string, version int, moveID string) Result {
	var (
		res   table.MoveResult
		label games.Text
	)
	t, err := s.update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		if t.Status == table.StatusPlaying {
			if seat := t.SeatOf(r.userID); seat >= 0 {
				if st, err := t.Load(g); err == nil {
					label = optionLabel(st, seat, moveID)
				}
			}
		}
		var err error
		res, err = t.Move(g, r.userID, moveID, version, s.now())
		return err
	})
	if err != nil {
		return s.replyErr(r, err)
	}
	g, _ := s.games.Get(t.GameID)
	var lines []string
	for _, e := range res.Outcome.Events {
		lines = append(lines, s.say(t, t.Lang, e))
	}
	from, _ := clickedDM(r)
	return Result{
		Reply:   &Message{Content: s.cat.Localize(r.lang, games.T(KeyOKMove, "option", s.say(t, r.lang, label)))},
		Actions: s.afterChange(t, g, res.State, lines, from),
	}
}

func optionLabel(st games.State, seat int, moveID string) games.Text {
	for _, p := range st.Pending() {
		if p.Seat != seat {
			continue
		}
		for _, o := range p.Options {
			if o.ID == moveID {
				return o.Label
			}
		}
	}
	return games.Text{Key: moveID}
}

// afterChange is everything the channel and the players see after the state
// changed: a new board with narration and the public prompts, the live
// status edited in place, DMs to every seat whose decision is new, and the
// standings when the game is over. from, when set, is the DM the change was
// clicked in; the clicker's next secret decision replaces it in place. The
// pictures are drawn together once every message is known.
func (s *Service) afterChange(t *table.Table, g games.Game, st games.State, narration []string, from dmSource) []Action {
	board := s.boardPost(t, g, st, narration)
	status := s.statusAction(t, g, st)
	pics := []picture{s.boardPicture(t, g, st, games.Public, "board.png")}
	if t.Status == table.StatusAbandoned { // closed while idle: nothing to ask anyone
		board.Message.Files = s.drawAll(t, pics)[0]
		return []Action{board, status}
	}
	if t.Status == table.StatusOver {
		standings, results := s.standingsPost(t, g, st)
		files := s.drawAll(t, append(pics, results))
		board.Message.Files, standings.Message.Files = files[0], files[1]
		return []Action{board, status, standings}
	}
	hands := s.privateMessages(t, g, st, from)
	for _, h := range hands {
		pics = append(pics, h.picture)
	}
	files := s.drawAll(t, pics)
	board.Message.Files = files[0]
	actions := []Action{board, status}
	for k, h := range hands {
		h.message.Files = files[k+1]
		actions = append(actions, h.action())
	}
	return actions
}

func (s *Service) boardPost(t *table.Table, g games.Game, st games.State, narration []string) ChannelPost {
	lines := append([]string{}, narration...)
	m := Message{}
	if t.Status == table.StatusPlaying {
		lines = append(lines, s.waitingLines(t, st, t.Lang, true, false)...)
		var public []games.Prompt
		for _, p := range st.Pending() {
			if !p.Secret {
				public = append(public, p)
			}
		}
		rows, cut := s.promptRows(t, public, t.Lang, maxRows-1)
		if cut {
			lines = append(lines, s.cat.Localize(t.Lang, games.T(KeyMoreUseMove)))
		}
		m.Components = append(rows, s.handRow(t))
		m.Mentions = actingUsers(t, st)
	}
	m.Content = truncate(strings.Join(lines, "\n"), 2000)
	return ChannelPost{ChannelID: t.ChannelID, Message: m}
}

// waitingLines says who must act: public prompts with their text, secret
// ones only as "X is choosing privately". mention pings the acting players;
// deadlines adds when each decision runs out of time.
func (s *Service) waitingLines(t *table.Table, st games.State, lang string, mention, deadlines bool) []string {
	var lines []string
	for _, p := range st.Pending() {
		if p.Seat < 0 || p.Seat >= len(t.Seats) {
			continue
		}
		who := t.Seats[p.Seat].Name
		if mention {
			who = "<@" + t.Seats[p.Seat].UserID + ">"
		}
		line := s.cat.Localize(lang, games.T(KeyStatusPublic, "player", who, "prompt", s.say(t, lang, p.Text)))
		if p.Secret {
			line = s.cat.Localize(lang, games.T(KeyStatusPrivate, "player", who))
		}
		if at, ok := t.SeatDeadline(st, p.Seat); ok && deadlines {
			line = s.cat.Localize(lang, games.T(KeyStatusDue, "line", line, "when", discordTime(at)))
		}
		lines = append(lines, line)
	}
	return lines
}

// actingUsers are the user ids to ping: those who must act now and whose
// decision is new with this change (others were pinged already).
func actingUsers(t *table.Table, st games.State) []string {
	var out []string
	seen := map[int]bool{}
	for _, p := range st.Pending() {
		if p.Seat >= 0 && p.Seat < len(t.Seats) && !seen[p.Seat] && t.Seats[p.Seat].PromptVersion == t.Version {
			seen[p.Seat] = true
			out = append(out, t.Seats[p.Seat].UserID)
		}
	}
	return out
}

// statusText is the live status: game, move number and who is awaited.
func (s *Service) statusText(t *table.Table, g games.Game, st games.State, lang string) string {
	name := s.gameName(lang, g)
	switch t.Status {
	case table.StatusLobby:
		return s.cat.Localize(lang, games.T(KeyStatusLobby, "game", name))
	case table.StatusOver:
		return s.cat.Localize(lang, games.T(KeyStatusOver, "game", name))
	case table.StatusAbandoned:
		return s.cat.Localize(lang, games.T(KeyStatusGone, "game", name))
	}
	lines := []string{s.cat.Localize(lang, games.T(KeyStatusTitle, "game", name, "n", len(t.Log)+1))}
	if st != nil {
		lines = append(lines, s.waitingLines(t, st, lang, false, true)...)
	}
	return truncate(strings.Join(lines, "\n"), 2000)
}

// statusAction edits the live status message, or posts it the first time.
func (s *Service) statusAction(t *table.Table, g games.Game, st games.State) Action {
	m := Message{Content: s.statusText(t, g, st, t.Lang)}
	if t.Status == table.StatusPlaying {
		m.Components = []discordgo.MessageComponent{s.handRow(t)}
	}
	onSent := s.remember(t.ChannelID, t.ID, (*table.Table).SetStatusMessage)
	if t.StatusMessageID == "" {
		return ChannelPost{ChannelID: t.ChannelID, Message: m, OnSent: onSent}
	}
	return ChannelEdit{ChannelID: t.ChannelID, MessageID: t.StatusMessageID, Message: m, OnSent: onSent}
}

// standingsPost announces the final standings; the results picture that
// rides on it is drawn by the caller.
func (s *Service) standingsPost(t *table.Table, g games.Game, st games.State) (ChannelPost, picture) {
	lines := []string{s.cat.Localize(t.Lang, games.T(KeyStandings))}
	standings := st.Standings()
	for _, sd := range standings {
		name := "?"
		if sd.Seat >= 0 && sd.Seat < len(t.Seats) {
			name = t.Seats[sd.Seat].Name
		}
		lines = append(lines, s.cat.Localize(t.Lang, games.T(KeyStandingLine, "rank", sd.Rank, "player", name, "score", sd.Score, "detail", s.say(t, t.Lang, sd.Detail))))
	}
	m := Message{Content: truncate(strings.Join(lines, "\n"), 2000)}
	return ChannelPost{ChannelID: t.ChannelID, Message: m}, s.resultsPicture(t, g, standings)
}

// privateMessage is one seat's private message after a change, waiting
// for its picture: a new DM, or an edit of the DM the seat clicked in.
type privateMessage struct {
	message Message
	picture picture
	userID  string
	blocked *ChannelPost // for a new DM: the channel notice if DMs are closed
	edit    *dmSource    // set: replace this DM message instead
}

func (p privateMessage) action() Action {
	if p.edit != nil {
		return ChannelEdit{ChannelID: p.edit.channelID, MessageID: p.edit.messageID, Message: p.message}
	}
	return DirectMessage{UserID: p.userID, Message: p.message, Blocked: p.blocked}
}

// privateMessages gives each seat whose decision just became pending (or
// changed) its private view and its options. A seat whose DMs are closed is
// told in the channel, without any secret, to use "Show my hand". A seat
// with nothing to decide gets nothing, so its picture is never drawn.
func (s *Service) privateMessages(t *table.Table, g games.Game, st games.State, from dmSource) []privateMessage {
	var out []privateMessage
	pending := st.Pending()
	for seat, u := range t.Seats {
		if u.PromptVersion != t.Version {
			continue
		}
		mine := promptsOf(pending, seat)
		if len(mine) == 0 {
			continue
		}
		p := privateMessage{
			message: s.handMessage(t, g, mine, u.Lang),
			picture: s.boardPicture(t, g, st, seat, "hand.png"),
			userID:  u.UserID,
		}
		switch {
		case from.replaces(u.UserID, mine):
			p.edit = &from
		case anySecret(mine):
			// Public prompts have their buttons on the board already, so a
			// closed DM only matters for secret ones.
			p.blocked = &ChannelPost{ChannelID: t.ChannelID, Message: Message{
				Content:    s.cat.Localize(t.Lang, games.T(KeyDMBlocked, "player", "<@"+u.UserID+">")),
				Components: []discordgo.MessageComponent{s.handRow(t)},
				Mentions:   []string{u.UserID},
			}}
		}
		out = append(out, p)
	}
	return append(out, s.settledDM(t, g, st, from, out)...)
}

// settledDM closes the DM a click came from when the clicker has nothing
// new to decide (e.g. waiting for the others' picks): its options are
// spent, so it shows the updated private view without components rather
// than buttons that would only answer "out of date".
func (s *Service) settledDM(t *table.Table, g games.Game, st games.State, from dmSource, sent []privateMessage) []privateMessage {
	if from.messageID == "" {
		return nil
	}
	for _, p := range sent {
		if p.userID == from.userID {
			return nil // the clicker has a new decision: already edited or sent
		}
	}
	seat := t.SeatOf(from.userID)
	if seat < 0 {
		return nil
	}
	lang := t.Seats[seat].Lang
	if lang == "" {
		lang = t.Lang
	}
	return []privateMessage{{
		message: Message{Content: s.cat.Localize(lang, games.T(KeyHandTitle, "game", s.gameName(lang, g))) + "\n" + s.cat.Localize(lang, games.T(KeyDMSettled))},
		picture: s.boardPicture(t, g, st, seat, "hand.png"),
		userID:  from.userID,
		edit:    &from,
	}}
}

func anySecret(ps []games.Prompt) bool {
	for _, p := range ps {
		if p.Secret {
			return true
		}
	}
	return false
}

// promptsOf are seat's prompts among pending.
func promptsOf(pending []games.Prompt, seat int) []games.Prompt {
	var mine []games.Prompt
	for _, p := range pending {
		if p.Seat == seat {
			mine = append(mine, p)
		}
	}
	return mine
}

// handMessage is the text and components of a seat's private message for
// its pending prompts mine (none: "nothing awaited"); the caller adds the
// picture of the private view.
func (s *Service) handMessage(t *table.Table, g games.Game, mine []games.Prompt, lang string) Message {
	if lang == "" {
		lang = t.Lang
	}
	if len(mine) == 0 {
		return Message{Content: s.cat.Localize(lang, games.T(KeyHandTitle, "game", s.gameName(lang, g))) + "\n" + s.cat.Localize(lang, games.T(KeyHandNothing))}
	}
	var lines []string
	for _, p := range mine {
		lines = append(lines, s.cat.Localize(lang, games.T(KeyDMHeader, "game", s.gameName(lang, g), "channel", t.ChannelID, "prompt", s.say(t, lang, p.Text))))
	}
	rows, cut := s.promptRows(t, mine, lang, maxRows)
	if cut {
		lines = append(lines, s.cat.Localize(lang, games.T(KeyMoreUseMove)))
	}
	return Message{Content: truncate(strings.Join(lines, "\n"), 2000), Components: rows}
}

// promptRows offers prompts as components: up to five options as a row of
// buttons, longer lists as select menus of 25 options each, and lists
// longer than one select whose options carry groups as a select of the
// groups (see groupMenu). cut reports options that did not fit (they stay
// reachable through /move).
func (s *Service) promptRows(t *table.Table, prompts []games.Prompt, lang string, rowsLeft int) (rows []discordgo.MessageComponent, cut bool) {
	used := map[string]bool{} // custom ids must be unique within a message
	for _, p := range prompts {
		if len(p.Options) == 0 {
			continue
		}
		if len(rows) >= rowsLeft {
			return rows, true
		}
		if len(p.Options) <= maxButtonsPerRow {
			if row, ok := s.buttonRow(t, p, lang, used); ok {
				if len(row.Components) > 0 {
					rows = append(rows, row)
				}
				continue
			}
		}
		if sel, loose, ok := s.groupMenu(t, p, lang); ok {
			rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
			if len(loose) > 0 && len(rows) < rowsLeft {
				controls := p
				controls.Options = loose
				if row, ok := s.buttonRow(t, controls, lang, used); ok && len(row.Components) > 0 {
					rows = append(rows, row)
				}
			}
			continue
		}
		for from := 0; from < len(p.Options); from += maxSelectOptions {
			if len(rows) >= rowsLeft {
				return rows, true
			}
			to := min(from+maxSelectOptions, len(p.Options))
			sel, skipped := s.selectMenu(t, p, lang, from, to)
			cut = cut || skipped
			if len(sel.Options) > 0 {
				rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
			}
		}
	}
	return rows, cut
}

// buttonRow makes one button per option. A move id already offered on the
// message (the same answer for another seat) needs no second button, since
// a click applies to whoever clicks.
func (s *Service) buttonRow(t *table.Table, p games.Prompt, lang string, used map[string]bool) (discordgo.ActionsRow, bool) {
	ids := make([]string, len(p.Options))
	for i, o := range p.Options {
		id, err := CustomID{Kind: KindMove, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: o.ID}.Encode()
		if err != nil {
			return discordgo.ActionsRow{}, false // too long for a button: use a select
		}
		ids[i] = id
	}
	var buttons []discordgo.MessageComponent
	for i, o := range p.Options {
		id := ids[i]
		if used[id] {
			continue
		}
		used[id] = true
		buttons = append(buttons, discordgo.Button{Label: truncate(s.say(t, lang, o.Label), 80), Style: discordgo.PrimaryButton, CustomID: id})
	}
	return discordgo.ActionsRow{Components: buttons}, true
}

func (s *Service) selectMenu(t *table.Table, p games.Prompt, lang string, from, to int) (discordgo.SelectMenu, bool) {
	placeholder := s.say(t, lang, p.Text)
	if len(p.Options) > maxSelectOptions {
		placeholder = s.cat.Localize(lang, games.T(KeySelectPart, "prompt", placeholder, "from", from+1, "to", to))
	}
	return s.moveSelect(t, p.Seat, p.Options[from:to], lang, placeholder, from)
}

func (s *Service) handRow(t *table.Table) discordgo.ActionsRow {
	id, _ := CustomID{Kind: KindHand, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: s.cat.Localize(t.Lang, games.T(KeyBtnHand)), Style: discordgo.SecondaryButton, CustomID: id},
	}}
}

func (s *Service) gameName(lang string, g games.Game) string {
	return s.cat.Localize(lang, g.Info().Name)
}

// say localizes x for this table, showing seats as the players' names.
func (s *Service) say(t *table.Table, lang string, x games.Text) string {
	return s.cat.LocalizeNames(lang, x, t.Names())
}
