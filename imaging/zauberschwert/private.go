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
	handCardW = 162.0
	handCardH = 224.0
	handGap   = 14.0
	offerH    = 150.0
	miniW     = 96.0
	miniH     = 128.0
)

// private draws one seat's secret view for its DMs: own status, the hand
// of artifact cards with complete artifacts marked, and trade offers.
func (r *Renderer) private(v *zs.PrivateView, m imaging.Meta) image.Image {
	perRow := int(math.Floor((boardW - 72 - 40 + handGap) / (handCardW + handGap)))
	rows := (len(v.Hand) + perRow - 1) / perRow
	if rows == 0 {
		rows = 1
	}
	offers := v.Offers
	if v.Draft != nil {
		offers = append(append([]zs.OfferView(nil), offers...), *v.Draft)
	}
	handY := 96.0 + 130 + 20
	handH := 60 + float64(rows)*(handCardH+handGap)
	offersY := handY + handH + 20
	height := offersY
	if len(offers) > 0 {
		height += 60 + float64(len(offers))*(offerH+14) + 10
	}
	height += 16

	s := r.boardScene(boardW, int(height), m)
	defer s.c.Close()
	c := s.c
	s.privateTop(v)
	s.ownStatus(v, kit.R(36, 96, boardW-72, 130))

	hand := kit.R(36, handY, boardW-72, handH)
	c.Panel(hand)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("zsimg.your.hand")+" ("+strconv.Itoa(len(v.Hand))+")", kit.Bold, 32, 22, hand.X+20, hand.Y+32, hand.W-40, 0)
	if len(v.Hand) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("zsimg.hand.empty"), kit.Medium, 32, 22, hand.CX(), hand.Y+60+handCardH/2, hand.W-40, 0.5)
	}
	for i, hc := range v.Hand {
		x := hand.X + 20 + float64(i%perRow)*(handCardW+handGap)
		y := hand.Y + 66 + float64(i/perRow)*(handCardH+handGap)
		s.artifactCard(hc.ArtifactCard, hc.Complete, kit.R(x, y, handCardW-8, handCardH-8))
	}

	if len(offers) > 0 {
		c.Ink(kit.Cream)
		c.FitText(s.w.T("zsimg.offers"), kit.Bold, 32, 22, 44, offersY+30, 600, 0)
		y := offersY + 60
		for i, o := range offers {
			draft := v.Draft != nil && i == len(offers)-1
			s.offer(o, draft, kit.R(36, y, boardW-72, offerH))
			y += offerH + 14
		}
	}
	return c.Image()
}

func (s *scene) privateTop(v *zs.PrivateView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.SeatMarker(v.Seat, 60, topBarH/2, 24)
	right := s.w.T("zsimg.round", "n", v.Round)
	if v.Phase != "" {
		right += " · " + v.Phase + ": " + s.w.T("zsimg.phase."+v.Phase)
	}
	c.Ink(kit.Muted)
	c.Font(kit.Medium, 26)
	right = c.Ellipsize(right, 460)
	rw := c.Measure(right)
	c.Text(right, boardW-32, topBarH/2, 1)
	c.Ink(kit.Cream)
	c.FitText(s.m.Name(v.Seat)+" · "+s.w.T("zsimg.private"), kit.Bold, 36, 24, 98, topBarH/2, boardW-32-rw-40-98, 0)
}

// ownStatus is the compact summary of the seat's public state.
func (s *scene) ownStatus(v *zs.PrivateView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	var me zs.SeatView
	for _, sv := range v.Seats {
		if sv.Seat == v.Seat {
			me = sv
		}
	}
	s.magicGauge(me.Magic, kit.R(r.X+20, r.Y+38, 330, 44))
	c.Gem(r.X+400, r.Y+38, 18)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(me.Stones), r.X+426, r.Y+38, 0)
	if v.StartPlayer == v.Seat {
		c.Crown(r.X+520, r.Y+36, 22)
	}
	// Laid-out artifacts, shown small on the right of the first line.
	x := r.X + 570
	for _, a := range me.LaidOut {
		if x+76 > r.Right()-16 {
			break
		}
		s.artifactTile(a.Artifact, kit.R(x, r.Y+10, 70, 56))
		x += 78
	}
	if len(me.Spells) > 0 {
		s.spells(me.Spells, r.X+20, r.Y+76, r.W-40, true)
	} else {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("zsimg.spells")+": "+s.w.T("zsimg.none"), kit.Medium, 24, 18, r.X+20, r.Y+100, r.W-40, 0)
	}
}

// offer draws one trade offer: who to whom, the cards given and wanted.
func (s *scene) offer(o zs.OfferView, draft bool, r kit.Rect) {
	c := s.c
	c.Panel(r)
	if draft {
		c.SetDash(10, 6)
		c.RoundRect(r.Inset(6), 10, nil, kit.InkSoft, 2)
		c.SetDash()
	}
	// Left column: from → to.
	left := kit.R(r.X+18, r.Y+14, 300, r.H-28)
	c.SeatMarker(o.From, left.X+18, left.Y+22, 17)
	c.Ink(kit.Ink)
	c.FitText(s.m.Name(o.From), kit.Bold, 28, 18, left.X+44, left.Y+22, left.W-44, 0)
	c.Font(kit.Bold, 30)
	c.Text("→", left.X+8, left.CY(), 0)
	if o.To >= 0 {
		c.SeatMarker(o.To, left.X+18, left.Bottom()-22, 17)
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(o.To), kit.Bold, 28, 18, left.X+44, left.Bottom()-22, left.W-44, 0)
	}
	if draft {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("zsimg.draft"), kit.Medium, 20, 14, left.X+44, left.CY(), left.W-44, 0)
	}
	// Gives and wants, side by side.
	area := kit.R(left.Right()+16, r.Y+10, r.Right()-left.Right()-32, r.H-20)
	halves := area.Columns(2, 20)
	s.offerCards(s.w.T("zsimg.gives"), o.Give, halves[0])
	s.offerCards(s.w.T("zsimg.wants"), o.Want, halves[1])
}

func (s *scene) offerCards(label string, cards []zs.ArtifactCard, r kit.Rect) {
	c := s.c
	c.Ink(kit.InkSoft)
	c.FitText(label, kit.Bold, 22, 16, r.X, r.Y+12, r.W, 0)
	if len(cards) == 0 {
		c.Ink(kit.Muted)
		c.FitText("– "+s.w.T("zsimg.nothing")+" –", kit.Medium, 24, 16, r.X, r.CY()+10, r.W, 0)
		return
	}
	w := math.Min(miniW, (r.W-8*float64(len(cards)-1))/float64(len(cards)))
	h := math.Min(r.H-28, w*miniH/miniW)
	for i, ac := range cards {
		s.artifactCard(ac, false, kit.R(r.X+float64(i)*(w+8), r.Y+26, w, h))
	}
}
