package render

import (
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Images draws boards, lobbies and final results. It is an interface so
// the table features do not depend on the imaging package; main wires the
// real renderer. A nil Images means text-only messages.
type Images interface {
	// Board draws a view (public or one seat's private view) as PNG.
	Board(gameID string, view any, m interact.ImageMeta) ([]byte, error)
	// Lobby draws the lobby card of a table as PNG.
	Lobby(gameID string, l LobbyView, m interact.ImageMeta) ([]byte, error)
	// Results draws the final standings of a finished table as PNG; it
	// rides on the standings post.
	Results(gameID string, standings []games.Standing, m interact.ImageMeta) ([]byte, error)
}

// Details is an Images that draws one seat's part of the public board at
// full size, for games whose board shows those parts too small for a phone
// (/game look). Features ask for it with a type assertion: a renderer
// without it offers no close-ups.
type Details interface {
	// HasSeatDetail reports whether gameID's seats have a detail picture.
	HasSeatDetail(gameID string) bool
	// SeatDetail draws seat's part of public, the public view, as PNG.
	SeatDetail(gameID string, public any, seat int, m interact.ImageMeta) ([]byte, error)
}

// LobbyView describes an open table for the lobby picture.
type LobbyView struct {
	Host       string
	Players    []string
	MinPlayers int
	MaxPlayers int
	Options    map[string]string
}

// Meta is what a picture of t drawn for viewer (a seat, or games.Public)
// needs besides the view: the viewer's language, the catalog and the
// players' names.
func Meta(cat games.Catalog, t *table.Table, viewer int) interact.ImageMeta {
	lang := t.Lang
	if viewer >= 0 && viewer < len(t.Seats) && t.Seats[viewer].Lang != "" {
		lang = t.Seats[viewer].Lang
	}
	return interact.ImageMeta{Lang: lang, Catalog: cat, Players: t.Names(), Viewer: viewer, Version: t.Version}
}
