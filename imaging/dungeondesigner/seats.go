package dungeondesigner

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	seatHeadH  = 60.0
	seatStatsH = 116.0 // two lines of chips
	seatTaskH  = 52.0
	// narrowPanel is the width below which a seat panel (four or five
	// seats in a row) gives its gold a line of its own and each figure its
	// own lines, as chips side by side no longer fit at a readable size.
	narrowPanel = 340.0
	narrowLineH = 44.0 // a line of text at the readable size
	chipRowH    = 58.0
)

// seatPanelHeight is the height of a seat panel w wide with thumbnail
// cells of size cell and room for the most tasks a seat takes.
func seatPanelHeight(w, cell float64) float64 {
	return seatHeadH + seatStatsHeight(w) + dungeonHeight(cell) + maxSeatTasks*seatTaskH + 12
}

// seatStatsHeight is the height of a seat's figures in a panel w wide:
// two lines of chips, or in a narrow panel the gold, the status chip and
// two lines each for the blueprint and the entrance path.
func seatStatsHeight(w float64) float64 {
	if w >= narrowPanel {
		return seatStatsH
	}
	return narrowLineH + chipRowH + 4*narrowLineH + 8
}

// seatPanel draws one seat: name, gold and status, a thumbnail of its
// dungeon, and the tasks it has taken with their value.
func (s *scene) seatPanel(v *dd.PublicView, sv *dd.SeatView, r kit.Rect, cell float64) {
	c := s.c
	active := v.Phase == dd.PhaseImprove && v.Acting == sv.Seat
	edge := kit.Brass
	if active {
		c.RoundRect(kit.R(r.X-6, r.Y-6, r.W+12, r.H+12), 20, kit.Highlight, nil, 0)
		edge = kit.BrassDark
	} else {
		c.Shadow(r, 14)
	}
	c.RoundRect(r, 14, kit.Parchment, edge, 4)
	band := kit.Tint(kit.SeatColor(sv.Seat), 0.55)
	c.DrawRoundedRectangle(r.X+2, r.Y+2, r.W-4, seatHeadH, 12)
	c.SetColor(band)
	c.Fill()
	c.FillRect(kit.R(r.X+2, r.Y+seatHeadH-10, r.W-4, 12), band)
	c.Decorative("the player's name follows the marker", func() {
		c.SeatMarker(sv.Seat, r.X+30, r.Y+seatHeadH/2+1, 21)
	})

	// Gold on the right of the header, name in the rest; a narrow panel
	// gives the name the whole header and the gold the line below.
	statsH := seatStatsHeight(r.W)
	stats := kit.R(r.X+12, r.Y+seatHeadH+2, r.W-24, statsH)
	nameW := r.W - 58 - 14
	if r.W >= narrowPanel {
		nameW -= s.gold(sv.Gold, r.Right()-14, r.Y+seatHeadH/2+1, 1) + 48
	} else {
		s.gold(sv.Gold, stats.X, stats.Y+narrowLineH/2, 0)
		stats = kit.R(stats.X, stats.Y+narrowLineH, stats.W, statsH-narrowLineH)
	}
	c.Ink(kit.Ink)
	c.FitText(s.m.Name(sv.Seat), kit.Bold, 36, readable, r.X+58, r.Y+seatHeadH/2+1, nameW, 0)

	s.seatStats(v, sv, stats)

	g := newDungeonGeom(0, 0, cell)
	w, _ := g.size()
	g = newDungeonGeom(r.X+(r.W-w)/2, r.Y+seatHeadH+statsH+4, cell)
	buildRow := -1
	if v.Phase == dd.PhaseBuild {
		buildRow = v.Year - 1
	}
	c.Decorative(thumbnail, func() { s.thumbnail(&sv.Dungeon, g, buildRow, sv.Blueprint.Exit) })
	if v.Placing != nil && v.Placing.Seat == sv.Seat {
		s.places(v.Placing.Places, g, false)
	}
	_, h := g.size()
	y := g.y + h
	for _, t := range sv.Tasks {
		taskArea{s}.seatTask(t, kit.R(r.X+10, y, r.W-20, seatTaskH-4))
		y += seatTaskH
	}
}

// thumbnail draws a dungeon as dungeon does, on the panel's parchment,
// through a cache keyed by everything the drawing depends on: most
// dungeons are the same on a table's next board, and an opaque thumbnail
// is copied, not blended.
func (s *scene) thumbnail(dv *dd.DungeonView, g dungeonGeom, buildRow, exit int) {
	look, err := json.Marshal(dv)
	if err != nil { // a view is plain data; draw it directly all the same
		s.dungeon(dv, g, buildRow, exit)
		return
	}
	w, h := g.size()
	key := fmt.Sprintf("%s/%.2f/%d/%d/%s", s.m.Lang, g.grid.Cell, buildRow, exit, look)
	s.thumbs.Draw(s.c, key, g.x+w/2, g.y+h/2, int(math.Ceil(max(w, h)))+4, func(c *kit.Canvas, cx, cy float64) {
		on := *s
		on.c = c
		c.FillRect(kit.R(math.Floor(cx-w/2), math.Floor(cy-h/2), math.Ceil(w)+1, math.Ceil(h)+1), kit.Parchment)
		on.dungeon(dv, newDungeonGeom(cx-w/2, cy-h/2, g.grid.Cell), buildRow, exit)
	})
}

// seatTask is one task a seat took: its number and what it is worth now.
// Its text does not fit a seat's panel at a size a phone reads (it was
// drawn at 14-20 px, 5-7 px there); the open tasks showed it before it was
// taken, and the seat's detail picture (/game look) and its own picture
// show it.
func (ta taskArea) seatTask(t dd.TaskView, r kit.Rect) {
	ta.taskNumber(t, r.X, r.CY())
	ta.taskPoints(t, r.Right(), r.CY())
}

// gold draws a seat's gold as a coin and its number, the coin first,
// starting at x (ax 0) or ending there (ax 1); it returns the width used.
func (s *scene) gold(n int, x, cy, ax float64) float64 {
	c := s.c
	c.Font(kit.Bold, 38)
	gold := strconv.Itoa(n)
	w := 36 + c.Measure(gold)
	left := x - ax*w
	kit.Coin(c, left+17, cy, 17) // 34 px: 11.3 px on a phone
	c.Ink(kit.Ink)
	c.Text(gold, left+36, cy, 0)
	return w
}

// seatStats is two lines of chips read on a phone: the status this phase,
// then the blueprint's progress and the entrance path's length. A narrow
// panel has the status chip alone on its line and each figure below on up
// to two lines of its own.
func (s *scene) seatStats(v *dd.PublicView, sv *dd.SeatView, r kit.Rect) {
	c := s.c
	h := 54.0 // chips with text at readable size
	x := r.X
	status, fill, ink := "", kit.ParchDark, kit.Ink
	switch {
	case v.Phase == dd.PhaseBuild && sv.Picked:
		status, fill, ink = s.w.T("ddimg.chosen"), kit.Good, kit.Cream
	case v.Phase == dd.PhaseBuild:
		status = s.w.T("ddimg.choosing")
	case v.Phase == dd.PhaseImprove && v.Acting == sv.Seat:
		status, fill = s.w.T("ddimg.acting"), kit.Highlight
	case v.Phase == dd.PhaseImprove && sv.Passed:
		status, fill, ink = s.w.T("ddimg.passed"), kit.InkSoft, kit.Cream
	case v.Phase == dd.PhaseOver:
		for _, sc := range v.Scores {
			if sc.Seat == sv.Seat {
				status, fill, ink = s.w.T("ddimg.score.total")+" "+strconv.Itoa(sc.Total), kit.Good, kit.Cream
			}
		}
	}
	if sv.GoldKept {
		status = strings.TrimPrefix(status+" · "+s.w.T("ddimg.gold")+" "+s.w.T("ddimg.kept"), " · ")
	}
	rows := r.Rows(2, 4)
	if r.W+24 < narrowPanel {
		rows = []kit.Rect{kit.R(r.X, r.Y, r.W, chipRowH)}
	}
	// chip draws t on row, shortened to the room left when first on its
	// row, left out otherwise.
	chip := func(row kit.Rect, t string, fill, ink color.RGBA) {
		c.Font(kit.Bold, h*0.62)
		if t == "" {
			return
		}
		if x+c.Measure(t)+h*0.9 > row.Right() {
			if x > row.X {
				return
			}
			t = c.Ellipsize(t, row.W-h*0.9)
		}
		x += c.Pill(x, row.CY(), h, t, fill, ink, 0) + 8
	}
	chip(rows[0], status, fill, ink)
	figures := []string{s.w.T("ddimg.blueprint", "n", sv.Blueprint.Met), s.w.T("ddimg.net.in", "n", sv.Dungeon.EntranceRooms)}
	if len(rows) == 1 {
		// One line after another from the top, each figure on up to two.
		c.Ink(kit.InkSoft)
		c.Font(kit.Bold, readable)
		y := r.Y + chipRowH + narrowLineH/2
		for _, f := range figures {
			for i, line := range c.Wrap(f, r.W-4) {
				if i == 2 {
					break
				}
				c.Text(c.Ellipsize(line, r.W-4), r.X+4, y, 0)
				y += narrowLineH
			}
		}
		return
	}
	x = r.X
	for _, f := range figures {
		chip(rows[1], f, kit.ParchDark, kit.InkSoft)
	}
}

// places rings every spot (or, for a secret passage, every edge) the tile
// being placed may go to, so the player finds on the board what the
// menu offers by row, column and corner. numbered (the placing seat's own
// picture) writes in each the number its option names it by, readable on
// a phone; the channel's thumbnails only ring them.
func (s *scene) places(places []dd.PlaceView, g dungeonGeom, numbered bool) {
	c := s.c
	for _, p := range places {
		if p.Row < 1 || p.Row > 4 || p.Col < 1 || p.Col > 4 {
			continue
		}
		cell := g.grid.At(p.Row-1, p.Col-1)
		S := cell.W
		var cx, cy float64
		switch q, side := quadIndex(p.Where), sideIndex(p.Where); {
		case q >= 0:
			cx, cy = cell.X+quadCentre[q][0]*S, cell.Y+quadCentre[q][1]*S
			if !numbered {
				c.Disc(cx, cy, S*0.16, nil, kit.Highlight, math.Max(3, S*0.05))
				continue
			}
		case side >= 0:
			cx, cy = cell.X+sideMid[side][0]*S, cell.Y+sideMid[side][1]*S
			if !numbered {
				c.Disc(cx, cy, S*0.1, kit.Highlight, kit.Ink, 1.5)
				continue
			}
		default:
			continue
		}
		n := strconv.Itoa(p.N)
		c.Font(kit.Bold, readable)
		r := math.Max(S*0.16, c.Measure(n)/2+10)
		c.Disc(cx, cy, r, kit.Cream, kit.Highlight, math.Max(5, S*0.04)) // the ring the thumbnails show, unlike a gold coin
		c.Ink(kit.Ink)
		c.Text(n, cx, cy, 0.5)
	}
}

func quadIndex(code string) int {
	for i, q := range [4]string{"tl", "tr", "bl", "br"} {
		if q == code {
			return i
		}
	}
	return -1
}

func sideIndex(code string) int {
	for i, sd := range [4]string{"t", "r", "b", "l"} {
		if sd == code {
			return i
		}
	}
	return -1
}
