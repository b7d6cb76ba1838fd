package zauberschwert

import (
	"image/color"
	"math"

	"github.com/tavern-bot/tavern/imaging/kit"
)

// Creature emblems are simple silhouettes, one per species, so that cards are
// recognisable at a glance without any scanned art.

var (
	spiderBody = color.RGBA{0x2a, 0x22, 0x2e, 0xff}
	goblinSkin = color.RGBA{0x6c, 0xa0, 0x3c, 0xff}
	shadowBody = color.RGBA{0x4a, 0x3b, 0x6e, 0xff}
	dragonSkin = color.RGBA{0xb8, 0x3a, 0x26, 0xff}
	eyeYellow  = color.RGBA{0xff, 0xd8, 0x3a, 0xff}
	outline    = color.RGBA{0x1a, 0x12, 0x0c, 0xff}
)

func drawCreature(c *kit.Canvas, species string, cx, cy, r float64) {
	switch species {
	case "spiders":
		spider(c, cx, cy, r)
	case "goblins":
		goblin(c, cx, cy, r)
	case "shadows":
		shadow(c, cx, cy, r)
	case "dragons":
		dragon(c, cx, cy, r)
	default:
		kit.StarIcon(c, cx, cy, r*0.8)
	}
}

func spider(c *kit.Canvas, cx, cy, r float64) {
	c.SetColor(spiderBody)
	c.SetLineWidth(math.Max(2, r*0.07))
	c.SetLineCapRound()
	for side := -1.0; side <= 1; side += 2 {
		for i := 0; i < 4; i++ {
			a := -0.6 + float64(i)*0.42
			kx := cx + side*r*0.62*math.Cos(a)
			ky := cy + r*0.1 + r*0.55*math.Sin(a) - r*0.25
			fx := cx + side*r*0.98*math.Cos(a*1.2)
			fy := cy + r*0.2 + r*0.75*math.Sin(a*1.3) + r*0.15
			c.MoveTo(cx, cy+r*0.1)
			c.LineTo(kx, ky)
			c.LineTo(fx, fy)
			c.Stroke()
		}
	}
	c.DrawEllipse(cx, cy+r*0.25, r*0.42, r*0.48)
	c.SetColor(spiderBody)
	c.Context.Fill()
	c.Disc(cx, cy-r*0.3, r*0.26, spiderBody, nil, 0)
	for _, dx := range []float64{-0.1, 0.1} {
		c.Disc(cx+dx*r, cy-r*0.34, r*0.06, color.RGBA{0xe0, 0x30, 0x30, 0xff}, nil, 0)
	}
	c.Disc(cx, cy+r*0.3, r*0.12, color.RGBA{0xb3, 0x20, 0x2a, 0xff}, nil, 0)
}

func goblin(c *kit.Canvas, cx, cy, r float64) {
	line := math.Max(2, r*0.05)
	for side := -1.0; side <= 1; side += 2 {
		c.Poly(goblinSkin, outline, line, cx+side*r*0.4, cy-r*0.2, cx+side*r*1.0, cy-r*0.55, cx+side*r*0.45, cy+r*0.15)
	}
	c.DrawEllipse(cx, cy, r*0.55, r*0.62)
	c.SetColor(goblinSkin)
	c.Context.FillPreserve()
	c.SetColor(outline)
	c.SetLineWidth(line)
	c.Stroke()
	for _, dx := range []float64{-0.22, 0.22} {
		c.Disc(cx+dx*r, cy-r*0.12, r*0.11, eyeYellow, outline, line*0.6)
		c.Disc(cx+dx*r, cy-r*0.12, r*0.04, outline, nil, 0)
	}
	// Grin with two teeth.
	c.Poly(outline, nil, 0, cx-r*0.28, cy+r*0.2, cx+r*0.28, cy+r*0.2, cx, cy+r*0.38)
	c.Poly(kit.Cream, nil, 0, cx-r*0.14, cy+r*0.2, cx-r*0.06, cy+r*0.2, cx-r*0.1, cy+r*0.28)
	c.Poly(kit.Cream, nil, 0, cx+r*0.06, cy+r*0.2, cx+r*0.14, cy+r*0.2, cx+r*0.1, cy+r*0.28)
}

func shadow(c *kit.Canvas, cx, cy, r float64) {
	top := cy - r*0.8
	c.NewSubPath()
	c.MoveTo(cx-r*0.6, cy+r*0.8)
	c.LineTo(cx-r*0.6, top+r*0.6)
	c.DrawArc(cx, top+r*0.6, r*0.6, math.Pi, 2*math.Pi)
	c.LineTo(cx+r*0.6, cy+r*0.8)
	// Ragged hem.
	for i := 0; i < 4; i++ {
		x0 := cx + r*0.6 - float64(i)*r*0.3
		c.LineTo(x0-r*0.15, cy+r*0.55)
		c.LineTo(x0-r*0.3, cy+r*0.8)
	}
	c.ClosePath()
	c.SetColor(shadowBody)
	c.Context.FillPreserve()
	c.SetColor(outline)
	c.SetLineWidth(math.Max(2, r*0.05))
	c.Stroke()
	for _, dx := range []float64{-0.2, 0.2} {
		c.DrawEllipse(cx+dx*r, cy-r*0.25, r*0.09, r*0.14)
		c.SetColor(color.RGBA{0xd8, 0xf3, 0xff, 0xff})
		c.Context.Fill()
	}
}

func dragon(c *kit.Canvas, cx, cy, r float64) {
	line := math.Max(2, r*0.05)
	// Wings behind the head.
	for side := -1.0; side <= 1; side += 2 {
		c.Poly(color.RGBA{0x8a, 0x24, 0x18, 0xff}, outline, line,
			cx+side*r*0.3, cy-r*0.1, cx+side*r*1.0, cy-r*0.7, cx+side*r*0.85, cy-r*0.2, cx+side*r*1.0, cy+r*0.1, cx+side*r*0.4, cy+r*0.25)
	}
	// Horns.
	for side := -1.0; side <= 1; side += 2 {
		c.Poly(kit.Cream, outline, line, cx+side*r*0.2, cy-r*0.45, cx+side*r*0.45, cy-r*0.95, cx+side*r*0.38, cy-r*0.35)
	}
	// Head and snout.
	c.Poly(dragonSkin, outline, line,
		cx-r*0.42, cy-r*0.45, cx+r*0.42, cy-r*0.45, cx+r*0.5, cy, cx+r*0.3, cy+r*0.75, cx-r*0.3, cy+r*0.75, cx-r*0.5, cy)
	for _, dx := range []float64{-0.22, 0.22} {
		c.Poly(eyeYellow, outline, line*0.6, cx+dx*r-r*0.12, cy-r*0.15, cx+dx*r+r*0.12, cy-r*0.15, cx+dx*r, cy-r*0.02)
	}
	for _, dx := range []float64{-0.1, 0.1} {
		c.Disc(cx+dx*r, cy+r*0.55, r*0.04, outline, nil, 0)
	}
}
