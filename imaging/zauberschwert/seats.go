package zauberschwert

import (
	"math"
	"slices"
	"sort"
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const maxMagic = 30

// Rows of a seat panel. Its height depends only on the game, never on the
// moment: the spell shelf keeps room for all of the game's spells and
// the laid-out artifacts are summed per symbol into three cells, so a
// board keeps its height from move to move (issue 15).
const (
	seatHeadH = 64.0
	seatLineH = 54.0
	chipH     = 50.0 // a spell chip: its name reads on a phone
	chipGap   = 8.0
	cellH     = 126.0 // a symbol's cell: the symbol and up to two lines of bonus
)

// panelHeight is the height of every seat panel of a board whose spell
// shelf has shelfRows rows.
func panelHeight(shelfRows int) float64 {
	return seatHeadH + 2*seatLineH + 8 + shelfHeight(shelfRows) + 8 + cellH + 12
}

// seatPanel draws one seat into r: name, where its wizard stands, magic,
// power stones, hand size and laid-out artifact cards, its spells on the
// shelf and what its laid-out artifacts pay per creature symbol.
func (s *scene) seatPanel(v *zs.PublicView, sv zs.SeatView, r kit.Rect, sh shelf) {
	c := s.c
	active := contains(v.Turn, sv.Seat)
	edge, line := kit.Brass, 4.0
	if active {
		c.RoundRect(kit.R(r.X-6, r.Y-6, r.W+12, r.H+12), 20, kit.Highlight, nil, 0)
		edge = kit.BrassDark
	}
	if !active {
		c.Shadow(r, 14)
	}
	c.RoundRect(r, 14, kit.Parchment, edge, line)
	band := kit.Tint(kit.SeatColor(sv.Seat), 0.55)
	c.DrawRoundedRectangle(r.X+2, r.Y+2, r.W-4, seatHeadH, 12)
	c.SetColor(band)
	c.Context.Fill()
	c.FillRect(kit.R(r.X+2, r.Y+seatHeadH-10, r.W-4, 12), band)
	c.Decorative("the player's name follows the marker", func() { c.SeatMarker(sv.Seat, r.X+32, r.Y+seatHeadH/2+1, 21) })
	nameW := r.W - 76
	if v.StartPlayer == sv.Seat {
		kit.Crown(c, r.Right()-32, r.Y+seatHeadH/2+1, 20)
		nameW -= 56
	}
	c.Ink(kit.Ink)
	c.FitText(s.m.Name(sv.Seat), kit.Bold, 40, readable, r.X+62, r.Y+seatHeadH/2+1, nameW, 0)

	in := kit.R(r.X+14, r.Y+seatHeadH, r.W-28, 0)
	y := in.Y + seatLineH/2 + 4
	s.placement(v, sv, in.X, y, in.W)
	y += seatLineH
	s.stats(sv, in.X, y, in.W)
	y += seatLineH/2 + 4
	s.shelf(sh, sv.Spells, in.X, y)
	y += shelfHeight(sh.rows) + 8
	s.laidCells(sv.LaidOut, kit.R(in.X, y, in.W, cellH))
}

// stats draws a seat's magic gauge, power stones, hand size and laid-out
// artifact cards (the last tie-breaker) on one line centred on cy.
func (s *scene) stats(sv zs.SeatView, x, cy, w float64) {
	c := s.c
	s.magicGauge(sv.Magic, kit.R(x, cy-22, w*0.5, 44))
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 40)
	sx := x + w*0.53
	kit.Gem(c, sx+18, cy, 18)
	c.Text(strconv.Itoa(sv.Stones), sx+42, cy, 0)
	sx = x + w*0.7
	kit.Hand(c, sx+18, cy, 18)
	c.Text(strconv.Itoa(sv.HandSize), sx+42, cy, 0)
	sx = x + w*0.86
	s.laidIcon(sx+14, cy, 18)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 40)
	c.Text(strconv.Itoa(laidCards(sv.LaidOut)), sx+34, cy, 0)
}

// laidCards counts the cards of laid-out artifacts (a two-part artifact
// counts twice), the rules' last tie-breaker.
func laidCards(arts []zs.LaidOut) int {
	cards := 0
	for _, a := range arts {
		cards += max(len(a.Cards), 1)
	}
	return cards
}

// laidIcon is a small laid-out artifact card, drawn as the hand's cards
// are: brass, with a darker head and a symbol.
func (s *scene) laidIcon(cx, cy, r float64) {
	s.onParchment("laid", kit.R(cx-r*0.75, cy-r, r*1.5, r*2), func(c *kit.Canvas, card kit.Rect) {
		c.RoundRect(card, r*0.22, kit.Tint(kit.Brass, 0.6), kit.BrassDark, 2)
		c.RoundRect(kit.R(card.X+3, card.Y+3, card.W-6, card.H*0.3), r*0.12, kit.Tint(kit.Brass, -0.15), nil, 0)
		c.Decorative("the laid-card icon's mark stands for any symbol, not one to tell apart", func() {
			kit.Sym(c, kit.SymCircle, card.CX(), card.CY()+r*0.3, r*0.36, kit.Ink, nil)
		})
	})
}

// placement says where the seat's wizard stands, or that it passed or is
// done trading.
func (s *scene) placement(v *zs.PublicView, sv zs.SeatView, x, cy, w float64) {
	c := s.c
	text, ink, tick := "", kit.InkSoft, false
	switch {
	case sv.Placed >= 0:
		text, ink = s.w.T("zsimg.at", "n", sv.Placed+1), kit.Ink
	case sv.Placed == zs.Passed:
		text = s.w.T("zsimg.passed")
	}
	if v.Step == "trade" && sv.DoneTrading {
		text, ink, tick = s.w.T("zsimg.done.trading"), kit.Good, true
	}
	if text == "" {
		return
	}
	if tick {
		kit.Check(c, x+12, cy, 12, kit.Good)
		x, w = x+32, w-32
	}
	c.Ink(ink)
	c.FitText(text, kit.Medium, 38, readable, x, cy, w, 0)
}

func (s *scene) magicGauge(magic int, r kit.Rect) {
	c := s.c
	kit.Drop(c, r.X+16, r.CY(), 18)
	c.Font(kit.Bold, 38)
	numW := c.Measure("30")
	bar := kit.R(r.X+40, r.CY()-11, r.W-40-numW-14, 22)
	c.RoundRect(bar, 11, kit.ParchDark, kit.InkSoft, 2)
	frac := math.Max(0, math.Min(1, float64(magic)/maxMagic))
	if frac > 0 {
		fill := bar
		fill.W = math.Max(22, bar.W*frac)
		c.RoundRect(fill, 11, kit.MagicBlue, nil, 0)
	}
	c.SetColor(kit.Fade(kit.Ink, 0.35))
	c.SetLineWidth(1.5)
	for t := 5; t < maxMagic; t += 5 {
		x := bar.X + bar.W*float64(t)/maxMagic
		c.DrawLine(x, bar.Y+4, x, bar.Bottom()-4)
		c.Stroke()
	}
	c.Ink(kit.MagicDeep)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(magic), r.Right(), r.CY(), 1)
}

// shelf is a seat's spell shelf: w wide and rows rows high, as many as
// the game's spells need all together, so that it holds whichever of them
// a seat owns and keeps one height all game.
type shelf struct {
	w    float64
	rows int
	// all places every spell, for a set of spells that packs into more
	// rows than all of them do (first-fit decreasing is not monotone in
	// general; TestShelfHoldsEverySpellSet shows the game's spells are).
	all map[string]kit.Rect
}

// shelfHeight is the height of a spell shelf of rows rows.
func shelfHeight(rows int) float64 {
	return 6 + float64(rows)*(chipH+chipGap) - chipGap + 4
}

// chipWidth is the width of a spell chip: its icon and name.
func (s *scene) chipWidth(sp zs.SpellInfo, w float64) float64 {
	s.c.Font(kit.Bold, readable)
	return math.Min(w, s.c.Measure(s.w.T(sp.Name))+chipH+16)
}

// packSpells places chips for spells on a shelf w wide, the widest first
// into the first row with room (first-fit decreasing), each as an offset
// from the shelf's top left corner, and returns how many rows they take.
func (s *scene) packSpells(spells []zs.SpellInfo, w float64) (map[string]kit.Rect, int) {
	type chip struct {
		id string
		w  float64
	}
	chips := make([]chip, 0, len(spells))
	for _, sp := range spells {
		chips = append(chips, chip{sp.ID, s.chipWidth(sp, w)})
	}
	sort.SliceStable(chips, func(i, j int) bool { return chips[i].w > chips[j].w })
	var used []float64 // each row's width taken so far
	at := make(map[string]kit.Rect, len(chips))
	for _, ch := range chips {
		row := len(used)
		for i, u := range used {
			if u+chipGap+ch.w <= w {
				row = i
				break
			}
		}
		x := 0.0
		if row == len(used) {
			used = append(used, ch.w)
		} else {
			x = used[row] + chipGap
			used[row] = x + ch.w
		}
		at[ch.id] = kit.R(x, 6+float64(row)*(chipH+chipGap), ch.w, chipH)
	}
	return at, len(used)
}

// spellShelf is the shelf w wide for the game's spells (and any other one
// the seats own, which a valid game never has): its rows come from the
// rules' limit, all six spells in one hand, not from who owns what now.
func (s *scene) spellShelf(seats []zs.SeatView, w float64) shelf {
	all := slices.Clone(s.gameSpells)
	for _, sv := range seats {
		for _, sp := range sv.Spells {
			if !slices.ContainsFunc(all, func(o zs.SpellInfo) bool { return o.ID == sp.Spell.ID }) {
				all = append(all, sp.Spell)
			}
		}
	}
	at, rows := s.packSpells(all, w)
	return shelf{w: w, rows: max(rows, 1), all: at}
}

// shelf draws a seat's spells on its shelf from (x, y) on, framed so that
// the room kept for spells it may still win reads as a shelf, not a gap.
func (s *scene) shelf(sh shelf, spells []zs.SpellView, x, y float64) {
	c := s.c
	s.onParchment("shelf", kit.R(x-4, y+2, sh.w+8, shelfHeight(sh.rows)-4), func(c *kit.Canvas, r kit.Rect) {
		c.SetDash(8, 7)
		c.RoundRect(r, chipH/2+4, nil, kit.Fade(kit.InkSoft, 0.35), 2)
		c.SetDash()
	})
	if len(spells) == 0 {
		c.Ink(kit.Muted)
		c.FitText(s.w.T("zsimg.spells")+": "+s.w.T("zsimg.none"), kit.Medium, readable, readable, x+sh.w/2, y+6+chipH/2, sh.w-24, 0.5)
		return
	}
	infos := make([]zs.SpellInfo, len(spells))
	for i, sp := range spells {
		infos[i] = sp.Spell
	}
	at, rows := s.packSpells(infos, sh.w)
	if rows > sh.rows {
		at = sh.all
	}
	for _, sp := range spells {
		place, ok := at[sp.Spell.ID]
		if !ok {
			continue
		}
		chip := kit.R(x+place.X, y+place.Y, place.W, place.H)
		ink := kit.Cream
		if sp.Used {
			ink = kit.InkSoft
		}
		s.onParchment("chip|"+strconv.FormatBool(sp.Used), chip, func(c *kit.Canvas, chip kit.Rect) {
			fill := kit.Tint(kindColor(zs.KindSpell), 0.15)
			if sp.Used {
				fill = kit.ParchDark
			}
			c.RoundRect(chip, chipH/2, fill, kit.Tint(kindColor(zs.KindSpell), -0.3), 2)
			if sp.Used {
				kit.Check(c, chip.X+chipH/2+2, chip.CY(), chipH*0.28, kit.Good)
			} else {
				kit.Scroll(c, chip.X+chipH/2+2, chip.CY(), chipH*0.34)
			}
		})
		c.Ink(ink)
		c.FitText(s.w.T(sp.Spell.Name), kit.Bold, readable, readable, chip.X+chipH+2, chip.CY(), chip.W-chipH-14, 0)
	}
}

// symbols are the creature symbols in the order the cells show them.
var symbols = []zs.Symbol{zs.Triangle, zs.Circle, zs.Square}

// payPerSymbol sums what laid-out artifacts pay when their owner defeats
// a creature of each symbol (in the order of symbols): every artifact
// showing the creature's symbol pays its bonus.
func payPerSymbol(arts []zs.LaidOut) []zs.Bonus {
	pay := make([]zs.Bonus, len(symbols))
	for _, a := range arts {
		for i, sym := range symbols {
			if slices.Contains(a.Artifact.Symbols, sym) {
				pay[i].Stones += a.Artifact.Bonus.Stones
				pay[i].Magic += a.Artifact.Bonus.Magic
				pay[i].Choice += a.Artifact.Bonus.Choice
			}
		}
	}
	return pay
}

// laidCells draws, in three cells across r, what a seat's laid-out
// artifacts pay per creature symbol: the fixed-size summary of however
// many artifacts it lays out.
func (s *scene) laidCells(arts []zs.LaidOut, r kit.Rect) {
	c := s.c
	pay := payPerSymbol(arts)
	for i, cell := range r.Columns(len(symbols), 8) {
		p := pay[i]
		fixed := zs.Bonus{Stones: p.Stones, Magic: p.Magic}
		choice := zs.Bonus{Choice: p.Choice}
		lines := 0
		if fixed != (zs.Bonus{}) {
			lines++
		}
		if choice != (zs.Bonus{}) {
			lines++
		}
		fill, ink := kit.Tint(kit.Brass, 0.55), kit.Ink
		if lines == 0 {
			fill, ink = kit.Fade(kit.Tint(kit.Brass, 0.55), 0.45), kit.Muted
		}
		s.onParchment("cell|"+string(symbols[i])+"|"+strconv.Itoa(lines), cell, func(c *kit.Canvas, cell kit.Rect) {
			c.RoundRect(cell, 8, fill, kit.BrassDark, 2)
			if k, ok := symbolOf(symbols[i]); ok {
				kit.Sym(c, k, cell.CX(), cell.Y+30, symbolR, ink, nil)
			}
		})
		y := cell.Y + 86
		if lines == 2 {
			y = cell.Y + 70
		}
		if lines == 0 {
			c.Ink(kit.Muted)
			c.Font(kit.Bold, 38)
			c.Text("–", cell.CX(), y, 0.5)
			continue
		}
		if fixed != (zs.Bonus{}) {
			s.bonus(fixed, cell.CX(), y, 38, cell.W-12)
			y += 38
		}
		if choice != (zs.Bonus{}) {
			s.bonus(choice, cell.CX(), y, 38, cell.W-12)
		}
	}
}
