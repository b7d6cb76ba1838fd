package zauberschwert

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestPictogramsDifferInShape: the pictograms a player tells apart differ
// in outline at the size a phone shows them at the floor: the three
// symbols that match creatures with artifacts, and what a reward gives
// (power stones, artifact cards, magic).
func TestPictogramsDifferInShape(t *testing.T) {
	k := newRenderer(t).kit
	var symbols []boardtest.Pictogram
	for _, sym := range []struct {
		name string
		s    kit.Symbol
	}{{"triangle", kit.SymTriangle}, {"circle", kit.SymCircle}, {"square", kit.SymSquare}} {
		symbols = append(symbols, boardtest.Pictogram{Name: sym.name, Draw: func(c *kit.Canvas, x, y, size float64) {
			kit.Sym(c, sym.s, x, y, size/2, kit.Ink, nil)
		}})
	}
	gains := []boardtest.Pictogram{
		{Name: "power stone", Draw: func(c *kit.Canvas, x, y, size float64) { kit.Gem(c, x, y, size/2) }},
		{Name: "artifact card", Draw: func(c *kit.Canvas, x, y, size float64) {
			kit.CardBackIcon(c, kit.R(x-size*0.35, y-size/2, size*0.7, size))
		}},
		{Name: "magic", Draw: func(c *kit.Canvas, x, y, size float64) { kit.Drop(c, x, y, size/2) }},
	}
	t.Run("symbols", func(t *testing.T) { boardtest.ShapesDiffer(t, k, symbols, boardtest.Covered) })
	t.Run("gains", func(t *testing.T) { boardtest.ShapesDiffer(t, k, gains, boardtest.Covered) })

	// Each reaches the size kit reports it at to the text log (the
	// phone measure): drawn so that the report says size, it covers that.
	reported := []boardtest.Pictogram{
		{Name: "power stone", Draw: func(c *kit.Canvas, x, y, size float64) { kit.Gem(c, x, y, (size-1.5)/2) }},
		{Name: "artifact card", Draw: func(c *kit.Canvas, x, y, size float64) {
			kit.CardBackIcon(c, kit.R(x-size*0.35, y-size/2, size*0.7, size))
		}},
		{Name: "magic", Draw: func(c *kit.Canvas, x, y, size float64) { kit.Drop(c, x, y, (size-1.5)/2.16) }},
	}
	for _, sym := range []kit.Symbol{kit.SymTriangle, kit.SymCircle, kit.SymSquare} {
		reported = append(reported, boardtest.Pictogram{Name: symbols[sym].Name, Draw: func(c *kit.Canvas, x, y, size float64) {
			kit.Sym(c, sym, x, y, size/kit.SymExtent(sym, 1), kit.Ink, nil)
		}})
	}
	t.Run("sizes", func(t *testing.T) { boardtest.FillSize(t, k, reported) })
}
