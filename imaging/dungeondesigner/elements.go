package dungeondesigner

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/imaging/kit"
)

// Element kinds: each has its own outline so that colour is never the only
// cue; the element within a kind is told by a short localized letter code.
const (
	kindNone = iota
	kindMonster
	kindTrap
	kindTreasure
	kindStar
	kindPassage
)

var (
	monsterCodes = []string{"gnoll", "goblin", "kobold", "slime", "ooze"}
	trapCodes    = []string{"bear", "blade", "fire", "pit", "spike"}
	passageInk   = color.RGBA{0x5b, 0x2d, 0x86, 0xff}
	trapSteel    = color.RGBA{0x4f, 0x5d, 0x6b, 0xff}
	chestWood    = color.RGBA{0x8b, 0x5a, 0x2b, 0xff}
	chestGold    = color.RGBA{0xf2, 0xc2, 0x30, 0xff}
	starNeg      = color.RGBA{0x4a, 0x3b, 0x5c, 0xff}
)

// monsterColor gives each monster its own fill; the letter code is what
// tells them apart for colour-blind readers.
func monsterColor(el string) color.RGBA {
	switch el {
	case "gnoll":
		return color.RGBA{0xb0, 0x5a, 0x1e, 0xff}
	case "goblin":
		return color.RGBA{0x2f, 0x7d, 0x32, 0xff}
	case "kobold":
		return color.RGBA{0xb3, 0x20, 0x2a, 0xff}
	case "slime":
		return color.RGBA{0x9c, 0xc4, 0x3a, 0xff}
	case "ooze":
		return color.RGBA{0x7b, 0x4f, 0xa8, 0xff}
	}
	return kit.InkSoft
}

func elementKind(el string) int {
	switch {
	case el == "":
		return kindNone
	case el == "treasure":
		return kindTreasure
	case el == "passage":
		return kindPassage
	case strings.HasPrefix(el, "star"):
		return kindStar
	case hasString(monsterCodes, el):
		return kindMonster
	case hasString(trapCodes, el):
		return kindTrap
	}
	return kindNone
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// starValue reads the prestige of "star+N" or "star-N".
func starValue(el string) int {
	v, _ := strconv.Atoi(strings.TrimPrefix(el, "star"))
	return v
}

// element draws element code el centred on (cx, cy) with radius r.
func (s *scene) element(el string, cx, cy, r float64) {
	// Boards repeat the same few tokens dozens of times: each is drawn once
	// per size and language and copied after.
	key := el + "|" + s.m.Lang + "|" + strconv.FormatFloat(r, 'f', 2, 64)
	// The sprite spans 3.4 r: a star's tips reach 1.3 r from the centre,
	// and its outline a little further.
	s.sprites.Draw(s.c, key, cx, cy, int(3.4*r)+8, func(c *kit.Canvas, cx, cy float64) {
		(&scene{c: c, w: s.w, m: s.m}).drawElement(el, cx, cy, r)
	})
}

// drawElement draws element el of radius r centred at (cx, cy).
func (s *scene) drawElement(el string, cx, cy, r float64) {
	c := s.c
	line := math.Max(1.5, r*0.12)
	switch elementKind(el) {
	case kindMonster:
		col := monsterColor(el)
		c.Disc(cx, cy, r, kit.Ink, nil, 0)
		c.Disc(cx, cy, r-line, col, nil, 0)
		s.code(s.w.T("ddimg.short."+el), cx, cy, r, kit.OnColor(col))
	case kindTrap:
		c.ShapePath(kit.Square, cx, cy, r)
		c.SetColor(kit.Ink)
		c.Fill()
		c.ShapePath(kit.Square, cx, cy, r-line)
		c.SetColor(trapSteel)
		c.Fill()
		s.code(s.w.T("ddimg.short."+el), cx, cy, r, kit.Cream)
	case kindTreasure:
		s.chest(cx, cy, r)
	case kindStar:
		s.star(starValue(el), cx, cy, r)
	case kindPassage:
		s.passage(cx, cy, r, false)
	}
}

// code prints a short element code inside a glyph of radius r.
func (s *scene) code(text string, cx, cy, r float64, ink color.Color) {
	c := s.c
	size := r * 1.3
	if len([]rune(text)) > 1 {
		size = r * 1.15
	}
	c.Ink(ink)
	c.FitText(text, kit.Bold, size, 6, cx, cy, r*1.75, 0.5)
}

// chest draws a treasure chest: the only boxy glyph with a lid.
func (s *scene) chest(cx, cy, r float64) {
	c := s.c
	line := math.Max(1.2, r*0.1)
	w, h := r*1.8, r*1.3
	body := kit.R(cx-w/2, cy-h/2+r*0.25, w, h*0.7)
	lid := kit.R(cx-w/2, cy-h/2-r*0.1, w, h*0.45)
	c.RoundRect(lid, r*0.35, chestWood, kit.Ink, line)
	c.RoundRect(body, r*0.12, chestWood, kit.Ink, line)
	c.FillRect(kit.R(cx-r*0.14, lid.Y+line, r*0.28, body.Bottom()-lid.Y-2*line), chestGold)
	c.Disc(cx, body.Y+r*0.05, r*0.2, chestGold, kit.Ink, line*0.7)
}

// star draws a star with its prestige printed inside: gold for positive,
// dark with a minus sign for negative values.
func (s *scene) star(v int, cx, cy, r float64) {
	c := s.c
	fill, ink := color.RGBA{0xf7, 0xcf, 0x3b, 0xff}, kit.Ink
	if v < 0 {
		fill, ink = starNeg, kit.Cream
	}
	c.ShapePath(kit.Star, cx, cy+r*0.08, r*1.2)
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(kit.Ink)
	c.SetLineWidth(math.Max(1.2, r*0.1))
	c.Stroke()
	text := strconv.Itoa(v)
	if v > 0 {
		text = "+" + text
	} else if v < 0 {
		text = "−" + strconv.Itoa(-v)
	}
	c.Ink(ink)
	c.FitText(text, kit.Bold, r*1.2, 6, cx, cy+r*0.2, r*1.75, 0.5)
}

// passage draws the secret-passage glyph: a purple double-headed arrow
// across the edge it links (vertical for top/bottom), outlined in cream.
// It is an arrow, not a plate, so that its outline is told from the
// treasure chest's box.
func (s *scene) passage(cx, cy, r float64, vertical bool) {
	c := s.c
	c.Push()
	c.Translate(cx, cy)
	if vertical {
		c.Rotate(math.Pi / 2)
	}
	a, head, shaft, tip := r*0.98, r*0.55, r*0.2, r*0.62
	c.Poly(passageInk, kit.Cream, math.Max(1.2, r*0.1),
		-a, 0, -a+head, -tip, -a+head, -shaft, a-head, -shaft, a-head, -tip,
		a, 0, a-head, tip, a-head, shaft, -a+head, shaft, -a+head, tip)
	c.Pop()
}

// tileToken draws the base of a market tile of shape (circle, oval,
// square) so that bought tiles read as tiles, not as printed elements. A
// player tells the shapes apart (a stall spot takes one shape): it is
// reported to the text log as a pictogram as tall as it is drawn (2r, the
// circle less: tileReach).
func (s *scene) tileToken(shape string, cx, cy, r float64) {
	s.c.Pictogram("tile: "+shape, 2*r*tileReach(shape))
	key := "tile|" + shape + "|" + strconv.FormatFloat(r, 'f', 2, 64)
	s.sprites.Draw(s.c, key, cx, cy, int(2.8*r)+8, func(c *kit.Canvas, cx, cy float64) {
		(&scene{c: c, w: s.w, m: s.m}).drawTileToken(shape, cx, cy, r)
	})
}

// drawTileToken draws a market tile's token of the given shape.
func (s *scene) drawTileToken(shape string, cx, cy, r float64) {
	c := s.c
	line := math.Max(1.2, r*0.08)
	fill, edge := kit.Cream, kit.BrassDark
	switch shape {
	case "oval":
		c.DrawEllipse(cx, cy, r*1.3, r)
		c.SetColor(fill)
		c.FillPreserve()
		c.SetColor(edge)
		c.SetLineWidth(line)
		c.Stroke()
	case "square":
		c.RoundRect(kit.R(cx-r, cy-r, 2*r, 2*r), r*0.08, fill, edge, line)
	default: // a circle a little inside the others, told from a square by more than its corners
		c.Disc(cx, cy, r*circleTile, fill, edge, line)
	}
}

// circleTile is a round tile's radius, in the half-size of a square one.
const circleTile = 0.9

// tileReach is how far up and down a tile token of shape reaches, in r.
func tileReach(shape string) float64 {
	if shape == "circle" || (shape != "oval" && shape != "square") {
		return circleTile
	}
	return 1
}

// tile draws a market tile: its shaped token and the element on it.
func (s *scene) tile(shape, el string, cx, cy, r float64) {
	s.tileToken(shape, cx, cy, r)
	s.element(el, cx, cy, r*0.72)
}

// emptySpot draws the dashed outline of a tile spot that is sold out.
func (s *scene) emptySpot(shape string, cx, cy, r float64) {
	c := s.c
	c.SetDash(5, 4)
	switch shape {
	case "oval":
		c.DrawEllipse(cx, cy, r*1.3, r)
	case "square":
		c.DrawRoundedRectangle(cx-r, cy-r, 2*r, 2*r, r*0.08)
	default:
		c.DrawCircle(cx, cy, r*circleTile)
	}
	c.SetColor(kit.Muted)
	c.SetLineWidth(2)
	c.Stroke()
	c.SetDash()
}
