package sorcerercity

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// District colours, strong enough to tell apart on a phone, each with a
// symbol of its own in the goal shields for colour-blind readers.
var colourInk = map[sc.Colour]color.RGBA{
	sc.Yellow: {0xe9, 0xb8, 0x24, 0xff},
	sc.Red:    {0xc8, 0x37, 0x2d, 0xff},
	sc.Purple: {0x8e, 0x44, 0xad, 0xff},
	sc.Green:  {0x2e, 0x9e, 0x5b, 0xff},
}

var jaggedInk = color.RGBA{0x1b, 0x1b, 0x1b, 0xff}

// singleColours splits a side's colour set into its single colours.
func singleColours(c sc.Colour) []sc.Colour {
	var out []sc.Colour
	for _, one := range sc.Colours {
		if c&one != 0 {
			out = append(out, one)
		}
	}
	return out
}

// sign draws a colour's shape, the same in every language: a disc for
// yellow (Money), a triangle for red (Influence), a diamond for purple
// (Raw Magic), a square for green (Prestige).
func (s *scene) sign(col sc.Colour, x, y, r float64) {
	c := s.c
	ink, line := color.RGBA{0xff, 0xf8, 0xe8, 0xff}, max(1, r*0.25)
	switch col {
	case sc.Yellow:
		c.Disc(x, y, r, ink, kit.Ink, line)
	case sc.Red:
		c.Poly(ink, kit.Ink, line, x, y-r*1.1, x+r, y+r*0.7, x-r, y+r*0.7)
	case sc.Purple:
		c.Poly(ink, kit.Ink, line, x, y-r*1.15, x+r*1.05, y, x, y+r*1.15, x-r*1.05, y)
	case sc.Green:
		c.Poly(ink, kit.Ink, line, x-r*0.85, y-r*0.85, x+r*0.85, y-r*0.85, x+r*0.85, y+r*0.85, x-r*0.85, y+r*0.85)
	}
}

// tile draws pl in r: its four sides as triangles meeting in the middle
// (a side of several colours split among them, a jagged side black), and
// on a parchment disc what it carries: goals, a monster, a spell. cost
// shows the price in a coin.
func (s *scene) tile(r kit.Rect, pl sc.Placed, cost int) {
	// A tile is drawn once per look and size, then copied: a board repeats
	// the same tiles many times.
	key := fmt.Sprintf("%s/%d/%t/%d/%s/%.1f/%t", pl.Tile, pl.Rot, pl.FaceDown, cost, s.m.Lang, r.W, s.overview)
	s.sprites.Draw(s.c, key, r.CX(), r.CY(), int(r.W)+4, func(c *kit.Canvas, cx, cy float64) {
		on := *s
		on.c = c
		on.paintTile(kit.R(cx-r.W/2, cy-r.H/2, r.W, r.H), pl, cost)
	})
}

// paintTile draws a tile as tile describes it.
func (s *scene) paintTile(r kit.Rect, pl sc.Placed, cost int) {
	c := s.c
	if pl.Tile == "" { // face down: nobody sees it
		c.RoundRect(r, r.W*0.08, kit.CardBack, kit.CardBackHi, 2)
		c.Decorative("the card back already shows the tile is face down", func() {
			c.Font(kit.Bold, r.H*0.5)
			c.Ink(kit.Cream)
			c.Text("?", r.CX(), r.CY(), 0.5)
		})
		return
	}
	t := s.cs.Tile(pl.Tile)
	x, y, w, h, cx, cy := r.X, r.Y, r.W, r.H, r.CX(), r.CY()
	corners := [5][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}, {x, y}}
	for side := range 4 {
		i := ((side-pl.Rot)%4 + 4) % 4
		a, b := corners[side], corners[side+1]
		if t.Jagged[i] {
			c.Poly(jaggedInk, nil, 0, a[0], a[1], b[0], b[1], cx, cy)
			s.zigzag(a, b, cx, cy)
			continue
		}
		cols := singleColours(t.Sides[i])
		for k, col := range cols { // a side of n colours: n slices along its edge
			f0, f1 := float64(k)/float64(len(cols)), float64(k+1)/float64(len(cols))
			p0x, p0y := a[0]+(b[0]-a[0])*f0, a[1]+(b[1]-a[1])*f0
			p1x, p1y := a[0]+(b[0]-a[0])*f1, a[1]+(b[1]-a[1])*f1
			c.Poly(colourInk[col], nil, 0, p0x, p0y, p1x, p1y, cx, cy)
			// Each colour's sign near the edge, for colour-blind readers.
			mx, my := (p0x+p1x)/2, (p0y+p1y)/2
			s.sign(col, mx+(cx-mx)*0.16, my+(cy-my)*0.16, w*0.085/float64(len(cols)))
		}
	}
	c.RoundRect(r, 0, nil, kit.Ink, max(1.5, w*0.02))
	s.carries(r, t)
	if cost > 0 { // the price in a coin large enough to read on a phone
		cr := w * 0.23
		kit.Coin(c, x+w-cr*0.9, y+cr*0.9, cr)
		c.Font(kit.Bold, cr*1.35)
		c.Ink(kit.Ink)
		c.Text(strconv.Itoa(cost), x+w-cr*0.9, y+cr*0.9, 0.5)
	}
}

// zigzag marks a jagged side with a pale zigzag along its edge.
func (s *scene) zigzag(a, b [2]float64, cx, cy float64) {
	const teeth = 4
	inX, inY := (cx-(a[0]+b[0])/2)*0.25, (cy-(a[1]+b[1])/2)*0.25
	pts := []float64{}
	for k := 0; k <= teeth*2; k++ {
		f := float64(k) / float64(teeth*2)
		px, py := a[0]+(b[0]-a[0])*f, a[1]+(b[1]-a[1])*f
		if k%2 == 1 {
			px, py = px+inX, py+inY
		}
		pts = append(pts, px, py)
	}
	for k := 0; k+3 < len(pts); k += 2 {
		s.c.Poly(nil, kit.Muted, 2, pts[k], pts[k+1], pts[k+2], pts[k+3])
	}
}

// carries draws on the middle of a tile what it carries.
func (s *scene) carries(r kit.Rect, t sc.Tile) {
	c := s.c
	if t.Beast != "" && len(t.Goals) == 0 {
		s.monster(r, t.Beast)
		return
	}
	n := len(t.Goals)
	if t.Beast != "" || t.Kind == sc.ArtifactTile || t.Spell != "" {
		n++
	}
	if n == 0 {
		return
	}
	d := r.W * 0.7
	box := kit.R(r.CX()-d/2, r.CY()-d/2, d, d)
	c.RoundRect(box, d*0.2, kit.Parchment, kit.InkSoft, 1.5)
	slots := box.Inset(d*0.03).Columns(min(n, 2), d*0.02)
	rows := 1
	if n > 2 {
		rows = 2
	}
	var cells []kit.Rect
	for _, col := range slots {
		cells = append(cells, col.Rows(rows, d*0.02)...)
	}
	k := 0
	next := func() kit.Rect { k++; return cells[min(k-1, len(cells)-1)] }
	for _, g := range t.Goals {
		cell := next()
		s.crowded(crowdedGoal, min(cell.W, cell.H), func() { s.goal(cell, g) })
	}
	switch {
	case t.Beast != "":
		cell := next()
		c.Disc(cell.CX(), cell.CY(), min(cell.W, cell.H)*0.48, jaggedInk, nil, 0)
		name := s.w.Text(gameText("sc.monster." + t.Beast))
		c.Ink(kit.Cream)
		c.FitText(abbrev(name), kit.Bold, min(cell.W, cell.H)*0.5, 8, cell.CX(), cell.CY(), cell.W*0.9, 0.5)
	case t.Kind == sc.ArtifactTile:
		cell := next()
		r := min(cell.W, cell.H) * 0.42
		s.crowded(crowdedMark, 2*r, func() { kit.Crown(c, cell.CX(), cell.CY(), r) })
	case t.Spell != "":
		cell := next()
		r := min(cell.W, cell.H) * 0.48
		s.crowded(crowdedMark, 2*r, func() { kit.StarIcon(c, cell.CX(), cell.CY(), r) })
	}
}

// crowdedMark is why an artifact's crown or a spell's star in a district
// of the channel's board may be too small for a phone.
const crowdedMark = "an artifact's crown or a spell's star on a tile too small to show it on a phone (a crowded district on the channel's board); its owner's picture draws it large"

// crowded draws a goal or mark size px across, as decoration (why) when
// it is on the channel's overview and too small to read on a phone there.
func (s *scene) crowded(why string, size float64, draw func()) {
	if s.overview && size < textMin {
		s.c.Decorative(why, draw)
		return
	}
	draw()
}

// crowdedGoal is why a goal in a district of the channel's board may be
// drawn too small for a phone; anywhere else (the market, the seat's own
// picture) a goal is measured like any text.
const crowdedGoal = "a goal on a tile too small to show it on a phone (a crowded district on the channel's board); its owner's picture draws it large"

// crowdedMonster is why a monster's initials may be too small for a phone.
const crowdedMonster = "a monster on a tile too small to name it on a phone; prompts name it with its coordinate"

// monster draws a monster's initials large on a black disc in the middle
// of its tile. A tile too small for them to read on a phone (a crowded
// district on the channel's board) still shows them, marked as decoration:
// the prompts name a monster with its coordinate, which always reads, and
// its owner's picture draws it large.
func (s *scene) monster(r kit.Rect, beast string) {
	c := s.c
	c.Disc(r.CX(), r.CY(), r.W*0.36, jaggedInk, nil, 0)
	name := abbrev(s.w.Text(gameText("sc.monster." + beast)))
	draw := func() {
		c.Ink(kit.Cream)
		c.FitText(name, kit.Bold, r.W*0.5, 8, r.CX(), r.CY(), r.W*0.64, 0.5)
	}
	if c.Fit(name, kit.Bold, r.W*0.5, 8, r.W*0.64); c.FontSize() < readable {
		c.Decorative(crowdedMonster, draw)
		return
	}
	draw()
}

// goal draws a goal in its colour (a rainbow for a goal of any colour) as
// a shape of its kind, told apart by its outline even where a phone shows
// it small: three round lumps for a group, a flat bar of three cells for a
// line, a pointed shield for a shield. It reports itself to the text log
// at its drawn size.
func (s *scene) goal(r kit.Rect, g sc.Goal) {
	c := s.c
	sz := min(r.W, r.H)
	x, y := r.CX()-sz/2, r.CY()-sz/2
	line := max(1.5, sz*0.06)
	c.Pictogram("goal: "+string(g.Kind), sz)
	if g.Any {
		cols := singleColours(sc.All)
		for k, col := range cols {
			f := sz / float64(len(cols))
			c.Push()
			c.DrawRectangle(x+f*float64(k), y, f, sz)
			c.Clip()
			goalShape(c, g.Kind, x, y, sz, 0, colourInk[col])
			c.Pop()
		}
		goalShape(c, g.Kind, x, y, sz, line, nil)
		return
	}
	goalShape(c, g.Kind, x, y, sz, line, colourInk[g.Res.Colour()])
}

// goalShape fills a goal kind's shape in the sz box at (x, y) with fill
// (nil: none) and outlines it line wide (0: none).
func goalShape(c *kit.Canvas, kind sc.GoalKind, x, y, sz, line float64, fill color.Color) {
	switch kind {
	case sc.Group:
		// Three lumps: the outline is the discs drawn line wider in ink,
		// under the fill, so no arc shows where they overlap.
		lumps := [][2]float64{{0.5, 0.29}, {0.27, 0.69}, {0.73, 0.69}}
		rad := sz * 0.25
		if line > 0 {
			for _, p := range lumps {
				c.Disc(x+p[0]*sz, y+p[1]*sz, rad, kit.Ink, nil, 0)
			}
		}
		for _, p := range lumps {
			if fill != nil {
				c.Disc(x+p[0]*sz, y+p[1]*sz, rad-line, fill, nil, 0)
			}
		}
	case sc.Line:
		bar := kit.R(x+sz*0.02, y+sz*0.3, sz*0.96, sz*0.4)
		c.RoundRect(bar, sz*0.06, fill, kit.Ink, line)
		if line > 0 {
			for _, f := range []float64{1.0 / 3, 2.0 / 3} {
				c.Poly(nil, kit.Ink, line, bar.X+bar.W*f, bar.Y, bar.X+bar.W*f, bar.Bottom())
			}
		}
	case sc.Shield:
		c.Poly(fill, kit.Ink, line, x+sz*0.12, y+sz*0.04, x+sz*0.88, y+sz*0.04, x+sz*0.88, y+sz*0.5, x+sz*0.5, y+sz*0.97, x+sz*0.12, y+sz*0.5)
	}
}

// abbrev shortens a monster's name to what fits on a tile: its first two
// letters, or the initials of two words.
func abbrev(name string) string {
	words := strings.Fields(name)
	if len(words) > 1 {
		return string([]rune(words[0])[:1]) + string([]rune(words[1])[:1])
	}
	r := []rune(name)
	return string(r[:min(2, len(r))])
}
