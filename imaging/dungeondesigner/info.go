package dungeondesigner

import (
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// title is the year and phase line shared by the board and private views.
func (s *scene) title(v *dd.PublicView) string {
	t := s.w.T("ddimg.year", "n", v.Year) + " · " + s.w.T("dd.phase."+v.Phase)
	if v.Phase == dd.PhaseBuild {
		t += " · " + s.w.T("ddimg.pass", "n", v.Pass)
	}
	if v.Phase == dd.PhaseOver {
		t = s.w.T("dd.phase.over")
	}
	return t
}

// topBar shows the year and phase on the left and the hidden piles on the
// right.
func (s *scene) topBar(v *dd.PublicView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	cy := topBarH / 2
	x := float64(boardW) - margin
	for _, sh := range []string{"square", "oval", "circle"} {
		x = s.pileCount(x, v.TileSupply[sh], "", func(cx float64) { s.tileToken(sh, cx, cy-6, 12) })
	}
	c.Ink(kit.Muted)
	c.Font(kit.Medium, 15)
	c.Text(s.w.T("ddimg.pile.tiles"), x+(float64(boardW)-margin-x)/2, cy+22, 0.5)
	x -= 14
	x = s.pileCount(x, v.StallDeck, s.w.T("ddimg.pile.stalls"), func(cx float64) { c.Deck(kit.R(cx-11, cy-22, 22, 30), v.StallDeck) })
	x = s.pileCount(x, v.TaskDeck, s.w.T("ddimg.pile.tasks"), func(cx float64) { c.Scroll(cx, cy-6, 14) })
	x = s.pileCount(x, v.RoomDiscard, s.w.T("ddimg.pile.discard"), func(cx float64) { c.RoundRect(kit.R(cx-11, cy-22, 22, 30), 4, nil, kit.Muted, 2) })
	x = s.pileCount(x, v.RoomDeck, s.w.T("ddimg.pile.rooms"), func(cx float64) { c.Deck(kit.R(cx-11, cy-22, 22, 30), v.RoomDeck) })
	c.Ink(kit.Cream)
	c.FitText(s.title(v), kit.Bold, 36, 20, margin+10, cy, x-margin-30, 0)
}

// pileCount draws an icon with a count beside it and a caption below,
// ending at right; it returns the left edge used.
func (s *scene) pileCount(right float64, n int, caption string, icon func(cx float64)) float64 {
	c := s.c
	cy := topBarH / 2
	c.Font(kit.Bold, 26)
	num := strconv.Itoa(n)
	w := 30 + c.Measure(num) + 6
	c.Font(kit.Medium, 15)
	if cw := c.Measure(caption); cw > w {
		w = cw
	}
	x := right - w
	icon(x + 13)
	c.Ink(kit.Cream)
	c.Font(kit.Bold, 26)
	c.Text(num, x+30, cy-6, 0)
	if caption != "" {
		c.Ink(kit.Muted)
		c.Font(kit.Medium, 15)
		c.Text(caption, x+w/2, cy+22, 0.5)
	}
	return x - 14
}

// turnPanel says what happens now and whom the game waits for.
func (s *scene) turnPanel(v *dd.PublicView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	in := r.Inset(16)
	switch {
	case v.Phase == dd.PhaseBuild:
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.build.all"), kit.Bold, 28, 18, in.X, in.Y+14, in.W, 0)
		line := s.w.T("ddimg.build.row", "n", v.Year)
		if len(v.Seats) > 1 { // solo hands are not passed on
			key := "ddimg.pass.prev"
			if v.PassLeft {
				key = "ddimg.pass.next"
			}
			line += " · " + s.w.T(key)
		}
		c.Ink(kit.InkSoft)
		c.FitText(line, kit.Medium, 22, 14, in.X, in.Y+44, in.W, 0)
		x := in.X + 18
		for _, sv := range v.Seats {
			c.SeatMarker(sv.Seat, x, in.Bottom()-16, 16)
			if sv.Picked {
				c.Disc(x+14, in.Bottom()-28, 10, kit.Good, kit.Cream, 2)
				c.Check(x+14, in.Bottom()-28, 5, kit.Cream)
			} else {
				c.Hourglass(x+16, in.Bottom()-28, 9)
			}
			x += 52
		}
	case v.Phase == dd.PhaseImprove && v.Placing != nil:
		c.SeatMarker(v.Placing.Seat, in.X+20, in.Y+18, 18)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.placing", "name", s.m.Name(v.Placing.Seat)), kit.Bold, 28, 18, in.X+48, in.Y+18, in.W-48, 0)
		x := in.X + 30
		for i, t := range v.Placing.Tiles {
			if i == 0 {
				c.RoundRect(kit.R(x-30, in.Y+44, 60, 50), 10, kit.Highlight, kit.BrassDark, 2)
			}
			s.tile(t.Shape, t.Element, x, in.Y+69, 19)
			x += 72
		}
		if len(v.Placing.Tiles) > 0 {
			c.Ink(kit.InkSoft)
			c.FitText("← "+s.w.T("ddimg.next.tile")+": "+s.w.Text(v.Placing.Tiles[0].Name), kit.Medium, 22, 14, x-20, in.Y+69, in.Right()-x+20, 0)
		}
	case v.Phase == dd.PhaseImprove && v.Acting >= 0:
		c.SeatMarker(v.Acting, in.X+24, in.Y+24, 22)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.market.turn", "name", s.m.Name(v.Acting)), kit.Bold, 30, 18, in.X+56, in.Y+24, in.W-56, 0)
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("dd.phase.improve")+" · "+s.w.T("ddimg.gold")+": "+strconv.Itoa(s.goldOf(v, v.Acting)), kit.Medium, 22, 14, in.X, in.Y+70, in.W, 0)
	case v.Phase == dd.PhaseOver:
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.over"), kit.Bold, 32, 20, in.X, in.Y+20, in.W, 0)
		if w := s.winner(v); w != "" {
			c.Crown(in.X+22, in.Y+70, 18)
			c.FitText(w, kit.Bold, 30, 18, in.X+52, in.Y+70, in.W-52, 0)
		}
	}
}

func (s *scene) goldOf(v *dd.PublicView, seat int) int {
	for _, sv := range v.Seats {
		if sv.Seat == seat {
			return sv.Gold
		}
	}
	return 0
}

// winner names the winner from the final scores (solo: the player or Jael).
func (s *scene) winner(v *dd.PublicView) string {
	ranked := rankScores(v.Scores)
	if len(ranked) == 0 {
		return ""
	}
	best := ranked[0]
	if v.JaelScore != nil && v.JaelScore.Total >= best.Total {
		return s.w.T("ddimg.jael.wins")
	}
	return s.w.T("ddimg.winner", "name", s.m.Name(best.Seat))
}

// orderPanel shows the order track and the new order being formed.
func (s *scene) orderPanel(v *dd.PublicView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	in := r.Inset(14)
	rows := in.Rows(2, 6)
	n := max(len(v.Order), len(v.Seats))
	s.track(s.w.T("ddimg.order"), v.Order, n, rows[0])
	s.track(s.w.T("ddimg.new.order"), v.NewOrder, n, rows[1])
}

// track draws one row of numbered order places with the seats on them.
func (s *scene) track(label string, seats []int, n int, r kit.Rect) {
	c := s.c
	labelW := 170.0
	c.Ink(kit.Ink)
	c.FitText(label, kit.Bold, 22, 14, r.X, r.CY(), labelW-8, 0)
	slot := kit.R(r.X+labelW, r.Y, r.W-labelW, r.H)
	step := slot.W / float64(max(n, 1))
	step = min(step, 72)
	for i := 0; i < n; i++ {
		cx := slot.X + step*float64(i) + step/2
		c.Ink(kit.InkSoft)
		c.Font(kit.Bold, 15)
		c.Text(strconv.Itoa(i+1), cx-step/2+8, r.Y+10, 0.5)
		if i < len(seats) {
			c.SeatMarker(seats[i], cx+4, r.CY()+2, math.Min(20, r.H*0.4))
			continue
		}
		c.SetDash(4, 3)
		c.DrawCircle(cx+4, r.CY()+2, math.Min(18, r.H*0.36))
		c.SetColor(kit.Muted)
		c.SetLineWidth(2)
		c.Stroke()
		c.SetDash()
	}
}
