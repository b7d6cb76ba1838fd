package dungeondesigner

import (
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	legendRowH = 72.0
	legendIcon = 31.0 // element letters read on a phone
	legendText = readable
)

type legendItem struct {
	label string
	icon  func(cx, cy float64)
}

// legendItems explains the glyphs of a picture in the reader's language:
// the elements always, the parts of a room only when rooms are drawn
// readable (withRooms; on the public board they are thumbnails).
func (s *scene) legendItems(withRooms bool) []legendItem {
	var items []legendItem
	for _, el := range append(append([]string{}, monsterCodes...), trapCodes...) {
		items = append(items, legendItem{s.w.T("dd.el." + el), func(cx, cy float64) { s.element(el, cx, cy, legendIcon) }})
	}
	items = append(items,
		legendItem{s.w.T("dd.el.treasure"), func(cx, cy float64) { s.element("treasure", cx, cy, legendIcon) }},
		legendItem{s.w.T("ddimg.star.pos"), func(cx, cy float64) { s.star(2, cx, cy, legendIcon) }},
		legendItem{s.w.T("ddimg.star.neg"), func(cx, cy float64) { s.star(-1, cx, cy, legendIcon) }},
		legendItem{s.w.T("dd.el.passage"), func(cx, cy float64) { s.passage(cx, cy, legendIcon*0.8, false) }},
		legendItem{s.w.T("ddimg.tile"), func(cx, cy float64) {
			s.c.Decorative("an example tile; its letter has an entry of its own", func() { s.tile("circle", "slime", cx, cy, legendIcon) })
		}},
	)
	if !withRooms {
		return items
	}
	items = append(items,
		legendItem{s.w.T("ddimg.door") + " + " + s.w.T("ddimg.path"), func(cx, cy float64) {
			b := kit.R(cx-legendIcon, cy-legendIcon, 2*legendIcon, 2*legendIcon)
			s.c.RoundRect(b, 3, caveFloor, nil, 0)
			s.paths([4]bool{dd.Top: true, dd.Left: true}, b)
		}},
		legendItem{s.w.T("ddimg.cave"), func(cx, cy float64) {
			s.c.RoundRect(kit.R(cx-legendIcon, cy-legendIcon, 2*legendIcon, 2*legendIcon), legendIcon*0.4, caveFloor, caveEdge, 2)
		}},
		legendItem{s.w.T("ddimg.masonry"), func(cx, cy float64) {
			b := kit.R(cx-legendIcon, cy-legendIcon, 2*legendIcon, 2*legendIcon)
			s.c.RoundRect(b, 2, masonryFloor, masonryEdge, 2)
			s.bricks(b, masonryEdge)
		}},
		legendItem{s.w.T("ddimg.gate"), func(cx, cy float64) { kit.Door(s.c, cx, cy, legendIcon*0.9) }},
	)
	return items
}

// legendFlow places the items in rows inside r and draws them when draw
// is set; it returns the number of rows used.
func (s *scene) legendFlow(r kit.Rect, withRooms, draw bool) int {
	c := s.c
	x, row := r.X, 0
	for _, it := range s.legendItems(withRooms) {
		c.Font(kit.Medium, legendText)
		w := 2*legendIcon + 12 + c.Measure(it.label) + 30
		if x > r.X && x+w > r.Right() {
			x, row = r.X, row+1
		}
		if draw {
			cy := r.Y + float64(row)*legendRowH + legendRowH/2
			it.icon(x+legendIcon, cy)
			c.Ink(kit.Cream)
			c.Font(kit.Medium, legendText)
			c.Text(it.label, x+2*legendIcon+12, cy, 0)
		}
		x += w
	}
	return row + 1
}

func (s *scene) legendHeight(withRooms bool) float64 {
	rows := s.legendFlow(kit.R(0, 0, boardW-2*margin-24, 0), withRooms, false)
	return float64(rows)*legendRowH + 16
}

// legend draws the key on dark wood at the bottom of the board.
func (s *scene) legend(r kit.Rect, withRooms bool) {
	s.c.DarkPanel(r)
	s.legendFlow(kit.R(r.X+12, r.Y+8, r.W-24, r.H-16), withRooms, true)
}
