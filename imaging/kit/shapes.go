package kit

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Rect is an axis-aligned box in canvas pixels.
type Rect struct{ X, Y, W, H float64 }

// R is shorthand for a Rect literal.
func R(x, y, w, h float64) Rect { return Rect{x, y, w, h} }

// CX is the horizontal centre.
func (r Rect) CX() float64 { return r.X + r.W/2 }

// CY is the vertical centre.
func (r Rect) CY() float64 { return r.Y + r.H/2 }

// Right is the right edge.
func (r Rect) Right() float64 { return r.X + r.W }

// Bottom is the bottom edge.
func (r Rect) Bottom() float64 { return r.Y + r.H }

// Inset shrinks r by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Columns splits r into n equal columns separated by gap.
func (r Rect) Columns(n int, gap float64) []Rect {
	out := make([]Rect, n)
	w := (r.W - gap*float64(n-1)) / float64(n)
	for i := range out {
		out[i] = Rect{r.X + float64(i)*(w+gap), r.Y, w, r.H}
	}
	return out
}

// Rows splits r into n equal rows separated by gap.
func (r Rect) Rows(n int, gap float64) []Rect {
	out := make([]Rect, n)
	h := (r.H - gap*float64(n-1)) / float64(n)
	for i := range out {
		out[i] = Rect{r.X, r.Y + float64(i)*(h+gap), r.W, h}
	}
	return out
}

// FillRect paints an axis-aligned rectangle without anti-aliasing; it is much
// cheaper than a path for large flat areas.
func (c *Canvas) FillRect(r Rect, col color.Color) {
	c.fillPixels(pixelRect(r), col)
}

// pixelRect is the whole-pixel rectangle FillRect paints for r.
func pixelRect(r Rect) image.Rectangle {
	return image.Rect(int(math.Round(r.X)), int(math.Round(r.Y)), int(math.Round(r.Right())), int(math.Round(r.Bottom())))
}

func (c *Canvas) fillPixels(rect image.Rectangle, col color.Color) {
	op := draw.Over
	if opaque(col) {
		op = draw.Src // same result for opaque colours, and a plain fill
	}
	draw.Draw(c.rgba, rect, image.NewUniform(col), image.Point{}, op)
}

// RoundRect fills (and, when line > 0, outlines) a rounded rectangle.
func (c *Canvas) RoundRect(r Rect, radius float64, fill color.Color, stroke color.Color, line float64) {
	radius = math.Min(radius, math.Min(r.W, r.H)/2)
	if fill != nil && r.W*r.H > 4000 {
		if stroke != nil && line > 0 && opaque(fill) && opaque(stroke) && radius > line {
			// An outline around an opaque fill is the stroke colour filled
			// out to the line's outer edge with the fill on top, inside its
			// inner edge: two exact fills instead of stroking a path, which
			// costs more than everything else a board draws.
			// The fill's flat parts replace whatever is under them, so the
			// stroke colour is left out there: big panels are not filled
			// twice.
			half := line / 2
			inner := Rect{r.X + half, r.Y + half, r.W - line, r.H - line}
			innerFlats, _ := roundRectPieces(inner, radius-half)
			c.fillRoundRect(Rect{r.X - half, r.Y - half, r.W + line, r.H + line}, radius+half, stroke, innerFlats[:]...)
			c.fillRoundRect(inner, radius-half, fill)
			return
		}
		c.fillRoundRect(r, radius, fill)
		fill = nil
	}
	if fill == nil && (stroke == nil || line <= 0) {
		return
	}
	c.DrawRoundedRectangle(r.X, r.Y, r.W, r.H, radius)
	c.paint(fill, stroke, line)
}

// fillRoundRect fills large rounded rectangles with flat rectangles and
// four small corner sectors: rasterizing the whole area as a path is far
// slower. Coordinates snap to whole pixels so that the pieces meet cleanly.
// The flat parts skip skipped, whole pixels the caller is about to paint
// over with an opaque colour (so fill must be opaque when skipped is given).
func (c *Canvas) fillRoundRect(r Rect, radius float64, fill color.Color, skipped ...image.Rectangle) {
	flats, box := roundRectPieces(r, radius)
	for _, f := range flats {
		if len(skipped) == 0 {
			c.fillPixels(f, fill)
			continue
		}
		for _, part := range subtractRects(f, skipped) {
			c.fillPixels(part, fill)
		}
	}
	if box.rad <= 0 {
		return
	}
	c.fillCorners(box.x, box.y, box.right, box.bottom, box.rad, fill)
}

// snappedBox is a rounded rectangle snapped to whole pixels.
type snappedBox struct{ x, y, right, bottom, rad int }

// roundRectPieces snaps r to whole pixels and returns the three flat
// rectangles fillRoundRect paints (a centre column and two side strips,
// as FillRect would snap them) and the box whose corners it rounds.
func roundRectPieces(r Rect, radius float64) ([3]image.Rectangle, snappedBox) {
	x, y := math.Round(r.X), math.Round(r.Y)
	right, bottom := math.Round(r.Right()), math.Round(r.Bottom())
	rad := math.Round(radius)
	flats := [3]image.Rectangle{
		pixelRect(Rect{x + rad, y, right - x - 2*rad, bottom - y}),
		pixelRect(Rect{x, y + rad, rad, bottom - y - 2*rad}),
		pixelRect(Rect{right - rad, y + rad, rad, bottom - y - 2*rad}),
	}
	return flats, snappedBox{int(x), int(y), int(right), int(bottom), int(rad)}
}

// subtractRects returns rectangles covering r except holes, without
// overlapping one another.
func subtractRects(r image.Rectangle, holes []image.Rectangle) []image.Rectangle {
	if r.Empty() {
		return nil
	}
	if len(holes) == 0 {
		return []image.Rectangle{r}
	}
	h := holes[0].Intersect(r)
	if h.Empty() {
		return subtractRects(r, holes[1:])
	}
	var out []image.Rectangle
	for _, part := range [4]image.Rectangle{
		{r.Min, image.Pt(r.Max.X, h.Min.Y)},                      // above the hole
		{image.Pt(r.Min.X, h.Max.Y), r.Max},                      // below
		{image.Pt(r.Min.X, h.Min.Y), image.Pt(h.Min.X, h.Max.Y)}, // left
		{image.Pt(h.Max.X, h.Min.Y), image.Pt(r.Max.X, h.Max.Y)}, // right
	} {
		out = append(out, subtractRects(part, holes[1:])...)
	}
	return out
}

// Poly fills the polygon through pts (x0,y0,x1,y1,…), outlining it when
// line > 0.
func (c *Canvas) Poly(fill, stroke color.Color, line float64, pts ...float64) {
	for i := 0; i+1 < len(pts); i += 2 {
		if i == 0 {
			c.MoveTo(pts[i], pts[i+1])
		} else {
			c.LineTo(pts[i], pts[i+1])
		}
	}
	c.ClosePath()
	c.paint(fill, stroke, line)
}

// Disc fills a circle, outlining it when line > 0.
func (c *Canvas) Disc(cx, cy, r float64, fill, stroke color.Color, line float64) {
	c.DrawCircle(cx, cy, r)
	c.paint(fill, stroke, line)
}

func (c *Canvas) paint(fill, stroke color.Color, line float64) {
	if stroke == nil || line <= 0 {
		if fill == nil {
			c.ClearPath()
			return
		}
		c.SetColor(fill)
		c.Context.Fill()
		return
	}
	if fill != nil {
		c.SetColor(fill)
		if line > 0 && stroke != nil {
			c.Context.FillPreserve()
		} else {
			c.Context.Fill()
			return
		}
	}
	c.SetColor(stroke)
	c.SetLineWidth(line)
	c.Stroke()
}

// ShapePath adds shape s of radius r around (cx, cy) to the current path.
func (c *Canvas) ShapePath(s Shape, cx, cy, r float64) {
	switch s {
	case Circle:
		c.DrawCircle(cx, cy, r)
	case Square:
		c.DrawRoundedRectangle(cx-r*0.86, cy-r*0.86, r*1.72, r*1.72, r*0.18)
	case Triangle:
		c.DrawRegularPolygon(3, cx, cy+r*0.18, r*1.22, 0)
	case Diamond:
		c.DrawRegularPolygon(4, cx, cy, r*1.2, math.Pi/4)
	case Star:
		c.NewSubPath()
		for i := 0; i < 10; i++ {
			rr := r * 1.15
			if i%2 == 1 {
				rr = r * 0.62
			}
			a := -math.Pi/2 + float64(i)*math.Pi/5
			c.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
		}
		c.ClosePath()
	case Hexagon:
		c.DrawRegularPolygon(6, cx, cy, r*1.05, 0)
	}
}

// SeatMarker draws seat's identity: its shape in its colour with its letter,
// so that colour is never the only cue.
func (c *Canvas) SeatMarker(seat int, cx, cy, r float64) {
	c.ShapePath(SeatShape(seat), cx, cy, r)
	c.paint(SeatColor(seat), Ink, math.Max(1.5, r*0.12))
	c.Ink(OnColor(SeatColor(seat)))
	size := r * 1.05
	if SeatShape(seat) == Triangle || SeatShape(seat) == Star {
		size = r * 0.8
	}
	label := c.seatLabel(seat)
	if len([]rune(label)) > 1 {
		size *= 0.68 // two characters fit in the same marker
	}
	c.Font(Bold, size)
	dy := 0.0
	if SeatShape(seat) == Triangle {
		dy = r * 0.25
	}
	c.Text(label, cx, cy+dy, 0.5)
}

// SeatLabels sets the texts seat markers show, by seat (see Initials);
// without them markers show A, B, C by seat.
func (c *Canvas) SeatLabels(labels []string) { c.labels = labels }

func (c *Canvas) seatLabel(seat int) string {
	if seat >= 0 && seat < len(c.labels) && c.labels[seat] != "" {
		return c.labels[seat]
	}
	return SeatLetter(seat)
}

// Background covers the canvas with dark planks. The planks are drawn once
// per canvas width (see planks) and copied afterwards.
func (c *Canvas) Background() {
	b := c.rgba.Bounds()
	bg := c.kit.background(b.Dx(), b.Dy())
	draw.Draw(c.rgba, b, bg, image.Point{}, draw.Src)
}

func drawPlanks(img *image.RGBA) {
	w, h := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
	fill := func(r Rect, col color.RGBA) {
		rect := image.Rect(int(r.X), int(r.Y), int(r.Right()), int(r.Bottom()))
		draw.Draw(img, rect, image.NewUniform(col), image.Point{}, draw.Src)
	}
	fill(R(0, 0, w, h), Wood)
	const plank = 96.0
	for i, y := 0, 0.0; y < h; i, y = i+1, y+plank {
		if i%2 == 1 {
			fill(R(0, y, w, plank), WoodLight)
		}
		fill(R(0, y, w, 2), rgb(0x1c120b))
		// A few grain lines per plank, placed deterministically.
		for g := 0; g < 3; g++ {
			gy := y + 18 + float64(g)*26 + float64((i*7+g*13)%9)
			fill(R(0, gy, w, 1), WoodGrain)
		}
	}
}

// Shadow draws the drop shadow of an opaque panel about to be drawn at r
// with the same radius. It is opaque: a translucent fill under a whole
// panel costs more than the panel. The flat parts the panel will cover are
// left out, so a big panel is not filled twice.
func (c *Canvas) Shadow(r Rect, radius float64) {
	radius = math.Min(radius, math.Min(r.W, r.H)/2)
	s := Rect{r.X + 4, r.Y + 6, r.W, r.H}
	if s.W*s.H <= 4000 {
		c.RoundRect(s, radius, ShadowColor, nil, 0)
		return
	}
	covered, _ := roundRectPieces(r, radius)
	c.fillRoundRect(s, radius, ShadowColor, covered[:]...)
}

// Panel draws a parchment panel with a brass rim and a soft shadow.
func (c *Canvas) Panel(r Rect) {
	c.Shadow(r, 14)
	c.RoundRect(r, 14, Parchment, Brass, 4)
}

// DarkPanel draws a panel in dark wood with a brass rim, for cream text.
func (c *Canvas) DarkPanel(r Rect) {
	c.RoundRect(r, 14, rgb(0x1e140d), BrassDark, 3)
}

// Banner draws a title bar across r with text fitted inside.
func (c *Canvas) Banner(r Rect, title string) {
	c.Shadow(r, r.H/2)
	c.RoundRect(r, r.H/2, Brass, BrassDark, 3)
	c.Ink(Ink)
	c.FitText(title, Bold, r.H*0.62, 20, r.CX(), r.CY(), r.W-r.H, 0.5)
}

// Pill draws a small rounded label with text, returning its width.
func (c *Canvas) Pill(x, cy, h float64, text string, fill, ink color.RGBA, ax float64) float64 {
	c.Font(Bold, h*0.62)
	w := c.Measure(text) + h*0.9
	x -= ax * w
	c.RoundRect(R(x, cy-h/2, w, h), h/2, fill, nil, 0)
	c.Ink(ink)
	c.Text(text, x+w/2, cy, 0.5)
	return w
}

// opaque reports a colour that covers whatever lies under it.
func opaque(c color.Color) bool {
	_, _, _, a := c.RGBA()
	return a == 0xffff
}
