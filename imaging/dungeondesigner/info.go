package dungeondesigner

import (
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// headArea draws the head of a picture: its title bar with the piles,
// the turn and the player order with their tracks.
type headArea struct{ s *scene }

// title is the year and phase line shared by the board and private views.
func (ha headArea) title(v *dd.PublicView) string {
	s := ha.s
	t := s.w.T("ddimg.year", "n", v.Year) + " · " + s.w.T("dd.phase."+v.Phase)
	if v.Phase == dd.PhaseBuild {
		t += " · " + s.w.T("ddimg.pass", "n", v.Pass)
	}
	if v.Phase == dd.PhaseOver {
		t = s.w.T("dd.phase.over")
	}
	return t
}

// topBar shows the year and phase on the first line, the card piles on
// the second and the tile piles on the third, each count named readably.
func (ha headArea) topBar(v *dd.PublicView) {
	s := ha.s
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, pubTopH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.Ink(kit.Cream)
	c.FitText(ha.title(v), kit.Bold, 42, readable, margin+10, 38, boardW-2*margin-20, 0)
	cy := 92.0
	x := margin + 10
	x = ha.pileCount(x, cy, v.RoomDeck, s.w.T("ddimg.pile.rooms"), func(cx float64) { kit.Deck(c, kit.R(cx-13, cy-18, 26, 36), v.RoomDeck) })
	x = ha.pileCount(x, cy, v.RoomDiscard, s.w.T("ddimg.pile.discard"), func(cx float64) { c.RoundRect(kit.R(cx-13, cy-18, 26, 36), 4, nil, kit.Muted, 2) })
	x = ha.pileCount(x, cy, v.TaskDeck, s.w.T("ddimg.pile.tasks"), func(cx float64) { kit.Scroll(c, cx, cy, 17) })
	ha.pileCount(x, cy, v.StallDeck, s.w.T("ddimg.pile.stalls"), func(cx float64) { kit.Deck(c, kit.R(cx-13, cy-18, 26, 36), v.StallDeck) })
	cy += 50
	c.Ink(kit.Muted)
	c.Font(kit.Medium, readable)
	caption := s.w.T("ddimg.pile.tiles") + ":"
	c.Text(caption, margin+10, cy, 0)
	x = margin + 10 + c.Measure(caption) + 12
	for _, sh := range []string{"square", "oval", "circle"} {
		// Each as tall as the square, the circle too, so that it reads on a phone.
		x = ha.pileCount(x, cy, v.TileSupply[sh], "", func(cx float64) { s.tileToken(sh, cx, cy, 17/tileReach(sh)) })
	}
}

// pileCount draws an icon with a count and a caption after it, starting at
// x; it returns where the next one starts.
func (ha headArea) pileCount(x, cy float64, n int, caption string, icon func(cx float64)) float64 {
	s := ha.s
	c := s.c
	icon(x + 16)
	c.Ink(kit.Cream)
	c.Font(kit.Bold, readable)
	num := strconv.Itoa(n)
	c.Text(num, x+38, cy, 0)
	x += 38 + c.Measure(num) + 8
	if caption != "" {
		c.Ink(kit.Muted)
		c.Font(kit.Medium, readable)
		c.Text(caption, x, cy, 0)
		x += c.Measure(caption)
	}
	return x + 28
}

// turnPanel says what happens now and whom the game waits for.
func (ha headArea) turnPanel(v *dd.PublicView, r kit.Rect) {
	s := ha.s
	c := s.c
	c.Panel(r)
	in := r.Inset(16)
	top, low := in.Y+22, in.Y+104
	switch {
	case v.Phase == dd.PhaseBuild:
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.build.all"), kit.Bold, 38, readable, in.X, top, in.W, 0)
		line := s.w.T("ddimg.build.row", "n", v.Year)
		if len(v.Seats) > 1 { // solo hands are not passed on
			key := "ddimg.pass.prev"
			if v.PassLeft {
				key = "ddimg.pass.next"
			}
			line += " · " + s.w.T(key)
		}
		c.Ink(kit.InkSoft)
		c.WrapBox(line, kit.Medium, readable, readable, kit.R(in.X, in.Y+44, in.W*0.55, in.H-44), 0)
		// Who still chooses: a marker per seat, ticked once chosen.
		x := in.Right() - float64(len(v.Seats))*92 + 40
		for _, sv := range v.Seats {
			ha.bigMarker(sv.Seat, x, low+4)
			if sv.Picked {
				c.Disc(x+34, low-26, 16, kit.Good, kit.Cream, 2)
				kit.Check(c, x+34, low-26, 8, kit.Cream)
			} else {
				kit.Hourglass(c, x+36, low-26, 14)
			}
			x += 92
		}
	case v.Phase == dd.PhaseImprove && v.Placing != nil:
		ha.bigMarker(v.Placing.Seat, in.X+40, in.Y+50)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.placing", "name", s.m.Name(v.Placing.Seat)), kit.Bold, 38, readable, in.X+96, top, in.W-96, 0)
		x := in.X + 96 + tileBig*1.4
		for i, t := range v.Placing.Tiles {
			if i == 0 {
				c.RoundRect(kit.R(x-tileBig*1.4, low-tileBig-4, tileBig*2.8, tileBig*2+8), 10, kit.Highlight, kit.BrassDark, 2)
			}
			s.tile(t.Shape, t.Element, x, low, tileBig)
			x += tileBig * 3
		}
		if len(v.Placing.Tiles) > 0 {
			c.Ink(kit.InkSoft)
			c.FitText("← "+s.w.Text(v.Placing.Tiles[0].Name), kit.Bold, readable, readable, x-tileBig, low, in.Right()-x+tileBig, 0)
		}
	case v.Phase == dd.PhaseImprove && v.Acting >= 0:
		ha.bigMarker(v.Acting, in.X+40, in.Y+50)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.market.turn", "name", s.m.Name(v.Acting)), kit.Bold, 38, readable, in.X+96, top, in.W-96, 0)
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("dd.phase.improve")+" · "+s.w.T("ddimg.gold")+": "+strconv.Itoa(ha.goldOf(v, v.Acting)), kit.Medium, readable, readable, in.X+96, low, in.W-96, 0)
	case v.Phase == dd.PhaseOver:
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.over"), kit.Bold, 40, readable, in.X, top, in.W, 0)
		if w := ha.winner(v); w != "" {
			kit.Crown(c, in.X+24, low, 22)
			c.FitText(w, kit.Bold, 38, readable, in.X+60, low, in.W-60, 0)
		}
	}
}

// tileBig is the radius of a market tile drawn so that its letters read
// on a phone.
const tileBig = 50.0

// bigMarker draws a seat marker standing alone (no name beside it), large
// enough for its initial to read on a phone; drawn once per seat and
// initial, then copied.
func (ha headArea) bigMarker(seat int, cx, cy float64) {
	s := ha.s
	label := kit.SeatLetter(seat)
	if initials := kit.Initials(s.m.Players); seat >= 0 && seat < len(initials) && initials[seat] != "" {
		label = initials[seat]
	}
	s.sprites.Draw(s.c, "marker/"+strconv.Itoa(seat)+"/"+label, cx, cy, 124, func(c *kit.Canvas, cx, cy float64) {
		labels := make([]string, seat+1)
		labels[seat] = label
		c.SeatLabels(labels)
		c.SeatMarker(seat, cx, cy, 43)
	})
}

func (ha headArea) goldOf(v *dd.PublicView, seat int) int {
	for _, sv := range v.Seats {
		if sv.Seat == seat {
			return sv.Gold
		}
	}
	return 0
}

// winner names the winner from the final scores (solo: the player or Jael).
func (ha headArea) winner(v *dd.PublicView) string {
	s := ha.s
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

// orderPanel shows the order track and the new order being formed, side
// by side.
func (ha headArea) orderPanel(v *dd.PublicView, r kit.Rect) {
	s := ha.s
	c := s.c
	c.Panel(r)
	halves := r.Inset(14).Columns(2, 24)
	n := max(len(v.Order), len(v.Seats))
	ha.track(s.w.T("ddimg.order"), v.Order, n, halves[0])
	ha.track(s.w.T("ddimg.new.order"), v.NewOrder, n, halves[1])
}

// track draws one order track: its label, then the places from the first
// on the left, with the seats on them.
func (ha headArea) track(label string, seats []int, n int, r kit.Rect) {
	s := ha.s
	c := s.c
	c.Ink(kit.Ink)
	c.FitText(label, kit.Bold, readable, readable, r.X, r.Y+20, r.W, 0)
	step := math.Min(r.W/float64(max(n, 1)), 110)
	cy := r.Y + 40 + (r.H-40)/2
	for i := 0; i < n; i++ {
		cx := r.X + step*float64(i) + 52
		c.Decorative("the places of the order read left to right", func() {
			c.Ink(kit.InkSoft)
			c.Font(kit.Bold, 18)
			c.Text(strconv.Itoa(i+1), cx-46, cy-34, 0.5)
		})
		if i < len(seats) {
			ha.bigMarker(seats[i], cx, cy)
			continue
		}
		s.sprites.Draw(c, "open-place", cx, cy, 84, func(c *kit.Canvas, cx, cy float64) {
			c.SetDash(6, 4)
			c.DrawCircle(cx, cy, 38)
			c.SetColor(kit.Muted)
			c.SetLineWidth(2)
			c.Stroke()
			c.SetDash()
		})
	}
}
