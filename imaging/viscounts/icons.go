package viscounts

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Icons are simple shapes, the same in every language and on every
// picture: a townsfolk icon is a disc in its colour with a white sign, a
// resource a small object in its own colour. The legend names them all.

func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

var (
	white      = rgb(0xffffff)
	silverInk  = rgb(0xc8ccd2)
	silverDark = rgb(0x6f757d)
	inkBlue    = rgb(0x1f3a6b)
	goldInk    = rgb(0xf2c230)
	stoneInk   = rgb(0x9a958c)
	virtueInk  = rgb(0x7fc8f0)
	corruptInk = rgb(0x4a1d5c)
	debtInk    = rgb(0xa8322d)
	deedInk    = rgb(0x2e8b57)
	riverInk   = rgb(0x5b9bd5)
	roadInk    = rgb(0x9c7a3a)
	innerPath  = rgb(0x8fa7c0)
)

// folkInk is each townsfolk icon's colour: merchant, builder, noble,
// cleric, criminal.
var folkInk = [5]color.RGBA{rgb(0xe39b1b), rgb(0x8b5a2b), rgb(0x7d3c98), rgb(0x2e6fb5), rgb(0x262626)}

// ribbonInk is each manuscript ribbon's colour: red, blue, green, grey.
var ribbonInk = [4]color.RGBA{rgb(0xc0392b), rgb(0x2e6fb5), rgb(0x2e8b57), rgb(0x8c8c8c)}

// folkIconNames name the townsfolk icons for the sprite cache and the
// legend, in the order of vc.Icon.
var folkIconNames = [5]string{"merchant", "builder", "noble", "cleric", "criminal"}

// painter draws one icon of radius r centred at (cx, cy).
type painter func(c *kit.Canvas, cx, cy, r float64)

// icon draws a cached icon.
func (s *scene) icon(name string, p painter, cx, cy, r float64) {
	key := name + "|" + strconv.FormatFloat(r, 'f', 1, 64)
	s.sprites.Draw(s.c, key, cx, cy, int(3*r)+8, func(c *kit.Canvas, x, y float64) { p(c, x, y, r) })
}

// folkIcon draws a townsfolk icon.
func (s *scene) folkIcon(i vc.Icon, cx, cy, r float64) {
	s.c.Pictogram("townsfolk: "+folkIconNames[i], 2*r)
	s.icon("folk/"+folkIconNames[i], folkPainters[i], cx, cy, r)
}

var folkPainters = [5]painter{merchantIcon, builderIcon, nobleIcon, clericIcon, criminalIcon}

func line(r float64) float64 { return math.Max(1.5, r*0.12) }

func iconDisc(c *kit.Canvas, cx, cy, r float64, col color.RGBA) {
	c.Disc(cx, cy, r, col, kit.Ink, line(r))
}

// merchantIcon: a coin purse (a sack with a tie) on orange.
func merchantIcon(c *kit.Canvas, cx, cy, r float64) {
	iconDisc(c, cx, cy, r, folkInk[vc.Merchant])
	c.Disc(cx, cy+r*0.18, r*0.45, white, nil, 0)
	c.Poly(white, nil, 0, cx-r*0.28, cy-r*0.5, cx+r*0.28, cy-r*0.5, cx+r*0.12, cy-r*0.15, cx-r*0.12, cy-r*0.15)
	c.Disc(cx, cy+r*0.18, r*0.16, folkInk[vc.Merchant], nil, 0)
}

// builderIcon: a hammer on brown.
func builderIcon(c *kit.Canvas, cx, cy, r float64) {
	iconDisc(c, cx, cy, r, folkInk[vc.Builder])
	c.Poly(white, nil, 0, cx-r*0.1, cy-r*0.3, cx+r*0.1, cy-r*0.3, cx+r*0.1, cy+r*0.62, cx-r*0.1, cy+r*0.62)
	c.Poly(white, nil, 0, cx-r*0.5, cy-r*0.6, cx+r*0.5, cy-r*0.6, cx+r*0.5, cy-r*0.22, cx-r*0.5, cy-r*0.22)
}

// nobleIcon: a crown on purple.
func nobleIcon(c *kit.Canvas, cx, cy, r float64) {
	iconDisc(c, cx, cy, r, folkInk[vc.Noble])
	c.Poly(white, nil, 0, cx-r*0.55, cy+r*0.4, cx-r*0.55, cy-r*0.4, cx-r*0.25, cy, cx, cy-r*0.55, cx+r*0.25, cy, cx+r*0.55, cy-r*0.4, cx+r*0.55, cy+r*0.4)
}

// clericIcon: a cross on blue.
func clericIcon(c *kit.Canvas, cx, cy, r float64) {
	iconDisc(c, cx, cy, r, folkInk[vc.Cleric])
	c.Poly(white, nil, 0, cx-r*0.12, cy-r*0.6, cx+r*0.12, cy-r*0.6, cx+r*0.12, cy+r*0.6, cx-r*0.12, cy+r*0.6)
	c.Poly(white, nil, 0, cx-r*0.42, cy-r*0.28, cx+r*0.42, cy-r*0.28, cx+r*0.42, cy-r*0.06, cx-r*0.42, cy-r*0.06)
}

// criminalIcon: a skull on black.
func criminalIcon(c *kit.Canvas, cx, cy, r float64) {
	iconDisc(c, cx, cy, r, folkInk[vc.Criminal])
	c.Disc(cx, cy-r*0.1, r*0.46, white, nil, 0)
	c.Poly(white, nil, 0, cx-r*0.25, cy+r*0.2, cx+r*0.25, cy+r*0.2, cx+r*0.22, cy+r*0.58, cx-r*0.22, cy+r*0.58)
	c.Disc(cx-r*0.18, cy-r*0.1, r*0.13, folkInk[vc.Criminal], nil, 0)
	c.Disc(cx+r*0.18, cy-r*0.1, r*0.13, folkInk[vc.Criminal], nil, 0)
}

// Resources and the other things effects give.

func silverIcon(c *kit.Canvas, cx, cy, r float64) {
	c.Disc(cx, cy, r*0.9, silverInk, silverDark, line(r))
	c.Disc(cx, cy, r*0.58, nil, silverDark, math.Max(1, r*0.08))
}

// inkIcon: an ink well, broad and square-shouldered (a drop of
// corruption is round below and pointed above).
func inkIcon(c *kit.Canvas, cx, cy, r float64) {
	c.Poly(inkBlue, kit.Ink, line(r), cx-r*0.95, cy+r*0.85, cx-r*0.95, cy-r*0.2, cx-r*0.3, cy-r*0.45, cx+r*0.3, cy-r*0.45, cx+r*0.95, cy-r*0.2, cx+r*0.95, cy+r*0.85)
	c.Poly(rgb(0x4d6fa8), kit.Ink, line(r)*0.8, cx-r*0.25, cy-r*0.45, cx-r*0.25, cy-r*0.85, cx+r*0.25, cy-r*0.85, cx+r*0.25, cy-r*0.45)
}

// goldIcon: a gold ingot.
func goldIcon(c *kit.Canvas, cx, cy, r float64) {
	c.Poly(goldInk, kit.BrassDark, line(r), cx-r*0.95, cy+r*0.6, cx-r*0.4, cy-r*0.55, cx+r*0.4, cy-r*0.55, cx+r*0.95, cy+r*0.6)
	c.Poly(rgb(0xfff1b0), nil, 0, cx-r*0.3, cy-r*0.4, cx+r*0.05, cy-r*0.4, cx-r*0.1, cy, cx-r*0.5, cy)
}

// stoneIcon: grey blocks stacked in steps, a short wall (a coin is
// round, an ingot slopes).
func stoneIcon(c *kit.Canvas, cx, cy, r float64) {
	edge := rgb(0x4a4640)
	c.RoundRect(kit.R(cx-r*0.95, cy+r*0.05, r*1.9, r*0.8), r*0.08, stoneInk, edge, line(r))
	c.RoundRect(kit.R(cx-r*0.95, cy-r*0.75, r*1.0, r*0.8), r*0.08, stoneInk, edge, line(r))
}

// anyResourceIcon: three balls, ink, gold and stone, in a triangle (a
// trefoil: a silver coin is a disc).
func anyResourceIcon(c *kit.Canvas, cx, cy, r float64) {
	for i, col := range []color.RGBA{inkBlue, goldInk, stoneInk} {
		a := -math.Pi/2 + float64(i)*2*math.Pi/3
		c.Disc(cx+r*0.5*math.Cos(a), cy+r*0.08+r*0.5*math.Sin(a), r*0.44, col, kit.Ink, line(r)*0.8)
	}
}

// virtueIcon: a pale blue heart, deeply notched and pointed, so that
// it is no round coin where a phone shows it small.
func virtueIcon(c *kit.Canvas, cx, cy, r float64) {
	c.NewSubPath()
	c.MoveTo(cx, cy+r*1.05)
	c.CubicTo(cx-r*1.5, cy-r*0.35, cx-r*0.75, cy-r*1.4, cx, cy-r*0.2)
	c.CubicTo(cx+r*0.75, cy-r*1.4, cx+r*1.5, cy-r*0.35, cx, cy+r*1.05)
	c.ClosePath()
	c.SetColor(virtueInk)
	c.FillPreserve()
	c.SetColor(rgb(0x1d4f73))
	c.SetLineWidth(line(r))
	c.Stroke()
}

// corruptionIcon: a dark purple drop.
func corruptionIcon(c *kit.Canvas, cx, cy, r float64) {
	rr := r * 0.62
	ccy := cy + r*0.3
	c.NewSubPath()
	c.MoveTo(cx, ccy-2*rr)
	c.LineTo(cx+rr*math.Cos(-math.Pi/6), ccy+rr*math.Sin(-math.Pi/6))
	c.DrawArc(cx, ccy, rr, -math.Pi/6, 7*math.Pi/6)
	c.ClosePath()
	c.SetColor(corruptInk)
	c.FillPreserve()
	c.SetColor(kit.Ink)
	c.SetLineWidth(line(r))
	c.Stroke()
}

// paper is a small sheet in col.
func paper(c *kit.Canvas, cx, cy, r float64, col color.RGBA) {
	c.RoundRect(kit.R(cx-r*0.65, cy-r*0.85, r*1.3, r*1.7), r*0.12, col, kit.Ink, line(r))
}

// debtIcon: a red slip, lying (a deed's sheet stands), with a minus.
func debtIcon(c *kit.Canvas, cx, cy, r float64) {
	c.RoundRect(kit.R(cx-r*0.95, cy-r*0.55, r*1.9, r*1.1), r*0.12, debtInk, kit.Ink, line(r))
	c.Poly(white, nil, 0, cx-r*0.5, cy-r*0.11, cx+r*0.5, cy-r*0.11, cx+r*0.5, cy+r*0.11, cx-r*0.5, cy+r*0.11)
}

// deedIcon: a standing parchment sheet with a big green seal over its
// lower right corner.
func deedIcon(c *kit.Canvas, cx, cy, r float64) {
	c.RoundRect(kit.R(cx-r*0.8, cy-r*0.95, r*1.2, r*1.5), r*0.12, kit.Parchment, kit.Ink, line(r))
	c.Poly(nil, kit.InkSoft, line(r)*0.6, cx-r*0.5, cy-r*0.55, cx+r*0.1, cy-r*0.55)
	c.Disc(cx+r*0.45, cy+r*0.5, r*0.45, deedInk, kit.Ink, line(r)*0.8)
}

// flipIcon: a ring turning, half a debt's red and half a deed's green
// (a debt paid or a deed approved): the sheets are flipped, and a ring
// is told from the sheets and the coin.
func flipIcon(c *kit.Canvas, cx, cy, r float64) {
	outer, inner := r*0.95, r*0.58
	for _, half := range []struct {
		col    color.RGBA
		a0, a1 float64
	}{{debtInk, math.Pi / 2, 3 * math.Pi / 2}, {deedInk, -math.Pi / 2, math.Pi / 2}} {
		c.NewSubPath()
		c.DrawArc(cx, cy, outer, half.a0, half.a1)
		c.DrawArc(cx, cy, inner, half.a1, half.a0)
		c.ClosePath()
		c.SetColor(half.col)
		c.FillPreserve()
		c.SetColor(kit.Ink)
		c.SetLineWidth(line(r) * 0.8)
		c.Stroke()
	}
	// The arrowhead where the red turns green at the top.
	mid := (outer + inner) / 2
	c.Poly(white, kit.Ink, line(r)*0.6, cx-r*0.12, cy-mid-r*0.3, cx+r*0.3, cy-mid, cx-r*0.12, cy-mid+r*0.3)
}

// hireIcon: a person.
func hireIcon(c *kit.Canvas, cx, cy, r float64) {
	c.Disc(cx, cy-r*0.45, r*0.32, rgb(0xf1d3b3), kit.Ink, line(r))
	c.Poly(rgb(0x9c6b3c), kit.Ink, line(r), cx-r*0.65, cy+r*0.85, cx-r*0.5, cy-r*0.05, cx+r*0.5, cy-r*0.05, cx+r*0.65, cy+r*0.85)
}

// destroyIcon: a red cross.
func destroyIcon(c *kit.Canvas, cx, cy, r float64) {
	c.SetColor(kit.Danger)
	c.SetLineWidth(math.Max(3, r*0.3))
	c.SetLineCapRound()
	c.DrawLine(cx-r*0.6, cy-r*0.6, cx+r*0.6, cy+r*0.6)
	c.Stroke()
	c.DrawLine(cx+r*0.6, cy-r*0.6, cx-r*0.6, cy+r*0.6)
	c.Stroke()
}

// workerIcon: two neutral pawns, one behind the other (hiring a
// townsfolk is one person).
func workerIcon(c *kit.Canvas, cx, cy, r float64) {
	pawn(c, cx+r*0.35, cy-r*0.1, r*0.7, rgb(0x8f6a42))
	pawn(c, cx-r*0.3, cy+r*0.22, r*0.7, rgb(0xb58a5a))
}

func pawn(c *kit.Canvas, cx, cy, r float64, col color.RGBA) {
	c.Poly(col, kit.Ink, line(r), cx-r*0.7, cy+r*0.85, cx-r*0.25, cy-r*0.1, cx+r*0.25, cy-r*0.1, cx+r*0.7, cy+r*0.85)
	c.Disc(cx, cy-r*0.45, r*0.38, col, kit.Ink, line(r))
}

// scriptIcon: a manuscript, a sheet between two tall rolls left and
// right (the sheets of debts and deeds have none).
func scriptIcon(c *kit.Canvas, cx, cy, r float64) {
	c.RoundRect(kit.R(cx-r*0.7, cy-r*0.6, r*1.4, r*1.2), 0, kit.Parchment, kit.InkSoft, line(r))
	for _, x := range []float64{cx - r*0.78, cx + r*0.78} {
		c.RoundRect(kit.R(x-r*0.18, cy-r*0.95, r*0.36, r*1.9), r*0.18, kit.ParchDark, kit.InkSoft, line(r))
	}
	c.SetColor(kit.InkSoft)
	c.SetLineWidth(math.Max(1, r*0.06))
	for i := range 3 {
		y := cy - r*0.3 + float64(i)*r*0.3
		c.DrawLine(cx-r*0.4, y, cx+r*0.4, y)
		c.Stroke()
	}
}

// drawIcon: two cards fanned out, the front one with a plus.
func drawIcon(c *kit.Canvas, cx, cy, r float64) {
	c.RoundRect(kit.R(cx-r*0.95, cy-r*0.95, r*1.0, r*1.4), r*0.12, kit.CardBack, kit.Ink, line(r))
	x, y := cx-r*0.05, cy-r*0.4
	c.RoundRect(kit.R(x, y, r*1.0, r*1.4), r*0.12, kit.CardBack, kit.Ink, line(r))
	x, y = x+r*0.5, y+r*0.7
	c.Poly(white, nil, 0, x-r*0.09, y-r*0.35, x+r*0.09, y-r*0.35, x+r*0.09, y+r*0.35, x-r*0.09, y+r*0.35)
	c.Poly(white, nil, 0, x-r*0.35, y-r*0.09, x+r*0.35, y-r*0.09, x+r*0.35, y+r*0.09, x-r*0.35, y+r*0.09)
}

// house draws a building's outline in col.
func house(c *kit.Canvas, cx, cy, r float64, col color.RGBA) {
	c.Poly(col, kit.Ink, line(r), cx-r*0.85, cy+r*0.85, cx-r*0.85, cy-r*0.15, cx, cy-r*0.9, cx+r*0.85, cy-r*0.15, cx+r*0.85, cy+r*0.85)
}

// atomIcons map an effect's atoms to their icons; atoms without one are
// written in words.
var atomIcons = map[string]painter{
	"silver": grown(silverIcon, 1.04), "ink": inkIcon, "gold": goldIcon, "stone": stoneIcon, "resource": grown(anyResourceIcon, 1.08),
	"virtue": grown(virtueIcon, 1.06), "corruption": corruptionIcon, "debt": debtIcon, "deed": deedIcon,
	"flip": flipIcon, "flipdebt": flipIcon, "flipdeed": flipIcon, "hire": grown(hireIcon, 1.15), "destroy": grown(destroyIcon, 1.32),
	"workers": grown(workerIcon, 1.18), "manuscript": scriptIcon, "draw": drawIcon,
}

// grown draws p larger by f: an icon whose shape reaches less than 2r
// across is grown until it does, since it is measured as 2r across
// (atomIcon) and must be that large on a phone.
func grown(p painter, f float64) painter {
	return func(c *kit.Canvas, cx, cy, r float64) { p(c, cx, cy, r*f) }
}

// resourceIcons are the player resources in the order of vc's Res: ink,
// gold, stone.
var resourceIcons = [3]string{"ink", "gold", "stone"}

// atomIcon draws the icon of an atom kind.
func (s *scene) atomIcon(kind string, cx, cy, r float64) {
	if p, ok := atomIcons[kind]; ok {
		s.c.Pictogram(kind, 2*r)
		s.icon("atom/"+kind, p, cx, cy, r)
	}
}

// buildingLetter is a building's letter in the reader's language.
func (s *scene) buildingLetter(b int) string { return s.T("vcimg.letter." + buildingKeys[b]) }

var buildingKeys = [3]string{"workshop", "tradingpost", "guildhall"}

// buildingIcon draws a house in the building's shade with its letter.
func (s *scene) buildingIcon(b int, cx, cy, r float64) {
	s.icon("house", func(c *kit.Canvas, x, y, r float64) { house(c, x, y, r, kit.Parchment) }, cx, cy, r)
	s.ink(kit.Ink)
	s.say(s.buildingLetter(b), kit.Bold, textMin, cx, cy+r*0.2, 0.5)
}

// badge draws a seat's identity as the other games do, its shape in its
// colour with the player's initial, the initial at a readable size.
func (s *scene) badge(seat int, cx, cy, r float64) {
	s.sprites.Draw(s.c, fmt.Sprintf("badge/%d|%.1f", seat, r), cx, cy, int(3*r)+8, func(c *kit.Canvas, x, y float64) {
		c.ShapePath(kit.SeatShape(seat), x, y, r)
		fillStroke(c, kit.SeatColor(seat), kit.Ink, math.Max(1.5, r*0.1))
	})
	s.ink(kit.OnColor(kit.SeatColor(seat)))
	dy := 0.0
	if kit.SeatShape(seat) == kit.Triangle {
		dy = r * 0.22
	}
	s.say(s.initial(seat), kit.Bold, textMin, cx, cy+dy, 0.5)
}

// pawnOf draws a seat's worker: its shape in its colour.
func (s *scene) pawnOf(seat int, cx, cy, r float64) {
	key := fmt.Sprintf("pawn/%d|%.1f", seat, r)
	s.sprites.Draw(s.c, key, cx, cy, int(3*r)+8, func(c *kit.Canvas, x, y float64) {
		c.ShapePath(kit.SeatShape(seat), x, y, r)
		fillStroke(c, kit.SeatColor(seat), kit.Ink, math.Max(1.5, r*0.14))
	})
}

func fillStroke(c *kit.Canvas, fill, stroke color.Color, w float64) {
	c.SetColor(fill)
	c.FillPreserve()
	c.SetColor(stroke)
	c.SetLineWidth(w)
	c.Stroke()
}

func (s *scene) initial(seat int) string {
	if seat >= 0 && seat < len(s.initials) && s.initials[seat] != "" {
		return s.initials[seat]
	}
	return kit.SeatLetter(seat)
}
