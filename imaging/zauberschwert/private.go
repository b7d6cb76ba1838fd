package zauberschwert

import (
	"image"
	"math"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	handCardW = 240.0
	handCardH = 300.0
	handGap   = 16.0
	offerCard = 250.0 // an offered card's height (handCardW wide)
	offerGap  = 14.0
)

// private draws one seat's secret view: its magic, power stones, spells
// and laid-out artifacts, its hand of artifact cards named as the menus
// name them ("Wand #3"), and the trade offers it is part of, every text a
// player needs readable on a phone.
func (r *Renderer) private(v *zs.PrivateView, m imaging.Meta) image.Image {
	probe := r.scene(10, 10, m)
	sh := probe.spellShelf(v.Seats, boardW-72-40)
	probe.c.Close()
	statusH := ownStatusHeight(sh.rows)
	perRow := int(math.Floor((boardW - 72 - 40 + handGap) / (handCardW + handGap)))
	rows := max((len(v.Hand)+perRow-1)/perRow, 1)
	offers := v.Offers
	if v.Draft != nil {
		offers = append(append([]zs.OfferView(nil), offers...), *v.Draft)
	}
	handY := topBarH + 20 + statusH + 20
	handH := 72 + float64(rows)*(handCardH+handGap)
	offersY := handY + handH + 20
	height := offersY
	offerHs := make([]float64, len(offers))
	for i, o := range offers {
		offerHs[i] = offerHeight(o)
	}
	if len(offers) > 0 {
		height += 60
		for _, h := range offerHs {
			height += h + offerGap
		}
	}
	height += 16

	s := r.boardScene(boardW, int(height), m)
	defer s.c.Close()
	c := s.c
	s.privateTop(v)
	s.ownStatus(v, kit.R(36, topBarH+20, boardW-72, statusH), sh)

	hand := kit.R(36, handY, boardW-72, handH)
	c.Panel(hand)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("zsimg.your.hand")+" ("+strconv.Itoa(len(v.Hand))+")", kit.Bold, 40, readable, hand.X+20, hand.Y+36, hand.W-40, 0)
	if len(v.Hand) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("zsimg.hand.empty"), kit.Medium, 38, readable, hand.CX(), hand.Y+72+handCardH/2, hand.W-40, 0.5)
	}
	for i, hc := range v.Hand {
		x := hand.X + 20 + float64(i%perRow)*(handCardW+handGap)
		y := hand.Y + 72 + float64(i/perRow)*(handCardH+handGap)
		s.artifactCard(hc.ArtifactCard, hc.Complete, kit.R(x, y, handCardW-8, handCardH-8))
	}

	if len(offers) > 0 {
		c.Ink(kit.Cream)
		c.FitText(s.w.T("zsimg.offers"), kit.Bold, 40, readable, 44, offersY+30, 600, 0)
		y := offersY + 60
		for i, o := range offers {
			draft := v.Draft != nil && i == len(offers)-1
			s.offer(o, draft, kit.R(36, y, boardW-72, offerHs[i]))
			y += offerHs[i] + offerGap
		}
	}
	return c.Image()
}

// privateTop names the viewer on the first line and the round and phase
// on the second.
func (s *scene) privateTop(v *zs.PrivateView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.Decorative("the player's name follows the marker", func() { c.SeatMarker(v.Seat, 56, 38, 24) })
	c.Ink(kit.Cream)
	c.FitText(s.m.Name(v.Seat)+" · "+s.w.T("zsimg.private"), kit.Bold, 40, readable, 92, 38, boardW-92-32, 0)
	c.Ink(kit.Muted)
	c.FitText(s.title(v.Round, v.Phase), kit.Medium, 38, readable, 32, 96, boardW-64, 0)
}

// ownStatusHeight is the height of the seat's own status panel with a
// spell shelf of shelfRows rows.
func ownStatusHeight(shelfRows int) float64 {
	return 84 + cellH + 8 + shelfHeight(shelfRows) + 14
}

// ownStatus shows the seat's magic, power stones, laid-out artifact
// cards, start player crown, what its laid-out artifacts pay per creature
// symbol and its spells, as its panel on the board does.
func (s *scene) ownStatus(v *zs.PrivateView, r kit.Rect, sh shelf) {
	c := s.c
	c.Panel(r)
	var me zs.SeatView
	for _, sv := range v.Seats {
		if sv.Seat == v.Seat {
			me = sv
		}
	}
	s.magicGauge(me.Magic, kit.R(r.X+20, r.Y+40, 420, 44))
	kit.Gem(c, r.X+490, r.Y+40, 20)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 42)
	c.Text(strconv.Itoa(me.Stones), r.X+518, r.Y+40, 0)
	s.laidIcon(r.X+620, r.Y+40, 20)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 42)
	c.Text(strconv.Itoa(laidCards(me.LaidOut)), r.X+644, r.Y+40, 0)
	if v.StartPlayer == v.Seat {
		kit.Crown(c, r.X+760, r.Y+38, 24)
	}
	s.laidCells(me.LaidOut, kit.R(r.X+20, r.Y+84, r.W-40, cellH))
	s.shelf(sh, me.Spells, r.X+20, r.Y+84+cellH+8)
}

// offerHeight is the height of one trade offer: its cards in rows.
func offerHeight(o zs.OfferView) float64 {
	rows := offerRows(len(o.Give), len(o.Want))
	return 20 + float64(rows)*(48+offerCard+12)
}

// offerPerRow is how many offered cards a row holds beside the names.
const offerPerRow = 3

// offerRows is the rows an offer needs: the cards given, then those
// wanted, in one flow.
func offerRows(give, want int) int {
	return max((max(give, 1)+max(want, 1)+offerPerRow-1)/offerPerRow, 1)
}

// offer draws one trade offer: who offers to whom on the left, then the
// cards given and the cards wanted.
func (s *scene) offer(o zs.OfferView, draft bool, r kit.Rect) {
	c := s.c
	c.Panel(r)
	if draft {
		c.SetDash(10, 6)
		c.RoundRect(r.Inset(6), 10, nil, kit.InkSoft, 2)
		c.SetDash()
	}
	left := kit.R(r.X+18, r.Y+14, 290, r.H-28)
	name := func(seat int, cy float64) {
		c.Decorative("the player's name follows the marker", func() { c.SeatMarker(seat, left.X+18, cy, 17) })
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(seat), kit.Bold, 38, readable, left.X+44, cy, left.W-44, 0)
	}
	name(o.From, left.Y+26)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 40)
	c.Text("↓", left.X+18, left.Y+84, 0.5)
	if o.To >= 0 {
		name(o.To, left.Y+142)
	}
	if draft {
		c.Ink(kit.InkSoft)
		c.WrapBox(s.w.T("zsimg.draft"), kit.Medium, readable, readable, kit.R(left.X, left.Y+174, left.W, left.Bottom()-left.Y-174), 0)
	}
	area := kit.R(left.Right()+16, r.Y+10, r.Right()-left.Right()-32, r.H-20)
	type slot struct {
		label string
		card  *zs.ArtifactCard
	}
	var slots []slot
	for _, side := range []struct {
		label string
		cards []zs.ArtifactCard
	}{{s.w.T("zsimg.gives"), o.Give}, {s.w.T("zsimg.wants"), o.Want}} {
		if len(side.cards) == 0 {
			slots = append(slots, slot{label: side.label})
		}
		for i := range side.cards {
			l := ""
			if i == 0 {
				l = side.label
			}
			slots = append(slots, slot{label: l, card: &side.cards[i]})
		}
	}
	w := handCardW - 8
	for i, sl := range slots {
		x := area.X + float64(i%offerPerRow)*(w+12)
		y := area.Y + float64(i/offerPerRow)*(offerCard+12+48)
		c.Ink(kit.InkSoft)
		c.FitText(sl.label, kit.Bold, readable, readable, x, y+22, w, 0)
		if sl.card == nil {
			c.Ink(kit.Muted)
			c.FitText("– "+s.w.T("zsimg.nothing")+" –", kit.Medium, readable, readable, x, y+48+offerCard/2, w, 0)
			continue
		}
		s.artifactCard(*sl.card, false, kit.R(x, y+48, w, offerCard))
	}
}
