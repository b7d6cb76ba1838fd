package viscounts

import (
	"math"
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// effect draws a reward written in the data language ("silver2",
// "ink+stone", "hire|destroy") as icons from x, centred on cy, with icons
// of radius r: a count above one before its icon, alternatives split by
// a slash. It returns the width; with draw false it only measures.
func (s *scene) effect(data string, x, cy, r float64, draw bool) float64 {
	e, err := vc.ParseEffect(data)
	if err != nil || len(e) == 0 {
		return 0
	}
	start := x
	for i, seq := range e {
		if i > 0 {
			x += s.word("/", x+3, cy, draw) + 6
		}
		for j, a := range seq {
			if j > 0 {
				x += 4
			}
			x += s.atom(a, x, cy, r, draw)
		}
	}
	return x - start
}

// atom draws one atom: its count (when above one) and icon, or its words
// when it has no icon; a condition's reward follows an arrow.
func (s *scene) atom(a vc.Atom, x, cy, r float64, draw bool) float64 {
	start := x
	_, hasIcon := atomIcons[a.Kind]
	b, isBuilding := buildingAtom(a.Kind)
	switch {
	case a.Kind == "silver":
		// Silver is counted inside its coin.
		if draw {
			s.silverCoin(a.N, x+r*1.25, cy, r*1.25)
		}
		x += 2.5 * r
	case hasIcon || isBuilding:
		if a.N > 1 {
			x += s.word(strconv.Itoa(a.N), x, cy, draw) + 2
		}
		if draw && isBuilding {
			s.buildingIcon(b, x+r, cy, r)
		} else if draw {
			s.atomIcon(a.Kind, x+r, cy, r)
		}
		x += 2 * r
	default:
		x += s.word(s.w.Text(atomText(a)), x, cy, draw)
	}
	if a.Reward != nil {
		x += 4
		x += s.word("→", x, cy, draw) + 4
		x += s.atom(*a.Reward, x, cy, r, draw)
	}
	return x - start
}

// buildingAtom is the building an atom gives, if it gives a particular one.
func buildingAtom(kind string) (int, bool) {
	for b, k := range buildingKeys {
		if k == kind {
			return b, true
		}
	}
	return 0, false
}

// word draws (or measures) text at the smallest readable size in ink.
func (s *scene) word(text string, x, cy float64, draw bool) float64 {
	if !draw {
		return s.measure(text, kit.Bold, textMin)
	}
	s.ink(kit.Ink)
	return s.say(text, kit.Bold, textMin, x, cy, 0)
}

// silverCoin is n silver: the number in a silver coin.
func (s *scene) silverCoin(n int, cx, cy, r float64) {
	s.icon("coin", func(c *kit.Canvas, x, y, r float64) {
		c.Disc(x, y, r, silverInk, silverDark, math.Max(2, r*0.1))
	}, cx, cy, r)
	s.ink(kit.Ink)
	s.say(strconv.Itoa(n), kit.Bold, textMin, cx, cy+1, 0.5)
}
