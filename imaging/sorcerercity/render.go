// Package sorcerercity draws the boards of Sorcerer City from the game's
// views: the public board for the channel (years, market, every district
// with its tracks) and each seat's private picture (its district large,
// the free spots named by coordinate as its options name them, the tile to place).
package sorcerercity

import (
	"image"

	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// GameID is the id this renderer registers under.
const GameID = "sorcerer-city"

// Renderer draws Sorcerer City views; it is safe for concurrent use.
type Renderer struct {
	kit     *kit.Kit
	c       *sc.Components
	own     games.Catalog
	sprites *kit.Sprites
}

// maxSprites bounds the tile cache: tiles a game shows × turns × a few
// sizes × languages; at most a few tens of MB.
const maxSprites = 768

// New builds the renderer on a shared kit for the game's components.
func New(k *kit.Kit, c *sc.Components) *Renderer {
	return &Renderer{kit: k, c: c, own: imaging.Catalog().Merge(Catalog()), sprites: k.NewSprites(maxSprites)}
}

// Render draws a View (the channel board) or a PrivateView (one seat's
// picture), given by value or by pointer.
func (r *Renderer) Render(view any, m imaging.Meta) (image.Image, error) {
	return imaging.DrawView(view, m, r.board, r.private)
}

// SeatDetail draws seat's part of the public board at full size (see
// detail); it takes the public view only.
func (r *Renderer) SeatDetail(public any, seat int, m imaging.Meta) (image.Image, error) {
	v, err := imaging.PublicView[sc.View](public)
	if err != nil {
		return nil, err
	}
	return r.detail(v, seat, m)
}

// scene is one drawing in progress.
type scene struct {
	c       *kit.Canvas
	w       imaging.Words
	m       imaging.Meta
	cs      *sc.Components
	sprites *kit.Sprites
	// overview is set while a district of the channel's board is drawn:
	// a goal there may be too small for a phone (see crowdedGoal).
	overview bool
}

func (r *Renderer) boardScene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, cs: r.c, sprites: r.sprites}
}
