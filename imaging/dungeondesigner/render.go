// Package dungeondesigner draws the boards of Dungeon Designer from the
// game's views: the public board for the channel (every dungeon on its
// labelled 4×4 grid, the market, tasks, order and, when solo, Jael) and
// each seat's private hand for its DMs.
package dungeondesigner

import (
	"image"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// GameID is the id this renderer registers under.
const GameID = dd.ID

// Renderer draws dungeon designer views; it is safe for concurrent use.
type Renderer struct {
	kit     *kit.Kit
	own     games.Catalog
	sprites *kit.Sprites // element tokens, drawn once per size and language
	thumbs  *kit.Sprites // dungeon thumbnails, drawn once per look
}

// maxSprites bounds the token cache: elements × a few sizes × languages.
const maxSprites = 512

// maxThumbs bounds the dungeon thumbnail cache, about 0.6 MB each: the
// dungeons of a few tables' latest boards. Between two boards of a table
// only the dungeons that changed are drawn again.
const maxThumbs = 48

// New builds the renderer on a shared kit.
func New(k *kit.Kit) *Renderer {
	return &Renderer{kit: k, own: imaging.Catalog().Merge(Catalog()), sprites: k.NewSprites(maxSprites), thumbs: k.NewSprites(maxThumbs)}
}

// Render draws a PublicView (the channel board) or a PrivateView (one
// seat's hand), given by value or by pointer.
func (r *Renderer) Render(view any, m imaging.Meta) (image.Image, error) {
	return imaging.DrawView(view, m, r.board, r.private)
}

// SeatDetail draws seat's part of the public board at full size (see
// detail); it takes the public view only.
func (r *Renderer) SeatDetail(public any, seat int, m imaging.Meta) (image.Image, error) {
	v, err := imaging.PublicView[dd.PublicView](public)
	if err != nil {
		return nil, err
	}
	return r.detail(v, seat, m)
}

// readable is the smallest size of a text a player needs to decide: 11 px
// on a phone showing the 1200 px picture 400 px wide (issue 15), rounded up.
const readable = 34.0

// thumbnail is why the texts inside the dungeons on the public board may
// be small: they are pictures of every dungeon at a glance; anyone may ask
// for one seat's detail picture (/game look, the board's "Look at a
// player"), which draws its dungeon readable, and each seat gets its own
// dungeon drawn readable in its private picture (its DMs and "Show my
// hand"), with the spots a tile may go to numbered.
const thumbnail = "a dungeon thumbnail on the public board; the seat's detail picture (/game look) and its own picture draw it readable"

// scene is one drawing in progress.
type scene struct {
	c       *kit.Canvas
	w       imaging.Words
	m       imaging.Meta
	sprites *kit.Sprites
	thumbs  *kit.Sprites
}

func (r *Renderer) scene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.Canvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, sprites: r.sprites, thumbs: r.thumbs}
}

// boardScene is a scene for a whole picture, on the plank background.
func (r *Renderer) boardScene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, sprites: r.sprites, thumbs: r.thumbs}
}

// rowLabel and colLabel name a grid line as players type it in move ids
// (r1c1 is the top-left room; the rules package numbers from 1 as well).
func (s *scene) rowLabel(r int) string { return s.w.T("ddimg.row", "n", r+1) }
func (s *scene) colLabel(c int) string { return s.w.T("ddimg.col", "n", c+1) }
