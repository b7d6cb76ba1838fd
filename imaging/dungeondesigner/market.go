package dungeondesigner

import (
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// stallArea draws the market: its stalls and the parts they offer.
type stallArea struct{ s *scene }

// taskArea draws the goal and the tasks: the board's panel, each seat's
// open tasks and the own picture's.
type taskArea struct{ s *scene }

// market draws the revealed stalls, two to a row.
func (sa stallArea) market(v *dd.PublicView, r kit.Rect) {
	w := (r.W - gap) / 2
	for i := range v.Stalls {
		x := r.X + float64(i%2)*(w+gap)
		y := r.Y + float64(i/2)*(stallH+gap)
		sa.stall(v, &v.Stalls[i], kit.R(x, y, w, stallH))
	}
}

// jaelTakes reports whether Jael's current card collects part (upper or
// lower) of the stall at position number, so the solo player sees it.
func jaelTakes(v *dd.PublicView, number int, part string) bool {
	if v.Jael == nil || v.Jael.Current == nil || v.Jael.Triggered || v.Phase == dd.PhaseOver {
		return false
	}
	for _, col := range v.Jael.Current.Collect {
		if col.Stall == number && col.Part == part {
			return true
		}
	}
	return false
}

// stall draws one stall card: its number and both parts with cost and
// tiles, one part to a row.
func (sa stallArea) stall(v *dd.PublicView, st *dd.StallView, r kit.Rect) {
	s := sa.s
	c := s.c
	c.Panel(r)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.stall", "n", st.Number), kit.Bold, 36, readable, r.X+16, r.Y+30, r.W-32, 0)
	rows := kit.R(r.X+10, r.Y+56, r.W-20, r.H-66).Rows(2, 8)
	sa.part(st.Upper, rows[0], jaelTakes(v, st.Number, "upper"))
	sa.part(st.Lower, rows[1], jaelTakes(v, st.Number, "lower"))
}

// part draws one half of a stall: the cost on a coin, then the printed
// shapes with the tiles lying on them (dashed when sold out).
func (sa stallArea) part(p dd.PartView, r kit.Rect, jael bool) {
	s := sa.s
	c := s.c
	c.RoundRect(r, 10, kit.ParchDark, nil, 0)
	coinR := 31.0
	cx := r.X + coinR + 8
	kit.Coin(c, cx, r.CY(), coinR)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, readable)
	c.Text(strconv.Itoa(p.Cost), cx, r.CY(), 0.5)
	tileR := math.Min(tileBig, r.H/2-3)
	x := cx + coinR + 14 + tileR*1.3
	for i, sh := range p.Shapes {
		if len(p.Tiles) == 0 {
			break // sold out: said in words below
		}
		if i < len(p.Tiles) {
			s.tile(p.Tiles[i].Shape, p.Tiles[i].Element, x, r.CY(), tileR)
		} else {
			s.emptySpot(sh, x, r.CY(), tileR)
		}
		x += tileR*2.6 + 6
	}
	if len(p.Tiles) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.sold"), kit.Bold, readable, readable, cx+coinR+14, r.CY(), r.Right()-cx-coinR-20, 0)
	}
	if jael {
		jx := r.Right() - 30
		c.Disc(jx, r.CY(), 28, jaelColor, kit.Cream, 2)
		c.Ink(kit.Cream)
		c.Font(kit.Bold, readable)
		c.Text("J", jx, r.CY(), 0.5)
	}
}

const (
	taskRowH  = 48.0 // an open task: one line
	goalLineH = 46.0
	tasksHead = 52.0
)

// goalHeight is the goal box's height: one or two lines, as the goal of the
// game (drawn at setup) needs, so it stays the same all game.
func (ta taskArea) goalHeight(v *dd.PublicView) float64 {
	if len(ta.goalLines(v, boardW-2*margin-32)) > 1 {
		return 2*goalLineH + 14
	}
	return goalLineH + 14
}

// goalLines are the goal's head and text as drawn in a box w wide.
func (ta taskArea) goalLines(v *dd.PublicView, w float64) []string {
	s := ta.s
	c := s.c
	pts := "ddimg.goal.pts"
	if v.Players <= 2 {
		pts = "ddimg.goal.pts2"
	}
	c.Font(kit.Bold, readable)
	return c.Wrap(s.w.T("ddimg.goal")+" ("+s.w.T(pts)+"): "+s.w.Text(v.Goal.Text), w-28)
}

// tasksHeight is the task panel's height for as many tasks as the table
// can show at once, not for those shown now: the board keeps its height
// from move to move.
func (ta taskArea) tasksHeight(v *dd.PublicView, slots int) float64 {
	return 12 + ta.goalHeight(v) + 8 + tasksHead + float64(slots)*taskRowH + 12
}

// tasksPanel shows the goal and the open tasks with their numbers, one to
// a line.
func (ta taskArea) tasksPanel(v *dd.PublicView, r kit.Rect, slots int) {
	s := ta.s
	c := s.c
	c.Panel(r)
	in := kit.R(r.X+16, r.Y+12, r.W-32, r.H-24)
	goalH := ta.goalHeight(v)
	ta.goalBox(v, kit.R(in.X, in.Y, in.W, goalH))
	y := in.Y + goalH + 8
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.tasks.open"), kit.Bold, 36, readable, in.X, y+tasksHead/2, in.W, 0)
	y += tasksHead
	if len(v.OpenTasks) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.tasks.none"), kit.Medium, readable, readable, in.X, y+taskRowH/2, in.W, 0)
		return
	}
	for i, t := range v.OpenTasks {
		ta.taskLine(t, kit.R(in.X, y+float64(i)*taskRowH, in.W, taskRowH))
	}
}

// goalBox draws the goal with the prestige it pays by place.
func (ta taskArea) goalBox(v *dd.PublicView, goal kit.Rect) {
	s := ta.s
	c := s.c
	c.RoundRect(goal, 10, kit.Tint(kit.Brass, 0.45), kit.BrassDark, 2)
	c.Ink(kit.Ink)
	for i, line := range ta.goalLines(v, goal.W) {
		if float64(i+1)*goalLineH > goal.H {
			break
		}
		c.Text(c.Ellipsize(line, goal.W-28), goal.X+14, goal.Y+7+goalLineH*(float64(i)+0.5), 0)
	}
}

// taskLine draws a task on one line: its number and its text.
func (ta taskArea) taskLine(t dd.TaskView, r kit.Rect) {
	s := ta.s
	x := ta.taskNumber(t, r.X, r.CY())
	s.c.Ink(kit.Ink)
	s.c.FitText(s.w.Text(t.Text), kit.Medium, readable, readable, x, r.CY(), r.Right()-x, 0)
}

// taskNumber draws a task's number as "#12", so that it is not taken for
// points, starting at x; it returns where the task's text starts.
func (ta taskArea) taskNumber(t dd.TaskView, x, cy float64) float64 {
	s := ta.s
	c := s.c
	c.Ink(kit.InkSoft)
	c.Font(kit.Bold, readable)
	num := "#" + strconv.Itoa(t.Number)
	c.Text(num, x, cy, 0)
	return x + c.Measure(num) + 12
}

// taskPoints draws the value a task has on its owner's dungeon ("3 pts")
// ending at right; it returns the width used.
func (ta taskArea) taskPoints(t dd.TaskView, right, cy float64) float64 {
	s := ta.s
	return s.c.Pill(right, cy, 56, s.w.T("ddimg.task.pts", "n", t.Points), kit.Good, kit.Cream, 1)
}
