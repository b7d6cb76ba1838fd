package play

import (
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
)

// deadlineDMs edits the live DMs of seats whose deadline moved (a vacation
// began or ended early, an outage paused the clocks), so that the
// countdown a DM shows (a Discord timestamp) follows: the same decision
// and buttons, the new time. A seat without a timed decision, a bot, and
// the channel notice standing in for closed DMs (it shows no time) need
// nothing.
func (tl *teller) deadlineDMs(c *outbox.Composer, sc scene, seats []int) {
	t := sc.t
	for _, seat := range seats {
		if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Bot {
			continue
		}
		if _, timed := t.SeatDeadline(sc.st, sc.pending, seat); !timed || len(games.SeatPrompts(sc.pending, seat)) == 0 {
			continue
		}
		lang := seatLang(t, seat)
		for _, ref := range t.Seats[seat].LiveDMs {
			if ref.Channel == t.ChannelID {
				continue
			}
			m := tl.handMessage(t, sc.g, sc.st, sc.pending, seat, lang)
			m.Components = append(m.Components, tl.backRow(t, seat, lang)...)
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: ref.Channel, MessageID: ref.ID, Picture: &outbox.Picture{Viewer: seat, Name: "hand.png"}}, m)
		}
	}
}
