package zauberschwert

import (
	"math"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const maxMagic = 30

// Rows of a seat panel: the reserved ones keep the board's height while
// seats gain spells and artifacts.
const (
	seatHeadH    = 64.0
	seatLineH    = 54.0
	chipH        = 56.0 // a spell chip: its name reads on a phone
	tileW        = 150.0
	tileH        = 100.0
	minSpellRows = 1
	minTileRows  = 1
)

// seatPanel draws one seat (or, with draw unset, only measures it) and
// returns the height it needs: name, where its wizard stands, magic,
// power stones and hand size, spells and laid-out artifacts.
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
		band := kit.Tint(kit.SeatColor(sv.Seat), 0.55)
		c.DrawRoundedRectangle(r.X+2, r.Y+2, r.W-4, seatHeadH, 12)
		c.SetColor(band)
		c.Context.Fill()
		c.FillRect(kit.R(r.X+2, r.Y+seatHeadH-10, r.W-4, 12), band)
		c.Decorative("the player's name follows the marker", func() { c.SeatMarker(sv.Seat, r.X+32, r.Y+seatHeadH/2+1, 21) })
		nameW := r.W - 76
		if v.StartPlayer == sv.Seat {
			c.Crown(r.Right()-32, r.Y+seatHeadH/2+1, 20)
			nameW -= 56
		}
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(sv.Seat), kit.Bold, 40, readable, r.X+62, r.Y+seatHeadH/2+1, nameW, 0)
	}
	in := kit.R(r.X+14, r.Y+seatHeadH, r.W-28, 0)
	y := in.Y + seatLineH/2 + 4
	if draw {
		s.placement(v, sv, in.X, y, in.W)
	}
	y += seatLineH
	if draw {
		s.magicGauge(sv.Magic, kit.R(in.X, y-22, in.W*0.56, 44))
		x := in.X + in.W*0.6
		c.Gem(x+18, y, 18)
		c.Ink(kit.Ink)
		c.Font(kit.Bold, 40)
		c.Text(strconv.Itoa(sv.Stones), x+42, y, 0)
		x += in.W * 0.2
		c.Hand(x+18, y, 18)
		c.Text(strconv.Itoa(sv.HandSize), x+42, y, 0)
	}
	y += seatLineH/2 + 4
	y = s.spells(sv.Spells, in.X, y, in.W, draw)
	y = s.laidOut(sv.LaidOut, in.X, y, in.W, draw)
	return y - r.Y + 12
}

// placement says where the seat's wizard stands, or that it passed or is
// done trading.
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
		c.Check(x+12, cy, 12, kit.Good)
		x, w = x+32, w-32
	}
	c.Ink(ink)
	c.FitText(text, kit.Medium, 38, readable, x, cy, w, 0)
}

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

// spells draws the spell chips in rows from y on, at least minSpellRows
// of them, and returns where the next part starts.
func (s *scene) spells(spells []zs.SpellView, x, y, w float64, draw bool) float64 {
	c := s.c
	const h, gap = chipH, 8.0
	cx := x
	y += 6
	rows := 1
	for _, sp := range spells {
		name := s.w.T(sp.Spell.Name)
		c.Font(kit.Bold, readable)
		cw := math.Min(w, c.Measure(name)+h+24)
		if cx > x && cx+cw > x+w {
			cx, y, rows = x, y+h+gap, rows+1
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
			c.FitText(name, kit.Bold, readable, readable, cx+h+4, chip.CY(), cw-h-14, 0)
		}
		cx += cw + gap
	}
	for ; rows < minSpellRows; rows++ {
		y += h + gap
	}
	return y + h + 4
}

// laidOut draws the laid-out artifacts as tiles in rows from y on, at
// least minTileRows of them, and returns where the next part starts.
func (s *scene) laidOut(arts []zs.LaidOut, x, y, w float64, draw bool) float64 {
	const gap = 8.0
	y += 8
	perRow := max(int((w+gap)/(tileW+gap)), 1)
	for i, a := range arts {
		if draw {
			tx := x + float64(i%perRow)*(tileW+gap)
			ty := y + float64(i/perRow)*(tileH+gap)
			s.artifactTile(a.Artifact, kit.R(tx, ty, tileW, tileH))
		}
	}
	rows := max((len(arts)+perRow-1)/perRow, minTileRows)
	return y + float64(rows)*(tileH+gap)
}
