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
	topBarH  = 76
	cardW    = 236
	cardH    = 330
	displayY = 100
	panelsY  = 520
)

// board draws the public board: header, display with placed wizards, the
// info panel (what happens now) and one panel per seat.
func (r *Renderer) board(v *zs.PublicView, m imaging.Meta) image.Image {
	seats := v.Seats
	probe := r.scene(10, 10, m)
	panelW := seatPanelWidth(len(seats))
	panelH := 0.0
	for _, sv := range seats {
		if h := probe.seatPanel(v, sv, kit.R(0, 0, panelW, 0), false); h > panelH {
			panelH = h
		}
	}
	probe.c.Close()

	height := int(panelsY + panelH + 24)
	s := r.boardScene(boardW, height, m)
	defer s.c.Close()
	s.topBar(v)
	s.display(v)
	s.info(v, kit.R(576, displayY-4, boardW-576-36, 404))
	x := 36.0
	for _, sv := range seats {
		s.seatPanel(v, sv, kit.R(x, panelsY, panelW, panelH), true)
		x += panelW + 16
	}
	return s.c.Image()
}

func seatPanelWidth(n int) float64 {
	if n < 2 {
		n = 2
	}
	return (boardW - 72 - 16*float64(n-1)) / float64(n)
}

func (s *scene) topBar(v *zs.PublicView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	title := s.w.T("zsimg.round", "n", v.Round)
	if v.Phase != "" {
		title += " · " + v.Phase + ": " + s.w.T("zsimg.phase."+v.Phase)
	}
	c.Ink(kit.Cream)
	c.FitText(title, kit.Bold, 36, 24, 32, topBarH/2, 640, 0)

	// Piles, right-aligned: adventures (with the next letter) and artifacts.
	x := float64(boardW - 36)
	x = s.pile(x, v.ArtifactPile, s.w.T("zsimg.pile.art"), "")
	s.pile(x-28, v.AdventurePile, s.w.T("zsimg.pile.adv"), v.NextDeck)
}

// pile draws a face-down stack, its count and caption ending at right; it
// returns the left edge used.
func (s *scene) pile(right float64, count int, caption, letter string) float64 {
	c := s.c
	c.Font(kit.Medium, 18)
	capW := c.Measure(caption)
	c.Font(kit.Bold, 36)
	num := strconv.Itoa(count)
	numW := c.Measure(num)
	w := 40 + 10 + numW + 8 + capW
	x := right - w
	c.Deck(kit.R(x, topBarH/2-24, 36, 50), count)
	if letter != "" {
		c.Ink(kit.Highlight)
		c.Font(kit.Bold, 24)
		c.Text(letter, x+18, topBarH/2+1, 0.5)
	}
	c.Ink(kit.Cream)
	c.Font(kit.Bold, 36)
	c.Text(num, x+50, topBarH/2, 0)
	c.Ink(kit.Muted)
	c.Font(kit.Medium, 18)
	c.Text(caption, x+50+numW+8, topBarH/2+6, 0)
	return x
}

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
			c.FitText(s.w.T("zsimg.empty.slot"), kit.Medium, 28, 18, r.CX(), r.CY(), r.W-30, 0.5)
			continue
		}
		// The card under resolution is highlighted even if the engine has
		// already marked it resolved while its auction or fight runs.
		active := v.Resolving == slot ||
			(v.Auction != nil && v.Auction.Slot == slot) || (v.Fight != nil && v.Fight.Slot == slot)
		s.adventureCard(dc.Card, r, slot, active)
		if dc.Resolved && !active {
			c.RoundRect(r, 16, kit.Fade(kit.Wood, 0.55), nil, 0)
			pw := c.Pill(r.CX()+14, r.CY(), 44, s.w.T("zsimg.resolved"), kit.Good, kit.Cream, 0.5)
			c.Disc(r.CX()+14-pw/2-10, r.CY(), 24, kit.Good, kit.Cream, 3)
			c.Check(r.CX()+14-pw/2-10, r.CY(), 12, kit.Cream)
		}
		s.wizards(dc.Wizards, r.CX(), r.Bottom()+74, r.W+20)
	}
}

// wizards draws the figures placed at a card, centred on cx above bottom.
func (s *scene) wizards(seats []int, cx, bottom, width float64) {
	if len(seats) == 0 {
		return
	}
	step := 60.0
	if w := width / float64(len(seats)); w < step {
		step = w
	}
	x := cx - step*float64(len(seats)-1)/2
	for _, seat := range seats {
		s.c.Wizard(seat, x, bottom, 66)
		x += step
	}
}
