package kit

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
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

// subtractRects covers every pixel of r outside the holes exactly once and
// nothing else.
func TestSubtractRectsCoversTheRestOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	rect := func() image.Rectangle {
		x, y := rng.IntN(30), rng.IntN(30)
		return image.Rect(x, y, x+rng.IntN(25), y+rng.IntN(25))
	}
	for range 300 {
		r := rect()
		holes := make([]image.Rectangle, rng.IntN(4))
		for i := range holes {
			holes[i] = rect()
		}
		var count [60][60]int
		for _, part := range subtractRects(r, holes) {
			for y := part.Min.Y; y < part.Max.Y; y++ {
				for x := part.Min.X; x < part.Max.X; x++ {
					count[y][x]++
				}
			}
		}
		for y := range 60 {
			for x := range 60 {
				p, want := image.Pt(x, y), 0
				if p.In(r) {
					want = 1
					for _, h := range holes {
						if p.In(h) {
							want = 0
						}
					}
				}
				if count[y][x] != want {
					t.Fatalf("r %v holes %v: pixel %v covered %d times, want %d", r, holes, p, count[y][x], want)
				}
			}
		}
	}
}

// An outlined panel comes out exactly as filling the stroke colour out to
// the line's outer edge and the fill inside it, though the stroke colour
// now skips what the fill covers.
// outlinedPanels are panels with an outline, some partly off the canvas.
var outlinedPanels = []struct {
	r            Rect
	radius, line float64
}{{R(10.3, 12.6, 150.2, 88.9), 14, 4}, {R(-8, 20, 120, 70), 20, 3}, {R(30, 5.5, 130.5, 100), 6, 2}, {R(5, 5, 170, 120), 16, 6.5}}

func TestOutlinedRoundRectMatchesTwoFills(t *testing.T) {
	k := newKit(t)
	for _, tt := range outlinedPanels {
		got, want := k.Canvas(180, 130), k.Canvas(180, 130)
		for _, c := range []*Canvas{got, want} {
			c.Background()
		}
		got.RoundRect(tt.r, tt.radius, Parchment, BrassDark, tt.line)
		half := tt.line / 2
		want.fillRoundRect(Rect{tt.r.X - half, tt.r.Y - half, tt.r.W + tt.line, tt.r.H + tt.line}, tt.radius+half, BrassDark)
		want.fillRoundRect(Rect{tt.r.X + half, tt.r.Y + half, tt.r.W - tt.line, tt.r.H - tt.line}, tt.radius-half, Parchment)
		if !bytes.Equal(got.Image().Pix, want.Image().Pix) {
			t.Errorf("%+v: outlined panel differs from two fills", tt)
		}
	}
}

// TestShadowUnderPanelMatchesWholeShadow: leaving out of a shadow what
// the panel drawn on it covers changes no pixel of shadow and panel, with
// or without the panel's outline.
func TestShadowUnderPanelMatchesWholeShadow(t *testing.T) {
	k := newKit(t)
	for _, tt := range outlinedPanels {
		for _, line := range []float64{tt.line, 0} {
			got, want := k.Canvas(180, 130), k.Canvas(180, 130)
			got.Background()
			want.Background()
			got.Shadow(tt.r, tt.radius)
			want.RoundRect(Rect{tt.r.X + 4, tt.r.Y + 6, tt.r.W, tt.r.H}, tt.radius, ShadowColor, nil, 0)
			var stroke color.Color
			if line > 0 {
				stroke = Brass
			}
			got.RoundRect(tt.r, tt.radius, Parchment, stroke, line)
			want.RoundRect(tt.r, tt.radius, Parchment, stroke, line)
			if !bytes.Equal(got.Image().Pix, want.Image().Pix) {
				t.Errorf("%+v, line %v: shadow and panel differ from a whole shadow under the panel", tt, line)
			}
		}
	}
}
