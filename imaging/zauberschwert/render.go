// Package zauberschwert draws the boards of Zauberschwert & Drachenei from
// the game's views: the public board for the channel and each seat's
// private hand for its DMs.
package zauberschwert

import (
	"image"
	"math"
	"strconv"

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
	// spells are the game's six spells: every seat's spell shelf keeps a
	// place for each, so a panel's height never depends on how many a
	// seat owns.
	spells  []zs.SpellInfo
	sprites *kit.Sprites
}

// maxSprites bounds the cache of drawings a board repeats (seat panels'
// frames, cells, chips): a few dozen at the sizes of two pictures.
const maxSprites = 128

// New builds the renderer on a shared kit.
func New(k *kit.Kit) *Renderer {
	var spells []zs.SpellInfo
	if g, ok := zs.New().(*zs.Game); ok {
		spells = g.Data().Spells
	}
	return &Renderer{kit: k, own: imaging.Catalog().Merge(Catalog()), spells: spells, sprites: k.NewSprites(maxSprites)}
}

// Render draws a PublicView (the channel board) or a PrivateView (one
// seat's hand), given by value or by pointer.
func (r *Renderer) Render(view any, m imaging.Meta) (image.Image, error) {
	return imaging.DrawView(view, m, r.board, r.private)
}

// scene is one drawing in progress.
type scene struct {
	c          *kit.Canvas
	w          imaging.Words
	m          imaging.Meta
	gameSpells []zs.SpellInfo
	sprites    *kit.Sprites
}

func (r *Renderer) scene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.Canvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, gameSpells: r.spells, sprites: r.sprites}
}

// boardScene is a scene for a whole picture, on the plank background.
func (r *Renderer) boardScene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, gameSpells: r.spells, sprites: r.sprites}
}

// readable is the smallest size of a text a player needs to decide: 11 px
// on a phone showing the 1200 px picture 400 px wide (issue 15), rounded up.
const readable = 34.0

// The sizes of pictograms a player tells apart inside cards and cells,
// so that each reaches the size of readable text on a phone (kit.Sym's
// circle, the smallest symbol, reaches 1.56 symbolR; a gem 2 iconR, a
// drop 2.16 iconR).
const (
	symbolR = 22.0
	iconR   = 17.0
)

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

// onParchment draws what paint draws into r, which lies on a panel's
// parchment, copied from the renderer's cache after the first time: gg
// rasterizes a path over the whole canvas, and dashed outlines cost more
// still, so a drawing each seat panel repeats is far cheaper copied. The
// sprite is painted on parchment, so that it is opaque and copied row by
// row rather than blended. key names everything paint draws besides r's
// size.
func (s *scene) onParchment(key string, r kit.Rect, paint func(c *kit.Canvas, r kit.Rect)) {
	size := int(max(r.W, r.H)) + 16
	key += "|" + strconv.FormatFloat(r.W, 'f', 1, 64) + "x" + strconv.FormatFloat(r.H, 'f', 1, 64)
	s.sprites.Draw(s.c, key, r.CX(), r.CY(), size, func(c *kit.Canvas, cx, cy float64) {
		at := kit.R(cx-r.W/2, cy-r.H/2, r.W, r.H)
		// A stroke reaches past r: the parchment reaches further.
		c.FillRect(kit.R(math.Floor(at.X)-3, math.Floor(at.Y)-3, math.Ceil(at.W)+7, math.Ceil(at.H)+7), kit.Parchment)
		paint(c, at)
	})
}
