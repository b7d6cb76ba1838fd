package zauberschwert

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// kindColor is the frame colour of each kind of adventure card.
func kindColor(k zs.Kind) color.RGBA {
	switch k {
	case zs.KindCreature:
		return color.RGBA{0x7a, 0x24, 0x1c, 0xff}
	case zs.KindSpell:
		return color.RGBA{0x55, 0x33, 0x80, 0xff}
	case zs.KindOrb:
		return color.RGBA{0x1f, 0x55, 0x96, 0xff}
	case zs.KindHoly:
		return color.RGBA{0x2f, 0x6b, 0x3a, 0xff}
	}
	return kit.InkSoft
}

// adventureCard draws one display card into r.
func (s *scene) adventureCard(card zs.Card, r kit.Rect, slot int, resolving bool) {
	c := s.c
	frame := kindColor(card.Kind)
	if resolving {
		c.RoundRect(kit.R(r.X-8, r.Y-8, r.W+16, r.H+16), 22, kit.Highlight, nil, 0)
	}
	if !resolving {
		c.Shadow(r, 16)
	}
	c.RoundRect(r, 16, frame, kit.Tint(frame, -0.5), 3)
	head := kit.R(r.X, r.Y, r.W, 62)
	c.Ink(kit.Cream)
	c.FitText(s.w.T(card.Name), kit.Bold, 38, readable, head.X+60, head.CY()+2, head.W-74, 0)
	// Slot number, so players can name the card ("card 1").
	c.Disc(r.X+32, head.CY(), 24, kit.Cream, kit.Tint(frame, -0.5), 2)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, readable)
	c.Text(strconv.Itoa(slot+1), r.X+32, head.CY(), 0.5)
	c.Decorative("the deck a card came from does not decide a move", func() {
		c.Ink(kit.Tint(frame, 0.55))
		c.Font(kit.Bold, 22)
		c.Text(card.Deck, r.Right()-16, r.Bottom()-16, 0.5)
	})

	body := kit.R(r.X+10, r.Y+62, r.W-20, r.H-88)
	c.RoundRect(body, 10, kit.Parchment, nil, 0)
	switch card.Kind {
	case zs.KindCreature:
		s.creatureBody(card, body)
	case zs.KindSpell:
		s.spellBody(card, body)
	case zs.KindOrb:
		kit.Orb(c, body.CX(), body.Y+body.H*0.3, body.W*0.22)
		c.Ink(kit.MagicDeep)
		c.Font(kit.Bold, 56)
		c.Text(fmt.Sprintf("+%d", card.Magic), body.CX(), body.Y+body.H*0.62, 0.5)
		c.Ink(kit.InkSoft)
		c.WrapBox(s.w.T("zsimg.orb.gain"), kit.Medium, readable, readable, kit.R(body.X+8, body.Y+body.H*0.74, body.W-16, body.H*0.26-4), 0.5)
	case zs.KindHoly:
		kit.Temple(c, body.CX(), body.Y+body.H*0.28, body.W*0.22)
		s.gain(body.CX(), body.Y+body.H*0.58, card.Stones, 1)
		c.Ink(kit.InkSoft)
		c.WrapBox(s.w.T("zsimg.holy.gain"), kit.Medium, readable, readable, kit.R(body.X+8, body.Y+body.H*0.68, body.W-16, body.H*0.32-4), 0.5)
	}
}

func (s *scene) creatureBody(card zs.Card, b kit.Rect) {
	c := s.c
	drawCreature(c, card.Species, b.CX(), b.Y+b.H*0.33, b.W*0.28)
	// Strength: the red number, large, top left.
	c.Disc(b.X+40, b.Y+40, 34, kit.StoneRed, kit.StoneDeep, 3)
	c.Ink(kit.Cream)
	c.Font(kit.Bold, 42)
	c.Text(strconv.Itoa(card.Strength), b.X+40, b.Y+40, 0.5)
	if sym, ok := symbolOf(card.Symbol); ok {
		c.Disc(b.Right()-40, b.Y+40, 34, kit.Cream, kit.Ink, 2.5)
		kit.Sym(c, sym, b.Right()-40, b.Y+40, symbolR, kit.Ink, nil)
	}
	// Rewards: alone, then per wizard together.
	rows := kit.R(b.X+6, b.Bottom()-2*64, b.W-12, 2*64-6).Rows(2, 6)
	s.rewardRow(rows[0], "1", card.Single)
	s.rewardRow(rows[1], "2+", card.Shared)
}

func (s *scene) rewardRow(r kit.Rect, who string, rw zs.Reward) {
	c := s.c
	c.RoundRect(r, 8, kit.ParchDark, nil, 0)
	c.Pill(r.X+6, r.CY(), 56, who, kit.InkSoft, kit.Cream, 0)
	s.gain(r.X+r.W*0.6, r.CY(), rw.Stones, rw.Artifacts)
}

// gain draws "<gem> n  <card> m" centred on cx.
func (s *scene) gain(cx, cy float64, stones, cards int) {
	c := s.c
	c.Font(kit.Bold, 38)
	sw := c.Measure(strconv.Itoa(stones))
	cw := c.Measure(strconv.Itoa(cards))
	gem, card := 2*iconR+4, 2*iconR*0.72
	total := gem + sw + 20 + card + 6 + cw
	x := cx - total/2
	kit.Gem(c, x+iconR, cy, iconR)
	c.Ink(kit.Ink)
	c.Text(strconv.Itoa(stones), x+gem, cy, 0)
	x += gem + sw + 20
	kit.CardBackIcon(c, kit.R(x, cy-iconR, card, 2*iconR))
	c.Text(strconv.Itoa(cards), x+card+6, cy, 0)
}

func (s *scene) spellBody(card zs.Card, b kit.Rect) {
	c := s.c
	kit.Scroll(c, b.CX(), b.Y+36, 28)
	key := "zs.spell." + card.Spell + ".effect"
	if s.w.Has(key) {
		c.Ink(kit.Ink)
		c.WrapBox(s.w.T(key), kit.Medium, readable, readable, kit.R(b.X+8, b.Y+72, b.W-16, b.H-78), 0.5)
	}
}

// bonus draws an artifact bonus compactly with its numbers at px: "+2
// gem", "+1 gem +1 drop" or "+2 gem / drop", shrinking towards readable to
// stay within maxW.
func (s *scene) bonus(b zs.Bonus, cx, cy, px, maxW float64) {
	c := s.c
	c.Font(kit.Bold, px)
	type part struct {
		text string
		icon func(x float64)
	}
	r := max(px*0.4, iconR)
	gem := func(x float64) { kit.Gem(c, x, cy, r) }
	drop := func(x float64) { kit.Drop(c, x, cy, r) }
	var parts []part
	switch {
	case b.Choice > 0:
		parts = []part{{"+" + strconv.Itoa(b.Choice), gem}, {"/", drop}}
	default:
		if b.Stones > 0 {
			parts = append(parts, part{"+" + strconv.Itoa(b.Stones), gem})
		}
		if b.Magic > 0 {
			parts = append(parts, part{"+" + strconv.Itoa(b.Magic), drop})
		}
	}
	icon := max(px*0.9, 2*r+4)
	total := 0.0
	for _, p := range parts {
		total += c.Measure(p.text) + icon
	}
	if total > maxW && px > readable {
		s.bonus(b, cx, cy, math.Max(readable, math.Floor(px*maxW/total)), maxW)
		return
	}
	x := cx - total/2
	c.Ink(kit.Ink)
	for _, p := range parts {
		c.Text(p.text, x, cy, 0)
		x += c.Measure(p.text)
		p.icon(x + icon/2)
		x += icon
	}
}

// artifactCard draws one artifact card of a hand or an offer: its name
// with its number as the menus name it ("Wand #3", on up to two lines, so
// a player can match picture and option), symbols, bonus, which half of a
// two-part artifact it is, and a green rim when complete.
func (s *scene) artifactCard(ac zs.ArtifactCard, complete bool, r kit.Rect) {
	c := s.c
	edge, line := kit.BrassDark, 3.0
	if complete {
		c.RoundRect(kit.R(r.X-5, r.Y-5, r.W+10, r.H+10), 16, kit.Good, nil, 0)
		edge = kit.Tint(kit.Good, -0.4)
	}
	c.RoundRect(r, 12, kit.Tint(kit.Brass, 0.6), edge, line)
	head := kit.R(r.X+4, r.Y+4, r.W-8, 100)
	c.RoundRect(head, 9, kit.Tint(kit.Brass, -0.15), nil, 0)
	c.Ink(kit.Ink)
	c.WrapBox(s.w.T(ac.Artifact.Name)+" #"+strconv.Itoa(ac.Index), kit.Bold, 38, readable, head.Inset(4), 0.5)
	rest := kit.R(r.X, head.Bottom(), r.W, r.Bottom()-head.Bottom())
	n := len(ac.Artifact.Symbols)
	symR := math.Min(symbolR, r.W/float64(2*n+1)*0.9)
	for i, sy := range ac.Artifact.Symbols {
		if k, ok := symbolOf(sy); ok {
			x := r.CX() + (float64(i)-float64(n-1)/2)*symR*2.5
			kit.Sym(c, k, x, rest.Y+rest.H*0.2, symR, kit.Ink, nil)
		}
	}
	s.bonus(ac.Artifact.Bonus, r.CX(), rest.Y+rest.H*0.5, 38, r.W-16)
	if ac.Part > 0 {
		s.partBadge(ac.Part, r.CX(), rest.Y+rest.H*0.8, 31)
	}
	if complete {
		c.Disc(r.Right()-6, r.Y+6, 22, kit.Good, kit.Cream, 2.5)
		kit.Check(c, r.Right()-6, r.Y+6, 11, kit.Cream)
	}
}

// partBadge shows which half of a two-part artifact a card is: two joined
// halves with this one filled, and the number.
func (s *scene) partBadge(part int, cx, cy, h float64) {
	c := s.c
	for i := 1; i <= 2; i++ {
		x := cx - h*1.5 + float64(i-1)*h*0.95
		fill := kit.Parchment
		if i == part {
			fill = kit.InkSoft
		}
		c.RoundRect(kit.R(x, cy-h*0.6, h*0.9, h*1.2), h*0.15, fill, kit.Ink, 1.5)
	}
	c.Ink(kit.Ink)
	c.Font(kit.Bold, h*1.1)
	c.Text(strconv.Itoa(part)+"/2", cx+h*0.65, cy, 0)
}
