package viscounts

import (
	"fmt"
	"image"
	"math"
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// kingdomArea draws the kingdom: its road of segments with their plots,
// trades, viscounts and workers, and its corners (the round, the piles).
type kingdomArea struct{ s *scene }

// The public board, top to bottom: the title bar; the kingdom (the five
// segments clockwise round the castle, the round and the end piles in the
// corners); the townsfolk and manuscripts on offer with the legend, or the
// final scores in their place once the game is over; a strip per player.
// Its height depends only on the player count.
const (
	kingdomY = topBarH + gap
	roadW    = 20
	// A segment panel: its name, its three spaces, its plots.
	panelW = 344
	panelH = 282
	// A castle section: its second-tier reward and three tiers.
	castleW    = 220
	castleH    = 192
	castleTopY = panelH + gap
	kingdomH   = castleTopY + 3*castleH + 2*gap + 10
	cornerH    = 300
	marketY    = kingdomY + kingdomH + gap
	rowH       = 44
	marketH    = 60 + 5*rowH + pad
	legendH    = legendRows*legendRowH + 60
	legendRows = 6
	legendRowH = 42
	lowerH     = marketH + gap + legendH
	seatsY     = marketY + lowerH + gap
	stripH     = 244
	// stripGap parts the players' strips: less than gap, so that four
	// players' board is at most 2.25 times as tall as wide (1.5 phone
	// screens at 400 px).
	stripGap = 10
)

// panelAt is where the segment at board position p lies: clockwise from
// the top, round the castle.
func panelAt(p int) kit.Rect {
	side := float64(cornerH + gap)
	switch p {
	case 0:
		return kit.R((boardW-panelW)/2, 0, panelW, panelH)
	case 1:
		return kit.R(boardW-margin-panelW, side, panelW, panelH)
	case 2:
		return kit.R(boardW-margin-panelW, side+panelH+gap, panelW, panelH)
	case 3:
		return kit.R(margin, side+panelH+gap, panelW, panelH)
	}
	return kit.R(margin, side, panelW, panelH)
}

// sectionAt is where the castle section facing position p lies.
func sectionAt(p int) kit.Rect {
	left, right := float64(boardW/2-castleW-4), float64(boardW/2+4)
	switch p {
	case 0:
		return kit.R(boardW/2-castleW/2, castleTopY, castleW, castleH)
	case 1:
		return kit.R(right, castleTopY+castleH+gap, castleW, castleH)
	case 2:
		return kit.R(right, castleTopY+2*(castleH+gap), castleW, castleH)
	case 3:
		return kit.R(left, castleTopY+2*(castleH+gap), castleW, castleH)
	}
	return kit.R(left, castleTopY+castleH+gap, castleW, castleH)
}

// boardHeight is the public board's height for a player count.
func boardHeight(players int) int {
	return seatsY + players*(stripH+stripGap) + stripGap
}

// board draws the channel's picture.
func (r *Renderer) board(v *vc.View, m imaging.Meta) image.Image {
	s := r.scene(boardW, boardHeight(len(v.Seats)), m)
	defer s.c.Close()
	s.useNames(v)
	s.topBar(s.T("vc.name"))
	kingdomArea{s}.kingdom(v, kingdomY)
	lower := kit.R(margin, marketY, boardW-2*margin, lowerH)
	if v.Over {
		s.scores(v, lower)
	} else {
		s.market(v, kit.R(lower.X, lower.Y, lower.W, marketH))
		s.legend(kit.R(lower.X, lower.Y+marketH+gap, lower.W, legendH))
	}
	for i := range v.Seats {
		stripArea{s}.strip(v, i, kit.R(margin, float64(seatsY+i*(stripH+stripGap)), boardW-2*margin, stripH))
	}
	return s.c.Image()
}

func (s *scene) topBar(title string) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	s.ink(kit.Cream)
	s.fit(title, kit.Bold, 40, margin, topBarH/2, boardW-2*margin, 0)
}

// kingdom draws the round board: the road, the segments, the castle and
// the corners holding the round and the end piles.
func (ka kingdomArea) kingdom(v *vc.View, y0 float64) {
	s := ka.s
	c := s.c
	at := func(r kit.Rect) kit.Rect { return kit.R(r.X, r.Y+y0, r.W, r.H) }
	// The road the viscounts travel from segment to segment, clockwise:
	// behind everything, its arrows on top where it shows between panels.
	var centres [5][2]float64
	for p := range centres {
		r := at(panelAt(p))
		centres[p] = [2]float64{r.CX(), r.CY()}
	}
	for p := range centres {
		a, b := centres[p], centres[(p+1)%5]
		switch {
		case a[0] == b[0]:
			s.vline(a[0], a[1], b[1], roadW, roadInk)
		case a[1] == b[1]:
			s.hline(a[0], b[0], a[1], roadW, roadInk)
		default:
			c.SetColor(roadInk)
			c.SetLineWidth(roadW)
			c.DrawLine(a[0], a[1], b[0], b[1])
			c.Stroke()
		}
	}
	for p, sg := range v.Segments[:min(len(v.Segments), len(centres))] {
		ka.segment(v, p, sg, at(panelAt(p)))
		ka.section(v, p, at(sectionAt(p)))
	}
	for p := range centres {
		a, b := centres[p], centres[(p+1)%5]
		dir := math.Atan2(b[1]-a[1], b[0]-a[0])
		if p == 2 { // under the castle: an arrow in each gap beside it
			for _, x := range []float64{margin + panelW + 8, boardW - margin - panelW - 8} {
				ka.roadArrow(x, a[1], dir)
			}
			continue
		}
		ka.roadArrow((a[0]+b[0])/2, (a[1]+b[1])/2, dir)
	}
	ka.roundBox(v, kit.R(margin, y0, (boardW-panelW)/2-margin-gap, cornerH))
	ka.pilesBox(v, kit.R((boardW+panelW)/2+gap, y0, (boardW-panelW)/2-margin-gap, cornerH))
}

// roadArrow marks the road's direction at (x, y), pointing at angle a.
func (ka kingdomArea) roadArrow(x, y, a float64) {
	s := ka.s
	const l = 20
	dx, dy := math.Cos(a), math.Sin(a)
	s.icon(fmt.Sprintf("road/%.2f", a), func(c *kit.Canvas, x, y, _ float64) {
		c.Poly(kit.Highlight, kit.Ink, 2.5, x+dx*l, y+dy*l, x-dx*l*0.7-dy*l*0.9, y-dy*l*0.7+dx*l*0.9, x-dx*l*0.7+dy*l*0.9, y-dy*l*0.7-dx*l*0.9)
	}, x, y, l)
}

// Space boxes in a segment panel.
const (
	spaceY = 52
	spaceH = 102
	plotY  = spaceY + spaceH + 12
	plotSz = 54
)

// segment draws one board segment: its name; its outer-left space (start
// number and trade), inner space and outer-right space with the viscounts
// on them; its plots on both banks of the river with their links.
func (ka kingdomArea) segment(v *vc.View, p int, sg vc.SegmentView, r kit.Rect) {
	s := ka.s
	c := s.c
	c.Panel(r)
	s.ink(kit.Ink)
	s.fit(s.w.Text(gameText("vc.seg."+sg.ID)), kit.Bold, 36, r.CX(), r.Y+28, r.W-2*pad, 0.5)
	inner := kit.R(r.X+pad, r.Y+spaceY, r.W-2*pad, spaceH)
	const innerW = 84
	sideW := (inner.W - innerW - 2*10) / 2
	boxes := [3]kit.Rect{
		kit.R(inner.X, inner.Y, sideW, spaceH),
		kit.R(inner.X+sideW+10, inner.Y, innerW, spaceH),
		kit.R(inner.Right()-sideW, inner.Y, sideW, spaceH),
	}
	for slot, b := range boxes {
		if slot == 1 {
			c.RoundRect(b, 12, kit.Tint(innerPath, 0.55), innerPath, 3)
		} else {
			c.RoundRect(b, 12, kit.ParchDark, kit.Brass, 3)
			n := sg.Numbers[slot/2]
			s.icon("number", func(c *kit.Canvas, x, y, r float64) { c.Disc(x, y, r, kit.Cream, kit.Ink, 2) }, b.X+26, b.Y+26, 23)
			s.ink(kit.Ink)
			s.say(strconv.Itoa(n), kit.Bold, textMin, b.X+26, b.Y+26, 0.5)
			ka.trade(sg.Trades[slot/2], b.Right()-26, b.Y+26)
		}
		var here []int
		for seat, sv := range v.Seats {
			if sv.PlayerCard > 0 && sv.Space == p*3+slot {
				here = append(here, seat)
			}
		}
		ka.viscounts(here, kit.R(b.X+4, b.Y+50, b.W-8, b.H-52))
	}
	ka.pathArrow(boxes[0].Right()+5, boxes[0].CY())
	ka.pathArrow(boxes[2].X-5, boxes[2].CY())
	ka.plots(sg, kit.R(r.X+pad, r.Y+plotY, r.W-2*pad, r.H-plotY-pad))
}

// pathArrow is a small arrow between two spaces, pointing right.
func (ka kingdomArea) pathArrow(x, y float64) {
	s := ka.s
	s.icon("patharrow", func(c *kit.Canvas, x, y, _ float64) { c.Poly(kit.Ink, nil, 0, x-5, y-9, x+5, y, x-5, y+9) }, x, y, 10)
}

// trade draws an outer space's exchange: the icon of what merchant icons
// buy there.
func (ka kingdomArea) trade(t vc.Trade, cx, cy float64) {
	s := ka.s
	kind := string(t)
	if t == vc.TradeFlip {
		kind = "flip"
	}
	s.atomIcon(kind, cx, cy, 19)
}

// viscounts draws the badges of the viscounts on a space, side by side
// (overlapping when many share it).
func (ka kingdomArea) viscounts(seats []int, r kit.Rect) {
	s := ka.s
	if len(seats) == 0 {
		return
	}
	const rad = 23
	step := min(2*rad+4, (r.W-2*rad)/math.Max(1, float64(len(seats)-1)))
	x := r.CX() - step*float64(len(seats)-1)/2
	for k, seat := range seats {
		s.badge(seat, x+float64(k)*step, r.CY(), rad)
	}
}

// plots draws a segment's plots: the west bank, the river, the east bank;
// a free plot shows its reward, a built one its owner's colour, shape and
// the building's letter; links join plots under them with their reward.
func (ka kingdomArea) plots(sg vc.SegmentView, r kit.Rect) {
	s := ka.s
	c := s.c
	n := len(sg.Plots)
	const riverW, plotGap = 26, 6
	width := float64(n)*plotSz + float64(n-2)*plotGap + riverW
	x0 := r.CX() - width/2
	centres := make([]float64, n)
	x := x0
	for i := range n {
		if i == sg.West {
			riverX := x - plotGap + (riverW)/2
			c.RoundRect(kit.R(riverX-riverW/2+plotGap/2, r.Y-4, riverW-plotGap, r.H+8), 6, riverInk, nil, 0)
			x += riverW - plotGap
		}
		centres[i] = x + plotSz/2
		x += plotSz + plotGap
	}
	py := r.Y + plotSz/2
	// Links first: brackets under the plots with the reward in the middle.
	for _, l := range sg.Links {
		if l.A < 0 || l.B >= n || l.A >= n || l.B < 0 {
			continue
		}
		ax, bx := centres[l.A], centres[l.B]
		ly := r.Y + plotSz + 26
		s.vline(ax, py, ly, 3, kit.InkSoft)
		s.hline(ax, bx, ly, 3, kit.InkSoft)
		s.vline(bx, py, ly, 3, kit.InkSoft)
		w := s.effect(l.Reward, 0, 0, iconR, false)
		mid := (ax + bx) / 2
		box := kit.R(mid-w/2-5, ly-19, w+10, 38)
		s.box(box, 10, kit.Cream, kit.InkSoft, 2)
		s.effect(l.Reward, box.X+5, ly, iconR, true)
	}
	for i, owner := range sg.Plots {
		box := kit.R(centres[i]-plotSz/2, r.Y, plotSz, plotSz)
		if owner < 0 {
			s.box(box, 8, kit.Parchment, kit.InkSoft, 2)
			if i < len(sg.PlotRewards) {
				w := s.effect(sg.PlotRewards[i], 0, 0, iconR, false)
				s.effect(sg.PlotRewards[i], box.CX()-w/2, box.CY(), iconR, true)
			}
			continue
		}
		seat, b := owner/3, owner%3
		col := kit.SeatColor(seat)
		s.box(box, 8, col, kit.Ink, 3)
		s.pawnOf(seat, box.X+11, box.Y+11, 8)
		s.ink(kit.OnColor(col))
		s.say(s.buildingLetter(b), kit.Bold, 36, box.CX()+4, box.CY()+3, 0.5)
	}
}

// section draws the castle section facing position p: its second-tier
// reward on top, then the third, second and first tier with each seat's
// workers counted.
func (ka kingdomArea) section(v *vc.View, p int, r kit.Rect) {
	s := ka.s
	c := s.c
	c.Shadow(r, 12)
	c.RoundRect(r, 12, rgb(0xd9d2c3), rgb(0x5b5346), 4)
	head := kit.R(r.X+6, r.Y+6, r.W-12, 44)
	c.RoundRect(head, 8, kit.Cream, nil, 0)
	s.ink(kit.InkSoft)
	s.say("II:", kit.Bold, textMin, head.X+6, head.CY(), 0)
	reward := v.Castle[p]
	lw := s.measure("II:", kit.Bold, textMin) + 12
	w := s.effect(reward, 0, 0, iconR, false)
	s.effect(reward, head.X+lw+(head.W-lw-w)/2, head.CY(), iconR, true)
	rows := kit.R(r.X+6, head.Bottom()+6, r.W-12, r.H-head.H-18).Rows(3, 4)
	for k, row := range rows {
		tier := 2 - k // the third tier on top, nearest the keep
		c.RoundRect(row, 8, kit.Tint(rgb(0xd9d2c3), 0.25+0.15*float64(k)), nil, 0)
		s.ink(kit.InkSoft)
		s.say([]string{"I", "II", "III"}[tier], kit.Bold, textMin, row.X+24, row.CY(), 0.5)
		ka.workers(v.Tiers[tier][p], kit.R(row.X+50, row.Y, row.W-50, row.H))
	}
}

// workers counts a tier's workers by seat: each seat's pawn and count.
func (ka kingdomArea) workers(seats []int, r kit.Rect) {
	s := ka.s
	counts := map[int]int{}
	var order []int
	for _, seat := range seats {
		if counts[seat] == 0 {
			order = append(order, seat)
		}
		counts[seat]++
	}
	if len(order) == 0 {
		return
	}
	step, pr := min(56, r.W/float64(len(order))), 14.0
	if len(order) > 2 {
		pr = 11 // three seats share the row
	}
	for k, seat := range order {
		x := r.X + float64(k)*step
		s.pawnOf(seat, x+pr, r.CY(), pr)
		s.ink(kit.Ink)
		s.say(strconv.Itoa(counts[seat]), kit.Bold, textMin, x+2*pr+2, r.CY(), 0)
	}
}
