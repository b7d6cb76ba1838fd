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
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/tavern-bot/tavern/games"
	vc "github.com/tavern-bot/tavern/games/viscounts"
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
	// names and initials are the seats' names and their badges' initials
	// (see useNames).
	names, initials []string
}

func (r *Renderer) scene(w, h int, m imaging.Meta) *scene {
	return &scene{c: imaging.LabelSeats(r.kit.BoardCanvas(w, h), m), w: imaging.NewWords(m, r.own), m: m, sprites: r.sprites, initials: kit.Initials(m.Players)}
}

// The sizes every picture shares.
const (
	boardW  = 1200
	margin  = 24
	gap     = 16
	pad     = 14
	topBarH = 66
	// textMin is the smallest text a player must read: 11 px at 400 px.
	textMin = 33
	// iconR is the radius of the smallest icon a player must recognize
	// (a reward, a track marker): 34 px across, 11 px at 400 px.
	iconR = 17
)

// say draws text at size px in the current ink; it returns its width.
func (s *scene) say(text string, w kit.Weight, px, x, cy, ax float64) float64 {
	s.c.Font(w, px)
	s.c.Text(text, x, cy, ax)
	return s.c.Measure(text)
}

// fit draws text in width, from px down to textMin, then shortened.
func (s *scene) fit(text string, w kit.Weight, px, x, cy, width, ax float64) float64 {
	text = s.c.Fit(text, w, max(px, textMin), textMin, width)
	s.c.Text(text, x, cy, ax)
	return s.c.Measure(text)
}

// measure is the width of text at px.
func (s *scene) measure(text string, w kit.Weight, px float64) float64 {
	s.c.Font(w, px)
	return s.c.Measure(text)
}

func (s *scene) ink(col color.Color) { s.c.Ink(col) }

// T localizes one of the renderer's or the game's keys.
func (s *scene) T(key string, kv ...any) string { return s.w.T(key, kv...) }

// box draws a rounded rectangle. Small ones are cached sprites: gg
// rasterizes a path over the whole canvas, which costs far more on a
// 1200×3000 board than copying a drawn box.
func (s *scene) box(r kit.Rect, radius float64, fill, stroke color.Color, line float64) {
	if r.W*r.H > 4000 && fill != nil && (stroke == nil || line <= 0 || radius > line) {
		s.c.RoundRect(r, radius, fill, stroke, line)
		return
	}
	key := fmt.Sprintf("box|%.1fx%.1f|%.1f|%v|%v|%.1f", r.W, r.H, radius, fill, stroke, line)
	s.sprites.Draw(s.c, key, r.CX(), r.CY(), int(max(r.W, r.H)+line+6), func(c *kit.Canvas, cx, cy float64) {
		c.RoundRect(kit.R(cx-r.W/2, cy-r.H/2, r.W, r.H), radius, fill, stroke, line)
	})
}

// hline and vline draw axis-aligned lines as plain fills.
func (s *scene) hline(x0, x1, y, w float64, col color.Color) {
	s.c.FillRect(kit.R(min(x0, x1)-w/2, y-w/2, math.Abs(x1-x0)+w, w), col)
}

func (s *scene) vline(x, y0, y1, w float64, col color.Color) {
	s.c.FillRect(kit.R(x-w/2, min(y0, y1)-w/2, w, math.Abs(y1-y0)+w), col)
}

// useNames takes the seats' names from the table, and the solo
// opponent's, which no player sits at, from the view.
func (s *scene) useNames(v *vc.View) {
	names := make([]string, max(len(v.Seats), len(s.m.Players)))
	for i := range names {
		names[i] = s.m.Name(i)
	}
	if o := v.Opponent; o != nil && o.Seat >= 0 && o.Seat < len(names) {
		names[o.Seat] = s.w.Text(o.Name)
	}
	s.names, s.initials = names, kit.Initials(names)
}

// name is a seat's name.
func (s *scene) name(seat int) string {
	if seat >= 0 && seat < len(s.names) {
		return s.names[seat]
	}
	return s.m.Name(seat)
}
