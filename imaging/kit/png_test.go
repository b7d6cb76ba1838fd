package kit

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"
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
	tall := image.NewRGBA(image.Rect(0, 0, 1200, 300)) // several chunks per band
	for y := 0; y < 300; y++ {
		for x := 0; x < 1200; x++ {
			tall.Set(x, y, color.RGBA{uint8(x * y), uint8(y * 3), uint8(x / 5), 255})
		}
	}
	k := newKit(t)
	encoders := map[string]func(image.Image) ([]byte, error){"package": EncodePNG, "kit": k.EncodePNG}
	// The kit's encoder runs over the images twice, so the second round
	// reuses buffers left by pictures of other sizes and opacity.
	for _, round := range []string{"first", "second"} {
		for enc, encode := range encoders {
			for _, tt := range []struct {
				name string
				img  image.Image
			}{{"opaque", opaque}, {"translucent", translucent}, {"sub-image", sub}, {"tall", tall}} {
				t.Run(round+"/"+enc+"/"+tt.name, func(t *testing.T) { checkRoundTrip(t, encode, tt.img) })
			}
		}
	}
}

// checkRoundTrip fails unless encode(img) decodes to img's pixels.
func checkRoundTrip(t *testing.T, encode func(image.Image) ([]byte, error), img image.Image) {
	t.Helper()
	data, err := encode(img)
	if err != nil {
		t.Fatalf("EncodePNG: %v", err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	b := img.Bounds()
	if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
		t.Fatalf("bounds %v, want %v", got.Bounds(), b)
	}
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r1, g1, b1, a1 := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			r2, g2, b2, a2 := got.At(got.Bounds().Min.X+x, got.Bounds().Min.Y+y).RGBA()
			// Translucent pixels pass through straight alpha, so allow
			// one step of rounding.
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				t.Fatalf("pixel %d,%d differs", x, y)
			}
		}
	}
}

func far(a, b uint32) bool {
	a, b = a>>8, b>>8
	return a > b+1 || b > a+1
}

// TestKitEncodePNGConcurrent encodes on one kit from several goroutines at
// once (run with -race): the reused buffers must never be shared.
func TestKitEncodePNGConcurrent(t *testing.T) {
	k := newKit(t)
	imgs := make([]*image.RGBA, 6)
	want := make([][]byte, len(imgs))
	for i := range imgs {
		imgs[i] = image.NewRGBA(image.Rect(0, 0, 300+40*i, 90+i))
		for p := range imgs[i].Pix {
			imgs[i].Pix[p] = uint8(p*(i+3)) | uint8(p%4/3*255)
		}
		var err error
		if want[i], err = EncodePNG(imgs[i]); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make([]error, len(imgs))
	for i := range imgs {
		wg.Go(func() {
			for range 5 {
				got, err := k.EncodePNG(imgs[i])
				if err == nil && !bytes.Equal(got, want[i]) {
					err = fmt.Errorf("image %d: kit encoding differs from a fresh one", i)
				}
				if err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}
