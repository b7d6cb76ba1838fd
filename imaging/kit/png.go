package kit

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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
// than drawing the board. Anything else goes through image/png. Kit.EncodePNG
// does the same with buffers reused from earlier encodes.
func EncodePNG(img image.Image) ([]byte, error) { return encodePNG(img, nil) }

// EncodePNG is the package's EncodePNG reusing the kit's deflate writers and
// row buffers, which a board would otherwise allocate afresh (about a
// megabyte, most of it tables the compressor clears anyway).
func (k *Kit) EncodePNG(img image.Image) ([]byte, error) { return encodePNG(img, &k.pngBands) }

func encodePNG(img image.Image, pool *freeList[*rowBand]) ([]byte, error) {
	if rgba, ok := img.(*image.RGBA); ok && !rgba.Bounds().Empty() {
		// The opacity check happens while filtering, saving a separate pass.
		data, err := encodeOpaqueRGBA(rgba, pool)
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
func encodeOpaqueRGBA(m *image.RGBA, pool *freeList[*rowBand]) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	bands, err := deflateRows(m, pool)
	defer func() {
		for _, bd := range bands {
			pool.give(bd)
		}
	}()
	if err != nil {
		return nil, fmt.Errorf("kit: encode png: %w", err)
	}
	var adler uint32 = 1
	idatLen := 2 + 4
	for _, bd := range bands {
		adler = adler32Combine(adler, bd.adler, bd.rawLen)
		idatLen += bd.packed.Len()
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
		out.Write(bd.packed.Bytes())
	}
	binary.BigEndian.PutUint32(n[:], adler)
	out.Write(n[:])
	binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(out.Bytes()[start:]))
	out.Write(n[:])

	writeChunk(out, "IEND", nil)
	return out.Bytes(), nil
}

// rowBand is one horizontal band of filtered, compressed rows, with the
// writer and buffers that made it (reused by the next encode when pooled).
type rowBand struct {
	packed bytes.Buffer // deflate blocks, ending in a sync flush or the final block
	adler  uint32       // Adler-32 of the uncompressed filtered rows
	rawLen int          // length of the uncompressed filtered rows

	fw    *flate.Writer
	chunk []byte // filtered rows on their way to fw
}

// chunkBytes is about how many filtered bytes a band hands the compressor
// at once: small enough to stay in cache between filtering, checksumming
// and compressing, large enough to keep calls few.
const chunkBytes = 64 << 10

// maxIdleBands bounds the bands a Kit keeps for reuse (a few encodes at
// once; more only allocate).
const maxIdleBands = 8

// deflateRows compresses m's filtered rows in parallel bands, each as
// deflate blocks ending in a sync flush (the last one closes the stream),
// which concatenate into one valid stream. Each band carries the Adler-32 of
// its own rows so the stream checksum can be combined without another pass.
// The bands are returned even on error, to go back to pool (a nil pool
// gives fresh bands and keeps none).
func deflateRows(m *image.RGBA, pool *freeList[*rowBand]) ([]*rowBand, error) {
	h := m.Bounds().Dy()
	n := max(min(runtime.GOMAXPROCS(0), 4, h), 1)
	out := make([]*rowBand, n)
	for i := range out {
		bd, ok := pool.take(nil)
		if !ok {
			bd = &rowBand{}
		}
		out[i] = bd
	}
	errs := make([]error, n)
	var translucent atomic.Bool
	var wg sync.WaitGroup
	for i, bd := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = bd.deflate(m, h*i/n, h*(i+1)/n, i == n-1, &translucent)
			if errors.Is(errs[i], errNotOpaque) {
				translucent.Store(true)
			}
		}()
	}
	wg.Wait()
	if translucent.Load() {
		return out, errNotOpaque
	}
	return out, errors.Join(errs...)
}

// deflate filters and compresses rows y0..y1 a chunk at a time, closing the
// stream if last and otherwise ending in a sync flush.
func (bd *rowBand) deflate(m *image.RGBA, y0, y1 int, last bool, stop *atomic.Bool) error {
	stride := 1 + 3*m.Bounds().Dx()
	rows := max(chunkBytes/stride, 1)
	if need := rows * stride; cap(bd.chunk) < need {
		bd.chunk = make([]byte, need)
	}
	bd.packed.Reset()
	if bd.fw == nil {
		fw, err := flate.NewWriter(&bd.packed, flate.BestSpeed)
		if err != nil {
			return err
		}
		bd.fw = fw
	} else {
		bd.fw.Reset(&bd.packed)
	}
	bd.adler, bd.rawLen = 1, 0
	for y := y0; y < y1; y += rows {
		ye := min(y+rows, y1)
		raw := bd.chunk[:(ye-y)*stride]
		if !filterRows(m, y, ye, raw, stop) {
			return errNotOpaque
		}
		bd.adler = adler32Update(bd.adler, raw)
		bd.rawLen += len(raw)
		if _, err := bd.fw.Write(raw); err != nil {
			return err
		}
	}
	if last {
		return bd.fw.Close()
	}
	return bd.fw.Flush()
}

// filterRows converts rows y0..y1 (relative to the bounds) to RGB with the
// PNG "Up" filter into raw, each row prefixed by its filter byte. It
// reports false as soon as it meets a pixel that is not fully opaque, or
// when stop is set by another band that did.
func filterRows(m *image.RGBA, y0, y1 int, raw []byte, stop *atomic.Bool) bool {
	b := m.Bounds()
	w := b.Dx()
	stride := 1 + 3*w
	row := func(y int) []byte {
		off := m.PixOffset(b.Min.X, b.Min.Y+y)
		return m.Pix[off : off+4*w : off+4*w]
	}
	for y := y0; y < y1; y++ {
		if stop.Load() {
			return false
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
			alpha = filterUp(dst, cur, row(y-1))
		}
		if alpha>>24 != 0xff {
			return false
		}
	}
	return true
}

// filterBlock is how many pixels filterUp compares with the row above at
// once: a block equal to it filters to zeros.
const filterBlock = 32

// filterUp writes the RGB bytes of cur minus prev (the PNG "Up" filter)
// to dst and returns the AND of cur's pixels, whose top byte is 0xff only
// if every pixel is opaque, given that prev's are. Most of a board repeats
// the row above: a block of pixels equal to the one above (compared as
// memory, which is fast) is filtered to zeros and, being prev's pixels, is
// opaque; the rest goes two pixels at a time.
func filterUp(dst, cur, prev []byte) uint32 {
	var a uint32 = 0xffffffff
	for len(cur) >= 4*filterBlock {
		if bytes.Equal(cur[:4*filterBlock], prev[:4*filterBlock]) {
			clear(dst[:3*filterBlock])
		} else {
			a &= filterPixels(dst[:3*filterBlock], cur[:4*filterBlock], prev[:4*filterBlock])
		}
		dst, cur, prev = dst[3*filterBlock:], cur[4*filterBlock:], prev[4*filterBlock:]
	}
	return a & filterPixels(dst, cur, prev)
}

// filterPixels is filterUp for a few pixels, two at a time.
func filterPixels(dst, cur, prev []byte) uint32 {
	w := len(cur) / 4
	var alpha uint64 = 0xffffffffffffffff
	x := 0
	// Each pair writes eight bytes of which the last two are overwritten by
	// the next pair, so the pairs stop while eight bytes still fit.
	for ; x+1 < w && 3*x+8 <= len(dst); x += 2 {
		c := binary.LittleEndian.Uint64(cur[4*x : 4*x+8 : 4*x+8])
		p := binary.LittleEndian.Uint64(prev[4*x : 4*x+8 : 4*x+8])
		alpha &= c
		if c == p { // most of a board repeats the row above
			binary.LittleEndian.PutUint64(dst[3*x:3*x+8:3*x+8], 0)
			continue
		}
		d := subBytes64(c, p)
		binary.LittleEndian.PutUint64(dst[3*x:3*x+8:3*x+8], d&0xffffff|(d>>8)&0xffffff000000)
	}
	a := uint32(alpha) & uint32(alpha>>32)
	for ; x < w; x++ {
		s, p, d := cur[4*x:4*x+4:4*x+4], prev[4*x:4*x+3:4*x+3], dst[3*x:3*x+3:3*x+3]
		d[0], d[1], d[2] = s[0]-p[0], s[1]-p[1], s[2]-p[2]
		a &= uint32(s[3]) << 24
	}
	return a
}

// subBytes64 subtracts p from c in each of the eight bytes separately, with
// no borrow between bytes.
func subBytes64(c, p uint64) uint64 {
	const high = 0x8080808080808080
	return ((c | high) - (p &^ high)) ^ ((c ^ ^p) & high)
}

// adler32Update returns the Adler-32 of A‖p given a = adler32(A). It sums
// eight bytes at a time, weighting them with multiplications on 16-bit
// lanes, instead of adding byte by byte as hash/adler32 does (which took a
// tenth of a board's encoding). p must be shorter than 16 MB so the sums
// cannot overflow before the final reduction.
func adler32Update(a uint32, p []byte) uint32 {
	s1, s2 := uint64(a&0xffff), uint64(a>>16)
	const (
		lanes = 0x00ff00ff00ff00ff
		// Multiplying four 16-bit lanes by these leaves, in the top lane,
		// the lanes' sum weighted 8,6,4,2 (even bytes), 7,5,3,1 (odd
		// bytes) or 1,1,1,1.
		evenWeights = 2 | 4<<16 | 6<<32 | 8<<48
		oddWeights  = 1 | 3<<16 | 5<<32 | 7<<48
		ones        = 1 | 1<<16 | 1<<32 | 1<<48
	)
	for len(p) >= 8 {
		v := binary.LittleEndian.Uint64(p)
		if v == 0 { // filtered boards are mostly zeros: there only s2 grows
			if len(p) >= 32 && binary.LittleEndian.Uint64(p[8:])|binary.LittleEndian.Uint64(p[16:])|binary.LittleEndian.Uint64(p[24:32]) == 0 {
				s2 += 32 * s1
				p = p[32:]
				continue
			}
			s2 += 8 * s1
			p = p[8:]
			continue
		}
		even, odd := v&lanes, v>>8&lanes
		s2 += 8*s1 + (even*evenWeights)>>48 + (odd*oddWeights)>>48
		s1 += ((even + odd) * ones) >> 48
		p = p[8:]
	}
	for _, b := range p {
		s1 += uint64(b)
		s2 += s1
	}
	return uint32(s1%adlerMod) | uint32(s2%adlerMod)<<16
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
