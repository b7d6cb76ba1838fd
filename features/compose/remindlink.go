package compose

import (
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// A reminder leads to the message to act on: the seat's newest live DM
// (its decision with buttons), else the newest board with buttons.

// KeyReminderLink is the reminder's line with that link.
const KeyReminderLink = "core.reminder.link"

func reminderLinkTexts() map[string][2]string {
	return map[string][2]string{
		KeyReminderLink: {"➡️ Answer here: {link}", "➡️ Hier antworten: {link}"},
	}
}

// actLink is the address of the message seat acts on; "" when none is
// known (nothing posted yet, or the table is not in a server).
func actLink(t *table.Table, seat int) string {
	if seat < 0 || seat >= len(t.Seats) || t.GuildID == "" {
		return ""
	}
	if dms := t.Seats[seat].LiveDMs; len(dms) > 0 {
		r := dms[len(dms)-1]
		if r.Channel == t.ChannelID { // the notice standing in for closed DMs
			return messageURL(t.GuildID, r)
		}
		return messageURL("@me", r)
	}
	if n := len(t.LiveBoards); n > 0 {
		return messageURL(t.GuildID, t.LiveBoards[n-1])
	}
	return ""
}

// messageURL is a message's address in Discord ("@me" for a DM).
func messageURL(guild string, r live.Ref) string {
	return "https://discord.com/channels/" + guild + "/" + r.Channel + "/" + r.ID
}
