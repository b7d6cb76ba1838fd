package dungeondesigner

import (
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// market draws the revealed stalls side by side.
func (s *scene) market(v *dd.PublicView, r kit.Rect) {
	n := max(len(v.Stalls), 1)
	w := math.Min(300, (r.W-gap*float64(n-1))/float64(n))
	for i := range v.Stalls {
		s.stall(v, &v.Stalls[i], kit.R(r.X+float64(i)*(w+gap), r.Y, w, r.H))
	}
	if goalInMarket(v) {
		x := r.X + float64(n)*(w+gap)
		box := kit.R(x, r.Y, r.Right()-x, r.H)
		s.c.Panel(box)
		s.goalBox(v, box.Inset(12))
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

// stall draws one stall card: its number and both parts with cost and tiles.
func (s *scene) stall(v *dd.PublicView, st *dd.StallView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.stall", "n", st.Number), kit.Bold, 28, 18, r.X+16, r.Y+24, r.W-32, 0)
	rows := kit.R(r.X+10, r.Y+46, r.W-20, r.H-56).Rows(2, 8)
	s.part(st.Upper, rows[0], jaelTakes(v, st.Number, "upper"))
	s.part(st.Lower, rows[1], jaelTakes(v, st.Number, "lower"))
}

// part draws one half of a stall: the cost on a coin, then the printed
// shapes with the tiles lying on them (dashed when sold out).
func (s *scene) part(p dd.PartView, r kit.Rect, jael bool) {
	c := s.c
	c.RoundRect(r, 10, kit.ParchDark, nil, 0)
	coinR := math.Min(24, r.H*0.36)
	cx := r.X + coinR + 8
	c.Coin(cx, r.CY(), coinR)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, coinR*1.15)
	c.Text(strconv.Itoa(p.Cost), cx, r.CY(), 0.5)
	tileR := math.Min(22, r.H*0.34)
	x := cx + coinR + 14 + tileR*1.3
	for i, sh := range p.Shapes {
		if i < len(p.Tiles) {
			s.tile(p.Tiles[i].Shape, p.Tiles[i].Element, x, r.CY(), tileR)
		} else {
			s.emptySpot(sh, x, r.CY(), tileR)
		}
		x += tileR*2.6 + 6
	}
	if len(p.Tiles) == 0 && r.Right()-x > 40 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.sold"), kit.Bold, 20, 11, x-tileR, r.CY(), r.Right()-x+tileR-8, 0)
	}
	if jael {
		jx := r.Right() - 18
		c.Disc(jx, r.Y+16, 14, jaelColor, kit.Cream, 2)
		c.Ink(kit.Cream)
		c.Font(kit.Bold, 16)
		c.Text("J", jx, r.Y+16, 0.5)
	}
}

// taskColumns is how many columns the open task list uses.
func taskColumns(n int) int {
	if n > 3 {
		return 2
	}
	return 1
}

const taskRowH = 46.0

// tasksHeight is the task panel's height for as many tasks as the table
// can show at once, not for those shown now: the board keeps its height
// from move to move.
func (s *scene) tasksHeight(v *dd.PublicView) float64 {
	rows := 1
	for n := 0; n <= max(v.TaskSlots, len(v.OpenTasks)); n++ {
		rows = max(rows, (n+taskColumns(n)-1)/taskColumns(n))
	}
	return math.Max(130, 52+float64(rows)*taskRowH+12)
}

// goalInMarket reports whether the goal sits beside the stalls (two stalls
// leave room for it) rather than in the task panel.
func goalInMarket(v *dd.PublicView) bool { return len(v.Stalls) <= 2 }

// tasksPanel shows the open tasks with their numbers, led by the goal
// unless the market row holds it.
func (s *scene) tasksPanel(v *dd.PublicView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	left := r.X
	if !goalInMarket(v) {
		goal := kit.R(r.X+16, r.Y+12, 340, r.H-24)
		s.goalBox(v, goal)
		left = goal.Right()
	}
	list := kit.R(left+20, r.Y+12, r.Right()-left-36, r.H-24)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.tasks.open"), kit.Bold, 24, 16, list.X, list.Y+20, list.W, 0)
	if len(v.OpenTasks) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.tasks.none"), kit.Medium, 22, 14, list.X, list.Y+60, list.W, 0)
		return
	}
	cols := taskColumns(len(v.OpenTasks))
	rows := (len(v.OpenTasks) + cols - 1) / cols
	colW := (list.W - 16*float64(cols-1)) / float64(cols)
	for i, t := range v.OpenTasks {
		x := list.X + float64(i/rows)*(colW+16)
		y := list.Y + 38 + float64(i%rows)*taskRowH
		s.taskLine(t, kit.R(x, y, colW, taskRowH-4), 21, false)
	}
}

// goalBox draws the goal card with the prestige it pays by place.
func (s *scene) goalBox(v *dd.PublicView, goal kit.Rect) {
	c := s.c
	c.RoundRect(goal, 10, kit.Tint(kit.Brass, 0.45), kit.BrassDark, 2)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.goal"), kit.Bold, 24, 16, goal.X+14, goal.Y+20, goal.W/2, 0)
	pts := "ddimg.goal.pts"
	if v.Players <= 2 {
		pts = "ddimg.goal.pts2"
	}
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T(pts), kit.Bold, 22, 14, goal.Right()-14, goal.Y+20, goal.W/2-20, 1)
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(v.Goal.Text), kit.Bold, 26, 15, kit.R(goal.X+14, goal.Y+38, goal.W-28, goal.H-46), 0)
}

// taskLine draws a task's number badge and its text wrapped into r; with
// points it also shows the value on the owner's dungeon.
func (s *scene) taskLine(t dd.TaskView, r kit.Rect, size float64, points bool) {
	c := s.c
	x, cy, w := r.X, r.CY(), r.W
	br := size * 0.75
	c.Disc(x+br, cy, br, kit.InkSoft, nil, 0)
	c.Ink(kit.Cream)
	c.FitText(strconv.Itoa(t.Number), kit.Bold, size*0.85, 8, x+br, cy, br*1.8, 0.5)
	x += 2*br + 8
	w -= 2*br + 8
	if points {
		label := s.w.T("ddimg.task.pts", "n", t.Points)
		pw := c.Pill(x+w, cy, size*1.35, label, kit.Good, kit.Cream, 1)
		w -= pw + 8
	}
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(t.Text), kit.Medium, size, math.Max(11, size*0.7), kit.R(x, r.Y, w, r.H), 0)
}
