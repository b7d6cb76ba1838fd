package dungeondesigner

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/samples"
)

// A token copied from the sprite cache looks like the token drawn directly:
// nothing of it is clipped, and it lands where it would have been drawn.
func TestElementSpritesMatchDirectDrawing(t *testing.T) {
	r := newRenderer(t)
	m := imaging.Meta{Lang: "de", Catalog: r.own}
	for _, el := range []string{"goblin", "kobold", "spike", "treasure", "star+2", "star-1", "passage"} {
		for _, pos := range [][3]float64{{60, 60, 18}, {60.5, 61.25, 18}, {60, 60, 11.5}} {
			t.Run(fmt.Sprintf("%s@%v", el, pos), func(t *testing.T) {
				direct := r.scene(120, 120, m)
				direct.c.Background()
				direct.drawElement(el, pos[0], pos[1], pos[2])
				r.scene(120, 120, m).element(el, pos[0], pos[1], pos[2]) // fills the cache
				cached := r.scene(120, 120, m)
				cached.c.Background()
				cached.element(el, pos[0], pos[1], pos[2])
				far := samples.FarPixels(direct.c.Image(), cached.c.Image(), 64)
				if far > 0 {
					t.Errorf("%d pixels differ by more than a quarter of the range", far)
				}
			})
		}
	}
}

// Market tile tokens too: ovals reach 1.3 r sideways.
func TestTileTokenSpritesMatchDirectDrawing(t *testing.T) {
	r := newRenderer(t)
	m := imaging.Meta{Lang: "en", Catalog: r.own}
	for _, shape := range []string{"oval", "square", "round"} {
		for _, pos := range [][3]float64{{60, 60, 20}, {60.25, 59.5, 20}, {60, 60, 12}} {
			direct := r.scene(120, 120, m)
			direct.c.Background()
			direct.drawTileToken(shape, pos[0], pos[1], pos[2])
			r.scene(120, 120, m).tileToken(shape, pos[0], pos[1], pos[2]) // fills the cache
			cached := r.scene(120, 120, m)
			cached.c.Background()
			cached.tileToken(shape, pos[0], pos[1], pos[2])
			if n := samples.FarPixels(direct.c.Image(), cached.c.Image(), 64); n > 0 {
				t.Errorf("%s@%v: %d pixels differ by more than a quarter of the range", shape, pos, n)
			}
		}
	}
}
