package viscounts

import (
	"image"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of a seat's private picture: its hand, a card a row with its
// abilities in words, then the cards on its board the same way (their
// ongoing and drop-off abilities matter now), then its strip.
const (
	handY     = topBarH + gap
	listHeadH = 60
	cardHeadH = 58
)

// cardList is a titled list of cards with their abilities wrapped.
type cardList struct {
	title string
	cards []vc.CardView
	lines [][][]string
	empty string
}

func (l *cardList) height() float64 {
	h := float64(listHeadH)
	for _, ls := range l.lines {
		h += cardHeadH + float64(len(ls))*richLineH + pad + gap
	}
	if len(l.cards) == 0 {
		h += 60
	}
	return h
}

// private draws a seat's hand, its board's cards and its strip. Its
// height follows the cards.
func (r *Renderer) private(v *vc.PrivateView, m imaging.Meta) image.Image {
	// Lay the cards out first on a scratch canvas: wrapping needs fonts.
	scratch := &scene{c: r.kit.Canvas(1, 1), w: imaging.NewWords(m, r.own), m: m}
	textW := float64(boardW - 2*margin - 2*pad)
	hand := cardList{title: scratch.T("vcimg.yourhand", "n", len(v.Hand)), cards: v.Hand, empty: scratch.T("vcimg.nohand")}
	board := cardList{title: scratch.T("vcimg.yourboard"), empty: scratch.T("vcimg.noboard")}
	if v.Seat >= 0 && v.Seat < len(v.Seats) {
		for _, c := range v.Seats[v.Seat].Board {
			if c != nil {
				board.cards = append(board.cards, *c)
			}
		}
	}
	for _, l := range []*cardList{&hand, &board} {
		for _, card := range l.cards {
			l.lines = append(l.lines, scratch.wrapRich(scratch.w.Text(card.Ability), textW))
		}
	}
	scratch.c.Close()
	height := int(handY + hand.height() + gap + board.height() + gap + stripH + gap + trackPanelH + gap)
	s := r.scene(boardW, height, m)
	defer s.c.Close()
	s.topBar(s.T("vc.name") + " · " + s.m.Name(v.Seat))
	y := float64(handY)
	for _, l := range []*cardList{&hand, &board} {
		y = s.cardList(l, y, textW) + gap
	}
	if v.Seat >= 0 && v.Seat < len(v.Seats) {
		s.strip(&v.View, v.Seat, kit.R(margin, y, boardW-2*margin, stripH))
		s.trackPanel(&v.View, v.Seat, kit.R(margin, y+stripH+gap, boardW-2*margin, trackPanelH))
	}
	return s.c.Image()
}

// cardList draws l in a panel from y; it returns the panel's bottom.
func (s *scene) cardList(l *cardList, y, textW float64) float64 {
	panel := kit.R(margin, y, boardW-2*margin, l.height())
	s.c.Panel(panel)
	x := panel.X + pad
	s.ink(kit.Ink)
	s.fit(l.title, kit.Bold, 38, x, panel.Y+34, textW, 0)
	y = panel.Y + listHeadH
	if len(l.cards) == 0 {
		s.ink(kit.InkSoft)
		s.say(l.empty, kit.Regular, textMin, x, y+24, 0)
	}
	for k, card := range l.cards {
		h := cardHeadH + float64(len(l.lines[k]))*richLineH + pad
		s.c.RoundRect(kit.R(x-4, y, textW+8, h), 12, kit.Cream, kit.InkSoft, 2.5)
		s.folkLine(&card, x+4, y+cardHeadH/2+2, textW-8, kit.Bold)
		s.drawRich(l.lines[k], x+4, y+cardHeadH+richLineH/2-6)
		y += h + gap
	}
	return panel.Bottom()
}
