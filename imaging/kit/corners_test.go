package kit

import (
	"image/color"
	"math"
	"testing"

	"github.com/fogleman/gg"
)

// TestRoundRectMatchesPathFill checks that the span-based fill of large
// rounded rectangles looks like gg filling the same (pixel-snapped) path.
func TestRoundRectMatchesPathFill(t *testing.T) {
	k := newKit(t)
	for _, tt := range []struct {
		name   string
		r      Rect
		radius float64
		fill   color.Color
	}{
		{"cave room", R(10.3, 12.6, 90.2, 88.9), 18, color.RGBA{0xc2, 0x9a, 0x63, 0xff}},
		{"square corners", R(5, 5, 100, 60), 0, color.RGBA{10, 200, 30, 0xff}},
		{"pill", R(3, 4, 160, 40), 40, color.RGBA{0x30, 0x40, 0xee, 0xff}},
		{"half transparent", R(20, 8, 120, 90), 11.4, color.RGBA{0x40, 0x10, 0x08, 0x80}},
		{"clipped by the canvas", R(-20, -20, 150, 80), 18, color.RGBA{0x99, 0x22, 0x55, 0xff}},
		{"big radius", R(7, 9, 140, 110), 37.6, color.RGBA{0xff, 0xff, 0xff, 0xff}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := k.Canvas(180, 130)
			defer got.Close()
			got.FillRect(R(0, 0, 180, 130), color.RGBA{0x20, 0x30, 0x40, 0xff})
			got.RoundRect(tt.r, tt.radius, tt.fill, nil, 0)

			want := gg.NewContext(180, 130)
			want.SetColor(color.RGBA{0x20, 0x30, 0x40, 0xff})
			want.Clear()
			x, y := math.Round(tt.r.X), math.Round(tt.r.Y)
			right, bottom := math.Round(tt.r.Right()), math.Round(tt.r.Bottom())
			rad := math.Round(math.Min(tt.radius, math.Min(tt.r.W, tt.r.H)/2))
			want.DrawRoundedRectangle(x, y, right-x, bottom-y, rad)
			want.SetColor(tt.fill)
			want.Fill()

			g, wantImg := got.Image(), want.Image()
			worst, differing := 0, 0
			for py := 0; py < 130; py++ {
				for px := 0; px < 180; px++ {
					a := g.RGBAAt(px, py)
					r2, g2, b2, _ := wantImg.At(px, py).RGBA()
					d := max(absDiff(a.R, uint8(r2>>8)), absDiff(a.G, uint8(g2>>8)), absDiff(a.B, uint8(b2>>8)))
					worst = max(worst, d)
					if d > 0 {
						differing++
					}
				}
			}
			// Anti-aliased edge pixels may differ by a few levels: gg flattens
			// the arc into Bézier pieces, the fast path uses the true circle
			// (up to 9 of 255 at radius 38). Nothing else may differ.
			if worst > 12 {
				t.Errorf("worst channel difference %d, want <= 12", worst)
			}
			if limit := int(8 * rad); differing > limit {
				t.Errorf("%d pixels differ, want at most %d (corner pixels only)", differing, limit)
			}
		})
	}
}

func TestQuarterDiscCoverageArea(t *testing.T) {
	for _, rad := range []int{1, 2, 5, 18, 40} {
		sum := 0.0
		for _, c := range quarterDiscCoverage(rad) {
			sum += float64(c) / 0xffff
		}
		want := math.Pi * float64(rad*rad) / 4
		if math.Abs(sum-want) > 0.01*want+0.01 {
			t.Errorf("radius %d: covered area %.3f, want %.3f", rad, sum, want)
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
