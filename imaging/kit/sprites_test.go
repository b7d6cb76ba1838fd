package kit

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"math"
	"math/rand/v2"
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
		"hand":     {Hand, hand},
		"scroll":   {Scroll, scroll},
		"gem":      {Gem, gem},
		"coin":     {Coin, coin},
		"cardback": {func(c *Canvas, x, y, r float64) { CardBackIcon(c, R(x-r, y-1.4*r, 2*r, 2.8*r)) }, func(c *Canvas, x, y, r float64) { cardBack(c, R(x-r, y-1.4*r, 2*r, 2.8*r)) }},
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
	Hand(turned, 60, 60, 17)
	hand(direct, 60, 60, 17)
	if n := samples.FarPixels(direct.Image(), turned.Image(), 64); n > 0 {
		t.Errorf("a rotated icon differs in %d pixels", n)
	}
}

// overRGBA gives exactly what draw.Over gives, for transparent, opaque and
// translucent source pixels (premultiplied or not).
func TestOverRGBAMatchesDrawOver(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2))
	src := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := 0; i < len(src.Pix); i += 4 {
		switch rng.IntN(4) {
		case 0: // transparent
		case 1:
			src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = byte(rng.UintN(256)), byte(rng.UintN(256)), byte(rng.UintN(256)), 0xff
		case 2:
			a := byte(rng.UintN(256))
			src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = a/2, a/3, a, a
		default:
			for k := range 4 {
				src.Pix[i+k] = byte(rng.UintN(256))
			}
		}
	}
	base := image.NewRGBA(image.Rect(0, 0, 50, 50))
	for i := range base.Pix {
		base.Pix[i] = byte(rng.UintN(256))
	}
	for _, tc := range []struct {
		r  image.Rectangle
		sp image.Point
	}{{image.Rect(0, 0, 40, 30), image.Point{}}, {image.Rect(10, 20, 50, 50), image.Pt(0, 0)}, {image.Rect(3, 4, 20, 9), image.Pt(7, 11)}} {
		want := image.NewRGBA(base.Rect)
		got := image.NewRGBA(base.Rect)
		copy(want.Pix, base.Pix)
		copy(got.Pix, base.Pix)
		draw.Draw(want, tc.r, src, tc.sp, draw.Over)
		overRGBA(got, tc.r, src, tc.sp)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("rect %v from %v: overRGBA differs from draw.Over", tc.r, tc.sp)
		}
	}
}

// A sprite partly off the canvas is clipped like draw.Draw clips the
// cached drawing, pixel for pixel.
func TestSpriteClippedAtCanvasEdges(t *testing.T) {
	k, err := New()
	if err != nil {
		t.Fatal(err)
	}
	sprites := k.NewSprites(8)
	paint := func(c *Canvas, cx, cy float64) { c.Disc(cx, cy, 20, Brass, Ink, 3) }
	for _, at := range [][2]float64{{3, 50}, {50, 2.5}, {117.25, 60}, {60, 119}, {-10, -10}, {60.5, 60.75}} {
		got := k.Canvas(120, 120)
		got.Background()
		sprites.Draw(got, "disc", at[0], at[1], 48, paint)
		key := fmt.Sprintf("disc@%.2f,%.2f", quarter(at[0]-math.Floor(at[0])), quarter(at[1]-math.Floor(at[1])))
		want := k.Canvas(120, 120)
		want.Background()
		x, y := int(math.Floor(at[0]))-24, int(math.Floor(at[1]))-24
		draw.Draw(want.Image(), image.Rect(x, y, x+48, y+48), sprites.cache.m[key].img, image.Point{}, draw.Over)
		if !bytes.Equal(got.Image().Pix, want.Image().Pix) {
			t.Errorf("sprite at %v differs from the cached drawing composited by draw.Draw", at)
		}
	}
}
