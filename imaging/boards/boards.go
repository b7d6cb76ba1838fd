// Package boards wires Tavern's imaging for the command surface: it builds
// the kit, registers the board renderers it is given (package lineup lists
// them) and adapts imaging.Images to the commands.Images interface.
package boards

import (
	"fmt"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/standings"
	"github.com/tavern-bot/tavern/render"
)

// Images draws boards, lobbies and results for the command surface.
type Images struct {
	images    *imaging.Images
	games     *games.Registry
	standings *standings.Renderer
}

var (
	_ commands.Images    = (*Images)(nil)
	_ render.Details     = (*Images)(nil)
	_ tournaments.Images = (*Images)(nil)
)

// New builds the kit and registers a board renderer per game id. Games
// without a renderer still get lobby and results pictures; Board reports an
// error for them so that the caller falls back to text.
func New(reg *games.Registry, renderers map[string]func(*kit.Kit) imaging.Renderer) (*Images, error) {
	k, err := kit.New()
	if err != nil {
		return nil, fmt.Errorf("boards: %w", err)
	}
	im := imaging.New(k)
	for id, build := range renderers {
		if err := im.Register(id, build(k)); err != nil {
			return nil, fmt.Errorf("boards: %w", err)
		}
	}
	return &Images{images: im, games: reg, standings: standings.New(k)}, nil
}

// HasBoard reports whether gameID has a board renderer.
func (b *Images) HasBoard(gameID string) bool { return b.images.HasBoard(gameID) }

// Board draws a public or private view as PNG.
func (b *Images) Board(gameID string, view any, m commands.ImageMeta) ([]byte, error) {
	return b.images.Board(gameID, view, meta(m))
}

// HasSeatDetail reports whether gameID's seats have a detail picture.
func (b *Images) HasSeatDetail(gameID string) bool { return b.images.HasSeatDetail(gameID) }

// SeatDetail draws seat's part of the public view at full size as PNG.
func (b *Images) SeatDetail(gameID string, public any, seat int, m commands.ImageMeta) ([]byte, error) {
	return b.images.SeatDetail(gameID, public, seat, meta(m))
}

// Lobby draws an open table as PNG.
func (b *Images) Lobby(gameID string, l commands.LobbyView, m commands.ImageMeta) ([]byte, error) {
	g, ok := b.games.Get(gameID)
	if !ok {
		return nil, fmt.Errorf("boards: unknown game %q", gameID)
	}
	return b.images.Lobby(g.Info(), l.Host, l.Players, l.MinPlayers, l.MaxPlayers, meta(m))
}

// Results draws the final standings of a finished table as PNG.
func (b *Images) Results(gameID string, standings []games.Standing, m commands.ImageMeta) ([]byte, error) {
	g, ok := b.games.Get(gameID)
	if !ok {
		return nil, fmt.Errorf("boards: unknown game %q", gameID)
	}
	return b.images.Results(g.Info(), standings, meta(m))
}

func meta(m commands.ImageMeta) imaging.Meta {
	return imaging.Meta{Lang: m.Lang, Catalog: m.Catalog, Players: m.Players, Viewer: m.Viewer}
}

// TournamentStandings draws a tournament's standings table as PNG.
func (b *Images) TournamentStandings(v tournaments.Sheet) ([]byte, error) {
	return b.standings.Standings(standings.Sheet{Title: v.Title, Subtitle: v.Subtitle, Headings: v.Headings,
		DroppedMark: v.DroppedMark, More: v.More, Rows: rows(v.Rows)})
}

// TournamentPodium draws a tournament's podium (its first three rows) as PNG.
func (b *Images) TournamentPodium(v tournaments.Sheet) ([]byte, error) {
	return b.standings.Podium(standings.Podium{Title: v.Title, Subtitle: v.Subtitle, PointsLabel: v.PointsLabel, Places: rows(v.Rows)})
}

func rows(in []tournaments.Row) []standings.Row {
	out := make([]standings.Row, len(in))
	for i, r := range in {
		out[i] = standings.Row(r)
	}
	return out
}
