package viscounts

import (
	"strconv"

	"github.com/tavern-bot/tavern/games"
	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

func gameText(key string, kv ...any) games.Text { return games.T(key, kv...) }

// atomText is an atom in words, from the game's catalog.
func atomText(a vc.Atom) games.Text { return gameText("vc.atom."+a.Kind, "n", a.N) }

// market lists, place by place, the townsfolk on top of its pile (cost,
// name, icons) and the manuscript on top of its pile (ribbon, cost), with
// what is left of both piles.
func (s *scene) market(v *vc.View, r kit.Rect) {
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.market"), kit.Bold, 36, x, r.Y+32, w, 0)
	const (
		nameW   = 210
		folkX   = nameW + 10
		scriptW = 300
	)
	for p, sg := range v.Segments[:min(len(v.Segments), 5)] {
		row := kit.R(x, r.Y+60+float64(p)*rowH, w, rowH-6)
		if p%2 == 0 {
			c.RoundRect(row, 8, kit.ParchDark, nil, 0)
		}
		cy := row.CY()
		s.ink(kit.Ink)
		s.fit(s.w.Text(gameText("vc.seg."+sg.ID)), kit.Bold, textMin, row.X+8, cy, nameW-8, 0)
		scriptX := row.Right() - scriptW
		fx := row.X + folkX
		if sg.Folk == nil {
			s.ink(kit.InkSoft)
			s.say(s.T("vcimg.empty"), kit.Regular, textMin, fx, cy, 0)
		} else {
			s.folkLine(sg.Folk, fx, cy, scriptX-fx-145, kit.Regular)
			s.ink(kit.InkSoft)
			s.say(s.pileLeft(sg.FolkLeft), kit.Regular, textMin, scriptX-12, cy, 1)
		}
		if sg.Script == nil {
			s.ink(kit.InkSoft)
			s.say(s.T("vcimg.empty"), kit.Regular, textMin, scriptX, cy, 0)
			continue
		}
		sx := scriptX
		rb := int(sg.Script.Ribbon)
		s.ribbon(rb, sx+18, cy, 19)
		s.ink(kit.Ink)
		sx += 44
		if rb >= 0 && rb < len(ribbonInk) {
			sx += s.fit(s.w.Text(gameText("vc.ribbon."+sg.Script.Ribbon.String())), kit.Bold, textMin, sx, cy, 100, 0) + 10
		}
		s.folkIcon(vc.Cleric, sx+iconR, cy, iconR)
		s.ink(kit.Ink)
		sx += 36
		s.say(strconv.Itoa(sg.Script.Cost), kit.Bold, textMin, sx, cy, 0)
		s.ink(kit.InkSoft)
		s.say(s.pileLeft(sg.ScriptsLeft), kit.Regular, textMin, row.Right()-6, cy, 1)
	}
}

// pileLeft says how many cards a pile holds under its top one; an empty
// pile shows what is printed under it.
func (s *scene) pileLeft(n int) string {
	if n == 0 {
		return s.T("vcimg.printed")
	}
	return s.T("vcimg.left", "n", n)
}

// folkLine draws a townsfolk in one line: its cost in a coin, its name
// (in weight) and its icons; width bounds name and icons. It returns
// where it ends.
func (s *scene) folkLine(f *vc.CardView, x, cy, width float64, weight kit.Weight) float64 {
	s.costCoin(f.Cost, x+20, cy)
	iconsW := s.iconsWidth(f.Icons, 17)
	s.ink(kit.Ink)
	nameW := s.fit(s.w.Text(gameText("vc.card."+f.ID)), weight, textMin, x+48, cy, width-48-iconsW-10, 0)
	return s.icons(f.Icons, x+48+nameW+10, cy, 17)
}

// costCoin is a townsfolk's cost: its silver value in a silver coin.
func (s *scene) costCoin(n int, cx, cy float64) { s.silverCoin(n, cx, cy, 20) }

// icons draws a card's icons in a row from x; it returns where they end.
func (s *scene) icons(ic vc.Icons, x, cy, r float64) float64 {
	for i, n := range ic {
		for range n {
			s.folkIcon(vc.Icon(i), x+r, cy, r)
			x += 2*r + 4
		}
	}
	return x
}

func (s *scene) iconsWidth(ic vc.Icons, r float64) float64 {
	n := 0
	for _, k := range ic {
		n += k
	}
	return float64(n) * (2*r + 4)
}

// legendItem is one entry of the legend: an icon and its name.
type legendItem struct {
	draw func(cx, cy float64)
	key  string
}

// legend names every icon and letter the board uses.
func (s *scene) legend(r kit.Rect) {
	c := s.c
	c.Panel(r)
	x, w := r.X+pad, r.W-2*pad
	const ir = 17
	var items []legendItem
	for i := range folkIconNames {
		items = append(items, legendItem{func(cx, cy float64) { s.folkIcon(vc.Icon(i), cx, cy, ir) }, "vcimg.icon." + folkIconNames[i]})
	}
	for _, k := range []string{"silver", "ink", "gold", "stone", "resource", "virtue", "corruption", "debt", "deed", "flip", "hire", "destroy", "workers", "manuscript"} {
		items = append(items, legendItem{func(cx, cy float64) { s.atomIcon(k, cx, cy, ir) }, "vcimg.icon." + k})
	}
	for b := range buildingKeys {
		items = append(items, legendItem{func(cx, cy float64) { s.buildingIcon(b, cx, cy, ir+2) }, "vc.building." + buildingKeys[b]})
	}
	items = append(items,
		legendItem{func(cx, cy float64) { s.ink(kit.InkSoft); s.say("III", kit.Bold, textMin, cx, cy, 0.5) }, "vcimg.tiers"},
		legendItem{func(cx, cy float64) { s.ink(kit.InkSoft); s.say("II:", kit.Bold, textMin, cx, cy, 0.5) }, "vcimg.tier2"},
	)
	s.ink(kit.Ink)
	s.fit(s.T("vcimg.legend"), kit.Bold, 36, x, r.Y+32, w, 0)
	const cols = 4
	colW := w / cols
	for k, it := range items {
		col, row := k%cols, k/cols
		cx := x + float64(col)*colW
		cy := r.Y + 58 + float64(row)*legendRowH + legendRowH/2 - 6
		if row >= legendRows {
			break
		}
		it.draw(cx+ir+2, cy)
		s.ink(kit.Ink)
		s.fit(s.T(it.key), kit.Regular, textMin, cx+2*ir+12, cy, colW-2*ir-16, 0)
	}
}
