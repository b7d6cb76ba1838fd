package kit

import (
	"image"
	"image/draw"
	"math"
	"strconv"
	"sync"
)

// Sprites keeps small drawings that a board repeats many times (tokens,
// glyphs): each is drawn once per key on a transparent canvas and then
// copied, which is far cheaper than rasterizing its paths again. It is safe
// for concurrent use and holds at most max sprites (when full it starts
// afresh, so memory stays bounded whatever the boards ask for).
type Sprites struct {
	kit *Kit
	max int

	mu sync.Mutex
	m  map[string]*image.RGBA
}

// NewSprites makes a cache of at most max sprites drawn with k.
func (k *Kit) NewSprites(max int) *Sprites {
	return &Sprites{kit: k, max: max, m: map[string]*image.RGBA{}}
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
	s.mu.Lock()
	img, ok := s.m[full]
	s.mu.Unlock()
	if !ok {
		sc := s.kit.Canvas(size, size)
		paint(sc, float64(size/2)+fx, float64(size/2)+fy)
		sc.Close()
		img = sc.Image()
		s.mu.Lock()
		if len(s.m) >= s.max {
			s.m = map[string]*image.RGBA{}
		}
		s.m[full] = img
		s.mu.Unlock()
	}
	x, y := int(math.Floor(cx))-size/2, int(math.Floor(cy))-size/2
	draw.Draw(c.rgba, image.Rect(x, y, x+size, y+size), img, image.Point{}, draw.Over)
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
