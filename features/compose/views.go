package compose

import (
	"slices"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/table"
)

// BoardPicture is viewer's view of st, public or private.
func (v *Views) BoardPicture(t *table.Table, g games.Game, st games.State, viewer int, name string) delivery.Picture {
	p := delivery.Picture{Name: name, Viewer: viewer}
	if v.images == nil || st == nil {
		return p
	}
	view, meta := st.View(viewer), render.Meta(v.voice.Catalog(), t, viewer)
	gameID := t.GameID
	p.Draw = func() ([]byte, error) { return v.images.Board(gameID, view, meta) }
	return p
}

// HasSeatDetail reports whether gameID's board draws some seats' parts too
// small for a phone and offers each at full size (render.Details).
func (v *Views) HasSeatDetail(gameID string) bool {
	d, ok := v.images.(render.Details)
	return ok && d.HasSeatDetail(gameID)
}

// SeatDetailPicture is seat's part of st's public view at full size, for
// a reader of lang (/game look): drawn from the public view only, whoever
// asks.
func (v *Views) SeatDetailPicture(t *table.Table, st games.State, seat int, lang string) delivery.Picture {
	p := delivery.Picture{Name: "look.png", Viewer: games.Public}
	d, ok := v.images.(render.Details)
	if !ok || st == nil {
		return p
	}
	view, meta := st.View(games.Public), render.Meta(v.voice.Catalog(), t, games.Public)
	meta.Lang = lang
	gameID := t.GameID
	p.Draw = func() ([]byte, error) { return d.SeatDetail(gameID, view, seat, meta) }
	return p
}

// resultsPicture is the final standings of a table, rivals included.
func (v *Views) resultsPicture(t *table.Table, st games.State) delivery.Picture {
	p := delivery.Picture{Name: "results.png", Viewer: games.Public}
	if v.images == nil {
		return p
	}
	meta := render.Meta(v.voice.Catalog(), t, games.Public)
	var standings []games.Standing
	for _, pl := range v.ranking(t, st, meta.Lang) {
		standings = append(standings, pl.Standing)
		if pl.Seat >= len(meta.Players) { // a rival: named after the seats
			meta.Players = append(meta.Players, pl.name)
		}
	}
	gameID := t.GameID
	p.Draw = func() ([]byte, error) { return v.images.Results(gameID, standings, meta) }
	return p
}

// placed is one line of the final standings: a seat, or a rival given the
// index after the seats.
type placed struct {
	games.Standing
	name string
}

// ranking is st's final standings with its rivals (a solo game's automa)
// among them, best first; on equal ranks a rival comes first.
func (v *Views) ranking(t *table.Table, st games.State, lang string) []placed {
	var out []placed
	if r, ok := st.(games.Rivaled); ok {
		for k, rv := range r.Rivals() {
			out = append(out, placed{games.Standing{Seat: len(t.Seats) + k, Rank: rv.Rank, Score: rv.Score, Detail: rv.Detail}, v.voice.AtTable(t, lang, rv.Name)})
		}
	}
	for _, sd := range st.Standings() {
		name := "?"
		if sd.Seat >= 0 && sd.Seat < len(t.Seats) {
			name = t.Seats[sd.Seat].Name
		}
		out = append(out, placed{sd, name})
	}
	slices.SortStableFunc(out, func(a, b placed) int { return a.Rank - b.Rank })
	return out
}

// Picture is the picture a post names (p) of st (delivery.Deps.Picture).
func (v *Views) Picture(t *table.Table, g games.Game, st games.State, p outbox.Picture) delivery.Picture {
	if p.Results {
		return v.resultsPicture(t, st)
	}
	return v.BoardPicture(t, g, st, p.Viewer, p.Name)
}

// standingLines are the final standings, a line per seat or rival, in lang.
func (v *Views) standingLines(t *table.Table, st games.State, lang string) []string {
	var lines []string
	for _, pl := range v.ranking(t, st, lang) {
		lines = append(lines, v.voice.Text(lang, games.T(KeyStandingLine, "rank", pl.Rank, "player", pl.name, "score", pl.Score, "detail", v.voice.AtTable(t, lang, pl.Detail))))
	}
	return lines
}

// FinalStandings are the final standings' title and a line per place, in
// the table's language (replays.Engine: the replay's caption says them too).
func (v *Views) FinalStandings(t *table.Table, _ games.Game, st games.State) []string {
	return append([]string{v.voice.Text(t.Lang, games.T(KeyStandings))}, v.standingLines(t, st, t.Lang)...)
}

// Meta is the meta of t's pictures for viewer (replays.Engine).
func (v *Views) Meta(t *table.Table, viewer int) interact.ImageMeta {
	return render.Meta(v.voice.Catalog(), t, viewer)
}
