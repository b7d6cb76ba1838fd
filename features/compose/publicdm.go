package compose

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// A public decision (one the whole channel sees, answered with the
// board's own buttons) is not DMed with the seat's picture and buttons
// too: the seat gets a short DM leading to the board, unless the player
// chose the picture in /settings (public-dm:picture). Private decisions
// always come with the picture and the controls. Either way a seat gets
// one DM per decision.

// KeyDMLinkHint is the short DM's hint at its setting (features/settings'
// public-dm).
const KeyDMLinkHint = "core.dm.link_hint"

func publicDMTexts() map[string][2]string {
	return map[string][2]string{
		KeyDMLinkHint: {"Your picture and the buttons here instead: /settings public-dm",
			"Lieber dein Bild und die Knöpfe hier: /einstellungen öffentliche-dm"},
	}
}

// wantsLinkDM reports whether seat's new decisions, mine, are told by a
// short DM: all of them public, the player did not ask for the picture,
// and this change posts a board with buttons to link to (a step inside a
// turn posts none, so its DM keeps the picture and controls).
func wantsLinkDM(c *outbox.Composer, t *table.Table, seat int, mine []games.Prompt) bool {
	return !anySecret(mine) && !t.Seats[seat].Notify.WantsPicture() && postsBoard(c)
}

// postsBoard reports whether c posts a board with buttons.
func postsBoard(c *outbox.Composer) bool {
	for _, p := range c.Delivery.Posts {
		if p.Kind == outbox.KindPost && p.Remember == outbox.RememberBoard {
			return true
		}
	}
	return false
}

// linkDM is seat's short DM for its public decisions mine: what is asked,
// by when, and the board's address. The delivery stores the channel's
// address; the delivery makes it the board's once the board is posted.
// The DM has no buttons, so it is not remembered as live; the seat's older
// DMs lose theirs.
func (tl *Teller) linkDM(c *outbox.Composer, sc Scene, seat int, mine []games.Prompt) {
	t := sc.Table
	u := t.Seats[seat]
	lang := seatLang(t, seat)
	lines := tl.decisionLines(t, sc.State, sc.Pending, seat, mine, lang)
	link := channelURL(t)
	if link != "" {
		lines = append(lines, tl.voice.Text(lang, games.T(KeyReminderLink, "link", link)))
	}
	lines = append(lines, tl.voice.Text(lang, games.T(KeyDMLinkHint)))
	c.Add(outbox.Post{Kind: outbox.KindDM, UserID: u.UserID, BoardLink: link}, interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)})
	ClearAll(c, t.Seats[seat].LiveDMs.Take())
}

// channelURL is the Discord address of t's channel; "" outside a server.
func channelURL(t *table.Table) string {
	if t.GuildID == "" {
		return ""
	}
	return "https://discord.com/channels/" + t.GuildID + "/" + t.ChannelID
}
