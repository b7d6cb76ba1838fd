package kit

import (
	"encoding/binary"
	"image"
	"math"
	"strconv"
)

// Sprites keeps small drawings that a board repeats many times (tokens,
// glyphs): each is drawn once per key on a transparent canvas and then
// copied, which is far cheaper than rasterizing its paths again. It is safe
// for concurrent use and holds at most max sprites (when full it starts
// afresh, so memory stays bounded whatever the boards ask for).
type Sprites struct {
	kit   *Kit
	cache memo[string, sprite]
}

// sprite is one cached drawing and the part of it that is not fully
// transparent, the only part worth compositing.
type sprite struct {
	img   *image.RGBA
	ink   image.Rectangle
	solid bool      // every pixel of ink is opaque: copied row by row
	texts []TextUse // the texts painting it drew, reported at every copy
}

// NewSprites makes a cache of at most max sprites drawn with k.
func (k *Kit) NewSprites(max int) *Sprites {
	return &Sprites{kit: k, cache: memo[string, sprite]{max: max}}
}

// Draw puts the sprite key, centred at (cx, cy), on c. When it is not
// cached yet, paint draws it on a transparent size×size canvas centred at
// the given point. The key must name everything paint depends on; the
// centre's fraction of a pixel is added to it, so a cached sprite lands
// exactly where a direct drawing would.
func (s *Sprites) Draw(c *Canvas, key string, cx, cy float64, size int, paint func(c *Canvas, cx, cy float64)) {
	if !c.untransformed() {
		paint(c, cx, cy) // a copy would ignore the rotation or scale
		return
	}
	fx, fy := quarter(cx-math.Floor(cx)), quarter(cy-math.Floor(cy))
	full := key + "@" + strconv.FormatFloat(fx, 'f', 2, 64) + "," + strconv.FormatFloat(fy, 'f', 2, 64)
	sp := s.cache.get(full, func() sprite {
		sc := s.kit.Canvas(size, size)
		var texts TextLog
		sc.RecordTexts(&texts)
		paint(sc, float64(size/2)+fx, float64(size/2)+fy)
		sc.Close()
		ink := opaqueBounds(sc.Image())
		return sprite{img: sc.Image(), ink: ink, solid: solid(sc.Image(), ink), texts: texts.Uses()}
	})
	c.replayTexts(sp.texts)
	x, y := int(math.Floor(cx))-size/2, int(math.Floor(cy))-size/2
	at := sp.ink.Add(image.Pt(x, y))
	clipped := at.Intersect(c.rgba.Bounds())
	from := sp.ink.Min.Add(clipped.Min.Sub(at.Min))
	if sp.solid {
		copyRGBA(c.rgba, clipped, sp.img, from)
		return
	}
	overRGBA(c.rgba, clipped, sp.img, from)
}

// solid reports whether every pixel of r in m is opaque, so that drawing
// it over anything is a copy.
func solid(m *image.RGBA, r image.Rectangle) bool {
	if r.Empty() {
		return false
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := m.Pix[m.PixOffset(r.Min.X, y):m.PixOffset(r.Max.X, y)]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				return false
			}
		}
	}
	return true
}

// copyRGBA copies the rectangle r of dst from src (from sp), row by row.
func copyRGBA(dst *image.RGBA, r image.Rectangle, src *image.RGBA, sp image.Point) {
	for y := 0; y < r.Dy(); y++ {
		d0 := dst.PixOffset(r.Min.X, r.Min.Y+y)
		s0 := src.PixOffset(sp.X, sp.Y+y)
		copy(dst.Pix[d0:d0+4*r.Dx()], src.Pix[s0:s0+4*r.Dx()])
	}
}

// opaqueBounds is the smallest rectangle holding every pixel of m that is
// not fully transparent (all four bytes zero).
func opaqueBounds(m *image.RGBA) image.Rectangle {
	var ink image.Rectangle
	b := m.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if binary.LittleEndian.Uint32(m.Pix[m.PixOffset(x, y):]) != 0 {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return ink
}

// overRGBA composites src (from sp) over the rectangle r of dst, giving
// exactly what draw.Draw with draw.Over gives for two *image.RGBA, but
// leaving fully transparent source pixels alone and copying opaque ones
// instead of blending every pixel: the sprites it serves are mostly one
// or the other. r must lie inside dst and, moved to sp, inside src; dst
// and src must be different images.
func overRGBA(dst *image.RGBA, r image.Rectangle, src *image.RGBA, sp image.Point) {
	const m = 1<<16 - 1
	for y := 0; y < r.Dy(); y++ {
		d0 := dst.PixOffset(r.Min.X, r.Min.Y+y)
		s0 := src.PixOffset(sp.X, sp.Y+y)
		dpix := dst.Pix[d0 : d0+4*r.Dx()]
		spix := src.Pix[s0 : s0+4*r.Dx()]
		for i := 0; i < len(spix); i += 4 {
			s := spix[i : i+4 : i+4]
			v := binary.LittleEndian.Uint32(s)
			switch {
			case v == 0:
				continue // draw.Over leaves the destination exactly as it was
			case v>>24 == 0xff:
				binary.LittleEndian.PutUint32(dpix[i:i+4:i+4], v)
				continue
			}
			// The blend of image/draw's drawCopyOver, step for step.
			sr, sg, sb, sa := uint32(s[0])*0x101, uint32(s[1])*0x101, uint32(s[2])*0x101, uint32(s[3])*0x101
			a := (m - sa) * 0x101
			d := dpix[i : i+4 : i+4]
			d[0] = uint8((uint32(d[0])*a/m + sr) >> 8)
			d[1] = uint8((uint32(d[1])*a/m + sg) >> 8)
			d[2] = uint8((uint32(d[2])*a/m + sb) >> 8)
			d[3] = uint8((uint32(d[3])*a/m + sa) >> 8)
		}
	}
}

// quarter rounds a fraction of a pixel to a quarter.
func quarter(f float64) float64 { return math.Round(f*4) / 4 }

// untransformed reports a canvas drawing in plain pixel coordinates.
func (c *Canvas) untransformed() bool {
	for _, p := range [][2]float64{{0, 0}, {1, 0}, {0, 1}} {
		if x, y := c.TransformPoint(p[0], p[1]); x != p[0] || y != p[1] {
			return false
		}
	}
	return true
}
