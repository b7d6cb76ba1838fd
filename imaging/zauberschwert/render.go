// Package zauberschwert draws the boards of Zauberschwert & Drachenei from
// the game's views: the public board for the channel and each seat's
// private hand for its DMs.
package zauberschwert

import (
	"image"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// GameID is the id this renderer registers under.
const GameID = "zauberschwert"

// Renderer draws zauberschwert views; it is safe for concurrent use.
type Renderer struct {
	kit *kit.Kit
	own games.Catalog
}

// New builds the renderer on a shared kit.
func New(k *kit.Kit) *Renderer {
	return &Renderer{kit: k, own: imaging.Catalog().Merge(Catalog())}
}

// Render draws a PublicView (the channel board) or a PrivateView (one
// seat's hand), given by value or by pointer.
func (r *Renderer) Render(view any, m imaging.Meta) (image.Image, error) {
	return imaging.DrawView(view, m, r.board, r.private)
}

// scene is one drawing in progress.
type scene struct {
	c *kit.Canvas
	w imaging.Words
	m imaging.Meta
}

func (r *Renderer) scene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.Canvas(w, h), m), w: imaging.NewWords(m, r.own), m: m}
}

// boardScene is a scene for a whole picture, on the plank background.
func (r *Renderer) boardScene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m}
}

// readable is the smallest size of a text a player needs to decide: 11 px
// on a phone showing the 1200 px picture 400 px wide (issue 15), rounded up.
const readable = 34.0

func symbolOf(s zs.Symbol) (kit.Symbol, bool) {
	switch s {
	case zs.Triangle:
		return kit.SymTriangle, true
	case zs.Circle:
		return kit.SymCircle, true
	case zs.Square:
		return kit.SymSquare, true
	}
	return 0, false
}

func contains(seats []int, seat int) bool {
	for _, s := range seats {
		if s == seat {
			return true
		}
	}
	return false
}
