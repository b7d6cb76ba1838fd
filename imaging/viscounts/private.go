package viscounts

import (
	"image"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// ownArea draws the parts of a seat's own picture: its lists of cards
// and the panel of what its track's collisions would bring.
type ownArea struct{ s *scene }

// Layout of a seat's private picture: its hand, a card a row with its
// abilities in words, then the cards on its board the same way (their
// ongoing and drop-off abilities matter now), in solo play the
// opponent's schemes in words, then its strip and what a collision gives.
const (
	handY     = topBarH + gap
	listHeadH = 60
	cardHeadH = 58
)

// entry is one card of a list: its head line (cost, name, icons) and its
// abilities in words, wrapped.
type entry struct {
	head  func(s *scene, x, cy, width float64)
	text  string
	lines [][]string
}

// cardList is a titled list of cards.
type cardList struct {
	title, empty string
	entries      []entry
}

func (l *cardList) height() float64 {
	h := float64(listHeadH)
	for _, e := range l.entries {
		h += cardHeadH + float64(len(e.lines))*richLineH + pad + gap
	}
	if len(l.entries) == 0 {
		h += 60
	}
	return h
}

func townsfolk(card vc.CardView, w imaging.Words) entry {
	return entry{head: func(s *scene, x, cy, width float64) { s.folkLine(&card, x, cy, width, kit.Bold) }, text: w.Text(card.Ability)}
}

// private draws a seat's picture. Its height follows the cards.
func (r *Renderer) private(v *vc.PrivateView, m imaging.Meta) image.Image {
	// Lay the cards out first on a scratch canvas: wrapping needs fonts.
	scratch := &scene{c: r.kit.Canvas(1, 1), w: imaging.NewWords(m, r.own), m: m}
	textW := float64(boardW - 2*margin - 2*pad)
	hand := cardList{title: scratch.T("vcimg.yourhand", "n", len(v.Hand)), empty: scratch.T("vcimg.nohand")}
	for _, c := range v.Hand {
		hand.entries = append(hand.entries, townsfolk(c, scratch.w))
	}
	board := cardList{title: scratch.T("vcimg.yourboard"), empty: scratch.T("vcimg.noboard")}
	if v.Seat >= 0 && v.Seat < len(v.Seats) {
		for _, c := range v.Seats[v.Seat].Board {
			if c != nil {
				board.entries = append(board.entries, townsfolk(*c, scratch.w))
			}
		}
	}
	lists := []*cardList{&hand, &board}
	if o := v.Opponent; o != nil {
		schemes := cardList{title: scratch.T("vcimg.opponent", "name", scratch.w.Text(o.Name)), empty: scratch.T("vcimg.noschemes")}
		for _, sch := range o.Board {
			if sch != nil {
				schemes.entries = append(schemes.entries, entry{head: func(s *scene, x, cy, width float64) {
					label := s.T("vcimg.scheme")
					if sch.Future {
						label = s.T("vcimg.futurescheme")
					}
					s.ink(kit.Ink)
					lw := s.fit(label, kit.Bold, 34, x, cy, width-200, 0)
					s.icons(sch.Icons, x+lw+12, cy, 17)
				}, text: scratch.w.Text(sch.Text)})
			}
		}
		lists = append(lists, &schemes)
	}
	height := float64(handY)
	for _, l := range lists {
		for k := range l.entries {
			l.entries[k].lines = scratch.wrapRich(l.entries[k].text, textW)
		}
		height += l.height() + gap
	}
	scratch.c.Close()
	s := r.scene(boardW, int(height+stripH+gap+trackPanelH+gap), m)
	defer s.c.Close()
	s.useNames(&v.View)
	s.topBar(s.T("vc.name") + " · " + s.name(v.Seat))
	y := float64(handY)
	for _, l := range lists {
		y = ownArea{s}.cardList(l, y, textW) + gap
	}
	if v.Seat >= 0 && v.Seat < len(v.Seats) {
		stripArea{s}.strip(&v.View, v.Seat, kit.R(margin, y, boardW-2*margin, stripH))
		ownArea{s}.trackPanel(&v.View, v.Seat, kit.R(margin, y+stripH+gap, boardW-2*margin, trackPanelH))
	}
	return s.c.Image()
}

// cardList draws l in a panel from y; it returns the panel's bottom.
func (oa ownArea) cardList(l *cardList, y, textW float64) float64 {
	s := oa.s
	panel := kit.R(margin, y, boardW-2*margin, l.height())
	s.c.Panel(panel)
	x := panel.X + pad
	s.ink(kit.Ink)
	s.fit(l.title, kit.Bold, 38, x, panel.Y+34, textW, 0)
	y = panel.Y + listHeadH
	if len(l.entries) == 0 {
		s.ink(kit.InkSoft)
		s.say(l.empty, kit.Regular, textMin, x, y+24, 0)
	}
	for _, e := range l.entries {
		h := cardHeadH + float64(len(e.lines))*richLineH + pad
		s.c.RoundRect(kit.R(x-4, y, textW+8, h), 12, kit.Cream, kit.InkSoft, 2.5)
		e.head(s, x+4, y+cardHeadH/2+2, textW-8)
		s.drawRich(e.lines, x+4, y+cardHeadH+richLineH/2-6)
		y += h + gap
	}
	return panel.Bottom()
}
