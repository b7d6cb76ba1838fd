package dungeondesigner

import (
	"image/color"
	"math"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var (
	caveFloor    = color.RGBA{0xc2, 0x9a, 0x63, 0xff}
	caveEdge     = color.RGBA{0x6e, 0x4a, 0x22, 0xff}
	masonryFloor = color.RGBA{0x9a, 0xa4, 0xae, 0xff}
	masonryEdge  = color.RGBA{0x3d, 0x46, 0x50, 0xff}
	pathColor    = color.RGBA{0xf3, 0xe7, 0xc9, 0xff}
	doorColor    = color.RGBA{0x5a, 0x34, 0x14, 0xff}
)

// Centres of the quadrants TopLeft, TopRight, BottomLeft, BottomRight as
// shares of the room's side.
var quadCentre = [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}}

// Midpoints of the sides Top, Right, Bottom, Left.
var sideMid = [4][2]float64{{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}}

// room draws rv in the square box b: the floor by type (caves rounded and
// plain, masonry square with bricks, so type is not told by colour alone),
// a path from the centre to every door, the doors and the four spots.
func (s *scene) room(rv *dd.RoomView, b kit.Rect) {
	c := s.c
	S := b.W
	floor, edge, radius := caveFloor, caveEdge, S*0.2
	if rv.Type == "masonry" {
		floor, edge, radius = masonryFloor, masonryEdge, S*0.04
	}
	// Two fills instead of a stroked outline: strokes dominate the cost of
	// a board with eighty rooms.
	c.RoundRect(b, radius, edge, nil, 0)
	line := math.Max(1.5, S*0.025)
	c.RoundRect(b.Inset(line), radius-line, floor, nil, 0)
	if rv.Type == "masonry" {
		s.bricks(b, edge)
	}
	s.paths(rv.Doors, b)
	for q, sp := range rv.Spots {
		if sp.Element == "" {
			continue
		}
		cx, cy := b.X+quadCentre[q][0]*S, b.Y+quadCentre[q][1]*S
		if sp.FromTile {
			s.tileToken(tileShape(sp.Element), cx, cy, S*0.2)
			s.element(sp.Element, cx, cy, S*0.175)
			continue
		}
		s.element(sp.Element, cx, cy, S*0.172)
	}
}

// bricks scores a few mortar lines into a masonry floor, clear of the
// centre lines where paths run.
func (s *scene) bricks(b kit.Rect, edge color.RGBA) {
	c := s.c
	S := b.W
	mortar := kit.Tint(masonryFloor, -0.18)
	w := math.Max(1, math.Round(S*0.012))
	for _, f := range []float64{0.12, 0.88} {
		c.FillRect(kit.R(b.X+S*0.06, b.Y+f*S, S*0.88, w), mortar)
		c.FillRect(kit.R(b.X+f*S, b.Y+S*0.06, w, S*0.88), mortar)
	}
}

// paths draws a light path from the centre to each door and the door
// itself as a dark plank on that side.
func (s *scene) paths(doors [4]bool, b kit.Rect) {
	c := s.c
	S := b.W
	cx, cy := b.CX(), b.CY()
	w := S * 0.15
	any := false
	for side, open := range doors {
		if !open {
			continue
		}
		any = true
		mx, my := b.X+sideMid[side][0]*S, b.Y+sideMid[side][1]*S
		x0, x1 := math.Min(cx, mx), math.Max(cx, mx)
		y0, y1 := math.Min(cy, my), math.Max(cy, my)
		if side == dd.Top || side == dd.Bottom {
			c.FillRect(kit.R(cx-w/2, y0, w, y1-y0), pathColor)
		} else {
			c.FillRect(kit.R(x0, cy-w/2, x1-x0, w), pathColor)
		}
	}
	if any {
		c.Disc(cx, cy, w*0.75, pathColor, nil, 0)
	}
	for side, open := range doors {
		if open {
			s.door(b, side)
		}
	}
}

// door draws the door plank on side of b.
func (s *scene) door(b kit.Rect, side int) {
	S := b.W
	long, deep := S*0.3, S*0.085
	mx, my := b.X+sideMid[side][0]*S, b.Y+sideMid[side][1]*S
	var r kit.Rect
	switch side {
	case dd.Top:
		r = kit.R(mx-long/2, my, long, deep)
	case dd.Bottom:
		r = kit.R(mx-long/2, my-deep, long, deep)
	case dd.Left:
		r = kit.R(mx, my-long/2, deep, long)
	default:
		r = kit.R(mx-deep, my-long/2, deep, long)
	}
	line := math.Max(1, math.Round(S*0.012))
	s.c.FillRect(r, kit.Ink)
	s.c.FillRect(r.Inset(line), doorColor)
}

// tileShape is the market tile shape an element comes on: traps on square
// tiles, gnolls, goblins, kobolds and passages on ovals, the rest round.
func tileShape(el string) string {
	switch {
	case elementKind(el) == kindTrap:
		return "square"
	case el == "gnoll" || el == "goblin" || el == "kobold" || el == "passage":
		return "oval"
	}
	return "circle"
}

// edgePassage marks a secret passage on side of the room in box b; it
// straddles the edge, off the door's middle so both stay visible.
func (s *scene) edgePassage(b kit.Rect, side int) {
	S := b.W
	var cx, cy float64
	switch side {
	case dd.Top:
		cx, cy = b.X+S*0.78, b.Y
	case dd.Bottom:
		cx, cy = b.X+S*0.78, b.Bottom()
	case dd.Left:
		cx, cy = b.X, b.Y+S*0.78
	default:
		cx, cy = b.Right(), b.Y+S*0.78
	}
	s.passage(cx, cy, S*0.12, side == dd.Top || side == dd.Bottom)
}
