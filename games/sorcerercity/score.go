package sorcerercity

// Annual is a year's Annual Progress: one track per resource.
type Annual [4]int

// TrackCap is the most a track may hold in a year; more is lost.
const TrackCap = 60

// Add adds n to r's track, capped.
func (a *Annual) Add(r Resource, n int) { a[r] = min(TrackCap, max(0, a[r]+n)) }

// GoalScore is what one goal of a district scores. A rainbow group goal
// (Any) gives one GoalScore per colour it could score; its owner picks one.
type GoalScore struct {
	At     Pos
	Goal   int // index on the tile
	Kind   GoalKind
	Res    Resource
	Any    bool
	Points int
}

// board is a district's visible top tiles, for scoring.
type board struct {
	c   *Components
	top map[Pos]Placed
}

func newBoard(c *Components, d *District) board {
	b := board{c: c, top: map[Pos]Placed{}}
	for _, cell := range d.Cells {
		b.top[cell.At] = cell.Stack[len(cell.Stack)-1]
	}
	return b
}

// linked reports whether the tiles at p and p.step(s) join in colour col:
// both show it on the sides that touch.
func (b board) linked(p Pos, s int, col Colour) bool {
	a, ok := b.top[p]
	q, ok2 := b.top[p.step(s)]
	if !ok || !ok2 {
		return false
	}
	ca, _ := side(b.c, a, s)
	cq, _ := side(b.c, q, (s+2)%4)
	return ca&col != 0 && cq&col != 0
}

// shows reports whether the tile at p shows col on any side.
func (b board) shows(p Pos, col Colour) bool {
	pl, ok := b.top[p]
	if !ok {
		return false
	}
	for s := range 4 {
		if c, _ := side(b.c, pl, s); c&col != 0 {
			return true
		}
	}
	return false
}

// group counts the tiles joined to p in col.
func (b board) group(p Pos, col Colour) int {
	if !b.shows(p, col) {
		return 0
	}
	seen := map[Pos]bool{p: true}
	todo := []Pos{p}
	for len(todo) > 0 {
		q := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for s := range 4 {
			if n := q.step(s); !seen[n] && b.linked(q, s, col) {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	return len(seen)
}

// line is the longer of the row and the column of tiles joined in col
// through p.
func (b board) line(p Pos, col Colour) int {
	best := 0
	for _, axis := range [][2]int{{Left, Right}, {Top, Bottom}} {
		n := 1
		for _, s := range axis {
			for q := p; b.linked(q, s, col); q = q.step(s) {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// goals lists the live goals of each visible tile: a tile's goals are gone
// while it is face down, covered, or next to a Dark Mage.
func (b board) goals() map[Pos][]Goal {
	mages := map[Pos]bool{}
	for p, pl := range b.top {
		if !pl.FaceDown && !pl.Tame && b.c.Tile(pl.Tile).Beast == "dark-mage" {
			mages[p] = true
		}
	}
	out := map[Pos][]Goal{}
	for p, pl := range b.top {
		if pl.FaceDown || len(b.c.Tile(pl.Tile).Goals) == 0 || nearMage(p, mages) {
			continue
		}
		out[p] = b.c.Tile(pl.Tile).Goals
	}
	return out
}

func nearMage(p Pos, mages map[Pos]bool) bool {
	for dx := -1; dx <= 1; dx++ {
		for dy := -1; dy <= 1; dy++ {
			if (dx != 0 || dy != 0) && mages[Pos{p.X + dx, p.Y + dy}] {
				return true
			}
		}
	}
	return false
}

// minStructure is the least a group or a line must hold to score, and
// minShieldNeighbours the tiles with shields a shield goal needs around it.
const (
	minStructure        = 3
	minShieldNeighbours = 2
)

// Goals scores every live goal of d, before any choice: a rainbow group
// goal appears once per colour it would score.
func (d *District) Goals(c *Components) []GoalScore {
	b := newBoard(c, d)
	live := b.goals()
	var out []GoalScore
	for _, cell := range d.Cells {
		p := cell.At
		for i, g := range live[p] {
			switch {
			case g.Kind == Shield:
				tiles, shields := 0, len(live[p])
				for dx := -1; dx <= 1; dx++ {
					for dy := -1; dy <= 1; dy++ {
						if n := len(live[Pos{p.X + dx, p.Y + dy}]); (dx != 0 || dy != 0) && n > 0 {
							tiles++
							shields += n
						}
					}
				}
				if tiles >= minShieldNeighbours {
					out = append(out, GoalScore{At: p, Goal: i, Kind: g.Kind, Res: g.Res, Points: shields})
				}
			case g.Any:
				for r := range Resource(4) {
					if n := b.group(p, r.Colour()); n >= minStructure {
						out = append(out, GoalScore{At: p, Goal: i, Kind: g.Kind, Res: r, Any: true, Points: n})
					}
				}
			default:
				n := 0
				if g.Kind == Group {
					n = b.group(p, g.Res.Colour())
				} else {
					n = b.line(p, g.Res.Colour())
				}
				if n >= minStructure {
					out = append(out, GoalScore{At: p, Goal: i, Kind: g.Kind, Res: g.Res, Points: n})
				}
			}
		}
	}
	return out
}

// RainbowKey names one rainbow goal for a colour choice.
type RainbowKey struct {
	At   Pos
	Goal int
}

// Score is d's Annual Progress from its goals. pick gives each rainbow
// group goal's colour; a goal without a pick scores its best colour
// (Money first on a tie), so a player who was not asked loses nothing.
func (d *District) Score(c *Components, pick map[RainbowKey]Resource) Annual {
	var a Annual
	best := map[RainbowKey]GoalScore{}
	for _, g := range d.Goals(c) {
		if !g.Any {
			a.Add(g.Res, g.Points)
			continue
		}
		k := RainbowKey{g.At, g.Goal}
		if r, ok := pick[k]; ok {
			if r == g.Res {
				best[k] = g
			}
			continue
		}
		if cur, ok := best[k]; !ok || g.Points > cur.Points {
			best[k] = g
		}
	}
	for _, g := range best {
		a.Add(g.Res, g.Points)
	}
	return a
}
