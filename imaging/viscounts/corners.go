package viscounts

import (
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// roundBox is the kingdom's top-left corner: the round, the final round
// once triggered, and whose turn it is (or who is asked).
func (ka kingdomArea) roundBox(v *vc.View, r kit.Rect) {
	s := ka.s
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	y := r.Y + 34
	s.ink(kit.Ink)
	drafting := false
	for _, sv := range v.Seats {
		if sv.PlayerCard == 0 {
			drafting = true
		}
	}
	switch {
	case v.Over:
		s.fit(s.T("vcimg.over"), kit.Bold, 40, x, y, w, 0)
	case drafting:
		s.fit(s.T("vcimg.draft"), kit.Bold, 38, x, y, w, 0)
	default:
		s.fit(s.T("vcimg.round", "n", max(v.Round, 1)), kit.Bold, 40, x, y, w, 0)
	}
	y += 52
	if v.LastRound > 0 && !v.Over {
		hl := kit.R(x-4, y-22, w+8, 44)
		c.RoundRect(hl, 10, kit.Highlight, kit.BrassDark, 2)
		s.ink(kit.Ink)
		key := "vcimg.final"
		if v.Round < v.LastRound {
			key = "vcimg.lastafter"
		}
		s.fit(s.T(key, "n", v.LastRound), kit.Bold, textMin, hl.CX(), y, w, 0.5)
		y += 52
	}
	if v.Over {
		s.ink(kit.InkSoft)
		s.say(s.T("vcimg.won"), kit.Regular, textMin, x, y, 0)
		y += 50
		best := -1 << 30
		for _, sc := range v.Scores {
			best = max(best, sc.Total)
		}
		for i, sc := range v.Scores {
			if sc.Total == best && i < len(v.Seats) {
				s.badge(i, x+26, y, 24)
				s.ink(kit.Ink)
				s.fit(s.name(i), kit.Bold, 34, x+60, y, w-60, 0)
				y += 56
			}
		}
		return
	}
	// Who plays, who started and who is asked: a label, the seat's badge
	// and name on one line each.
	who := func(key string, seat int) {
		if seat < 0 || seat >= len(v.Seats) {
			return
		}
		s.ink(kit.InkSoft)
		lw := s.say(s.T(key), kit.Regular, textMin, x, y, 0)
		s.badge(seat, x+lw+34, y, 24)
		s.ink(kit.Ink)
		s.fit(s.name(seat), kit.Bold, 34, x+lw+66, y, w-lw-66, 0)
		y += 56
	}
	who("vcimg.turn", v.Current)
	who("vcimg.start", v.Start)
	if v.Asked != v.Current {
		who("vcimg.asked", v.Asked)
	}
}

// pilesBox is the kingdom's top-right corner: the Poverty and Prosperity
// piles (debts and deeds above each card, or revealed), the Castle Leader
// and the cleric bonus cards with their holders.
func (ka kingdomArea) pilesBox(v *vc.View, r kit.Rect) {
	s := ka.s
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	y := r.Y + 34
	pile := func(icon, key string, above int, shown bool) {
		s.atomIcon(icon, x+iconR, y, iconR)
		state := s.T("vcimg.left", "n", above)
		if shown {
			state = s.T("vcimg.revealed")
		}
		stateW := s.measure(state, kit.Regular, textMin)
		if shown {
			s.box(kit.R(x+w-stateW-12, y-22, stateW+12, 44), 10, kit.Highlight, nil, 0)
		}
		s.ink(kit.Ink)
		s.say(state, kit.Regular, textMin, x+w-6, y, 1)
		s.cardName(s.T(key), x+38, y, w-38-stateW-16)
		y += 52
	}
	pile("debt", "vcimg.poverty", v.DebtsAbove, v.Poverty)
	pile("deed", "vcimg.prosperity", v.DeedsAbove, v.Prosperity)
	s.icon("crown", kit.Crown, x+17, y, 17) // 34 px: 11.3 px on a phone
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.leader"), kit.Bold, textMin, x+38, y, w-38-60, 0)
	if v.Leader >= 0 {
		s.badge(v.Leader, x+w-26, y, 24)
	} else {
		s.say("—", kit.Bold, textMin, x+w-6, y, 1)
	}
	y += 56
	s.ink(kit.InkSoft)
	s.fit(s.T("vcimg.bonus"), kit.Regular, textMin, x, y, w, 0)
	y += 58
	cells := kit.R(x, y-28, w, 56).Columns(len(v.ClericBonus), 8)
	for rb, holder := range v.ClericBonus {
		cell := cells[rb]
		s.ribbon(rb, cell.X+16, cell.CY(), 18)
		if holder >= 0 {
			s.badge(holder, cell.X+62, cell.CY(), 22)
		} else {
			s.ink(kit.InkSoft)
			s.say("—", kit.Bold, textMin, cell.X+44, cell.CY(), 0)
		}
	}
}

// ribbon draws a manuscript in its ribbon's colour: a scroll with a band
// (none for the manuscripts printed on the board, which have no ribbon).
func (s *scene) ribbon(rb int, cx, cy, r float64) {
	s.icon("ribbon/"+strconv.Itoa(rb), func(c *kit.Canvas, x, y, r float64) {
		kit.Scroll(c, x, y, r)
		if rb >= 0 && rb < len(ribbonInk) {
			c.RoundRect(kit.R(x-r*0.28, y-r*0.8, r*0.56, r*1.6), 2, ribbonInk[rb], kit.Ink, 1.5)
		}
	}, cx, cy, r)
}
