package kit

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/imaging/samples"
)

// Icons copied from the kit's cache look like icons drawn directly, at
// whole and fractional positions, and under a transform they are drawn
// directly.
func TestIconSpritesMatchDirectDrawing(t *testing.T) {
	k, err := New()
	if err != nil {
		t.Fatal(err)
	}
	icons := map[string][2]func(c *Canvas, x, y, r float64){
		"hand":     {(*Canvas).Hand, (*Canvas).hand},
		"scroll":   {(*Canvas).Scroll, (*Canvas).scroll},
		"gem":      {(*Canvas).Gem, (*Canvas).gem},
		"coin":     {(*Canvas).Coin, (*Canvas).coin},
		"cardback": {func(c *Canvas, x, y, r float64) { c.CardBack(R(x-r, y-1.4*r, 2*r, 2.8*r)) }, func(c *Canvas, x, y, r float64) { c.cardBack(R(x-r, y-1.4*r, 2*r, 2.8*r)) }},
	}
	for name, f := range icons {
		for _, pos := range [][3]float64{{60, 60, 17}, {60.5, 60.75, 17}, {60, 60, 30}} {
			t.Run(fmt.Sprintf("%s@%v", name, pos), func(t *testing.T) {
				direct := k.Canvas(120, 120)
				direct.Background()
				f[1](direct, pos[0], pos[1], pos[2])
				f[0](k.Canvas(120, 120), pos[0], pos[1], pos[2]) // fills the cache
				cached := k.Canvas(120, 120)
				cached.Background()
				f[0](cached, pos[0], pos[1], pos[2])
				if n := samples.FarPixels(direct.Image(), cached.Image(), 64); n > 0 {
					t.Errorf("%d pixels differ by more than a quarter of the range", n)
				}
			})
		}
	}
	// Under a rotation the cache is bypassed, so the icon turns with it.
	turned, direct := k.Canvas(120, 120), k.Canvas(120, 120)
	for _, c := range []*Canvas{turned, direct} {
		c.RotateAbout(0.5, 60, 60)
	}
	turned.Hand(60, 60, 17)
	direct.hand(60, 60, 17)
	if n := samples.FarPixels(direct.Image(), turned.Image(), 64); n > 0 {
		t.Errorf("a rotated icon differs in %d pixels", n)
	}
}
