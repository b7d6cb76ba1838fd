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

// A face-up tile is drawn on a grid of three by three cells, so that each
// thing on it is a third of the tile across (a tile of 104 px or more on
// the 1200 px pictures, as in the market and a seat's own district, shows
// each at 11 px or more on a phone): the cell in the middle of each edge
// holds that side's colour sign, well inside the side's triangle; the
// middle and two opposite corners hold what the tile carries; the top
// right corner its price, the bottom left the mark of a monster guarding
// it or of a tile beneath.
func tileCells(r kit.Rect) [3][3]kit.Rect {
	var cells [3][3]kit.Rect
	for row, band := range r.Rows(3, 0) {
		for col, cell := range band.Columns(3, 0) {
			cells[row][col] = cell
		}
	}
	return cells
}

// edgeCell is the cell in the middle of a tile's edge on the screen (0 the
// top, clockwise).
func edgeCell(cells [3][3]kit.Rect, side int) kit.Rect {
	return [4]kit.Rect{cells[0][1], cells[1][2], cells[2][1], cells[1][0]}[side]
}

// carryCells are the cells n things a tile carries are drawn in: the
// middle for one, two opposite corners for two, the middle between them
// for three (no tile carries more).
func carryCells(cells [3][3]kit.Rect, n int) []kit.Rect {
	switch n {
	case 0:
		return nil
	case 1:
		return []kit.Rect{cells[1][1]}
	case 2:
		return []kit.Rect{cells[0][0], cells[2][2]}
	}
	return []kit.Rect{cells[0][0], cells[1][1], cells[2][2]}
}

// signName names a side's colours for the text log: a colour's sign
// ("sign: yellow"), the sign of a side of every colour ("sign: any"), or
// a side of two ("sign: red+green").
func signName(cols []sc.Colour) string {
	if len(cols) == len(sc.Colours) {
		return "sign: any"
	}
	names := make([]string, len(cols))
	for k, col := range cols {
		names[k] = colourNames[col]
	}
	return "sign: " + strings.Join(names, "+")
}

var colourNames = map[sc.Colour]string{sc.Yellow: "yellow", sc.Red: "red", sc.Purple: "purple", sc.Green: "green"}

// sideSign draws the colour sign of a side showing cols in a box size px
// across around (x, y): the colour's own shape; for a side of every colour
// (a rainbow) a cross of its own; for a side of two (an artifact matching
// either) the first colour's shape holding the second's. It reports itself
// to the text log at its size.
func (s *scene) sideSign(cols []sc.Colour, x, y, size float64) {
	s.c.Pictogram(signName(cols), size)
	r := size / 2 / 1.15 // the widest shape, the diamond, reaches 1.15 r
	switch {
	case len(cols) == len(sc.Colours):
		s.anySign(x, y, r)
	case len(cols) == 2:
		s.sign(cols[0], x, y, r)
		s.sign(cols[1], x, y+r*0.1, r*0.45)
	case len(cols) == 1:
		s.sign(cols[0], x, y, r)
	}
}

// anySign is the sign of a side of every colour: a cross, a shape none of
// the four colours has.
func (s *scene) anySign(x, y, r float64) {
	a, b := r*1.1, r*0.38
	s.c.Poly(signInk, kit.Ink, max(1, r*0.25),
		x-b, y-a, x+b, y-a, x+b, y-b, x+a, y-b, x+a, y+b, x+b, y+b,
		x+b, y+a, x-b, y+a, x-b, y+b, x-a, y+b, x-a, y-b, x-b, y-b)
}

var signInk = color.RGBA{0xff, 0xf8, 0xe8, 0xff}

// sign draws a colour's shape, the same in every language: a disc for
// yellow (Money), a triangle for red (Influence), a diamond for purple
// (Raw Magic), a square for green (Prestige).
func (s *scene) sign(col sc.Colour, x, y, r float64) {
	c := s.c
	// Filled with a pale shade of its colour, so the side still reads as
	// that colour and the parchment of the goals stands out.
	ink, line := kit.Tint(colourInk[col], 0.55), max(1, r*0.22)
	switch col {
	case sc.Yellow:
		c.Disc(x, y, r, ink, kit.Ink, line)
	case sc.Red:
		c.Poly(ink, kit.Ink, line, x, y-r*1.1, x+r*1.05, y+r*0.7, x-r*1.05, y+r*0.7) // as wide as the diamond
	case sc.Purple:
		c.Poly(ink, kit.Ink, line, x, y-r*1.15, x+r*1.05, y, x, y+r*1.15, x-r*1.05, y)
	case sc.Green:
		// As wide as the disc, so that its corners tell it from the disc.
		c.Poly(ink, kit.Ink, line, x-r, y-r, x+r, y-r, x+r, y+r, x-r, y+r)
	}
}

// tile draws pl in r: its four sides as triangles meeting in the middle
// (a side of several colours split among them, a jagged side black), each
// side's colour sign, and on parchment what it carries: goals, a monster,
// a spell. cost shows the price in a coin.
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
	var sides [4][]sc.Colour // each side's colours on the screen; none: jagged
	for side := range 4 {
		i := ((side-pl.Rot)%4 + 4) % 4
		a, b := corners[side], corners[side+1]
		if t.Jagged[i] {
			c.Poly(jaggedInk, nil, 0, a[0], a[1], b[0], b[1], cx, cy)
			s.zigzag(a, b, cx, cy)
			continue
		}
		sides[side] = singleColours(t.Sides[i])
		for k, col := range sides[side] { // a side of n colours: n slices along its edge
			f0, f1 := float64(k)/float64(len(sides[side])), float64(k+1)/float64(len(sides[side]))
			p0x, p0y := a[0]+(b[0]-a[0])*f0, a[1]+(b[1]-a[1])*f0
			p1x, p1y := a[0]+(b[0]-a[0])*f1, a[1]+(b[1]-a[1])*f1
			c.Poly(colourInk[col], nil, 0, p0x, p0y, p1x, p1y, cx, cy)
		}
	}
	c.RoundRect(r, 0, nil, kit.Ink, max(1.5, w*0.02))
	cells := tileCells(r)
	// A monster alone on its tile is named in the middle, wider than a
	// cell: the signs left and right of it give way.
	name, nameSize := "", 0.0
	if t.Beast != "" && len(t.Goals) == 0 {
		name, nameSize = s.monster(r, cells[1][1], t.Beast)
	}
	for side, cols := range sides {
		if len(cols) == 0 {
			continue
		}
		cell := edgeCell(cells, side)
		size := cell.W * 0.96
		draw := func() { s.sideSign(cols, cell.CX(), cell.CY(), size) }
		if name != "" && side%2 == 1 {
			c.Font(kit.Bold, nameSize)
			size = min(size, (w-c.Measure(name))/2-w*0.04)
			if size < textMin {
				c.Decorative(crowdedSign, draw)
				continue
			}
		}
		s.crowded(crowdedSign, size, draw)
	}
	if name == "" {
		s.carries(cells, t)
	}
	if cost > 0 { // the price in a coin as large as its corner
		coin := cells[0][2]
		cr := coin.W * 0.5
		kit.Coin(c, coin.CX(), coin.CY(), cr)
		c.Ink(kit.Ink)
		c.FitText(strconv.Itoa(cost), kit.Bold, max(textMin, cr*1.35), textMin, coin.CX(), coin.CY(), coin.W*1.1, 0.5)
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

// carries draws what a tile carries, each on parchment in a cell of its
// own (see tileCells).
func (s *scene) carries(cells [3][3]kit.Rect, t sc.Tile) {
	c := s.c
	n := len(t.Goals)
	if t.Beast != "" || t.Kind == sc.ArtifactTile || t.Spell != "" {
		n++
	}
	slots := carryCells(cells, n)
	for _, cell := range slots {
		c.RoundRect(cell.Inset(cell.W*0.02), cell.W*0.2, kit.Parchment, kit.InkSoft, 1.5)
	}
	k := 0
	next := func() kit.Rect { k++; return slots[k-1].Inset(slots[k-1].W * 0.04) }
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
		r := min(cell.W, cell.H) * 0.5
		s.crowded(crowdedMark, 2*r, func() { kit.Crown(c, cell.CX(), cell.CY(), r) })
	case t.Spell != "":
		cell := next()
		r := min(cell.W, cell.H) * 0.5
		s.crowded(crowdedMark, 2*r, func() { kit.StarIcon(c, cell.CX(), cell.CY(), r) })
	}
}

// crowdedMark is why an artifact's crown or a spell's star in a district
// of the channel's board may be too small for a phone.
const crowdedMark = "an artifact's crown or a spell's star on a tile too small to show it on a phone (a crowded district on the channel's board); the seat's detail picture (/game look) and its owner's picture draw it large"

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
const crowdedGoal = "a goal on a tile too small to show it on a phone (a crowded district on the channel's board); the seat's detail picture (/game look) and its owner's picture draw it large"

// crowdedSign is why a side's colour sign may be too small for a phone: on
// a tile of a crowded district of the channel's board, or beside a
// monster's name on a tile too small for both.
const crowdedSign = "a side's colour sign on a tile too small to show it on a phone (a crowded district on the channel's board, or beside a monster's name); the seat's detail picture (/game look) and its owner's picture draw the district large"

// crowdedMonster is why a monster's initials may be too small for a phone.
const crowdedMonster = "a monster on a tile too small to name it on a phone; prompts name it with its coordinate, and the seat's detail picture (/game look) draws it large"

// monster draws a monster's initials large on a black pill in the middle
// of its tile and returns them with their font size, so the signs left and
// right of them can give way. The initials keep to the room between those
// signs while they read there; on a smaller tile they reach into the
// signs' cells, which then give way (see paintTile). A tile too small for
// them to read on a phone (a crowded district on the channel's board)
// still shows them, marked as decoration: the prompts name a monster with
// its coordinate, which always reads, and the seat's detail picture
// (/game look) and its owner's picture draw it large.
func (s *scene) monster(r, middle kit.Rect, beast string) (string, float64) {
	c := s.c
	name := abbrev(s.w.Text(gameText("sc.monster." + beast)))
	most := max(readable, middle.H*0.95) // within the middle row where it reads there
	width := r.W - 2*(textMin+r.W*0.04)  // between the signs left and right
	if c.Fit(name, kit.Bold, most, 8, width); c.FontSize() < readable {
		width = r.W * 0.64
	}
	c.Fit(name, kit.Bold, most, 8, width)
	size := c.FontSize()
	c.Font(kit.Bold, size)
	pill := kit.R(0, 0, c.Measure(name)+size*0.5, max(middle.H*0.9, size*1.1))
	pill = kit.R(middle.CX()-pill.W/2, middle.CY()-pill.H/2, pill.W, pill.H)
	c.RoundRect(pill, pill.H/2, jaggedInk, nil, 0)
	draw := func() {
		c.Ink(kit.Cream)
		c.FitText(name, kit.Bold, most, 8, middle.CX(), middle.CY(), width, 0.5)
	}
	if size < readable {
		c.Decorative(crowdedMonster, draw)
	} else {
		draw()
	}
	return name, size
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
		lumps := [][2]float64{{0.5, 0.28}, {0.26, 0.7}, {0.74, 0.7}}
		rad := sz * 0.26 // the two lower lumps reach across the whole box
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
