package kit

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
	"sync"
)

// EncodePNG encodes img as PNG favouring speed over size: boards are posted
// once and replaced after the next move. Opaque *image.RGBA images (every
// Canvas) take a fast path that writes RGB rows with the cheap "Up" filter;
// the standard encoder tries all five filters on every row, which cost more
// than drawing the board. Anything else goes through image/png.
func EncodePNG(img image.Image) ([]byte, error) {
	if rgba, ok := img.(*image.RGBA); ok && rgba.Opaque() {
		return encodeOpaqueRGBA(rgba)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("kit: encode png: %w", err)
	}
	return buf.Bytes(), nil
}

func encodeOpaqueRGBA(m *image.RGBA) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	var out bytes.Buffer
	out.Grow(w * h / 3)
	out.WriteString("\x89PNG\r\n\x1a\n")

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8-bit truecolour; compression, filter, interlace 0
	writeChunk(&out, "IHDR", ihdr[:])

	idat, err := deflateRows(m)
	if err != nil {
		return nil, fmt.Errorf("kit: encode png: %w", err)
	}
	writeChunk(&out, "IDAT", idat)
	writeChunk(&out, "IEND", nil)
	return out.Bytes(), nil
}

// deflateRows returns the zlib stream of m's filtered rows. Bands of rows
// are compressed in parallel, each as deflate blocks ending in a sync flush
// (the last one closes the stream), which concatenate into one valid
// stream; the checksum covers all rows in order.
func deflateRows(m *image.RGBA) ([]byte, error) {
	h := m.Bounds().Dy()
	bands := min(runtime.GOMAXPROCS(0), 4, h)
	type band struct {
		raw, packed []byte
		err         error
	}
	out := make([]band, bands)
	var wg sync.WaitGroup
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			y0, y1 := h*i/bands, h*(i+1)/bands
			raw := filterRows(m, y0, y1)
			var buf bytes.Buffer
			fw, err := flate.NewWriter(&buf, flate.BestSpeed)
			if err == nil {
				_, err = fw.Write(raw)
			}
			if err == nil {
				if i == bands-1 {
					err = fw.Close()
				} else {
					err = fw.Flush()
				}
			}
			out[i] = band{raw: raw, packed: buf.Bytes(), err: err}
		}()
	}
	wg.Wait()
	var z bytes.Buffer
	z.Write([]byte{0x78, 0x01}) // zlib header: deflate, 32K window, fastest
	sum := adler32.New()
	for _, b := range out {
		if b.err != nil {
			return nil, b.err
		}
		z.Write(b.packed)
		sum.Write(b.raw)
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum.Sum32())
	z.Write(tail[:])
	return z.Bytes(), nil
}

// filterRows converts rows y0..y1 (relative to the bounds) to RGB with the
// PNG "Up" filter, each row prefixed by its filter byte.
func filterRows(m *image.RGBA, y0, y1 int) []byte {
	b := m.Bounds()
	w := b.Dx()
	stride := 1 + 3*w
	raw := make([]byte, (y1-y0)*stride)
	rgbRow := func(y int, dst []byte) {
		off := m.PixOffset(b.Min.X, b.Min.Y+y)
		src := m.Pix[off : off+4*w]
		for x := 0; x < w; x++ {
			s, d := src[4*x:4*x+3:4*x+3], dst[3*x:3*x+3:3*x+3]
			d[0], d[1], d[2] = s[0], s[1], s[2]
		}
	}
	prev := make([]byte, 3*w)
	cur := make([]byte, 3*w)
	if y0 > 0 {
		rgbRow(y0-1, prev)
	}
	for y := y0; y < y1; y++ {
		rgbRow(y, cur)
		row := raw[(y-y0)*stride : (y-y0+1)*stride]
		row[0] = 2 // Up
		dst := row[1:]
		for j := range dst {
			dst[j] = cur[j] - prev[j]
		}
		prev, cur = cur, prev
	}
	return raw
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
