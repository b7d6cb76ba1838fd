package dungeondesigner

// Cell is one grid position of a dungeon: a room (0 = empty) and the market
// tiles on its four element spots (0 = none).
type Cell struct {
	Room  int    `json:"room,omitempty"`
	Tiles [4]int `json:"tiles"`
}

// Edge is one edge of the 4×4 grid. A horizontal edge (V false) lies above
// cell (R, C), R in 0..4 (R 4 is below the bottom row); a vertical edge lies
// left of cell (R, C), C in 0..4. Each physical edge has exactly one Edge
// value, so two neighbouring rooms share it.
type Edge struct {
	R int  `json:"r"`
	C int  `json:"c"`
	V bool `json:"v,omitempty"`
}

// edgeOf is the edge on side of cell (r, c).
func edgeOf(r, c, side int) Edge {
	switch side {
	case Top:
		return Edge{R: r, C: c}
	case Bottom:
		return Edge{R: r + 1, C: c}
	case Left:
		return Edge{R: r, C: c, V: true}
	default:
		return Edge{R: r, C: c + 1, V: true}
	}
}

// Passage is a secret passage tile lying on an edge.
type Passage struct {
	Tile int  `json:"tile"`
	Edge Edge `json:"edge"`
}

// Dungeon is one player's 4×4 grid with its gates.
type Dungeon struct {
	Grid     [4][4]Cell `json:"grid"`
	Passages []Passage  `json:"passages,omitempty"`
	Entrance int        `json:"entrance"` // column of the entrance gate above row 0
	Exit     int        `json:"exit"`     // column of the exit gate below row 3
	ExitSet  bool       `json:"exit_set,omitempty"`
}

var dirs = [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} // Top, Right, Bottom, Left

func inGrid(r, c int) bool { return r >= 0 && r < 4 && c >= 0 && c < 4 }

func (d *Dungeon) hasPassage(e Edge) bool {
	for _, p := range d.Passages {
		if p.Edge == e {
			return true
		}
	}
	return false
}

// element is what lies on spot q of cell (r, c): the printed element or a tile's.
func (d *Dungeon) element(c *Components, r, col, q int) string {
	cell := d.Grid[r][col]
	if cell.Room == 0 {
		return ""
	}
	if el := c.Room(cell.Room).Spots[q]; el != "" {
		return el
	}
	if cell.Tiles[q] != 0 {
		return c.Tile(cell.Tiles[q]).Element
	}
	return ""
}

// roomCount counts the things "what" in cell (r, c).
func (d *Dungeon) roomCount(c *Components, r, col int, what string) int {
	n := 0
	for q := range 4 {
		if matches(d.element(c, r, col, q), what) {
			n++
		}
	}
	return n
}

// Count counts the things "what" in the whole dungeon; "passage" counts secret passages.
func (d *Dungeon) Count(c *Components, what string) int {
	if what == "passage" {
		return len(d.Passages)
	}
	n := 0
	for r := range 4 {
		for col := range 4 {
			n += d.roomCount(c, r, col, what)
		}
	}
	return n
}

// Stars sums the prestige of every star in the dungeon.
func (d *Dungeon) Stars(c *Components) int {
	sum := 0
	for r := range 4 {
		for col := range 4 {
			for q := range 4 {
				if v, ok := starValue(d.element(c, r, col, q)); ok {
					sum += v
				}
			}
		}
	}
	return sum
}

// open reports whether the side of cell (r, c) lets a path through: a
// printed door or a secret passage on that edge.
func (d *Dungeon) open(c *Components, r, col, side int) bool {
	if d.Grid[r][col].Room == 0 {
		return false
	}
	return c.Room(d.Grid[r][col].Room).Door(side) || d.hasPassage(edgeOf(r, col, side))
}

// linked reports whether the rooms at (r, c) and its neighbour on side are
// joined: a secret passage on their edge, or a door on both sides.
func (d *Dungeon) linked(c *Components, r, col, side int) bool {
	nr, nc := r+dirs[side][0], col+dirs[side][1]
	if !inGrid(nr, nc) || d.Grid[r][col].Room == 0 || d.Grid[nr][nc].Room == 0 {
		return false
	}
	if d.hasPassage(edgeOf(r, col, side)) {
		return true
	}
	return c.Room(d.Grid[r][col].Room).Door(side) && c.Room(d.Grid[nr][nc].Room).Door((side+2)%4)
}

// network counts the rooms reachable from the start cell, branches included.
func (d *Dungeon) network(c *Components, r0, c0 int) int {
	seen := [4][4]bool{}
	stack := [][2]int{{r0, c0}}
	seen[r0][c0] = true
	n := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		for side := range 4 {
			nr, nc := p[0]+dirs[side][0], p[1]+dirs[side][1]
			if d.linked(c, p[0], p[1], side) && !seen[nr][nc] {
				seen[nr][nc] = true
				stack = append(stack, [2]int{nr, nc})
			}
		}
	}
	return n
}

// EntranceNetwork counts the rooms on the path network reached from the
// entrance gate; the room below the gate must open towards it.
func (d *Dungeon) EntranceNetwork(c *Components) int {
	if !d.open(c, 0, d.Entrance, Top) {
		return 0
	}
	return d.network(c, 0, d.Entrance)
}

// ExitNetwork counts the rooms reached from the exit gate below row 4.
func (d *Dungeon) ExitNetwork(c *Components) int {
	if !d.open(c, 3, d.Exit, Bottom) {
		return 0
	}
	return d.network(c, 3, d.Exit)
}

// LongestPath is the number of rooms on the longest continuous path: a
// chain of linked rooms that visits no room twice.
func (d *Dungeon) LongestPath(c *Components) int {
	best := 0
	var seen [4][4]bool
	var walk func(r, col, n int)
	walk = func(r, col, n int) {
		if n > best {
			best = n
		}
		seen[r][col] = true
		for side := range 4 {
			nr, nc := r+dirs[side][0], col+dirs[side][1]
			if d.linked(c, r, col, side) && !seen[nr][nc] {
				walk(nr, nc, n+1)
			}
		}
		seen[r][col] = false
	}
	for r := range 4 {
		for col := range 4 {
			if d.Grid[r][col].Room != 0 {
				walk(r, col, 1)
			}
		}
	}
	return best
}

// LargestGroup is the size of the largest orthogonal group of rooms of typ.
func (d *Dungeon) LargestGroup(c *Components, typ string) int {
	best := 0
	var seen [4][4]bool
	for r := range 4 {
		for col := range 4 {
			if seen[r][col] || !d.isType(c, r, col, typ) {
				continue
			}
			n, stack := 0, [][2]int{{r, col}}
			seen[r][col] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				n++
				for _, dv := range dirs {
					nr, nc := p[0]+dv[0], p[1]+dv[1]
					if inGrid(nr, nc) && !seen[nr][nc] && d.isType(c, nr, nc, typ) {
						seen[nr][nc] = true
						stack = append(stack, [2]int{nr, nc})
					}
				}
			}
			best = max(best, n)
		}
	}
	return best
}

func (d *Dungeon) isType(c *Components, r, col int, typ string) bool {
	id := d.Grid[r][col].Room
	return id != 0 && c.Room(id).Type == typ
}

// Rooms counts the placed rooms.
func (d *Dungeon) Rooms() int {
	n := 0
	for r := range 4 {
		for col := range 4 {
			if d.Grid[r][col].Room != 0 {
				n++
			}
		}
	}
	return n
}

// freeSpots lists the (row, col, quadrant) spots without a printed element or tile.
func (d *Dungeon) freeSpots(c *Components) [][3]int {
	var out [][3]int
	for r := range 4 {
		for col := range 4 {
			cell := d.Grid[r][col]
			if cell.Room == 0 {
				continue
			}
			for q := range 4 {
				if c.Room(cell.Room).Spots[q] == "" && cell.Tiles[q] == 0 {
					out = append(out, [3]int{r, col, q})
				}
			}
		}
	}
	return out
}

// passageSpots lists every edge of a placed room without a passage, once
// each, as the (row, col, side) of the first room found that borders it.
// An edge two placed rooms share appears once for each of them (as the
// right edge of one and the left edge of the other), so a player finds it
// under either room; both name the same edge.
func (d *Dungeon) passageSpots() [][3]int {
	var out [][3]int
	for r := range 4 {
		for col := range 4 {
			if d.Grid[r][col].Room == 0 {
				continue
			}
			for side := range 4 {
				if !d.hasPassage(edgeOf(r, col, side)) {
					out = append(out, [3]int{r, col, side})
				}
			}
		}
	}
	return out
}

// passageEdges counts the distinct edges passageSpots offers.
func (d *Dungeon) passageEdges() int {
	seen := map[Edge]bool{}
	for _, sp := range d.passageSpots() {
		seen[edgeOf(sp[0], sp[1], sp[2])] = true
	}
	return len(seen)
}
