package viscounts

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestPictogramsDifferInShape: the icons a player tells apart on the map,
// the cards and the strips differ in shape at the size a phone shows them
// at the floor. The rewards (what a plot, a link or a space gives) differ
// in outline; the townsfolk icons are discs alike, told apart by the white
// sign inside, which must differ in shape.
func TestPictogramsDifferInShape(t *testing.T) {
	k := newRenderer(t).kit
	of := func(name string, p painter) boardtest.Pictogram {
		return boardtest.Pictogram{Name: name, Draw: func(c *kit.Canvas, x, y, size float64) { p(c, x, y, size/2) }}
	}
	var rewards, folk []boardtest.Pictogram
	for _, kind := range []string{"silver", "ink", "gold", "stone", "resource", "virtue", "corruption", "debt", "deed", "flip", "hire", "destroy", "workers", "manuscript", "draw"} {
		rewards = append(rewards, of(kind, atomIcons[kind]))
	}
	for i, name := range folkIconNames {
		folk = append(folk, of(name, folkPainters[i]))
	}
	t.Run("rewards", func(t *testing.T) { boardtest.ShapesDiffer(t, k, rewards, boardtest.Covered) })
	t.Run("townsfolk", func(t *testing.T) { boardtest.ShapesDiffer(t, k, folk, boardtest.Light) })
}
