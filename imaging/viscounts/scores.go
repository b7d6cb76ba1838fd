package viscounts

import (
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// scoreRows are the final score's categories in the order of the
// rulebook's score pad, each with its part of a vc.Score.
var scoreRows = []struct {
	key string
	of  func(vc.Score) int
}{
	{"buildings", func(s vc.Score) int { return s.Buildings }},
	{"castle", func(s vc.Score) int { return s.Castle }},
	{"sets", func(s vc.Score) int { return s.Sets }},
	{"scripts", func(s vc.Score) int { return s.Scripts }},
	{"leader", func(s vc.Score) int { return s.Leader }},
	{"bonus", func(s vc.Score) int { return s.Bonus }},
	{"debts", func(s vc.Score) int { return s.Debts }},
	{"deeds", func(s vc.Score) int { return s.Deeds }},
	{"approved", func(s vc.Score) int { return s.Approved }},
	{"poverty", func(s vc.Score) int { return s.Poverty }},
	{"prosperity", func(s vc.Score) int { return s.Prosperity }},
}

const scoreRowH = 42

// scores draws the final scores, a row per category and a column per
// player, the total last; the highest total is lit.
func (s *scene) scores(v *vc.View, r kit.Rect) {
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.scores"), kit.Bold, 38, x, r.Y+34, w, 0)
	const labelW = 400
	colW := (w - labelW) / float64(max(len(v.Seats), 1))
	best := -1 << 30
	for _, sc := range v.Scores {
		best = max(best, sc.Total)
	}
	headY := r.Y + 90
	for i := range v.Seats {
		cx := x + labelW + (float64(i)+0.5)*colW
		s.badge(i, cx-colW/2+30, headY, 24)
		s.ink(kit.Ink)
		s.fit(s.name(i), kit.Bold, textMin, cx-colW/2+62, headY, colW-66, 0)
	}
	y := headY + 36
	for k, row := range scoreRows {
		line := kit.R(x, y+float64(k)*scoreRowH, w, scoreRowH-4)
		if k%2 == 0 {
			c.RoundRect(line, 8, kit.ParchDark, nil, 0)
		}
		s.ink(kit.Ink)
		s.fit(s.T("vcimg.score."+row.key), kit.Regular, textMin, line.X+10, line.CY(), labelW-20, 0)
		for i, sc := range v.Scores {
			cx := x + labelW + (float64(i)+0.5)*colW
			s.say(strconv.Itoa(row.of(sc)), kit.Bold, textMin, cx, line.CY(), 0.5)
		}
	}
	total := kit.R(x, y+float64(len(scoreRows))*scoreRowH+6, w, scoreRowH+6)
	c.RoundRect(total, 10, kit.Brass, kit.BrassDark, 2)
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.score.total"), kit.Bold, 36, total.X+10, total.CY(), labelW-20, 0)
	for i, sc := range v.Scores {
		cx := x + labelW + (float64(i)+0.5)*colW
		if sc.Total == best {
			c.RoundRect(kit.R(cx-colW/2+8, total.Y+4, colW-16, total.H-8), 8, kit.Highlight, nil, 0)
			s.icon("star", kit.StarIcon, cx-50, total.CY(), 17)
		}
		s.ink(kit.Ink)
		s.say(strconv.Itoa(sc.Total), kit.Bold, 38, cx, total.CY(), 0.5)
	}
}
