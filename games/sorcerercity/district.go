package sorcerercity

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Pos is a cell of a district: X grows to the right, Y downwards.
type Pos struct{ X, Y int }

// dirs are the four orthogonal steps, indexed by the side they leave
// through (Top, Right, Bottom, Left).
var dirs = [4]Pos{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

func (p Pos) step(side int) Pos { return Pos{p.X + dirs[side].X, p.Y + dirs[side].Y} }

func (p Pos) String() string { return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) }

// Frame is the top-left corner of the district's coordinate grid: one
// cell beyond its tiles on every side, so that every spot a tile can go
// to has a name. The pictures letter the columns from the left and number
// the rows from the top within it.
func (d *District) Frame() Pos {
	if len(d.Cells) == 0 {
		return Pos{-1, -1}
	}
	f := d.Cells[0].At
	for _, c := range d.Cells {
		f = Pos{min(f.X, c.At.X), min(f.Y, c.At.Y)}
	}
	return Pos{f.X - 1, f.Y - 1}
}

// Name is p's coordinate as players read it on the pictures and type it:
// column letter, row number ("B3"). It changes when the district grows
// left or up, so options name spots by it but their ids keep Pos.
func (d *District) Name(p Pos) string {
	f := d.Frame()
	return ColumnName(p.X-f.X) + strconv.Itoa(p.Y-f.Y+1)
}

// ColumnName letters column i (0 = A) as a spreadsheet does: A … Z, AA …
func ColumnName(i int) string {
	if i < 0 {
		return "?"
	}
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}

// Placed is a tile as it lies: turned Rot quarter turns clockwise, and face
// down while an Invisible Stalker hides it.
type Placed struct {
	Tile     string `json:"t"`
	Rot      int    `json:"r,omitempty"`
	FaceDown bool   `json:"d,omitempty"`
	// Tame: a monster placed early by the "two early" reward; all its
	// effects are ignored for the year, score-phase ones and a Skeleton's
	// jagged sides included.
	Tame bool `json:"tame,omitempty"`
}

// Cell is one occupied cell; a monster (or a moved rainbow tile) may lie on
// top of another tile, so a cell is a stack, its top last.
type Cell struct {
	At    Pos      `json:"at"`
	Stack []Placed `json:"s"`
}

// District is one player's built tiles this year.
type District struct {
	Cells []Cell `json:"cells,omitempty"`
}

func (d *District) index(p Pos) int {
	return slices.IndexFunc(d.Cells, func(c Cell) bool { return c.At == p })
}

// Top returns the tile on top of p.
func (d *District) Top(p Pos) (Placed, bool) {
	if i := d.index(p); i >= 0 {
		return d.Cells[i].Stack[len(d.Cells[i].Stack)-1], true
	}
	return Placed{}, false
}

// Len counts the occupied cells.
func (d *District) Len() int { return len(d.Cells) }

// side is the colour p's top tile shows on side, and whether that side is
// jagged; a face-down tile shows nothing, a tame Skeleton's jagged sides
// bar nothing.
func side(c *Components, p Placed, s int) (Colour, bool) {
	t := c.Tile(p.Tile)
	i := ((s-p.Rot)%4 + 4) % 4
	if p.FaceDown {
		return None, false
	}
	return t.Sides[i], t.Jagged[i] && !p.Tame
}

// ErrPlace is why a tile cannot lie somewhere.
var ErrPlace = errors.New("cannot place there")

// CanPlace reports whether tile, turned rot, may be built at p: on an empty
// cell next to the district (anywhere while it is empty), with no side
// touching a Skeleton's jagged side and no jagged side of its own touching
// a tile.
func (d *District) CanPlace(c *Components, p Pos, pl Placed) error {
	if d.index(p) >= 0 {
		return fmt.Errorf("%w: %s is taken", ErrPlace, p)
	}
	touches := false
	for s := range 4 {
		q, ok := d.Top(p.step(s))
		if !ok {
			continue
		}
		touches = true
		if _, j := side(c, q, (s+2)%4); j {
			return fmt.Errorf("%w: %s touches a jagged side", ErrPlace, p)
		}
		if _, j := side(c, pl, s); j {
			return fmt.Errorf("%w: a jagged side at %s would touch a tile", ErrPlace, p)
		}
	}
	if !touches && len(d.Cells) > 0 {
		return fmt.Errorf("%w: %s is not next to the district", ErrPlace, p)
	}
	return nil
}

// Place builds pl at p after CanPlace.
func (d *District) Place(c *Components, p Pos, pl Placed) error {
	if err := d.CanPlace(c, p, pl); err != nil {
		return err
	}
	d.Cells = append(d.Cells, Cell{At: p, Stack: []Placed{pl}})
	return nil
}

// Cover lays pl on top of the tile at p (a Pixie, Giant or Genie, a moved
// rainbow tile).
func (d *District) Cover(p Pos, pl Placed) error {
	i := d.index(p)
	if i < 0 {
		return fmt.Errorf("%w: nothing to cover at %s", ErrPlace, p)
	}
	d.Cells[i].Stack = append(d.Cells[i].Stack, pl)
	return nil
}

// Lift takes the top tile off p, uncovering what lies beneath.
func (d *District) Lift(p Pos) (Placed, bool) {
	i := d.index(p)
	if i < 0 {
		return Placed{}, false
	}
	st := d.Cells[i].Stack
	top := st[len(st)-1]
	if len(st) == 1 {
		d.Cells = slices.Delete(d.Cells, i, i+1)
	} else {
		d.Cells[i].Stack = st[:len(st)-1]
	}
	return top, true
}

// Free lists the empty cells next to the district, in reading order: where
// a tile may go, before its sides are checked.
func (d *District) Free() []Pos {
	if len(d.Cells) == 0 {
		return []Pos{{0, 0}}
	}
	seen := map[Pos]bool{}
	var out []Pos
	for _, cell := range d.Cells {
		for s := range 4 {
			q := cell.At.step(s)
			if !seen[q] && d.index(q) < 0 {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	slices.SortFunc(out, func(a, b Pos) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return out
}

// clone is a copy of d sharing nothing with it.
func (d *District) clone() District {
	out := District{Cells: make([]Cell, len(d.Cells))}
	for i, c := range d.Cells {
		out.Cells[i] = Cell{At: c.At, Stack: slices.Clone(c.Stack)}
	}
	return out
}
