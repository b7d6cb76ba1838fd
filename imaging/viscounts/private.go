package viscounts

import (
	"image"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of a seat's private picture: the hand, a card a row with its
// abilities in words, then the seat's own strip.
const (
	handY     = topBarH + gap
	handHeadH = 60
	cardHeadH = 58
)

// private draws a seat's hand and its strip. Its height follows the hand.
func (r *Renderer) private(v *vc.PrivateView, m imaging.Meta) image.Image {
	// Lay the cards out on a scratch scene first: wrapping needs fonts.
	measure := r.scene(1, 1, m)
	textW := float64(boardW - 2*margin - 2*pad)
	var lines [][][]string
	handH := float64(handHeadH)
	for _, card := range v.Hand {
		l := measure.wrapRich(measure.w.Text(card.Ability), textW)
		lines = append(lines, l)
		handH += cardHeadH + float64(len(l))*richLineH + pad + gap
	}
	measure.c.Close()
	if len(v.Hand) == 0 {
		handH += 60
	}
	height := int(handY + handH + gap + stripH + gap)
	s := r.scene(boardW, height, m)
	defer s.c.Close()
	s.topBar(s.T("vc.name") + " · " + s.m.Name(v.Seat))
	panel := kit.R(margin, handY, boardW-2*margin, handH)
	s.c.Panel(panel)
	x := panel.X + pad
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.yourhand", "n", len(v.Hand)), kit.Bold, 38, x, panel.Y+34, textW, 0)
	y := panel.Y + handHeadH
	if len(v.Hand) == 0 {
		s.ink(kit.InkSoft)
		s.say(s.T("vcimg.nohand"), kit.Regular, textMin, x, y+24, 0)
	}
	for k, card := range v.Hand {
		h := cardHeadH + float64(len(lines[k]))*richLineH + pad
		box := kit.R(x-4, y, textW+8, h)
		s.c.RoundRect(box, 12, kit.Cream, kit.InkSoft, 2.5)
		right := s.folkLine(&card, x+4, y+cardHeadH/2+2, textW-8)
		_ = right
		s.drawRich(lines[k], x+4, y+cardHeadH+richLineH/2-6)
		y += h + gap
	}
	s.strip(&v.View, v.Seat, kit.R(margin, panel.Bottom()+gap, boardW-2*margin, stripH))
	return s.c.Image()
}
