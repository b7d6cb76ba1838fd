package dungeondesigner

import (
	"image/color"
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var jaelColor = color.RGBA{0x4a, 0x23, 0x5e, 0xff}

const (
	jaelHeadH   = 52.0
	jaelCardH   = 214.0
	jaelMiniRm  = 40.0
	jaelTileR   = 15.0
	jaelSection = 34.0
)

func flowRows(n int, item, width float64) int {
	per := max(int(width/item), 1)
	return max((n+per-1)/per, 1)
}

// jaelHeight is the panel height Jael's public state needs.
func (s *scene) jaelHeight(j *dd.JaelView) float64 {
	inner := jaelW - 32
	h := jaelHeadH + 12 + jaelCardH + 12 + 30
	h += jaelSection + float64(flowRows(len(j.Pile), jaelMiniRm+6, inner))*(jaelMiniRm+6)
	h += jaelSection + float64(flowRows(len(j.Tiles), jaelTileR*2.8+4, inner))*(jaelTileR*2+8)
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
	c.ShapePath(kit.Hexagon, r.X+28, r.Y+jaelHeadH/2+1, 18)
	c.SetColor(kit.Cream)
	c.Fill()
	c.Ink(jaelColor)
	c.Font(kit.Bold, 20)
	c.Text("J", r.X+28, r.Y+jaelHeadH/2+1, 0.5)
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
	c.Font(kit.Bold, 34)
	gs := strconv.Itoa(gold)
	gw := c.Measure(gs)
	c.Ink(kit.Cream)
	c.Text(gs, r.Right()-14, r.Y+jaelHeadH/2+1, 1)
	c.Coin(r.Right()-14-gw-20, r.Y+jaelHeadH/2+1, 15)
	c.Ink(kit.Cream)
	c.FitText(name, kit.Bold, 30, 16, r.X+54, r.Y+jaelHeadH/2+1, r.W-54-gw-60, 0)

	in := kit.R(r.X+16, r.Y+jaelHeadH+12, r.W-32, 0)
	y := in.Y
	if j.Current != nil {
		s.jaelCard(v, j.Current, kit.R(in.X, y, in.W, jaelCardH))
	} else {
		c.Deck(kit.R(in.X+10, y+20, 60, 84), j.DeckSize)
	}
	y += jaelCardH + 12

	// Whether Jael has collected this year, or when it will.
	status := s.w.T("ddimg.jael.deck", "n", j.DeckSize)
	switch {
	case j.Triggered:
		c.Check(in.X+10, y+14, 10, kit.Good)
		status = s.w.T("ddimg.jael.done") + " · " + status
	case j.Current != nil && v.Phase != dd.PhaseOver:
		c.Hourglass(in.X+10, y+14, 11)
		status = s.w.T("ddimg.jael.waiting", "n", j.Current.Gold) + " · " + status
	}
	c.Ink(kit.Ink)
	c.FitText(status, kit.Medium, 22, 13, in.X+28, y+14, in.W-28, 0)
	y += 30

	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.pile", "n", len(j.Pile)), kit.Bold, 22, 14, in.X, y+jaelSection/2, in.W, 0)
	y += jaelSection
	per := max(int(in.W/(jaelMiniRm+6)), 1)
	for i := range j.Pile {
		x := in.X + float64(i%per)*(jaelMiniRm+6)
		s.room(&j.Pile[i], kit.R(x, y+float64(i/per)*(jaelMiniRm+6), jaelMiniRm, jaelMiniRm))
	}
	y += float64(flowRows(len(j.Pile), jaelMiniRm+6, in.W)) * (jaelMiniRm + 6)

	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.tiles", "n", len(j.Tiles)), kit.Bold, 22, 14, in.X, y+jaelSection/2, in.W, 0)
	y += jaelSection
	step := jaelTileR*2.8 + 4
	per = max(int(in.W/step), 1)
	for i, t := range j.Tiles {
		x := in.X + jaelTileR*1.4 + float64(i%per)*step
		s.tile(t.Shape, t.Element, x, y+jaelTileR+4+float64(i/per)*(jaelTileR*2+8), jaelTileR)
	}
}

// jaelCard draws Jael's current card.
func (s *scene) jaelCard(v *dd.PublicView, jc *dd.JaelCardView, r kit.Rect) {
	c := s.c
	c.RoundRect(r, 12, kit.Tint(jaelColor, 0.8), jaelColor, 3)
	in := r.Inset(12)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.jael.card", "n", v.Year), kit.Bold, 24, 16, in.X, in.Y+14, in.W*0.6, 0)
	// Tier symbol and name on the right of the title.
	tier := s.w.T("dd.tier." + jc.Tier)
	c.Font(kit.Medium, 20)
	tw := c.Measure(tier)
	c.Ink(kit.InkSoft)
	c.Text(tier, in.Right(), in.Y+14, 1)
	switch jc.Tier {
	case "crown":
		c.Crown(in.Right()-tw-20, in.Y+14, 12)
	case "diamond":
		c.ShapePath(kit.Diamond, in.Right()-tw-18, in.Y+14, 9)
		c.SetColor(kit.MagicBlue)
		c.Fill()
	}

	rowH := 38.0
	y := in.Y + 30 + rowH/2
	label := func(key string) float64 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T(key), kit.Bold, 20, 12, in.X, y, 150, 0)
		return in.X + 158
	}
	// Runes: a room with one of these runes left over goes to Jael.
	x := label("ddimg.jael.runes")
	for _, rn := range jc.Runes {
		x += s.rune(rn, x, y, 14) + 8
	}
	y += rowH
	x = label("ddimg.jael.collect")
	for _, col := range jc.Collect {
		key := "ddimg.collect.upper"
		if col.Part == "lower" {
			key = "ddimg.collect.lower"
		}
		x += c.Pill(x, y, 28, s.w.T(key, "n", col.Stall), jaelColor, kit.Cream, 0) + 8
	}
	y += rowH
	x = label("ddimg.jael.base")
	c.StarIcon(x+12, y, 13)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 26)
	c.Text(strconv.Itoa(jc.Base), x+32, y, 0)
	y += rowH
	x = label("ddimg.jael.bonus")
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(jc.Bonus), kit.Bold, 22, 13, kit.R(x, y-rowH/2, in.Right()-x, math.Min(rowH+10, in.Bottom()-y+rowH/2)), 0)
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
	s.c.Font(kit.Bold, r*1.1)
	s.c.Text(s.w.T("ddimg.rune."+rn), x+r, cy, 0.5)
	return 2 * r
}
