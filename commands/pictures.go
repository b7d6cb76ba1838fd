package commands

import (
	"slices"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/table"
)

// boardPicture is viewer's view of st, public or private.
func (s *Service) boardPicture(t *table.Table, g games.Game, st games.State, viewer int, name string) delivery.Picture {
	p := delivery.Picture{Name: name, Viewer: viewer}
	if s.images == nil || st == nil {
		return p
	}
	view, meta := st.View(viewer), render.Meta(s.voice.Catalog(), t, viewer)
	gameID := t.GameID
	p.Draw = func() ([]byte, error) { return s.images.Board(gameID, view, meta) }
	return p
}

// resultsPicture is the final standings of a table, rivals included.
func (s *Service) resultsPicture(t *table.Table, st games.State) delivery.Picture {
	p := delivery.Picture{Name: "results.png", Viewer: games.Public}
	if s.images == nil {
		return p
	}
	meta := render.Meta(s.voice.Catalog(), t, games.Public)
	var standings []games.Standing
	for _, pl := range s.ranking(t, st, meta.Lang) {
		standings = append(standings, pl.Standing)
		if pl.Seat >= len(meta.Players) { // a rival: named after the seats
			meta.Players = append(meta.Players, pl.name)
		}
	}
	gameID := t.GameID
	p.Draw = func() ([]byte, error) { return s.images.Results(gameID, standings, meta) }
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
func (s *Service) ranking(t *table.Table, st games.State, lang string) []placed {
	var out []placed
	if r, ok := st.(games.Rivaled); ok {
		for k, rv := range r.Rivals() {
			out = append(out, placed{games.Standing{Seat: len(t.Seats) + k, Rank: rv.Rank, Score: rv.Score, Detail: rv.Detail}, s.say(t, lang, rv.Name)})
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

// picture is the picture a post names (p) of st.
func (s *Service) picture(t *table.Table, g games.Game, st games.State, p outbox.Picture) delivery.Picture {
	if p.Results {
		return s.resultsPicture(t, st)
	}
	return s.boardPicture(t, g, st, p.Viewer, p.Name)
}

// draw renders one view someone asked for; a failed or missing renderer
// only costs the picture.
func (s *Service) draw(t *table.Table, g games.Game, st games.State, viewer int, name string) []File {
	return s.out.DrawAll(t.ID, []delivery.Picture{s.boardPicture(t, g, st, viewer, name)}, true)[0]
}
