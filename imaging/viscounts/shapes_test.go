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

// TestPictogramsFillTheirSize: every icon reported to the text log as 2r
// across reaches 2r across, so the phone measure does not overstate it.
func TestPictogramsFillTheirSize(t *testing.T) {
	k := newRenderer(t).kit
	var set []boardtest.Pictogram
	for kind, p := range atomIcons {
		set = append(set, boardtest.Pictogram{Name: kind, Draw: func(c *kit.Canvas, x, y, size float64) { p(c, x, y, size/2) }})
	}
	for i, name := range folkIconNames {
		p := folkPainters[i]
		set = append(set, boardtest.Pictogram{Name: name, Draw: func(c *kit.Canvas, x, y, size float64) { p(c, x, y, size/2) }})
	}
	boardtest.FillSize(t, k, set)
}
