package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestPictogramsDifferInShape: the pictograms a player tells apart differ
// in outline at the size a phone shows them at the floor: the market
// tiles' shapes (a stall spot takes one), and the kinds of element in a
// room (monster, trap, treasure, prestige star, secret passage; the
// monsters and traps among themselves are told by their letters).
func TestPictogramsDifferInShape(t *testing.T) {
	r := newRenderer(t)
	m := imaging.Meta{Lang: "en"}
	on := func(c *kit.Canvas) *scene { return &scene{c: c, w: imaging.NewWords(m, r.own), m: m} }
	var tiles, elements []boardtest.Pictogram
	for _, shape := range []string{"circle", "oval", "square"} {
		tiles = append(tiles, boardtest.Pictogram{Name: shape, Draw: func(c *kit.Canvas, x, y, size float64) {
			on(c).drawTileToken(shape, x, y, size/2)
		}})
	}
	for _, el := range []string{"goblin", "pit", "treasure", "star+2", "passage"} {
		elements = append(elements, boardtest.Pictogram{Name: el, Draw: func(c *kit.Canvas, x, y, size float64) {
			on(c).drawElement(el, x, y, size/2)
		}})
	}
	t.Run("tiles", func(t *testing.T) { boardtest.ShapesDiffer(t, r.kit, tiles, boardtest.Covered) })
	// Each tile reaches the size it is measured at on a phone.
	var measured []boardtest.Pictogram
	for _, shape := range []string{"circle", "oval", "square"} {
		measured = append(measured, boardtest.Pictogram{Name: shape, Draw: func(c *kit.Canvas, x, y, size float64) {
			on(c).drawTileToken(shape, x, y, size/2/tileReach(shape))
		}})
	}
	t.Run("tile sizes", func(t *testing.T) { boardtest.FillSize(t, r.kit, measured) })
	t.Run("elements", func(t *testing.T) { boardtest.ShapesDiffer(t, r.kit, elements, boardtest.Covered) })
}
