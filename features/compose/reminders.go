package compose

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
)

// ReminderDMs reminds each seat in remind that still has a decision
// pending (a timeout may have answered it meanwhile) as its player's
// settings say (Seat.Notify; the table left out the reminders they do
// not want): by DM (or by a mention in the channel when their DMs are
// closed) or by a mention, in their language. One message per seat,
// whatever reasons fell due together.
func (tl *Teller) ReminderDMs(c *outbox.Composer, t *table.Table, remind []table.Reminder, pending []games.Prompt) {
	for _, r := range remind {
		if r.Seat < 0 || r.Seat >= len(t.Seats) || len(games.SeatPrompts(pending, r.Seat)) == 0 || t.Seats[r.Seat].Bot {
			continue
		}
		u := t.Seats[r.Seat]
		prefs := u.Notify
		lang := seatLang(t, r.Seat)
		if prefs.Lang != "" {
			lang = prefs.Lang
		}
		dmKey, pingKey := reminderKeys(r)
		m := interact.Message{Content: tl.voice.Text(lang, games.T(dmKey, "game", tl.voice.GameName(lang, t.GameID), "channel", "<#"+t.ChannelID+">", "when", interact.Timestamp(r.Deadline)))}
		if link := actLink(t, r.Seat); link != "" {
			m.Content += "\n" + tl.voice.Text(lang, games.T(KeyReminderLink, "link", link))
		}
		notice := interact.Message{Content: tl.voice.Text(t.Lang, games.T(pingKey, "player", "<@"+u.UserID+">", "when", interact.Timestamp(r.Deadline))), Mentions: []string{u.UserID}}
		if prefs.Delivery == settings.DeliverMention {
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, notice)
			continue
		}
		c.Add(outbox.Post{Kind: outbox.KindDM, UserID: u.UserID, Blocked: &outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Message: outbox.StoreMessage(notice)}}, m)
	}
}

// reminderKeys are the texts of a reminder by DM and by mention: the time
// running out, or everyone else having answered (with or without a clock).
func reminderKeys(r table.Reminder) (dm, ping string) {
	switch {
	case r.Last && r.Deadline.IsZero():
		return KeyLastOne, KeyLastOnePing
	case r.Last:
		return KeyLastOneDue, KeyLastOneDuePing
	}
	return KeyReminder, KeyReminderPing
}

// VacationOver tells the channel that seats are back from vacation: their
// clocks run again.
func (tl *Teller) VacationOver(c *outbox.Composer, t *table.Table, back []int) {
	tl.tellSeats(c, t, back, KeyVacationOver)
}

// TookOver posts to the channel that a bot took the seats over, when the
// change that did so made no move to narrate it with: the bots' moves are
// being thought out apart.
func (tl *Teller) TookOver(c *outbox.Composer, t *table.Table, seats []int) {
	tl.tellSeats(c, t, seats, KeyTookOver)
}

// tellSeats posts one line of key per seat to the table's channel.
func (tl *Teller) tellSeats(c *outbox.Composer, t *table.Table, seats []int, key string) {
	if lines := tl.seatLines(t, seats, key); len(lines) > 0 {
		c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)})
	}
}

// seatLines is key's text for each seat's player.
func (tl *Teller) seatLines(t *table.Table, seats []int, key string) []string {
	var lines []string
	for _, seat := range seats {
		if seat >= 0 && seat < len(t.Seats) {
			lines = append(lines, tl.voice.Text(t.Lang, games.T(key, "player", t.Seats[seat].Name)))
		}
	}
	return lines
}
