package kit

import (
	"strconv"
	"testing"
)

func TestGridCells(t *testing.T) {
	g := Grid{X: 10, Y: 20, Cell: 50, Gap: 4, Rows: 4, Cols: 3}
	tests := []struct {
		r, col int
		want   Rect
	}{
		{0, 0, R(10, 20, 50, 50)},
		{0, 2, R(118, 20, 50, 50)},
		{3, 1, R(64, 182, 50, 50)},
	}
	for _, tt := range tests {
		if got := g.At(tt.r, tt.col); got != tt.want {
			t.Errorf("At(%d,%d) = %v, want %v", tt.r, tt.col, got, tt.want)
		}
	}
	if b := g.Bounds(); b != R(10, 20, 158, 212) {
		t.Errorf("Bounds = %v", b)
	}
}

// TestGridLabelsInkOutsideCells checks that labels land left of and above
// the grid, never on the cells.
func TestGridLabelsInkOutsideCells(t *testing.T) {
	k := newKit(t)
	c := k.Canvas(300, 300)
	defer c.Close()
	g := Grid{X: 80, Y: 80, Cell: 40, Gap: 4, Rows: 4, Cols: 4}
	c.Font(Bold, 20)
	label := func(i int) string { return strconv.Itoa(i + 1) }
	c.GridLabels(g, label, label, 8, Ink)
	img := c.Image()
	left, top, inside := 0, 0, 0
	b := g.Bounds()
	for y := 0; y < 300; y++ {
		for x := 0; x < 300; x++ {
			if img.Pix[img.PixOffset(x, y)+3] == 0 {
				continue
			}
			fx, fy := float64(x), float64(y)
			switch {
			case fx >= b.X && fx < b.Right() && fy >= b.Y && fy < b.Bottom():
				inside++
			case fx < b.X && fy >= b.Y:
				left++
			case fy < b.Y && fx >= b.X:
				top++
			}
		}
	}
	if inside != 0 || left < 20 || top < 20 {
		t.Errorf("ink inside=%d left=%d top=%d", inside, left, top)
	}
}
