package dungeondesigner

import (
	"sort"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	sheetHeadH = 64.0
	sheetRowH  = 48.0
	sheetLabel = 340.0
)

// sheetRow is one category of the final score sheet: a label and a cell
// per score column ("–" where the category does not apply).
type sheetRow struct {
	label string
	cells []string
	total bool
}

// sheet builds the score sheet rows; columns are the seats in final order,
// then Jael when solo.
func (s *scene) sheet(v *dd.PublicView) []sheetRow {
	scores := rankScores(v.Scores)
	solo := v.JaelScore != nil
	row := func(key string, seat func(sc dd.Score) string, jael func(j dd.JaelScore) string) sheetRow {
		r := sheetRow{label: s.w.T(key), total: key == "ddimg.score.total"}
		for _, sc := range scores {
			r.cells = append(r.cells, seat(sc))
		}
		if solo {
			cell := "–"
			if jael != nil {
				cell = jael(*v.JaelScore)
			}
			r.cells = append(r.cells, cell)
		}
		return r
	}
	num := strconv.Itoa
	first := "ddimg.score.order"
	if solo {
		first = "ddimg.score.gold"
	}
	rows := []sheetRow{
		row(first, func(sc dd.Score) string { return num(sc.Order) }, func(j dd.JaelScore) string { return num(j.Gold) }),
		row("ddimg.score.goal", func(sc dd.Score) string { return num(sc.Goal) }, func(j dd.JaelScore) string { return num(j.Goal) }),
		row("ddimg.score.tasks", func(sc dd.Score) string { return taskSum(sc.Tasks) }, nil),
		row("ddimg.score.stars", func(sc dd.Score) string { return num(sc.Stars) }, func(j dd.JaelScore) string { return num(j.Stars) }),
		row("ddimg.score.bp", func(sc dd.Score) string { return num(sc.Blueprint) + " (" + num(sc.Met) + "/8)" }, nil),
		row("ddimg.score.in", func(sc dd.Score) string { return num(sc.Entrance) }, nil),
		row("ddimg.score.out", func(sc dd.Score) string { return num(sc.Exit) }, nil),
	}
	if solo {
		rows = append(rows,
			row("ddimg.score.base", func(dd.Score) string { return "–" }, func(j dd.JaelScore) string { return num(j.Base) }),
			row("ddimg.score.bonus", func(dd.Score) string { return "–" }, func(j dd.JaelScore) string { return num(j.Bonus) }))
	}
	rows = append(rows, row("ddimg.score.total", func(sc dd.Score) string { return num(sc.Total) }, func(j dd.JaelScore) string { return num(j.Total) }))
	return rows
}

// rankScores orders scores by total, best first; equal totals keep the
// final order, which is how the rules break ties.
func rankScores(scores []dd.Score) []dd.Score {
	out := append([]dd.Score(nil), scores...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Total > out[j].Total })
	return out
}

// taskSum shows the task total with its parts, e.g. "9 (3+6+0)".
func taskSum(tasks []int) string {
	sum, parts := 0, ""
	for i, t := range tasks {
		sum += t
		if i > 0 {
			parts += "+"
		}
		parts += strconv.Itoa(t)
	}
	if len(tasks) < 2 {
		return strconv.Itoa(sum)
	}
	return strconv.Itoa(sum) + " (" + parts + ")"
}

func (s *scene) scoreSheetHeight(v *dd.PublicView) float64 {
	return sheetHeadH + float64(len(s.sheet(v)))*sheetRowH + 24
}

// scoreSheet draws the final scores as a table, winner first.
func (s *scene) scoreSheet(v *dd.PublicView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	rows := s.sheet(v)
	ranked := rankScores(v.Scores)
	in := r.Inset(12)
	ncols := len(rows[0].cells)
	colW := (in.W - sheetLabel) / float64(max(ncols, 1))
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.score.sheet"), kit.Bold, 38, readable, in.X+6, in.Y+sheetHeadH/2, sheetLabel-12, 0)
	for i := 0; i < ncols; i++ {
		x := in.X + sheetLabel + float64(i)*colW
		head := kit.R(x+2, in.Y, colW-4, sheetHeadH-6)
		jaelWon := v.JaelScore != nil && len(ranked) > 0 && v.JaelScore.Total >= ranked[0].Total
		if (i == 0 && !jaelWon) || (i == len(ranked) && jaelWon) {
			c.RoundRect(head, 10, kit.Tint(kit.Highlight, 0.3), kit.BrassDark, 2)
		}
		if i < len(ranked) {
			seat := ranked[i].Seat
			c.Decorative("the player's name follows the marker", func() { c.SeatMarker(seat, head.X+22, head.CY(), 17) })
			c.Ink(kit.Ink)
			c.FitText(s.m.Name(seat), kit.Bold, 36, readable, head.X+46, head.CY(), head.W-52, 0)
			continue
		}
		c.Ink(jaelColor)
		c.FitText(s.w.T("ddimg.jael"), kit.Bold, 36, readable, head.CX(), head.CY(), head.W-12, 0.5)
	}
	y := in.Y + sheetHeadH
	for k, row := range rows {
		band := kit.R(in.X, y, in.W, sheetRowH)
		if k%2 == 0 {
			c.FillRect(band, kit.ParchDark)
		}
		weight, size := kit.Medium, readable
		if row.total {
			weight, size = kit.Bold, 38
			c.FillRect(band, kit.Tint(kit.Brass, 0.35))
		}
		c.Ink(kit.Ink)
		c.FitText(row.label, weight, size, readable, in.X+8, band.CY(), sheetLabel-16, 0)
		for i, cell := range row.cells {
			x := in.X + sheetLabel + float64(i)*colW
			c.FitText(cell, weight, size, readable, x+colW/2, band.CY(), colW-8, 0.5)
		}
		y += sheetRowH
	}
}
