package kit

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

func TestAdler32CombineMatchesWholeChecksum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, size := range []int{0, 1, 2, 100, adlerMod - 1, adlerMod, adlerMod + 1, 3*adlerMod + 17, 400000} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(rng.UintN(256))
		}
		if size > 0 && rng.UintN(2) == 0 {
			for i := range data {
				data[i] = 0xff // saturates the sums fastest
			}
		}
		splits := []int{0, size}
		for range 5 {
			splits = append(splits, rng.IntN(size+1))
		}
		for _, at := range splits {
			a, b := data[:at], data[at:]
			got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b))
			if want := adler32.Checksum(data); got != want {
				t.Errorf("size %d split %d: combined %08x, want %08x", size, at, got, want)
			}
		}
	}
}

func TestAdler32CombineChainsManyParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	data := make([]byte, 250000)
	for i := range data {
		data[i] = byte(rng.UintN(256))
	}
	for trial := range 20 {
		var sum uint32 = 1
		for start := 0; start < len(data); {
			end := min(len(data), start+rng.IntN(len(data)/3+1))
			sum = adler32Combine(sum, adler32.Checksum(data[start:end]), end-start)
			start = end
		}
		if want := adler32.Checksum(data); sum != want {
			t.Fatalf("trial %d: combined %08x, want %08x", trial, sum, want)
		}
	}
}

func TestEncodePNGTranslucencyAnywhere(t *testing.T) {
	// A translucent pixel in any band must send the image through the
	// standard encoder so alpha survives, also inside a block of pixels
	// that filterUp compares with the row above at once (rows otherwise
	// alike).
	const h = 40
	for _, w := range []int{31, 4*filterBlock + 7} {
		for _, y := range []int{0, h / 3, h / 2, h - 1} {
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			for i := range img.Pix {
				img.Pix[i] = 0xff
			}
			img.SetRGBA(w-1, y, color.RGBA{0, 0, 0, 0})
			data, err := EncodePNG(img)
			if err != nil {
				t.Fatalf("row %d: EncodePNG: %v", y, err)
			}
			got, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("row %d: decode: %v", y, err)
			}
			if _, _, _, a := got.At(w-1, y).RGBA(); a != 0 {
				t.Errorf("row %d: alpha %d, want 0", y, a)
			}
			if _, _, _, a := got.At(0, y).RGBA(); a != 0xffff {
				t.Errorf("row %d: opaque neighbour alpha %d, want 0xffff", y, a)
			}
		}
	}
}

func TestEncodePNGRepeatedRows(t *testing.T) {
	// Boards repeat the row above over most of their width: whole blocks,
	// blocks with one pixel changed, and a tail narrower than a block.
	rng := rand.New(rand.NewPCG(4, 4))
	img := image.NewRGBA(image.Rect(0, 0, 3*filterBlock+5, 60))
	for y := range 60 {
		for x := range img.Rect.Dx() {
			c := color.RGBA{byte(x), byte(x * 3), 200, 255}
			if y%7 == 3 || (y%5 == 1 && x == rng.IntN(img.Rect.Dx())) {
				c = color.RGBA{byte(rng.UintN(256)), byte(y), byte(x), 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	checkRoundTrip(t, EncodePNG, img)
}

func TestEncodePNGOpaqueLargeImage(t *testing.T) {
	// Tall enough for several bands and several deflate blocks per band.
	rng := rand.New(rand.NewPCG(1, 2))
	img := image.NewRGBA(image.Rect(3, 5, 3+257, 5+301))
	for i := range img.Pix {
		if i%4 == 3 {
			img.Pix[i] = 0xff
		} else {
			img.Pix[i] = byte(rng.UintN(256))
		}
	}
	data, err := EncodePNG(img)
	if err != nil {
		t.Fatalf("EncodePNG: %v", err)
	}
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if _, ok := got.(*image.RGBA); !ok {
		t.Fatalf("decoded %T, want opaque RGB decoded as *image.RGBA", got)
	}
	b := img.Bounds()
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			if img.At(b.Min.X+x, b.Min.Y+y) != got.At(x, y) {
				t.Fatalf("pixel %d,%d: %v, want %v", x, y, got.At(x, y), img.At(b.Min.X+x, b.Min.Y+y))
			}
		}
	}
}

func TestSubBytesIsBytewiseSubtraction(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	cases := [][2]uint64{{0, 0}, {0, 0xffffffffffffffff}, {0xffffffffffffffff, 0}, {0x00ff00ff00ff00ff, 0xff00ff00ff00ff00}, {0x8080808080808080, 0x8181818181818181}}
	for range 1000 {
		cases = append(cases, [2]uint64{rng.Uint64(), rng.Uint64()})
	}
	for _, tc := range cases {
		c, p := tc[0], tc[1]
		var want uint64
		for shift := 0; shift < 64; shift += 8 {
			want |= uint64(byte(c>>shift)-byte(p>>shift)) << shift
		}
		if got := subBytes64(c, p); got != want {
			t.Fatalf("subBytes64(%016x, %016x) = %016x, want %016x", c, p, got, want)
		}
	}
}

func TestAdler32UpdateMatchesHashAdler32(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for _, size := range []int{0, 1, 7, 8, 9, 63, 5552, 5553, 65536 + 3, 1 << 20} {
		for _, fill := range []string{"random", "ff", "zeros", "sparse"} {
			data := make([]byte, size)
			for i := range data {
				switch fill {
				case "random":
					data[i] = byte(rng.UintN(256))
				case "ff":
					data[i] = 0xff // saturates the sums fastest
				case "sparse": // a filtered board: zero runs of every length
					if rng.IntN(40) == 0 {
						data[i] = byte(rng.UintN(256))
					}
				}
			}
			at := rng.IntN(size + 1)
			got := adler32Update(adler32Update(1, data[:at]), data[at:])
			if want := adler32.Checksum(data); got != want {
				t.Errorf("%s size %d split %d: %08x, want %08x", fill, size, at, got, want)
			}
		}
	}
}
