package sorcerercity

import (
	"testing"

	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestPictogramsDifferInShape: the pictograms a player tells apart on a
// tile (the four colours' signs and the sign of any colour; the three
// goals) differ in outline at the size a phone shows them at the floor,
// not only in small detail: every two of a kind cover different pixels
// over a good part of their area.
func TestPictogramsDifferInShape(t *testing.T) {
	r, _ := newRenderer(t)
	on := func(name string, draw func(s *scene, x, y, size float64)) boardtest.Pictogram {
		return boardtest.Pictogram{Name: name, Draw: func(c *kit.Canvas, x, y, size float64) {
			draw(&scene{c: c, w: imaging.NewWords(imaging.Meta{Lang: "en"}, r.own), cs: r.c, sprites: r.sprites}, x, y, size)
		}}
	}
	var signs, goals []boardtest.Pictogram
	for _, col := range sc.Colours {
		signs = append(signs, on(colourNames[col], func(s *scene, x, y, size float64) { s.sideSign([]sc.Colour{col}, x, y, size) }))
	}
	signs = append(signs, on("any", func(s *scene, x, y, size float64) { s.sideSign(singleColours(sc.All), x, y, size) }))
	for _, kind := range goalKinds {
		goals = append(goals, on(string(kind), func(s *scene, x, y, size float64) {
			s.goal(kit.R(x-size/2, y-size/2, size, size), sc.Goal{Kind: kind, Res: sc.Money})
		}))
	}
	for _, set := range [][]boardtest.Pictogram{signs, goals} {
		boardtest.ShapesDiffer(t, r.kit, set, boardtest.Covered)
		// Each reaches the size it is measured at on a phone.
		boardtest.FillSize(t, r.kit, set)
	}
}
