package kit

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestEncodePNGRoundTrip(t *testing.T) {
	opaque := image.NewRGBA(image.Rect(0, 0, 37, 23))
	translucent := image.NewRGBA(image.Rect(0, 0, 9, 5))
	for y := 0; y < 23; y++ {
		for x := 0; x < 37; x++ {
			opaque.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x ^ y), 255})
		}
	}
	translucent.Set(2, 2, color.RGBA{10, 20, 30, 128})
	sub := opaque.SubImage(image.Rect(5, 3, 30, 20))
	for _, tt := range []struct {
		name string
		img  image.Image
	}{{"opaque", opaque}, {"translucent", translucent}, {"sub-image", sub}} {
		t.Run(tt.name, func(t *testing.T) {
			data, err := EncodePNG(tt.img)
			if err != nil {
				t.Fatalf("EncodePNG: %v", err)
			}
			got, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			b := tt.img.Bounds()
			if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), b)
			}
			for y := 0; y < b.Dy(); y++ {
				for x := 0; x < b.Dx(); x++ {
					r1, g1, b1, a1 := tt.img.At(b.Min.X+x, b.Min.Y+y).RGBA()
					r2, g2, b2, a2 := got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y).RGBA()
					// Translucent pixels pass through straight alpha, so allow
					// one step of rounding.
					if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
						t.Fatalf("pixel %d,%d differs", x, y)
					}
				}
			}
		})
	}
}

func far(a, b uint32) bool {
	a, b = a>>8, b>>8
	return a > b+1 || b > a+1
}
