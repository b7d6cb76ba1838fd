package kit

import (
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"
)

// Icons are drawn from paths so that they stay crisp at any size. Each takes
// the canvas, its centre and a radius-like size r; the icon fits roughly in
// a 2r box. They are painters on a canvas rather than its methods: the
// Canvas draws shapes and text, the pictograms are drawn with those, in the
// form the sprite caches take (func(c *Canvas, cx, cy, r float64)).

// Orb draws a glowing magic orb.
func Orb(c *Canvas, cx, cy, r float64) {
	g := gg.NewRadialGradient(cx-r*0.35, cy-r*0.35, r*0.1, cx, cy, r)
	g.AddColorStop(0, rgb(0xbfe3ff))
	g.AddColorStop(0.45, MagicBlue)
	g.AddColorStop(1, MagicDeep)
	c.DrawCircle(cx, cy, r)
	c.SetFillStyle(g)
	c.Context.FillPreserve()
	c.SetColor(rgb(0x0b2247))
	c.SetLineWidth(math.Max(1.5, r*0.1))
	c.Stroke()
	c.Disc(cx-r*0.35, cy-r*0.38, r*0.2, Fade(rgb(0xffffff), 0.8), nil, 0)
}

// Drop draws a drop of magic (a teardrop) — the magic point icon. A
// player tells magic from power stones by it: it is reported to the text
// log as a pictogram of its drawn height (2.16r and the outline).
func Drop(c *Canvas, cx, cy, r float64) {
	c.Pictogram("drop", 2.16*r+math.Max(1.5, r*0.1))
	rr := r * 0.72
	ccy := cy + r*0.28
	top := ccy - 2*rr
	c.NewSubPath()
	c.MoveTo(cx, top)
	c.LineTo(cx+rr*math.Cos(-math.Pi/6), ccy+rr*math.Sin(-math.Pi/6))
	c.DrawArc(cx, ccy, rr, -math.Pi/6, 7*math.Pi/6)
	c.ClosePath()
	c.paint(MagicBlue, rgb(0x0b2247), math.Max(1.5, r*0.1))
	c.Disc(cx-rr*0.35, ccy-rr*0.2, rr*0.22, Fade(rgb(0xffffff), 0.75), nil, 0)
}

// Gem draws a cut red power stone. A player tells power stones from
// magic by it: it is reported to the text log as a pictogram of its drawn
// width (2r and the outline; it is less tall).
func Gem(c *Canvas, cx, cy, r float64) {
	c.Pictogram("gem", 2*r+math.Max(1.5, r*0.09))
	icon(c, "gem", cx, cy, r, 2.2, gem)
}

func gem(c *Canvas, cx, cy, r float64) {
	line := math.Max(1.5, r*0.09)
	pts := []float64{
		cx - r*0.55, cy - r*0.62, cx + r*0.55, cy - r*0.62,
		cx + r, cy - r*0.15, cx, cy + r*0.85, cx - r, cy - r*0.15,
	}
	c.Poly(StoneRed, nil, 0, pts...)
	// Facets: a lighter crown and a darker pavilion side.
	c.Poly(rgb(0xe0525a), nil, 0, cx-r*0.55, cy-r*0.62, cx+r*0.55, cy-r*0.62, cx+r*0.35, cy-r*0.15, cx-r*0.35, cy-r*0.15)
	c.Poly(rgb(0x8a1119), nil, 0, cx+r*0.35, cy-r*0.15, cx+r, cy-r*0.15, cx, cy+r*0.85)
	c.Poly(nil, StoneDeep, line, pts...)
	c.SetColor(StoneDeep)
	c.SetLineWidth(line * 0.7)
	c.DrawLine(cx-r, cy-r*0.15, cx+r, cy-r*0.15)
	c.Stroke()
	c.DrawLine(cx-r*0.35, cy-r*0.15, cx, cy+r*0.85)
	c.Stroke()
	c.DrawLine(cx+r*0.35, cy-r*0.15, cx, cy+r*0.85)
	c.Stroke()
}

// Symbol is an artifact/creature symbol.
type Symbol int

// The three symbols that link creatures to artifact bonuses.
const (
	SymTriangle Symbol = iota // ▶
	SymCircle                 // ●
	SymSquare                 // ■
)

// symbolNames name the symbols for the text log.
var symbolNames = [...]string{SymTriangle: "triangle", SymCircle: "circle", SymSquare: "square"}

// Sym draws symbol s filled with col, outlined when stroke is not nil. A
// player tells the symbols apart to match creatures and artifacts: it is
// reported to the text log as a pictogram of its drawn extent (the circle
// is smaller than the others, so it decides how large r must be).
func Sym(c *Canvas, s Symbol, cx, cy, r float64, col color.Color, stroke color.Color) {
	line := 0.0
	if stroke != nil {
		line = math.Max(1.5, r*0.14)
	}
	if int(s) < len(symbolNames) {
		c.Pictogram("symbol: "+symbolNames[s], SymExtent(s, r)+line)
	}
	switch s {
	case SymTriangle:
		c.Poly(col, stroke, line, cx-r*0.7, cy-r*0.95, cx+r, cy, cx-r*0.7, cy+r*0.95)
	case SymCircle: // smaller than the square's corners reach, so that the two differ at a glance
		c.Disc(cx, cy, SymExtent(s, r)/2, col, stroke, line)
	case SymSquare:
		c.DrawRectangle(cx-r*0.95, cy-r*0.95, r*1.9, r*1.9)
		c.paint(col, stroke, line)
	}
}

// SymExtent is how far across symbol s drawn with radius r reaches,
// without an outline: the square 1.9r, the triangle 1.8r (its tips are
// 1.9r apart, but too thin there to show), the circle 1.56r.
func SymExtent(s Symbol, r float64) float64 {
	switch s {
	case SymCircle:
		return 2 * 0.78 * r
	case SymTriangle:
		return 1.8 * r
	}
	return 1.9 * r
}

// Crown draws the start player's crown. A player tells by it who leads
// or starts: it is reported to the text log as a pictogram 2r across.
func Crown(c *Canvas, cx, cy, r float64) {
	c.Pictogram("crown", 2*r)
	line := math.Max(1.5, r*0.09)
	b := cy + r*0.6
	pts := []float64{
		cx - r, b, cx - r, cy - r*0.55, cx - r*0.5, cy + r*0.05, cx, cy - r*0.8,
		cx + r*0.5, cy + r*0.05, cx + r, cy - r*0.55, cx + r, b,
	}
	c.Poly(rgb(0xf2c230), BrassDark, line, pts...)
	c.DrawRectangle(cx-r, b-r*0.32, 2*r, r*0.32)
	c.paint(rgb(0xd9a21b), BrassDark, line)
	for _, p := range [][2]float64{{-r, -r * 0.55}, {0, -r * 0.8}, {r, -r * 0.55}} {
		c.Disc(cx+p[0], cy+p[1], r*0.14, rgb(0xfff1b0), BrassDark, line*0.7)
	}
	c.Disc(cx, b-r*0.16, r*0.1, StoneRed, nil, 0)
}

// Coin draws a gold coin. It says that the number beside or on it is
// money: it is reported to the text log as a pictogram 2r across.
func Coin(c *Canvas, cx, cy, r float64) {
	c.Pictogram("coin", 2*r)
	icon(c, "coin", cx, cy, r, 2.2, coin)
}

func coin(c *Canvas, cx, cy, r float64) {
	c.Disc(cx, cy, r, rgb(0xf2c230), BrassDark, math.Max(1.5, r*0.1))
	c.Disc(cx, cy, r*0.68, nil, rgb(0xb98a17), math.Max(1, r*0.07))
}

// StarIcon draws a five-pointed gold star. It says that the number
// beside it is points: it is reported to the text log as a pictogram 2r
// across.
func StarIcon(c *Canvas, cx, cy, r float64) {
	c.Pictogram("star", 2*r)
	c.NewSubPath()
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		c.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
	}
	c.ClosePath()
	c.paint(rgb(0xf7cf3b), BrassDark, math.Max(1.5, r*0.08))
}

// Door draws an arched wooden door.
func Door(c *Canvas, cx, cy, r float64) {
	w, top, bot := r*0.7, cy-r*0.4, cy+r
	c.NewSubPath()
	c.MoveTo(cx-w, bot)
	c.LineTo(cx-w, top)
	c.DrawArc(cx, top, w, math.Pi, 2*math.Pi)
	c.LineTo(cx+w, bot)
	c.ClosePath()
	c.paint(rgb(0x8b5a2b), rgb(0x3b2412), math.Max(1.5, r*0.09))
	c.SetColor(rgb(0x3b2412))
	c.SetLineWidth(math.Max(1, r*0.05))
	for _, dx := range []float64{-w / 3, w / 3} {
		c.DrawLine(cx+dx, top-w*0.8, cx+dx, bot)
		c.Stroke()
	}
	c.Disc(cx+w*0.55, cy+r*0.3, r*0.09, Brass, nil, 0)
}

// Scroll draws a spell scroll.
func Scroll(c *Canvas, cx, cy, r float64) {
	icon(c, "scroll", cx, cy, r, 2.2, scroll)
}

func scroll(c *Canvas, cx, cy, r float64) {
	line := math.Max(1.5, r*0.08)
	body := R(cx-r*0.75, cy-r*0.8, r*1.5, r*1.6)
	c.DrawRectangle(body.X, body.Y, body.W, body.H)
	c.paint(Parchment, InkSoft, line)
	for _, y := range []float64{body.Y, body.Bottom()} {
		c.RoundRect(R(cx-r*0.95, y-r*0.16, r*1.9, r*0.32), r*0.16, ParchDark, InkSoft, line)
	}
	c.SetColor(InkSoft)
	c.SetLineWidth(math.Max(1, r*0.06))
	for i := 0; i < 3; i++ {
		y := cy - r*0.35 + float64(i)*r*0.35
		c.DrawLine(cx-r*0.45, y, cx+r*0.45, y)
		c.Stroke()
	}
}

// Temple draws a holy site: a small shrine with columns.
func Temple(c *Canvas, cx, cy, r float64) {
	line := math.Max(1.5, r*0.08)
	stone, edge := rgb(0xeae3d2), rgb(0x5b5346)
	c.Poly(stone, edge, line, cx-r, cy-r*0.4, cx, cy-r*0.95, cx+r, cy-r*0.4)
	c.DrawRectangle(cx-r*0.95, cy+r*0.7, r*1.9, r*0.25)
	c.paint(stone, edge, line)
	for i := 0; i < 4; i++ {
		x := cx - r*0.72 + float64(i)*r*0.48
		c.DrawRectangle(x-r*0.1, cy-r*0.4, r*0.2, r*1.1)
		c.paint(stone, edge, line*0.8)
	}
	c.Disc(cx, cy-r*0.62, r*0.12, Highlight, nil, 0)
}

// Hourglass marks waiting.
func Hourglass(c *Canvas, cx, cy, r float64) {
	line := math.Max(1.5, r*0.09)
	c.Poly(rgb(0xf1e4c3), InkSoft, line, cx-r*0.6, cy-r*0.85, cx+r*0.6, cy-r*0.85, cx, cy, cx+r*0.6, cy+r*0.85, cx-r*0.6, cy+r*0.85, cx, cy)
	c.Poly(rgb(0xd9a93f), nil, 0, cx-r*0.3, cy+r*0.85, cx+r*0.3, cy+r*0.85, cx, cy+r*0.4)
	for _, y := range []float64{cy - r*0.95, cy + r*0.95} {
		c.RoundRect(R(cx-r*0.8, y-r*0.1, r*1.6, r*0.2), r*0.08, rgb(0x6b4423), nil, 0)
	}
}

// CardBackIcon draws the back of a face-down card inside r (CardBack is
// its colour). A player tells cards from other things by it: it is
// reported to the text log as a pictogram of its larger side.
func CardBackIcon(c *Canvas, r Rect) {
	c.Pictogram("card", math.Max(r.W, r.H))
	key := "cardback|" + strconv.FormatFloat(r.W, 'f', 2, 64) + "x" + strconv.FormatFloat(r.H, 'f', 2, 64)
	c.kit.icons.Draw(c, key, r.CX(), r.CY(), int(math.Max(r.W, r.H))+8, func(sc *Canvas, cx, cy float64) {
		cardBack(sc, R(cx-r.W/2, cy-r.H/2, r.W, r.H))
	})
}

func cardBack(c *Canvas, r Rect) {
	rad := math.Min(r.W, r.H) * 0.12
	c.RoundRect(r, rad, CardBack, rgb(0x1d1029), math.Max(1.5, r.W*0.04))
	in := r.Inset(math.Min(r.W, r.H) * 0.14)
	c.RoundRect(in, rad*0.6, nil, CardBackHi, math.Max(1, r.W*0.03))
	c.DrawRegularPolygon(4, r.CX(), r.CY(), math.Min(in.W, in.H)*0.32, math.Pi/4)
	c.SetColor(CardBackHi)
	c.Context.Fill()
}

// Deck draws a small stack of face-down cards with a count on top.
func Deck(c *Canvas, r Rect, count int) {
	layers := 3
	if count < 3 {
		layers = count
	}
	if count == 0 {
		c.RoundRect(r, r.W*0.12, nil, Muted, 2)
		return
	}
	for i := layers - 1; i >= 0; i-- {
		off := float64(i) * r.W * 0.06
		CardBackIcon(c, R(r.X+off, r.Y-off, r.W, r.H))
	}
}

// Hand draws a fan of three face-down cards, the "cards in hand" icon.
func Hand(c *Canvas, cx, cy, r float64) {
	icon(c, "hand", cx, cy, r, 2.6, hand)
}

func hand(c *Canvas, cx, cy, r float64) {
	for _, a := range []float64{-0.35, 0, 0.35} {
		c.Push()
		c.RotateAbout(a, cx, cy+r*0.9)
		c.RoundRect(R(cx-r*0.42, cy-r*0.75, r*0.84, r*1.3), r*0.1, CardBack, rgb(0xeadcf7), math.Max(1.2, r*0.07))
		c.Pop()
	}
}

// Wizard draws a wizard figure in seat's colour standing on bottom, with the
// seat letter on the robe, h pixels tall.
func Wizard(c *Canvas, seat int, cx, bottom, h float64) {
	col := SeatColor(seat)
	line := math.Max(1.5, h*0.045)
	robeTop := bottom - h*0.55
	c.Poly(col, Ink, line, cx-h*0.3, bottom, cx-h*0.13, robeTop, cx+h*0.13, robeTop, cx+h*0.3, bottom)
	c.Disc(cx, robeTop-h*0.06, h*0.12, rgb(0xf1d3b3), Ink, line)
	hatBase := robeTop - h*0.12
	c.Poly(Tint(col, -0.25), Ink, line, cx-h*0.24, hatBase, cx+h*0.05, bottom-h, cx+h*0.24, hatBase)
	c.Disc(cx+h*0.05, bottom-h, h*0.035, Highlight, nil, 0)
	c.Ink(OnColor(col))
	label, size := c.seatLabel(seat), h*0.3
	if len([]rune(label)) > 1 {
		size *= 0.7
	}
	c.Font(Bold, size)
	c.Text(label, cx, bottom-h*0.24, 0.5)
}

// Check draws a tick mark (the Go fonts have no ✓ glyph).
func Check(c *Canvas, cx, cy, r float64, col color.Color) {
	c.SetColor(col)
	c.SetLineWidth(math.Max(2, r*0.32))
	c.SetLineCapRound()
	c.SetLineJoinRound()
	c.MoveTo(cx-r*0.8, cy)
	c.LineTo(cx-r*0.2, cy+r*0.6)
	c.LineTo(cx+r*0.85, cy-r*0.65)
	c.Stroke()
}

// icon draws a kit icon of size r through the icon cache; span is the
// icon's extent in multiples of r (outlines included).
func icon(c *Canvas, name string, cx, cy, r, span float64, paint func(c *Canvas, cx, cy, r float64)) {
	key := name + "|" + strconv.FormatFloat(r, 'f', 2, 64)
	c.kit.icons.Draw(c, key, cx, cy, int(span*r)+6, func(sc *Canvas, x, y float64) { paint(sc, x, y, r) })
}
