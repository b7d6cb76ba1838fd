package compose

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// asked reports whether seat's pending decision is new with this change.
func (sc Scene) asked(seat int) bool {
	pv := sc.Table.Seats[seat].PromptVersion
	return pv == sc.Table.Version || (sc.From > 0 && pv > sc.From)
}

// ChangesClicked reports whether d visibly changes the message clicked:
// edits the bot DM the click came from (from) in place or clears its
// buttons (the next decision follows as a new DM), or clears the buttons
// of the board clicked in the table's channel (a new board replaces it).
// A typed /move and an ephemeral message are not changed.
func ChangesClicked(d outbox.Delivery, r interact.Request, from DMSource, channelID string) bool {
	var id string
	switch i := r.Interaction; {
	case from.messageID != "":
		id = from.messageID
	case i != nil && i.Type == discordgo.InteractionMessageComponent && i.ChannelID == channelID &&
		i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral == 0:
		id = i.Message.ID
	}
	for _, p := range d.Posts {
		if id != "" && p.MessageID == id && (p.Kind == outbox.KindEdit || p.Kind == outbox.KindClear) {
			return true
		}
	}
	return false
}

// Narrate is the channel's story of a commit: the turn's public events, and
// for answers the table or a bot gave, who was answered for.
func (tl *Teller) Narrate(t *table.Table, res table.MoveResult) []string {
	lines := tl.seatLines(t, res.TookOver, KeyTookOver)
	for _, st := range res.Steps {
		if !st.Timeout || st.TimeUp { // the game's own time-up move tells it itself
			continue
		}
		name := t.Seats[st.Seat].Name
		if st.Secret { // the chosen answer itself may be a secret
			lines = append(lines, tl.voice.Text(t.Lang, games.T(KeyTimedOutQuiet, "player", name)))
		} else {
			lines = append(lines, tl.voice.Text(t.Lang, games.T(KeyTimedOut, "player", name, "option", tl.voice.AtTable(t, t.Lang, st.Label))))
		}
	}
	for _, e := range res.Narration {
		lines = append(lines, tl.voice.AtTable(t, t.Lang, e))
	}
	return lines
}

// AfterChange is everything the channel and the players see after a
// commit: a new board with narration and the public prompts, the live
// status edited in place, DMs to every seat whose decision is new, and the
// standings when the game is over. from, when set, is the DM the change was
// clicked in; the clicker's next secret decision replaces it in place.
func (tl *Teller) AfterChange(sc Scene, narration []string, from DMSource) (outbox.Delivery, error) {
	t := sc.Table
	c := outbox.NewComposer(t, true)
	c.Delivery.Urgent = waitingOnPerson(t, sc.Pending)
	tl.boardPost(c, sc, narration)
	tl.StatusPost(c, sc)
	switch t.Status {
	case table.StatusAbandoned: // closed while idle: nothing to ask anyone
		tl.clearAllDMs(c, t)
	case table.StatusOver:
		tl.standingsPost(c, sc)
		tl.gameOverDMs(c, sc)
	default:
		tl.privateMessages(c, sc, from, -1, false)
	}
	return c.Done()
}

// StepDelivery is what a step inside a turn changes: the mover's DM when
// the step was clicked there, and DMs of other seats whose decision the
// step changed. The channel hears nothing until the commit.
func (tl *Teller) StepDelivery(sc Scene, mover int, from DMSource) (outbox.Delivery, error) {
	c := outbox.NewComposer(sc.Table, true)
	c.Delivery.Urgent = waitingOnPerson(sc.Table, sc.Pending)
	skip := mover
	if from.messageID != "" {
		skip = -1 // the mover's DM is edited in place
	} else if mover >= 0 { // none when the scheduler made the step (bots)
		// The step was made outside the DMs, and its answer carries the
		// mover's next options: the buttons of the mover's DMs are spent,
		// and only the answer keeps live ones.
		ClearAll(c, sc.Table.Seats[mover].LiveDMs.Take())
	}
	tl.privateMessages(c, sc, from, skip, true)
	return c.Done()
}

func (tl *Teller) boardPost(c *outbox.Composer, sc Scene, narration []string) {
	t := sc.Table
	if sc.Quiet && t.Status == table.StatusPlaying && !hasPublic(sc.Pending) {
		// A seat finished its private part of a simultaneous phase: a line
		// of text, and the live board keeps its place and its buttons.
		if len(narration) > 0 {
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, interact.Message{Content: interact.Truncate(strings.Join(narration, "\n"), 2000)})
		}
		ClearAll(c, t.Live().TakeStaleButtons())
		return
	}
	lines := append([]string{}, narration...)
	m := interact.Message{}
	if t.Status == table.StatusPlaying {
		lines = append(lines, tl.waitingLines(sc, t.Lang, true, false)...)
		var public []games.Prompt
		for _, p := range sc.Pending {
			if !p.Secret {
				public = append(public, p)
			}
		}
		look := tl.lookRow(t)
		rows, cut := tl.menus.PromptRows(t, public, t.Lang, interact.MaxRows-1-len(look))
		if cut {
			lines = append(lines, tl.voice.Text(t.Lang, games.T(KeyMoreUseMove)))
		}
		m.Components = append(append(rows, tl.handRow(t)), look...)
		m.Mentions = actingUsers(sc)
	}
	m.Content = interact.Truncate(strings.Join(lines, "\n"), 2000)
	var pic *outbox.Picture
	if sc.State != nil {
		pic = &outbox.Picture{Viewer: games.Public, Name: "board.png"}
	}
	p := outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Picture: pic, Told: outbox.ToldBytes(m.Content, narration)}
	if len(m.Components) > 0 {
		p.Remember = outbox.RememberBoard
		t.BoardVersion = t.Version
	}
	c.Add(p, m)
	// Older boards lose their buttons once the new one is out: one board
	// stays clickable, and the history stays readable.
	ClearAll(c, t.LiveBoards.Take())
	ClearAll(c, t.Live().TakeStaleButtons())
}

// hasPublic reports a decision answered in the channel.
func hasPublic(pending []games.Prompt) bool {
	for _, p := range pending {
		if !p.Secret {
			return true
		}
	}
	return false
}

// ClearAll removes the buttons of refs.
func ClearAll(c *outbox.Composer, refs []live.Ref) {
	for _, r := range refs {
		c.Add(outbox.Post{Kind: outbox.KindClear, ChannelID: r.Channel, MessageID: r.ID}, interact.Message{})
	}
}

// clearAllDMs removes the buttons of every seat's live DMs of t.
func (tl *Teller) clearAllDMs(c *outbox.Composer, t *table.Table) {
	for seat := range t.Seats {
		ClearAll(c, t.Seats[seat].LiveDMs.Take())
	}
}

// gameOverDMs tells every person at the table the result in their DM,
// and removes the buttons of the table's DMs still live.
func (tl *Teller) gameOverDMs(c *outbox.Composer, sc Scene) {
	t := sc.Table
	tl.clearAllDMs(c, t)
	for seat, u := range t.Seats {
		if u.Bot {
			continue
		}
		lang := seatLang(t, seat)
		lines := []string{tl.voice.Text(lang, games.T(KeyGameOverDM, "game", tl.voice.GameName(lang, t.GameID), "channel", "<#"+t.ChannelID+">"))}
		lines = append(lines, tl.views.standingLines(sc.Table, sc.State, lang)...)
		c.Add(outbox.Post{Kind: outbox.KindDM, UserID: u.UserID}, interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)})
	}
}

// waitingLines says who must act: public prompts with their text, secret
// ones only as "X is choosing privately". mention pings the acting players;
// summary (the status) adds when each decision runs out of time and gives
// only a prompt's first line, its question: the lines under it (Viscounts'
// pairs to choose from) are told once, with the board that asks.
func (tl *Teller) waitingLines(sc Scene, lang string, mention, summary bool) []string {
	t := sc.Table
	var lines []string
	for _, p := range sc.Pending {
		if p.Seat < 0 || p.Seat >= len(t.Seats) {
			continue
		}
		who := t.Seats[p.Seat].Name
		if mention && !t.Seats[p.Seat].Bot {
			who = "<@" + t.Seats[p.Seat].UserID + ">"
		}
		prompt := tl.voice.AtTable(t, lang, p.Text)
		if summary {
			prompt, _, _ = strings.Cut(prompt, "\n")
		}
		line := tl.voice.Text(lang, games.T(KeyStatusPublic, "player", who, "prompt", prompt))
		if p.Secret {
			line = tl.voice.Text(lang, games.T(KeyStatusPrivate, "player", who))
		}
		if summary {
			if at, ok := t.Clocks().Deadline(sc.State, sc.Pending, p.Seat); ok {
				line = tl.voice.Text(lang, games.T(KeyStatusDue, "line", line, "when", interact.Timestamp(at)))
			}
		}
		lines = append(lines, line)
	}
	return lines
}

// actingUsers are the user ids to ping: people who must act now and whose
// decision is new with this change (others were pinged already).
func actingUsers(sc Scene) []string {
	t := sc.Table
	var out []string
	seen := map[int]bool{}
	for _, p := range sc.Pending {
		if p.Seat >= 0 && p.Seat < len(t.Seats) && !seen[p.Seat] && !t.Seats[p.Seat].Bot && sc.asked(p.Seat) {
			seen[p.Seat] = true
			out = append(out, t.Seats[p.Seat].UserID)
		}
	}
	return out
}

// StatusText is the live status: game, move number and who is awaited.
func (tl *Teller) StatusText(sc Scene, lang string) string {
	t := sc.Table
	name := tl.voice.GameName(lang, sc.Table.GameID)
	switch t.Status {
	case table.StatusLobby:
		return tl.voice.Text(lang, games.T(KeyStatusLobby, "game", name))
	case table.StatusOver:
		return tl.voice.Text(lang, games.T(KeyStatusOver, "game", name))
	case table.StatusAbandoned:
		return tl.voice.Text(lang, games.T(KeyStatusGone, "game", name))
	}
	lines := []string{tl.voice.Text(lang, games.T(KeyStatusTitle, "game", name, "n", t.Moves+1))}
	if sc.State != nil {
		lines = append(lines, tl.waitingLines(sc, lang, false, true)...)
	}
	rules := t.Clocks().Rules()
	for seat, u := range t.Seats {
		switch {
		case u.Vacation != nil:
			lines = append(lines, tl.voice.Text(lang, games.T(settingsfeature.KeyStatusVacation, "player", u.Name, "when", interact.Timestamp(u.Vacation.Until))))
		case u.Away:
			lines = append(lines, tl.voice.Text(lang, games.T(KeyStatusAway, "player", u.Name)))
		case rules.Kind == clock.Bank && !u.Bot && len(games.SeatPrompts(sc.Pending, seat)) == 0:
			// Seats not deciding now: what their bank holds for later.
			lines = append(lines, tl.voice.Text(lang, games.T(KeyStatusBank, "player", u.Name, "time", clock.FormatDuration(u.Clock.Bank))))
		}
	}
	lines = append(lines, settingsfeature.CalendarLines(tl.voice, t.Calendar, lang)...)
	return interact.Truncate(strings.Join(lines, "\n"), 2000)
}

// StatusPost edits the live status message, or posts it the first time.
func (tl *Teller) StatusPost(c *outbox.Composer, sc Scene) {
	t := sc.Table
	// No buttons: the newest board carries them, so one channel message is
	// clickable.
	m := interact.Message{Content: tl.StatusText(sc, t.Lang)}
	// The live status is pinned while the game runs, and unpinned at
	// its end.
	p := outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Remember: outbox.RememberStatus, Pin: t.Status == table.StatusPlaying}
	if t.StatusMessageID != "" {
		p.Kind, p.MessageID = outbox.KindEdit, t.StatusMessageID
	}
	c.Add(p, m)
	if t.Status == table.StatusOver || t.Status == table.StatusAbandoned {
		// The game is over: no answer a player was shown stays clickable.
		c.Add(outbox.Post{Kind: outbox.KindWithdraw, ChannelID: t.ChannelID}, interact.Message{})
		if t.StatusMessageID != "" {
			c.Add(outbox.Post{Kind: outbox.KindUnpin, ChannelID: t.ChannelID, MessageID: t.StatusMessageID}, interact.Message{})
		}
	}
}

// standingsPost announces the final standings with the results picture.
func (tl *Teller) standingsPost(c *outbox.Composer, sc Scene) {
	t := sc.Table
	lines := tl.views.FinalStandings(t, sc.Game, sc.State)
	m := interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)}
	c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Picture: &outbox.Picture{Viewer: games.Public, Name: "results.png", Results: true}}, m)
}

// privateMessages gives each seat whose decision just became pending (or
// changed) its private view and its options, except seat skip; a decision
// answered on the board this change posts is only a short DM leading
// there (linkDM), unless the player asked for the picture. A seat
// whose DMs are closed is told in the channel, without any secret, to use
// "Show my hand". A seat with nothing to decide gets nothing, and bots get
// nothing at all. Within a turn (step) the DM a step was clicked in is
// always edited in place; after a commit only for a secret decision.
func (tl *Teller) privateMessages(c *outbox.Composer, sc Scene, from DMSource, skip int, step bool) {
	t := sc.Table
	sent := false
	for seat, u := range t.Seats {
		if !sc.asked(seat) || u.Bot || seat == skip {
			continue
		}
		mine := games.SeatPrompts(sc.Pending, seat)
		if len(mine) == 0 {
			if from.messageID == "" || from.userID != u.UserID { // the clicker's DM: settledDM
				// The table or another seat answered for this one (time
				// up, a bot): its live DMs' options are spent.
				for _, r := range t.Seats[seat].LiveDMs.Take() {
					if r.Channel == t.ChannelID { // a "DMs closed" notice in the channel
						ClearAll(c, []live.Ref{r})
						continue
					}
					tl.settle(c, sc, seat, r.Channel, r.ID, KeyDMSpent)
				}
			}
			continue
		}
		inPlace := from.replaces(u.UserID, mine) || (step && from.messageID != "" && from.userID == u.UserID)
		if !inPlace && wantsLinkDM(c, t, seat, mine) {
			// The board carries the buttons: the DM only leads there.
			tl.linkDM(c, sc, seat, mine)
			continue
		}
		m := tl.HandMessage(t, sc.Game, sc.State, sc.Pending, seat, u.Lang)
		pic := &outbox.Picture{Viewer: seat, Name: "hand.png"}
		switch {
		case inPlace:
			sent = sent || u.UserID == from.userID
			m.Components = append(m.Components, tl.BackRow(t, seat, seatLang(t, seat))...)
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: from.channelID, MessageID: from.messageID, Picture: pic, Resurface: true}, m)
			ref := from.ref()
			ClearAll(c, t.Seats[seat].LiveDMs.TakeBut(ref)) // older decisions of this seat
			ref.Version = t.Version
			t.Live().Add(nil, map[string][]live.Ref{u.UserID: {ref}}, t.UpdatedAt)
			continue
		case anySecret(mine):
			// Public prompts have their buttons on the board already, so a
			// closed DM only matters for secret ones.
			notice := interact.Message{
				Content:    tl.voice.Text(t.Lang, games.T(KeyDMBlocked, "player", "<@"+u.UserID+">")),
				Components: []discordgo.MessageComponent{tl.handRow(t)},
				Mentions:   []string{u.UserID},
			}
			c.Add(outbox.Post{Kind: outbox.KindDM, UserID: u.UserID, Picture: pic, Remember: outbox.RememberDM, Blocked: &outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Message: outbox.StoreMessage(notice)}}, m)
			ClearAll(c, t.Seats[seat].LiveDMs.Take())
			continue
		}
		c.Add(outbox.Post{Kind: outbox.KindDM, UserID: u.UserID, Picture: pic, Remember: outbox.RememberDM}, m)
		ClearAll(c, t.Seats[seat].LiveDMs.Take())
	}
	if !sent {
		tl.settledDM(c, sc, from)
	}
}

// settledDM closes the DM a click came from when the clicker has nothing
// new to decide (e.g. waiting for the others' picks): its options are
// spent, so it shows the updated private view without components rather
// than buttons that would only answer "out of date".
func (tl *Teller) settledDM(c *outbox.Composer, sc Scene, from DMSource) {
	t := sc.Table
	if from.messageID == "" {
		return
	}
	seat := t.SeatOf(from.userID)
	if seat < 0 || (sc.asked(seat) && len(games.SeatPrompts(sc.Pending, seat)) > 0) {
		return // a new decision went out already
	}
	tl.settle(c, sc, seat, from.channelID, from.messageID, KeyDMSettled)
	t.Seats[seat].LiveDMs.Drop(from.ref())
}

// settle edits seat's DM message into its private view without
// components, saying why (key): nothing is left to answer there.
func (tl *Teller) settle(c *outbox.Composer, sc Scene, seat int, channelID, messageID, key string) {
	lang := seatLang(sc.Table, seat)
	m := interact.Message{Content: tl.voice.Text(lang, games.T(KeyHandTitle, "game", tl.voice.GameName(lang, sc.Table.GameID))) + "\n" + tl.voice.Text(lang, games.T(key))}
	c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: channelID, MessageID: messageID, Picture: &outbox.Picture{Viewer: seat, Name: "hand.png"}}, m)
}

func seatLang(t *table.Table, seat int) string {
	if seat >= 0 && seat < len(t.Seats) && t.Seats[seat].Lang != "" {
		return t.Seats[seat].Lang
	}
	return t.Lang
}

func anySecret(ps []games.Prompt) bool {
	for _, p := range ps {
		if p.Secret {
			return true
		}
	}
	return false
}

// HandMessage is the text and components of seat's private message for
// its pending prompts (none: "nothing awaited"), with when its time runs
// out; the caller adds the picture of the private view.
func (tl *Teller) HandMessage(t *table.Table, g games.Game, st games.State, pending []games.Prompt, seat int, lang string) interact.Message {
	if lang == "" {
		lang = t.Lang
	}
	mine := games.SeatPrompts(pending, seat)
	if len(mine) == 0 {
		return interact.Message{Content: tl.voice.Text(lang, games.T(KeyHandTitle, "game", tl.voice.GameName(lang, t.GameID))) + "\n" + tl.voice.Text(lang, games.T(KeyHandNothing))}
	}
	lines := tl.decisionLines(t, st, pending, seat, mine, lang)
	rows, cut := tl.menus.PromptRows(t, mine, lang, interact.MaxRows)
	if cut {
		lines = append(lines, tl.voice.Text(lang, games.T(KeyMoreUseMove)))
	}
	return interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000), Components: rows}
}

// decisionLines name the game, its channel and each of seat's prompts
// mine, and when the seat's time runs out.
func (tl *Teller) decisionLines(t *table.Table, st games.State, pending []games.Prompt, seat int, mine []games.Prompt, lang string) []string {
	var lines []string
	for _, p := range mine {
		lines = append(lines, tl.voice.Text(lang, games.T(KeyDMHeader, "game", tl.voice.GameName(lang, t.GameID), "channel", t.ChannelID, "prompt", tl.voice.AtTable(t, lang, p.Text))))
	}
	if at, ok := t.Clocks().Deadline(st, pending, seat); ok {
		// The seat's clock (a build phase's sand timer too), counting
		// down live in the reader's Discord.
		lines = append(lines, tl.voice.Text(lang, games.T(KeyDMDue, "when", interact.Timestamp(at))))
	}
	return lines
}

// BackRow offers "Back" to a seat that may step back within its turn; it
// takes the last free row, if any.
func (tl *Teller) BackRow(t *table.Table, seat int, lang string) []discordgo.MessageComponent {
	if !t.History().CanStepBack(seat) {
		return nil
	}
	id, err := interact.CustomID{Kind: interact.KindBack, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
	if err != nil {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: tl.voice.Text(lang, games.T(KeyBtnBack)), Style: discordgo.SecondaryButton, CustomID: id},
	}}}
}

func (tl *Teller) handRow(t *table.Table) discordgo.ActionsRow {
	id, _ := interact.CustomID{Kind: interact.KindHand, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: tl.voice.Text(t.Lang, games.T(KeyBtnHand)), Style: discordgo.SecondaryButton, CustomID: id},
	}}
}

// lookRow offers anyone at a table of two or more seats the "Look at a
// player" select (/game look), for games whose board draws the seats'
// parts too small for a phone: picking a seat answers with its part at
// full size, only for the one who picked. It lives on the board, so it is
// withdrawn with the board's other controls. nil for other games.
func (tl *Teller) lookRow(t *table.Table) []discordgo.MessageComponent {
	if len(t.Seats) < 2 || !tl.views.HasSeatDetail(t.GameID) {
		return nil
	}
	id, err := interact.CustomID{Kind: interact.KindLook, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
	if err != nil {
		return nil
	}
	var options []discordgo.SelectMenuOption
	for seat, s := range t.Seats {
		if seat == interact.MaxSelectOptions {
			break
		}
		options = append(options, discordgo.SelectMenuOption{Label: interact.Truncate(s.Name, interact.MaxSelectLabel), Value: strconv.Itoa(seat + 1)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: id, Placeholder: tl.voice.Text(t.Lang, games.T(KeyLookPlaceholder)), Options: options},
	}}}
}

// waitingOnPerson reports whether a seat a person plays has a decision
// pending: someone looks at the change's pictures to decide.
func waitingOnPerson(t *table.Table, pending []games.Prompt) bool {
	for _, p := range pending {
		if p.Seat >= 0 && p.Seat < len(t.Seats) && !t.Seats[p.Seat].Bot {
			return true
		}
	}
	return false
}
