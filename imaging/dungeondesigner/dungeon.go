package dungeondesigner

import (
	"image/color"
	"math"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var frameStone = color.RGBA{0x2e, 0x27, 0x22, 0xff}

// dungeonGeom is the layout of one dungeon drawn with cells of size cell:
// column labels on top, the entrance gate row, the 4×4 grid with row
// labels on its left, and the exit gate row.
type dungeonGeom struct {
	x, y          float64
	labelW, label float64 // row label column width, label font size
	gateH         float64
	grid          kit.Grid
}

func newDungeonGeom(x, y, cell float64) dungeonGeom {
	label := math.Min(40, math.Max(17, cell*0.22))
	g := dungeonGeom{x: x, y: y, label: label, labelW: label * 1.5, gateH: math.Max(30, cell*0.34)}
	gap := math.Max(3, math.Round(cell*0.05))
	g.grid = kit.Grid{X: x + g.labelW + 6, Y: y + label + 6 + g.gateH + gap*1.5, Cell: cell, Gap: gap, Rows: 4, Cols: 4}
	return g
}

// size is the width and height the whole dungeon block takes.
func (g dungeonGeom) size() (float64, float64) {
	b := g.grid.Bounds()
	return b.Right() - g.x + g.grid.Gap*1.5 + 2, b.Bottom() + g.grid.Gap*1.5 + g.gateH - g.y
}

// dungeonWidth is the block width for a cell size, for fitting layouts.
func dungeonWidth(cell float64) float64 {
	w, _ := newDungeonGeom(0, 0, cell).size()
	return w
}

// dungeonHeight is the block height for a cell size.
func dungeonHeight(cell float64) float64 {
	_, h := newDungeonGeom(0, 0, cell).size()
	return h
}

// cellFor is the largest cell size whose dungeon block fits width w.
func cellFor(w float64) float64 {
	cell := math.Floor(w / 4)
	for cell > 20 && dungeonWidth(cell) > w {
		cell--
	}
	return cell
}

// dungeon draws dv with its coordinates and gates. buildRow is the row
// being built this year (its empty cells are highlighted) or -1; exit is
// the blueprint's exit column, shown faded until the gate is placed.
func (s *scene) dungeon(dv *dd.DungeonView, g dungeonGeom, buildRow, exit int) {
	c := s.c
	grid := g.grid
	b := grid.Bounds()
	frame := kit.R(b.X-grid.Gap*1.5, b.Y-grid.Gap*1.5, b.W+grid.Gap*3, b.H+grid.Gap*3)
	c.RoundRect(frame, grid.Gap*2, frameStone, kit.BrassDark, 2)

	c.Font(kit.Bold, g.label)
	c.GridLabels(grid, s.rowLabel, nil, grid.Gap*1.5+5, kit.Ink)
	cols := grid
	cols.Y = g.y + g.label + 4
	c.GridLabels(cols, nil, s.colLabel, 4, kit.Ink)

	for r := range 4 {
		for col := range 4 {
			cell := grid.At(r, col)
			if rv := dv.Rooms[r][col]; rv != nil {
				s.room(rv, cell)
				continue
			}
			s.emptyCell(cell, r, col, r == buildRow)
		}
	}
	s.links(dv, grid)
	for _, p := range dv.Passages {
		if p.Row >= 0 && p.Row < 4 && p.Col >= 0 && p.Col < 4 {
			s.edgePassage(grid.At(p.Row, p.Col), p.Side)
		}
	}
	in := grid.At(0, dv.Entrance)
	s.gate(in.CX(), b.Y-grid.Gap*1.5-g.gateH/2, g.gateH, s.w.T("ddimg.in"), true, dv.EntranceRooms > 0)
	outCol := exit
	if dv.ExitPlaced {
		outCol = dv.Exit
	}
	if outCol >= 0 && outCol < 4 {
		out := grid.At(3, outCol)
		s.gate(out.CX(), b.Bottom()+grid.Gap*1.5+g.gateH/2, g.gateH, s.w.T("ddimg.out"), dv.ExitPlaced, dv.ExitPlaced && dv.ExitRooms > 0)
	}
}

// emptyCell draws a free grid place, with its coordinates where they read
// on a phone (the seat's own picture; a thumbnail's cells are too small and
// its rows and columns are named beside it); the places of this year's row
// are highlighted so players see where rooms go.
func (s *scene) emptyCell(cell kit.Rect, r, col int, building bool) {
	c := s.c
	fill, edge, ink := color.RGBA{0x3a, 0x31, 0x2b, 0xff}, kit.Muted, kit.Muted
	if building {
		fill, edge, ink = kit.Tint(kit.Highlight, -0.55), kit.Highlight, kit.Highlight
	}
	c.RoundRect(cell, cell.W*0.06, fill, nil, 0)
	if building {
		c.SetDash(6, 5)
		c.RoundRect(cell.Inset(2), cell.W*0.06, nil, edge, 2)
		c.SetDash()
	}
	if cell.W*0.24 < readable {
		return
	}
	c.Ink(ink)
	c.FitText(s.rowLabel(r)+s.colLabel(col), kit.Bold, cell.W*0.24, readable, cell.CX(), cell.CY(), cell.W*0.85, 0.5)
}

// links bridges the gap between two rooms whose doors face each other, so
// connected paths read as one.
func (s *scene) links(dv *dd.DungeonView, grid kit.Grid) {
	c := s.c
	w := grid.Cell * 0.15
	for r := range 4 {
		for col := range 4 {
			rv := dv.Rooms[r][col]
			if rv == nil {
				continue
			}
			cell := grid.At(r, col)
			if col < 3 && rv.Doors[dd.Right] && dv.Rooms[r][col+1] != nil && dv.Rooms[r][col+1].Doors[dd.Left] {
				c.FillRect(kit.R(cell.Right()-1, cell.CY()-w/2, grid.Gap+2, w), pathColor)
			}
			if r < 3 && rv.Doors[dd.Bottom] && dv.Rooms[r+1][col] != nil && dv.Rooms[r+1][col].Doors[dd.Top] {
				c.FillRect(kit.R(cell.CX()-w/2, cell.Bottom()-1, w, grid.Gap+2), pathColor)
			}
		}
	}
}

// gate draws an entrance or exit gate centred on (cx, cy) in a row of
// height h, with its label; an exit not yet placed is a dashed outline.
func (s *scene) gate(cx, cy, h float64, label string, placed, linked bool) {
	c := s.c
	r := h / 2.4
	if placed {
		kit.Door(c, cx, cy+r*0.05, r)
	} else {
		c.SetDash(4, 3)
		c.DrawRoundedRectangle(cx-r*0.7, cy-r, r*1.4, r*2, r*0.5)
		c.SetColor(kit.Muted)
		c.SetLineWidth(2)
		c.Stroke()
		c.SetDash()
	}
	ink := kit.Ink
	if !placed {
		ink = kit.InkSoft
	}
	c.Ink(ink)
	c.Font(kit.Bold, math.Min(40, h*0.6))
	c.Text(label, cx+r*0.95, cy, 0)
	if linked {
		kit.Check(c, cx-r*1.5, cy, r*0.5, kit.Good)
	}
}
