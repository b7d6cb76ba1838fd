package zauberschwert

import (
	"image"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	boardW   = 1200
	topBarH  = 128 // two lines: round and phase, then the piles
	cardW    = 340
	cardH    = 420
	displayY = topBarH + 20
	wizardH  = 116 // a wizard's initial reads on a phone
	panelsY  = displayY + cardH + wizardH + 30
	infoX    = 36 + 2*cardW + 2*24
)

// board draws the public board: the round and piles on top, the two
// adventure cards with the wizards placed at them, what happens now, and a
// panel per seat, two to a row, so that every text a player needs reads on
// a phone.
func (r *Renderer) board(v *zs.PublicView, m imaging.Meta) image.Image {
	seats := v.Seats
	panelW := seatPanelWidth(len(seats))
	probe := r.scene(10, 10, m)
	sh := probe.spellShelf(seats, panelW-28)
	probe.c.Close()
	panelH := panelHeight(sh.rows)

	rows := (len(seats) + 1) / 2
	height := int(panelsY + float64(rows)*(panelH+16) + 8)
	s := r.boardScene(boardW, height, m)
	defer s.c.Close()
	s.topBar(v)
	s.display(v)
	s.info(v, kit.R(infoX, displayY-4, boardW-infoX-36, cardH+wizardH+8))
	for i, sv := range seats {
		x := 36 + float64(i%2)*(panelW+16)
		y := panelsY + float64(i/2)*(panelH+16)
		s.seatPanel(v, sv, kit.R(x, y, panelW, panelH), sh)
	}
	return s.c.Image()
}

// seatPanelWidth is the width of a seat panel: two to a row.
func seatPanelWidth(int) float64 {
	return (boardW - 72 - 16) / 2
}

// title is the round and phase, shared by the board and private views.
func (s *scene) title(round int, phase string) string {
	t := s.w.T("zsimg.round", "n", round)
	if phase != "" {
		t += " · " + phase + ": " + s.w.T("zsimg.phase."+phase)
	}
	return t
}

// topBar shows the round and phase, and under it the two piles.
func (s *scene) topBar(v *zs.PublicView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.Ink(kit.Cream)
	c.FitText(s.title(v.Round, v.Phase), kit.Bold, 42, readable, 32, 38, boardW-64, 0)
	x := s.pile(32, v.AdventurePile, s.w.T("zsimg.pile.adv"), v.NextDeck)
	s.pile(x+40, v.ArtifactPile, s.w.T("zsimg.pile.art"), "")
}

// pile draws a deck with its count and caption from x on (the adventure
// deck shows the letter of the deck it draws from next); it returns where
// it ends.
func (s *scene) pile(x float64, count int, caption, letter string) float64 {
	c := s.c
	cy := 96.0
	kit.Deck(c, kit.R(x, cy-26, 40, 52), count)
	if letter != "" {
		c.Ink(kit.Highlight)
		c.Font(kit.Bold, readable)
		c.Text(letter, x+20, cy+1, 0.5)
	}
	c.Ink(kit.Cream)
	c.Font(kit.Bold, 38)
	num := strconv.Itoa(count)
	c.Text(num, x+54, cy, 0)
	x += 54 + c.Measure(num) + 12
	c.Ink(kit.Muted)
	c.Font(kit.Medium, readable)
	c.Text(caption, x, cy, 0)
	return x + c.Measure(caption)
}

// display draws the two adventure cards with the wizards placed at them.
func (s *scene) display(v *zs.PublicView) {
	c := s.c
	for slot := 0; slot < 2; slot++ {
		r := kit.R(36+float64(slot)*(cardW+24), displayY, cardW, cardH)
		var dc *zs.DisplayCard
		for i := range v.Display {
			if v.Display[i].Slot == slot {
				dc = &v.Display[i]
			}
		}
		if dc == nil {
			c.SetDash(12, 8)
			c.RoundRect(r, 16, kit.Fade(kit.Wood, 0.5), kit.Muted, 3)
			c.SetDash()
			c.Ink(kit.Muted)
			c.FitText(s.w.T("zsimg.empty.slot"), kit.Medium, 38, readable, r.CX(), r.CY(), r.W-30, 0.5)
			continue
		}
		active := v.Resolving == slot ||
			(v.Auction != nil && v.Auction.Slot == slot) || (v.Fight != nil && v.Fight.Slot == slot)
		s.adventureCard(dc.Card, r, slot, active)
		if dc.Resolved && !active {
			c.RoundRect(r, 16, kit.Fade(kit.Wood, 0.55), nil, 0)
			pw := c.Pill(r.CX()+18, r.CY(), 56, s.w.T("zsimg.resolved"), kit.Good, kit.Cream, 0.5)
			c.Disc(r.CX()+18-pw/2-14, r.CY(), 28, kit.Good, kit.Cream, 3)
			kit.Check(c, r.CX()+18-pw/2-14, r.CY(), 14, kit.Cream)
		}
		s.wizards(dc.Wizards, r.CX(), r.Bottom()+wizardH+14, r.W)
	}
}

// wizards draws the wizards placed at a card in a row centred on cx.
func (s *scene) wizards(seats []int, cx, bottom, width float64) {
	if len(seats) == 0 {
		return
	}
	step := 86.0
	if w := width / float64(len(seats)); w < step {
		step = w
	}
	x := cx - step*float64(len(seats)-1)/2
	for _, seat := range seats {
		kit.Wizard(s.c, seat, x, bottom, wizardH)
		x += step
	}
}
