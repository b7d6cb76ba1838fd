// Package viscounts draws the pictures of Viscounts of the West Kingdom
// from the game's views: the public board for the channel (the five
// segments round the castle with their spaces, plots and viscounts, the
// castle's tiers, the townsfolk and manuscripts on offer, the Poverty and
// Prosperity piles and a strip per player) and a seat's private picture
// (its hand, each card's abilities in words, and its own strip).
//
// Every text a player reads is at least textMin (33) px on the 1200 px
// picture: 11 px on a phone showing it 400 px wide.
package viscounts

import (
	"image"
	"image/color"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// GameID is the id this renderer registers under.
const GameID = "viscounts"

// Renderer draws Viscounts views; it is safe for concurrent use.
type Renderer struct {
	kit     *kit.Kit
	own     games.Catalog
	sprites *kit.Sprites
	// texts, when set (tests only), hears every text drawn with its size.
	texts func(text string, size float64)
}

// maxSprites bounds the icon cache: some forty icons at a few sizes.
const maxSprites = 512

// New builds the renderer on a shared kit. The game's texts (card and
// place names, abilities) come from the catalog in imaging.Meta, which is
// the game's Info().Catalog.
func New(k *kit.Kit) *Renderer {
	return &Renderer{kit: k, own: imaging.Catalog().Merge(Catalog()), sprites: k.NewSprites(maxSprites)}
}

// Render draws a View (the channel board) or a PrivateView (one seat's
// picture), given by value or by pointer.
func (r *Renderer) Render(view any, m imaging.Meta) (image.Image, error) {
	return imaging.DrawView(view, m, r.board, r.private)
}

// scene is one drawing in progress.
type scene struct {
	c       *kit.Canvas
	w       imaging.Words
	m       imaging.Meta
	sprites *kit.Sprites
	texts   func(string, float64)
}

func (r *Renderer) scene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, sprites: r.sprites, texts: r.texts}
}

// The sizes every picture shares.
const (
	boardW  = 1200
	margin  = 24
	gap     = 16
	pad     = 14
	topBarH = 76
	// textMin is the smallest text a player must read: 11 px at 400 px.
	textMin = 33
	textBig = 38
)

// say draws s at size px (never below textMin) in the current ink.
func (s *scene) say(text string, w kit.Weight, px, x, cy, ax float64) float64 {
	px = max(px, textMin)
	s.c.Font(w, px)
	s.c.Text(text, x, cy, ax)
	s.heard(text, px)
	return s.c.Measure(text)
}

// fit draws text in width, from px down to textMin, then shortened.
func (s *scene) fit(text string, w kit.Weight, px, x, cy, width, ax float64) float64 {
	text = s.c.Fit(text, w, max(px, textMin), textMin, width)
	s.c.Text(text, x, cy, ax)
	s.heard(text, s.c.FontSize())
	return s.c.Measure(text)
}

// measure is the width of text at px.
func (s *scene) measure(text string, w kit.Weight, px float64) float64 {
	s.c.Font(w, max(px, textMin))
	return s.c.Measure(text)
}

func (s *scene) heard(text string, px float64) {
	if s.texts != nil && text != "" {
		s.texts(text, px)
	}
}

func (s *scene) ink(col color.Color) { s.c.Ink(col) }

// T localizes one of the renderer's or the game's keys.
func (s *scene) T(key string, kv ...any) string { return s.w.T(key, kv...) }
