package kit

import "image/color"

// Grid is a board of Rows×Cols square cells laid out from (X, Y) with Gap
// pixels between cells; games with coordinates (a dungeon, a chess-like
// board) use it so that cells and their labels always line up.
type Grid struct {
	X, Y       float64
	Cell, Gap  float64
	Rows, Cols int
}

// At is the box of the cell in row r and column col (both 0-based).
func (g Grid) At(r, col int) Rect {
	return Rect{g.X + float64(col)*(g.Cell+g.Gap), g.Y + float64(r)*(g.Cell+g.Gap), g.Cell, g.Cell}
}

// Bounds is the box covering every cell.
func (g Grid) Bounds() Rect {
	return Rect{g.X, g.Y, g.span(g.Cols), g.span(g.Rows)}
}

func (g Grid) span(n int) float64 {
	if n <= 0 {
		return 0
	}
	return float64(n)*g.Cell + float64(n-1)*g.Gap
}

// GridLabels names the rows left of g (right-aligned, gap px away) and the
// columns above it (centred, gap px away) in the current font, so that a
// player can read a cell's coordinates off the picture. A nil func skips
// that side.
func (c *Canvas) GridLabels(g Grid, row, col func(int) string, gap float64, ink color.Color) {
	c.Ink(ink)
	if row != nil {
		for r := 0; r < g.Rows; r++ {
			cell := g.At(r, 0)
			c.Text(row(r), g.X-gap, cell.CY(), 1)
		}
	}
	if col != nil {
		for k := 0; k < g.Cols; k++ {
			cell := g.At(0, k)
			c.Text(col(k), cell.CX(), g.Y-gap-c.FontSize()*capHeight/2, 0.5)
		}
	}
}
