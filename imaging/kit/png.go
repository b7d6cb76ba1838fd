package kit

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/flate"
)

// errNotOpaque stops the fast path when a pixel turns out to be translucent.
var errNotOpaque = errors.New("image is not opaque")

// EncodePNG encodes img as PNG favouring speed over size: boards are posted
// once and replaced after the next move. Opaque *image.RGBA images (every
// Canvas) take a fast path that writes RGB rows with the cheap "Up" filter;
// the standard encoder tries all five filters on every row, which cost more
// than drawing the board. Anything else goes through image/png.
func EncodePNG(img image.Image) ([]byte, error) {
	if rgba, ok := img.(*image.RGBA); ok && !rgba.Bounds().Empty() {
		// The opacity check happens while filtering, saving a separate pass.
		data, err := encodeOpaqueRGBA(rgba)
		if !errors.Is(err, errNotOpaque) {
			return data, err
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("kit: encode png: %w", err)
	}
	return buf.Bytes(), nil
}

// encodeOpaqueRGBA returns errNotOpaque (wrapped) when m has a pixel that is
// not fully opaque.
func encodeOpaqueRGBA(m *image.RGBA) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	bands, err := deflateRows(m)
	if err != nil {
		return nil, fmt.Errorf("kit: encode png: %w", err)
	}
	var adler uint32 = 1
	idatLen := 2 + 4
	for _, bd := range bands {
		adler = adler32Combine(adler, bd.adler, bd.rawLen)
		idatLen += len(bd.packed)
	}

	out := bytes.NewBuffer(make([]byte, 0, 8+25+12+idatLen+12))
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit truecolour; compression, filter, interlace 0
	writeChunk(out, "IHDR", ihdr[:])

	// The IDAT chunk is written piece by piece so the compressed bands are
	// copied only once.
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(idatLen))
	out.Write(n[:])
	start := out.Len()
	out.WriteString("IDAT")
	out.Write([]byte{0x78, 0x01}) // zlib header: deflate, 32K window, fastest
	for _, bd := range bands {
		out.Write(bd.packed)
	}
	binary.BigEndian.PutUint32(n[:], adler)
	out.Write(n[:])
	binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(out.Bytes()[start:]))
	out.Write(n[:])

	writeChunk(out, "IEND", nil)
	return out.Bytes(), nil
}

// rowBand is one horizontal band of filtered, compressed rows.
type rowBand struct {
	packed []byte // deflate blocks, ending in a sync flush or the final block
	adler  uint32 // Adler-32 of the uncompressed filtered rows
	rawLen int    // length of the uncompressed filtered rows
}

// deflateRows compresses m's filtered rows in parallel bands, each as
// deflate blocks ending in a sync flush (the last one closes the stream),
// which concatenate into one valid stream. Each band carries the Adler-32 of
// its own rows so the stream checksum can be combined without another pass.
func deflateRows(m *image.RGBA) ([]rowBand, error) {
	h := m.Bounds().Dy()
	n := max(min(runtime.GOMAXPROCS(0), 4, h), 1)
	out := make([]rowBand, n)
	errs := make([]error, n)
	var translucent atomic.Bool
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			y0, y1 := h*i/n, h*(i+1)/n
			raw, ok := filterRows(m, y0, y1, &translucent)
			if !ok {
				translucent.Store(true)
				errs[i] = errNotOpaque
				return
			}
			buf := bytes.NewBuffer(make([]byte, 0, len(raw)/4+64))
			fw, err := flate.NewWriter(buf, flate.BestSpeed)
			if err == nil {
				_, err = fw.Write(raw)
			}
			if err == nil {
				if i == n-1 {
					err = fw.Close()
				} else {
					err = fw.Flush()
				}
			}
			errs[i] = err
			out[i] = rowBand{packed: buf.Bytes(), adler: adler32.Checksum(raw), rawLen: len(raw)}
		}()
	}
	wg.Wait()
	if translucent.Load() {
		return nil, errNotOpaque
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// filterRows converts rows y0..y1 (relative to the bounds) to RGB with the
// PNG "Up" filter, each row prefixed by its filter byte. It reports false as
// soon as it meets a pixel that is not fully opaque, or when stop is set by
// another band that did.
func filterRows(m *image.RGBA, y0, y1 int, stop *atomic.Bool) ([]byte, bool) {
	b := m.Bounds()
	w := b.Dx()
	stride := 1 + 3*w
	raw := make([]byte, (y1-y0)*stride)
	row := func(y int) []byte {
		off := m.PixOffset(b.Min.X, b.Min.Y+y)
		return m.Pix[off : off+4*w : off+4*w]
	}
	for y := y0; y < y1; y++ {
		if stop.Load() {
			return nil, false
		}
		cur := row(y)
		dst := raw[(y-y0)*stride : (y-y0+1)*stride]
		dst[0] = 2 // Up
		dst = dst[1:]
		var alpha uint32 = 0xffffffff
		if y == 0 {
			for x := 0; x < w; x++ {
				s := cur[4*x : 4*x+4 : 4*x+4]
				d := dst[3*x : 3*x+3 : 3*x+3]
				d[0], d[1], d[2] = s[0], s[1], s[2]
				alpha &= uint32(s[3]) << 24
			}
		} else {
			prev := row(y - 1)
			// Four bytes at a time: the fourth (alpha) byte written is
			// overwritten by the next pixel, so the last pixel goes apart.
			for x := 0; x < w-1; x++ {
				c := binary.LittleEndian.Uint32(cur[4*x:])
				p := binary.LittleEndian.Uint32(prev[4*x:])
				binary.LittleEndian.PutUint32(dst[3*x:], subBytes(c, p))
				alpha &= c
			}
			x := w - 1
			s, p, d := cur[4*x:4*x+4], prev[4*x:4*x+3], dst[3*x:3*x+3]
			d[0], d[1], d[2] = s[0]-p[0], s[1]-p[1], s[2]-p[2]
			alpha &= uint32(s[3]) << 24
		}
		if alpha>>24 != 0xff {
			return nil, false
		}
	}
	return raw, true
}

// subBytes subtracts p from c in each of the four bytes separately, with
// no borrow between bytes.
func subBytes(c, p uint32) uint32 {
	const high = 0x80808080
	return ((c | high) - (p &^ high)) ^ ((c ^ ^p) & high)
}

// adlerMod is the Adler-32 modulus.
const adlerMod = 65521

// adler32Combine returns the Adler-32 of A‖B given a = adler32(A),
// b = adler32(B) and lenB = len(B), as zlib's adler32_combine does.
func adler32Combine(a, b uint32, lenB int) uint32 {
	rem := uint64(lenB % adlerMod)
	a1, a2 := uint64(a&0xffff), uint64(a>>16)
	b1, b2 := uint64(b&0xffff), uint64(b>>16)
	sum1 := (a1 + b1 + adlerMod - 1) % adlerMod
	sum2 := (rem*a1 + a2 + b2 + adlerMod - rem) % adlerMod
	return uint32(sum1) | uint32(sum2)<<16
}

func writeChunk(out *bytes.Buffer, kind string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	out.WriteString(kind)
	out.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}
