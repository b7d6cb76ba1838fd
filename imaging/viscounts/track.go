package viscounts

import (
	"strings"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of the collision rewards on a seat's private picture.
const (
	trackPanelH = 60 + 46 + 2*trackRowH + 6 + 2*pad
	trackRowH   = 68
	trackIconR  = iconR
)

// trackPanel shows what a collision of the seat's virtue and corruption
// markers gives on each space of the track: above, the seat's own reward,
// below, what every other player gains; the seat's markers on top.
func (oa ownArea) trackPanel(v *vc.View, seat int, r kit.Rect) {
	s := oa.s
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.collisions"), kit.Bold, 36, x, r.Y+32, w, 0)
	n := max(len(v.Track), 1)
	cells := kit.R(x, r.Y+60, w, r.H-60-pad).Columns(n, 6)
	sv := v.Seats[seat]
	for k, cell := range cells {
		s.box(kit.R(cell.X, cell.Y, cell.W, 40), 6, kit.ParchDark, kit.InkSoft, 1.5)
		switch {
		case k == sv.Virtue && k == sv.Corruption:
			s.atomIcon("virtue", cell.CX()-iconR-2, cell.Y+20, iconR)
			s.atomIcon("corruption", cell.CX()+iconR+2, cell.Y+20, iconR)
		case k == sv.Virtue:
			s.atomIcon("virtue", cell.CX(), cell.Y+20, iconR)
		case k == sv.Corruption:
			s.atomIcon("corruption", cell.CX(), cell.Y+20, iconR)
		}
		if k >= len(v.Track) {
			continue
		}
		own := kit.R(cell.X, cell.Y+46, cell.W, trackRowH)
		others := kit.R(cell.X, own.Bottom()+6, cell.W, trackRowH)
		s.box(own, 8, kit.Cream, kit.BrassDark, 2)
		s.box(others, 8, kit.Tint(innerPath, 0.6), innerPath, 2)
		oa.rewardIn(v.Track[k].Own, own)
		oa.rewardIn(v.Track[k].Others, others)
	}
}

// rewardIn draws a reward centred in r, on two lines when one is too
// narrow; nothing shows as a dash.
func (oa ownArea) rewardIn(data string, r kit.Rect) {
	s := oa.s
	if strings.TrimSpace(data) == "" {
		s.ink(kit.InkSoft)
		s.say("—", kit.Bold, textMin, r.CX(), r.CY(), 0.5)
		return
	}
	lines := []string{data}
	if s.effect(data, 0, 0, trackIconR, false) > r.W-8 {
		if parts := strings.Split(data, "+"); len(parts) > 1 && !strings.Contains(data, "|") {
			half := (len(parts) + 1) / 2
			lines = []string{strings.Join(parts[:half], "+"), strings.Join(parts[half:], "+")}
		}
	}
	for k, line := range lines {
		cy := r.CY() + (float64(k)-float64(len(lines)-1)/2)*32
		lw := s.effect(line, 0, 0, trackIconR, false)
		s.effect(line, r.CX()-lw/2, cy, trackIconR, true)
	}
}
