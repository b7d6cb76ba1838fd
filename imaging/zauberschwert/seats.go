package zauberschwert

import (
	"math"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const maxMagic = 30

// seatPanel draws (or, with draw false, only measures) one seat's public
// status into r and returns the height it needs.
func (s *scene) seatPanel(v *zs.PublicView, sv zs.SeatView, r kit.Rect, draw bool) float64 {
	c := s.c
	active := contains(v.Turn, sv.Seat)
	if draw {
		edge, line := kit.Brass, 4.0
		if active {
			c.RoundRect(kit.R(r.X-6, r.Y-6, r.W+12, r.H+12), 20, kit.Highlight, nil, 0)
			edge = kit.BrassDark
		}
		if !active {
			c.Shadow(r, 14)
		}
		c.RoundRect(r, 14, kit.Parchment, edge, line)
		c.DrawRoundedRectangle(r.X+2, r.Y+2, r.W-4, 58, 12)
		c.SetColor(kit.Tint(kit.SeatColor(sv.Seat), 0.55))
		c.Context.Fill()
		c.FillRect(kit.R(r.X+2, r.Y+48, r.W-4, 12), kit.Tint(kit.SeatColor(sv.Seat), 0.55))
		c.SeatMarker(sv.Seat, r.X+30, r.Y+31, 19)
		nameW := r.W - 70
		if v.StartPlayer == sv.Seat {
			c.Crown(r.Right()-26, r.Y+60+24, 18)
		}
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(sv.Seat), kit.Bold, 34, 24, r.X+58, r.Y+31, nameW, 0)
	}
	in := kit.R(r.X+14, r.Y+60, r.W-28, 0)
	y := in.Y + 24
	if draw {
		s.placement(v, sv, in.X, y, in.W-40)
	}
	y += 46
	if draw {
		s.magicGauge(sv.Magic, kit.R(in.X, y-22, in.W, 44))
	}
	y += 52
	if draw {
		half := in.W / 2
		c.Gem(in.X+18, y, 17)
		c.Ink(kit.Ink)
		c.Font(kit.Bold, 38)
		c.Text(strconv.Itoa(sv.Stones), in.X+44, y, 0)
		c.Hand(in.X+half+18, y, 17)
		c.Text(strconv.Itoa(sv.HandSize), in.X+half+44, y, 0)
	}
	y += 32
	y = s.spells(sv.Spells, in.X, y, in.W, draw)
	y = s.laidOut(sv.LaidOut, in.X, y, in.W, draw)
	return y - r.Y + 10
}

// placement says where the seat's wizard is this round.
func (s *scene) placement(v *zs.PublicView, sv zs.SeatView, x, cy, w float64) {
	c := s.c
	text, ink, tick := "", kit.InkSoft, false
	switch {
	case sv.Placed >= 0:
		text, ink = s.w.T("zsimg.at", "n", sv.Placed+1), kit.Ink
	case sv.Placed == zs.Passed:
		text = s.w.T("zsimg.passed")
	}
	if v.Step == "trade" && sv.DoneTrading {
		text, ink, tick = s.w.T("zsimg.done.trading"), kit.Good, true
	}
	if text == "" {
		return
	}
	if tick {
		c.Check(x+10, cy, 10, kit.Good)
		x, w = x+28, w-28
	}
	c.Ink(ink)
	c.FitText(text, kit.Medium, 24, 16, x, cy, w, 0)
}

// magicGauge draws magic as a 0–30 bar with the number beside it.
func (s *scene) magicGauge(magic int, r kit.Rect) {
	c := s.c
	c.Drop(r.X+16, r.CY(), 18)
	c.Font(kit.Bold, 38)
	numW := c.Measure("30")
	bar := kit.R(r.X+40, r.CY()-11, r.W-40-numW-14, 22)
	c.RoundRect(bar, 11, kit.ParchDark, kit.InkSoft, 2)
	frac := math.Max(0, math.Min(1, float64(magic)/maxMagic))
	if frac > 0 {
		fill := bar
		fill.W = math.Max(22, bar.W*frac)
		c.RoundRect(fill, 11, kit.MagicBlue, nil, 0)
	}
	c.SetColor(kit.Fade(kit.Ink, 0.35))
	c.SetLineWidth(1.5)
	for t := 5; t < maxMagic; t += 5 {
		x := bar.X + bar.W*float64(t)/maxMagic
		c.DrawLine(x, bar.Y+4, x, bar.Bottom()-4)
		c.Stroke()
	}
	c.Ink(kit.MagicDeep)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(magic), r.Right(), r.CY(), 1)
}

// spells lays out owned spells as chips, flowing into rows.
func (s *scene) spells(spells []zs.SpellView, x, y, w float64, draw bool) float64 {
	if len(spells) == 0 {
		return y
	}
	c := s.c
	const h, gap = 34.0, 8.0
	cx := x
	y += 6
	for _, sp := range spells {
		name := s.w.T(sp.Spell.Name)
		c.Font(kit.Bold, 21)
		cw := math.Min(w, c.Measure(name)+h+18)
		if cx > x && cx+cw > x+w {
			cx, y = x, y+h+gap
		}
		if draw {
			fill, ink := kit.Tint(kindColor(zs.KindSpell), 0.15), kit.Cream
			if sp.Used {
				fill, ink = kit.ParchDark, kit.InkSoft
			}
			chip := kit.R(cx, y, cw, h)
			c.RoundRect(chip, h/2, fill, kit.Tint(kindColor(zs.KindSpell), -0.3), 2)
			if sp.Used {
				c.Check(cx+h/2+2, chip.CY(), h*0.28, kit.Good)
			} else {
				c.Scroll(cx+h/2+2, chip.CY(), h*0.34)
			}
			c.Ink(ink)
			c.FitText(name, kit.Bold, 21, 14, cx+h+4, chip.CY(), cw-h-14, 0)
		}
		cx += cw + gap
	}
	return y + h + 4
}

// laidOut draws the seat's laid-out artifacts as tiles.
func (s *scene) laidOut(arts []zs.LaidOut, x, y, w float64, draw bool) float64 {
	if len(arts) == 0 {
		return y
	}
	const tileH, gap = 68.0, 8.0
	y += 8
	perRow := int((w + gap) / (84 + gap))
	if perRow < 3 {
		perRow = 3
	}
	size := math.Min(96, (w-gap*float64(perRow-1))/float64(perRow))
	for i, a := range arts {
		if draw {
			tx := x + float64(i%perRow)*(size+gap)
			ty := y + float64(i/perRow)*(tileH+gap)
			s.artifactTile(a.Artifact, kit.R(tx, ty, size, tileH))
		}
	}
	rows := (len(arts) + perRow - 1) / perRow
	return y + float64(rows)*(tileH+gap)
}
