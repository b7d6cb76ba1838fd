package boardtest

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging/kit"
)

// Pictograms a player tells apart must differ in shape at the size a
// phone shows them (issue 31), not only in colour or small detail: each is
// drawn at the floor (PhoneMinPx across), reduced to a mask of the pixels
// that make its shape, and every two of a kind must differ in at least
// ShapeLeast of the pixels either covers.

// ShapeLeast is the share of their pixels two pictograms of a kind
// differ in at the least.
const ShapeLeast = 0.2

// Pictogram is one of a kind of pictograms to tell apart: its name, and
// how it is drawn on c centred at (cx, cy), size pixels across.
type Pictogram struct {
	Name string
	Draw func(c *kit.Canvas, cx, cy, size float64)
}

// Mask tells whether a pixel of a pictogram drawn on a transparent canvas
// (colour not premultiplied, alpha) belongs to its shape.
type Mask func(r, g, b, a uint8) bool

// Covered is a pictogram's outline: the pixels it covers more than half.
func Covered(_, _, _, a uint8) bool { return a >= 128 }

// Light is the light part of a pictogram (a white sign on a coloured
// disc): covered pixels whose luminance is at least 80%.
func Light(r, g, b, a uint8) bool {
	return a >= 128 && 299*int(r)+587*int(g)+114*int(b) >= 800*255
}

// ShapeMask draws p at the floor on a canvas of k with room around it
// and returns which pixels belong to its shape.
func ShapeMask(k *kit.Kit, p Pictogram, mask Mask) []bool {
	const px = int(PhoneMinPx)
	side := 3 * px // an oval or a star reaches past its nominal size
	c := k.Canvas(side, side)
	p.Draw(c, float64(side)/2, float64(side)/2, PhoneMinPx)
	img := c.Image()
	out := make([]bool, side*side)
	for i := range out {
		q := img.Pix[4*i : 4*i+4]
		a := q[3]
		if a == 0 {
			continue
		}
		un := func(v uint8) uint8 { return uint8(min(255, int(v)*255/int(a))) } // the image is premultiplied
		out[i] = mask(un(q[0]), un(q[1]), un(q[2]), a)
	}
	return out
}

// ShapesDiffer fails tb for every two pictograms of set whose masks
// differ in less than ShapeLeast of the pixels either covers, and logs
// each pair's share.
func ShapesDiffer(tb testing.TB, k *kit.Kit, set []Pictogram, mask Mask) {
	tb.Helper()
	masks := make([][]bool, len(set))
	for i, p := range set {
		masks[i] = ShapeMask(k, p, mask)
	}
	for a := range set {
		for b := a + 1; b < len(set); b++ {
			share := differ(masks[a], masks[b])
			tb.Logf("%s vs %s: %.2f of their pixels differ", set[a].Name, set[b].Name, share)
			if share < ShapeLeast {
				tb.Errorf("%s and %s differ in %.0f%% of their pixels at %v px, want %.0f%% or more", set[a].Name, set[b].Name, 100*share, PhoneMinPx, 100*ShapeLeast)
			}
		}
	}
}

// differ is the share of the pixels either mask covers that only one
// covers.
func differ(a, b []bool) float64 {
	diff, either := 0, 0
	for k := range a {
		if a[k] || b[k] {
			either++
		}
		if a[k] != b[k] {
			diff++
		}
	}
	return float64(diff) / float64(max(either, 1))
}

// A pictogram is reported to the text log by the size it is drawn at,
// and measured as a text of that size (kit.Canvas.Pictogram): its shape
// must reach that far, or the measure overstates it. FillSize draws each
// pictogram of set FillAt pixels across and fails tb for each whose
// covered pixels reach, in their longer direction, less than that, within
// a pixel for antialiasing.

// FillAt is the size FillSize draws pictograms at: a 1200 px board's
// floor, 11 px on a phone.
const FillAt = 34.0

// FillSize fails tb for every pictogram of set whose shape drawn FillAt
// pixels across reaches less than FillAt-1 in its longer direction.
func FillSize(tb testing.TB, k *kit.Kit, set []Pictogram) {
	tb.Helper()
	for _, p := range set {
		w, h := Extent(k, p, FillAt)
		tb.Logf("%s drawn %.0f px across covers %d×%d px", p.Name, FillAt, w, h)
		if float64(max(w, h)) < FillAt-1 {
			tb.Errorf("%s drawn %.0f px across covers only %d×%d px: it is measured larger than it is", p.Name, FillAt, w, h)
		}
	}
}

// Extent is how many pixels wide and tall the pixels p covers (Covered)
// reach when drawn size pixels across.
func Extent(k *kit.Kit, p Pictogram, size float64) (w, h int) {
	side := int(3 * size)
	c := k.Canvas(side, side)
	p.Draw(c, float64(side)/2, float64(side)/2, size)
	img := c.Image()
	minX, minY, maxX, maxY := side, side, -1, -1
	for y := range side {
		for x := range side {
			if img.Pix[img.PixOffset(x, y)+3] >= 128 {
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
	}
	if maxX < 0 {
		return 0, 0
	}
	return maxX - minX + 1, maxY - minY + 1
}
