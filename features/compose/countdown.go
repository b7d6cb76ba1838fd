package compose

import (
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
)

// DeadlineDMs edits the live DMs of seats whose deadline moved (a vacation
// began or ended early, an outage paused the clocks), so that the
// countdown a DM shows (a Discord timestamp) follows: the same decision
// and buttons, the new time. A seat without a timed decision, a bot, and
// the channel notice standing in for closed DMs (it shows no time) need
// nothing.
func (tl *Teller) DeadlineDMs(c *outbox.Composer, sc Scene, seats []int) {
	t := sc.Table
	for _, seat := range seats {
		if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Bot {
			continue
		}
		if _, timed := t.Clocks().Deadline(sc.State, sc.Pending, seat); !timed || len(games.SeatPrompts(sc.Pending, seat)) == 0 {
			continue
		}
		lang := seatLang(t, seat)
		for _, ref := range t.Seats[seat].LiveDMs {
			if ref.Channel == t.ChannelID {
				continue
			}
			m := tl.HandMessage(t, sc.Game, sc.State, sc.Pending, seat, lang)
			m.Components = append(m.Components, tl.BackRow(t, seat, lang)...)
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: ref.Channel, MessageID: ref.ID, Picture: &outbox.Picture{Viewer: seat, Name: "hand.png"}}, m)
		}
	}
}

// Paused adds what a pause over an outage changes in what players see
// to c: the deadlines in the status message and the countdowns of the
// live DMs.
func (tl *Teller) Paused(c *outbox.Composer, sc Scene) {
	tl.StatusPost(c, sc)
	seats := make([]int, len(sc.Table.Seats))
	for i := range seats {
		seats[i] = i
	}
	tl.DeadlineDMs(c, sc, seats)
}
