package play

import (
	"context"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Look answers /game look and the board's "Look at a player" select: one
// seat's part of the public board (a Dungeon Designer dungeon, a Sorcerer
// City district) drawn at full size, only for the one who asked. Anyone
// may ask, seated or not, at any moment of a running game: only the
// public view is drawn, so it shows no secret and changes nothing. player
// is the seat's number from 1 (what the select and the autocomplete send)
// or its name as typed.
func (f *Feature) Look(ctx context.Context, r interact.Request, channelID, tableID, player string) interact.Result {
	t, g, err := f.tables.Load(ctx, channelID, tableID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	if !f.views.HasSeatDetail(t.GameID) {
		return f.voice.Key(r.Lang, KeyLookNone, "game", f.voice.GameName(r.Lang, t.GameID))
	}
	if t.Status != table.StatusPlaying {
		return f.voice.Err(r, t.NotPlaying())
	}
	seat, ok := seatNamed(t, player)
	if !ok {
		return f.voice.Key(r.Lang, KeyLookUnknown, "player", interact.Truncate(player, 100), "names", seatList(t))
	}
	st, err := t.Load(g)
	if err != nil {
		return f.voice.Err(r, err)
	}
	files := f.out.DrawAll(t.ID, []delivery.Picture{f.views.SeatDetailPicture(t, st, seat, r.Lang)}, true)[0]
	if len(files) == 0 {
		return f.voice.Key(r.Lang, KeyLookFailed)
	}
	m := interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyLookTitle, "player", t.Seats[seat].Name)), Files: files}
	return interact.Result{Reply: &m}
}

// seatNamed finds the seat player names: its number from 1, or its
// name (any case).
func seatNamed(t *table.Table, player string) (int, bool) {
	player = strings.TrimSpace(player)
	if n, err := strconv.Atoi(player); err == nil && n >= 1 && n <= len(t.Seats) {
		return n - 1, true
	}
	for seat, s := range t.Seats {
		if player != "" && strings.EqualFold(s.Name, player) {
			return seat, true
		}
	}
	return -1, false
}

// seatList names the seats as /game look takes them: "1 Anna, 2 Bert".
func seatList(t *table.Table) string {
	var out []string
	for seat, s := range t.Seats {
		out = append(out, strconv.Itoa(seat+1)+" "+s.Name)
	}
	return strings.Join(out, ", ")
}

// SeatChoices are /game look's autocomplete: the table's seats whose
// number or name holds what was typed, for a game with close-ups.
func (f *Feature) SeatChoices(ctx context.Context, r interact.Request, typed string) []*discordgo.ApplicationCommandOptionChoice {
	t, _, err := f.tables.Load(ctx, r.ChannelID, "")
	if err != nil || t.Status != table.StatusPlaying || !f.views.HasSeatDetail(t.GameID) {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []*discordgo.ApplicationCommandOptionChoice
	for seat, s := range t.Seats {
		n := strconv.Itoa(seat + 1)
		if len(out) < interact.MaxSelectOptions && (typed == "" || strings.Contains(strings.ToLower(s.Name), typed) || n == typed) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: interact.Truncate(n+" · "+s.Name, 100), Value: n})
		}
	}
	return out
}
