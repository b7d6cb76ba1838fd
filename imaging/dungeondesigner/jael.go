package dungeondesigner

import (
	"image/color"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var jaelColor = color.RGBA{0x4a, 0x23, 0x5e, 0xff}

const (
	jaelHeadH  = 60.0
	jaelCardH  = 470.0
	jaelMiniRm = 44.0
	jaelLine   = 50.0 // a line of text read on a phone
	jaelTokenR = 30.0 // element letters read on a phone
	jaelTokenW = 128.0
)

func flowRows(n int, item, width float64) int {
	per := max(int(width/item), 1)
	return max((n+per-1)/per, 1)
}

// jaelTileKinds counts Jael's tiles by element, in the order first taken.
func jaelTileKinds(tiles []dd.TileView) (els []string, counts map[string]int) {
	counts = map[string]int{}
	for _, t := range tiles {
		if counts[t.Element] == 0 {
			els = append(els, t.Element)
		}
		counts[t.Element]++
	}
	return els, counts
}

// jaelPileRows and jaelKindRows are the rows the panel keeps for Jael's
// rooms and tiles, so that the board keeps its height while Jael gathers
// (rooms beyond them are counted in the heading only).
const (
	jaelPileRows = 2
	jaelKindRows = 4
)

// jaelHeight is the panel height Jael's public state needs.
func (s *scene) jaelHeight(j *dd.JaelView) float64 {
	inner := jaelW - 32
	els, _ := jaelTileKinds(j.Tiles)
	h := jaelHeadH + 12 + jaelCardH + 12 + 2*jaelLine
	h += jaelLine + jaelPileRows*(jaelMiniRm+6)
	h += jaelLine + float64(max(flowRows(len(els), jaelTokenW, inner), jaelKindRows))*(2*jaelTokenR+12)
	return h + 16
}

// jaelPanel draws the solo opponent: the current card (gold, runes, what
// it collects, value and condition), whether it has collected this year,
// and the rooms and tiles it has gathered.
func (s *scene) jaelPanel(v *dd.PublicView, r kit.Rect) {
	c := s.c
	j := v.Jael
	c.Shadow(r, 14)
	c.RoundRect(r, 14, kit.Parchment, kit.Brass, 4)
	c.DrawRoundedRectangle(r.X+2, r.Y+2, r.W-4, jaelHeadH, 12)
	c.SetColor(jaelColor)
	c.Fill()
	c.FillRect(kit.R(r.X+2, r.Y+jaelHeadH-10, r.W-4, 12), jaelColor)
	c.ShapePath(kit.Hexagon, r.X+30, r.Y+jaelHeadH/2+1, 20)
	c.SetColor(kit.Cream)
	c.Fill()
	c.Decorative("Jael's name follows the marker", func() {
		c.Ink(jaelColor)
		c.Font(kit.Bold, 22)
		c.Text("J", r.X+30, r.Y+jaelHeadH/2+1, 0.5)
	})
	name := s.w.T("ddimg.jael")
	if v.Difficulty != "" {
		key := "ddimg.jael.normal"
		if v.Difficulty == "legendary" {
			key = "ddimg.jael.legend"
		}
		name += " · " + s.w.T(key)
	}
	gold := 0
	if j.Current != nil {
		gold = j.Current.Gold
	}
	c.Font(kit.Bold, 38)
	gs := strconv.Itoa(gold)
	gw := c.Measure(gs)
	c.Ink(kit.Cream)
	c.Text(gs, r.Right()-14, r.Y+jaelHeadH/2+1, 1)
	kit.Coin(c, r.Right()-14-gw-20, r.Y+jaelHeadH/2+1, 17)
	c.Ink(kit.Cream)
	c.FitText(name, kit.Bold, 36, readable, r.X+58, r.Y+jaelHeadH/2+1, r.W-58-gw-62, 0)

	in := kit.R(r.X+16, r.Y+jaelHeadH+12, r.W-32, 0)
	y := in.Y
	if j.Current != nil {
		s.jaelCard(v, j.Current, kit.R(in.X, y, in.W, jaelCardH))
	} else {
		kit.Deck(c, kit.R(in.X+10, y+20, 60, 84), j.DeckSize)
	}
	y += jaelCardH + 12

	// Whether Jael has collected this year, or when it will.
	status := s.w.T("ddimg.jael.deck", "n", j.DeckSize)
	switch {
	case j.Triggered:
		kit.Check(c, in.X+12, y+jaelLine/2, 12, kit.Good)
		status = s.w.T("ddimg.jael.done") + " · " + status
	case j.Current != nil && v.Phase != dd.PhaseOver:
		kit.Hourglass(c, in.X+12, y+jaelLine/2, 14)
		status = s.w.T("ddimg.jael.waiting", "n", j.Current.Gold) + " · " + status
	}
	c.Ink(kit.Ink)
	c.WrapBox(status, kit.Medium, readable, readable, kit.R(in.X+34, y, in.W-34, 2*jaelLine), 0)
	y += 2 * jaelLine

	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.pile", "n", len(j.Pile)), kit.Bold, readable, readable, in.X, y+jaelLine/2, in.W, 0)
	y += jaelLine
	per := max(int(in.W/(jaelMiniRm+6)), 1)
	c.Decorative("Jael's rooms at a glance; the heading counts them", func() {
		for i := range min(len(j.Pile), jaelPileRows*per) {
			x := in.X + float64(i%per)*(jaelMiniRm+6)
			s.room(&j.Pile[i], kit.R(x, y+float64(i/per)*(jaelMiniRm+6), jaelMiniRm, jaelMiniRm))
		}
	})
	y += jaelPileRows * (jaelMiniRm + 6)

	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.tiles", "n", len(j.Tiles)), kit.Bold, readable, readable, in.X, y+jaelLine/2, in.W, 0)
	y += jaelLine
	els, counts := jaelTileKinds(j.Tiles)
	per = max(int(in.W/jaelTokenW), 1)
	for i, el := range els {
		x := in.X + jaelTokenR + float64(i%per)*jaelTokenW
		cy := y + jaelTokenR + 6 + float64(i/per)*(2*jaelTokenR+12)
		s.element(el, x, cy, jaelTokenR)
		c.Ink(kit.Ink)
		c.Font(kit.Bold, readable)
		c.Text("×"+strconv.Itoa(counts[el]), x+jaelTokenR+8, cy, 0)
	}
}

// jaelCard draws Jael's current card, a line per entry.
func (s *scene) jaelCard(v *dd.PublicView, jc *dd.JaelCardView, r kit.Rect) {
	c := s.c
	c.RoundRect(r, 12, kit.Tint(jaelColor, 0.8), jaelColor, 3)
	in := r.Inset(14)
	y := in.Y + jaelLine/2
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.card", "n", v.Year), kit.Bold, 36, readable, in.X, y, in.W, 0)
	y += jaelLine
	x := in.X
	switch jc.Tier {
	case "crown":
		kit.Crown(c, x+17, y, 17)
		x += 40
	case "diamond":
		c.ShapePath(kit.Diamond, x+14, y, 13)
		c.SetColor(kit.MagicBlue)
		c.Fill()
		x += 40
	}
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T("dd.tier."+jc.Tier), kit.Medium, readable, readable, x, y, in.Right()-x, 0)
	y += jaelLine
	label := func(key string) float64 {
		c.Ink(kit.InkSoft)
		c.Font(kit.Bold, readable)
		t := s.w.T(key) + ":"
		c.Text(t, in.X, y, 0)
		return in.X + c.Measure(t) + 12
	}
	// Runes: a room with one of these runes left over goes to Jael.
	x = label("ddimg.jael.runes")
	for _, rn := range jc.Runes {
		x += s.rune(rn, x, y, 24) + 8
	}
	y += jaelLine + 8
	x = label("ddimg.jael.collect")
	for _, col := range jc.Collect {
		key := "ddimg.collect.upper"
		if col.Part == "lower" {
			key = "ddimg.collect.lower"
		}
		t := s.w.T(key, "n", col.Stall)
		c.Font(kit.Bold, 56*0.62)
		if x > in.X && x+c.Measure(t)+56 > in.Right() {
			x, y = in.X+24, y+jaelLine+12
		}
		x += c.Pill(x, y, 56, t, jaelColor, kit.Cream, 0) + 8
	}
	y += jaelLine + 12
	x = label("ddimg.jael.base")
	kit.StarIcon(c, x+16, y, 17)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 36)
	c.Text(strconv.Itoa(jc.Base), x+40, y, 0)
	y += jaelLine
	x = label("ddimg.jael.bonus")
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(jc.Bonus), kit.Bold, readable, readable, kit.R(x, y-jaelLine/2+4, in.Right()-x, 2*jaelLine), 0)
}

// rune draws a solo rune: a coloured disc with its letter, returning the
// width used.
func (s *scene) rune(rn string, x, cy, r float64) float64 {
	col := map[string]color.RGBA{"red": kit.StoneRed, "green": kit.Good, "blue": kit.MagicBlue}[rn]
	if col.A == 0 {
		col = kit.InkSoft
	}
	s.c.Disc(x+r, cy, r, col, kit.Ink, 1.5)
	s.c.Ink(kit.Cream)
	s.c.Font(kit.Bold, r*1.4)
	s.c.Text(s.w.T("ddimg.rune."+rn), x+r, cy, 0.5)
	return 2 * r
}
