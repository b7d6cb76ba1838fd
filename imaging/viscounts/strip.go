package viscounts

import (
	"strconv"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// stripArea draws a seat's strip: its board cards, resources, track row
// and schemes.
type stripArea struct{ s *scene }

// Layout of a player's strip.
const (
	cardW   = 300
	cardH   = 92
	cardsY  = 52
	resY    = cardsY + cardH + 24
	trackY  = resY + 46
	trackW  = 42
	pipSize = 13
)

// strip draws one player's public state: name with the Castle Leader and
// cleric bonus marks and the card counts; the three cards on the player
// board; silver, resources, workers and buildings; the virtue/corruption
// track, debts, deeds and manuscripts.
func (sa stripArea) strip(v *vc.View, i int, r kit.Rect) {
	s := sa.s
	c := s.c
	sv := v.Seats[i]
	if i == v.Current && !v.Over {
		c.Shadow(r, 14)
		c.RoundRect(r, 14, kit.Parchment, kit.BrassDark, 8)
	} else {
		c.Panel(r)
	}
	x, w := r.X+pad, r.W-2*pad
	y := r.Y + 31
	s.badge(i, x+26, y, 26)
	s.ink(kit.Ink)
	nx := x + 62
	nx += s.fit(s.name(i), kit.Bold, 36, nx, y, w-62-200, 0) + 16
	if v.Leader == i {
		s.icon("crown", kit.Crown, nx+18, y, 17)
		nx += 44
	}
	for _, rb := range sv.Bonus {
		s.ribbon(int(rb), nx+16, y, 18)
		s.c.Decorative("the cleric bonus card it sits on says what was earned; the star only marks it", func() {
			s.icon("star", kit.StarIcon, nx+30, y+12, 9)
		})
		nx += 40
	}
	// Beside the board's cards: the hand, draw pile and discards counted.
	keys, counts := []string{"vcimg.hand", "vcimg.drawpile", "vcimg.discards"}, []int{sv.HandSize, sv.DrawSize, len(sv.Discard)}
	if o := v.Opponent; o != nil && o.Seat == i {
		// The solo opponent plays schemes: its focus, its schemes, its
		// draw and future piles.
		s.ink(kit.InkSoft)
		s.fit(s.T("vcimg.focus", "action", gameText("vc.aiaction."+o.Focus)), kit.Regular, textMin, nx, y, x+w-nx, 0)
		keys, counts = []string{"vcimg.drawpile", "vcimg.future", "vcimg.discards"}, []int{o.DrawSize, o.FutureSize, len(o.Discard)}
		for slot, sch := range o.Board {
			sa.scheme(sch, kit.R(x+float64(slot)*(cardW+12), r.Y+cardsY, cardW, cardH))
		}
	} else {
		for slot, card := range sv.Board {
			sa.boardCard(card, kit.R(x+float64(slot)*(cardW+12), r.Y+cardsY, cardW, cardH))
		}
	}
	cx := x + 3*(cardW+12) + 6
	for k, key := range keys {
		s.ink(kit.InkSoft)
		s.fit(s.T(key, "n", counts[k]), kit.Regular, textMin, cx, r.Y+cardsY+15+float64(k)*31, x+w-cx, 0)
	}
	sa.resources(sv, x, r.Y+resY)
	sa.trackRow(v, sv, x, r.Y+trackY, w)
}

// boardCard draws a card on a player board: its name, cost and icons.
func (sa stripArea) boardCard(card *vc.CardView, box kit.Rect) {
	s := sa.s
	c := s.c
	if card == nil {
		s.box(box, 10, nil, kit.Muted, 3)
		s.ink(kit.Muted)
		s.say(s.T("vcimg.emptyslot"), kit.Regular, textMin, box.CX(), box.CY(), 0.5)
		return
	}
	c.RoundRect(box, 10, kit.Cream, kit.InkSoft, 2.5)
	s.ink(kit.Ink)
	s.cardName(s.w.Text(gameText("vc.card."+card.ID)), box.X+10, box.Y+26, box.W-20)
	s.costCoin(card.Cost, box.X+30, box.Y+66)
	s.icons(card.Icons, box.X+60, box.Y+66, 18)
}

// resources draws silver, ink, gold, stone, the workers in supply and
// the buildings built (filled pips) and left (empty pips).
func (sa stripArea) resources(sv vc.SeatView, x, cy float64) {
	s := sa.s
	item := func(kind string, n int) {
		s.atomIcon(kind, x+18, cy, 18)
		s.ink(kit.Ink)
		x += 42 + s.say(strconv.Itoa(n), kit.Bold, textMin, x+42, cy, 0) + 26
	}
	item("silver", sv.Silver)
	for k, n := range sv.Res {
		item(resourceIcons[k], n)
	}
	item("workers", sv.Workers)
	x += 20
	for b, built := range sv.Built {
		s.buildingIcon(b, x+20, cy, 21)
		x += 48
		for k := range 3 {
			pip := kit.R(x, cy-pipSize/2, pipSize, pipSize)
			fill := kit.Parchment
			if k < built {
				fill = kit.InkSoft
			}
			s.box(pip, 3, fill, kit.Ink, 1.5)
			x += pipSize + 4
		}
		x += 24
	}
}

// trackRow draws the virtue/corruption track with both markers, then
// debts (open and paid), deeds (held and approved) and manuscripts.
func (sa stripArea) trackRow(v *vc.View, sv vc.SeatView, x, cy, w float64) {
	s := sa.s
	// A space holding both markers is twice as wide, so that each shows
	// at full size; the row's width stays the same.
	n := max(len(v.Track), 1)
	for k := range n {
		cw := trackW - 2.0
		if k == sv.Virtue && k == sv.Corruption {
			cw += trackW
		}
		cell := kit.R(x, cy-22, cw, 44)
		s.box(cell, 6, kit.ParchDark, kit.InkSoft, 1.5)
		switch {
		case k == sv.Virtue && k == sv.Corruption:
			s.atomIcon("virtue", cell.CX()-iconR-2, cell.CY(), iconR)
			s.atomIcon("corruption", cell.CX()+iconR+2, cell.CY(), iconR)
		case k == sv.Virtue:
			s.atomIcon("virtue", cell.CX(), cell.CY(), iconR)
		case k == sv.Corruption:
			s.atomIcon("corruption", cell.CX(), cell.CY(), iconR)
		}
		x += cw + 2
	}
	if sv.Virtue != sv.Corruption || sv.Virtue < 0 || sv.Virtue >= n {
		x += trackW // the room a shared space would take
	}
	x += 24
	s.atomIcon("debt", x+16, cy, 18)
	s.ink(kit.Ink)
	x += 40 + s.say(s.T("vcimg.debts", "n", sv.Debts, "paid", sv.PaidDebts), kit.Regular, textMin, x+40, cy, 0) + 24
	s.atomIcon("deed", x+16, cy, 18)
	s.ink(kit.Ink)
	x += 40 + s.say(s.T("vcimg.deeds", "n", sv.Deeds, "approved", sv.Approved), kit.Regular, textMin, x+40, cy, 0) + 24
	for k, m := range sv.Scripts {
		if k > 0 && x+36 > w+margin {
			s.ink(kit.Ink)
			s.say(s.T("vcimg.more", "n", len(sv.Scripts)-k), kit.Bold, textMin, x, cy, 0)
			break
		}
		s.ribbon(int(m.Ribbon), x+16, cy, 18)
		x += 36
	}
}

// cardName draws a name in bold, or in regular weight when bold does not
// fit whole (Schuldeneintreiber on a player board).
func (s *scene) cardName(name string, x, cy, width float64) {
	weight := kit.Bold
	if s.measure(name, kit.Bold, textMin) > width {
		weight = kit.Regular
	}
	s.fit(name, weight, 34, x, cy, width, 0)
}

// scheme draws a solo opponent's scheme on its board: a future scheme
// marked as one, and its icons (its effects are in words on the
// player's private picture).
func (sa stripArea) scheme(sch *vc.SchemeView, box kit.Rect) {
	s := sa.s
	if sch == nil {
		sa.boardCard(nil, box)
		return
	}
	s.c.RoundRect(box, 10, kit.Tint(innerPath, 0.7), kit.InkSoft, 2.5)
	s.ink(kit.Ink)
	label := s.T("vcimg.scheme")
	if sch.Future {
		label = s.T("vcimg.futurescheme")
	}
	s.fit(label, kit.Bold, 34, box.X+10, box.Y+26, box.W-20, 0)
	s.icons(sch.Icons, box.X+12, box.Y+66, 18)
}
