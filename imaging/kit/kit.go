// Package kit is Tavern's drawing kit: embedded fonts, a colour-blind-safe
// palette with shape markers, the tavern look (wood, parchment, brass),
// procedurally drawn icons, cards and tokens, text fitting and PNG encoding.
// Every game renderer draws with it so that all boards share one style.
package kit

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Weight selects one of the embedded Go fonts.
type Weight int

// The embedded font weights.
const (
	Regular Weight = iota
	Medium
	Bold
	weightCount
)

// Kit holds the parsed fonts, their faces (shared by every canvas, see
// faces) and the caches and free lists boards reuse. A Kit is safe for
// concurrent use. Nothing here is a sync.Pool: a sync.Pool is emptied at
// every garbage collection, and a board allocates enough to trigger one,
// so warm glyph caches were lost on almost every render.
type Kit struct {
	fonts [weightCount]*truetype.Font

	faces faces // every canvas's font faces, shared

	backgrounds planks
	corners     memo[int, []uint32] // quarterDiscCoverage by radius

	icons *Sprites // the icons boards repeat, drawn once per size

	hyphens hyphens // where long words may break (Wrap)

	pngBands freeList[*rowBand] // deflate writers and row buffers for EncodePNG

	pixels freeList[[]byte] // of recycled pictures, for BoardCanvas
}

// maxIcons bounds the icon cache: a few icons at a few sizes each.
const maxIcons = 256

// maxBackgroundWidths bounds the background cache: boards come in few
// widths.
const maxBackgroundWidths = 8

// backgroundStep rounds a background's height up, so that a board growing
// by a few rows reuses the cached one.
const backgroundStep = 256

// planks caches one plank background per width, as tall as the tallest
// canvas of that width so far. A plank row depends only on its y, so the
// top h rows of a taller background are exactly a w×h background: one image
// per width serves every height. Boards' heights vary with the game's
// state (Zauberschwert's 1112–2250 px, Dungeon Designer's 2350–3534), and a
// cache keyed by exact size held up to 32 of them, some 400 MB.
type planks struct {
	mu      sync.Mutex
	byWidth map[int]*image.RGBA
}

// background returns a plank background at least w×h, drawing it on first
// use (or when a taller one is needed). The returned image is shared and
// must not be modified; only its top h rows are meant for a w×h canvas.
func (k *Kit) background(w, h int) *image.RGBA {
	p := &k.backgrounds
	p.mu.Lock()
	bg := p.byWidth[w]
	p.mu.Unlock()
	if bg != nil && bg.Rect.Dy() >= h {
		return bg
	}
	tall := (h + backgroundStep - 1) / backgroundStep * backgroundStep
	bg = image.NewRGBA(image.Rect(0, 0, w, tall))
	drawPlanks(bg)
	p.mu.Lock()
	defer p.mu.Unlock()
	if have := p.byWidth[w]; have != nil && have.Rect.Dy() >= tall {
		return have // another canvas drew one as tall meanwhile
	}
	if p.byWidth == nil || len(p.byWidth) >= maxBackgroundWidths && p.byWidth[w] == nil {
		p.byWidth = map[int]*image.RGBA{}
	}
	p.byWidth[w] = bg
	return bg
}

// New parses the embedded fonts once.
func New() (*Kit, error) {
	k := &Kit{
		corners:  memo[int, []uint32]{max: maxCornerRadii},
		pngBands: freeList[*rowBand]{max: maxIdleBands},
		pixels:   freeList[[]byte]{max: maxIdlePictures},
		hyphens:  parseHyphens(hyphensText),
	}
	k.icons = k.NewSprites(maxIcons)
	for w, ttf := range [weightCount][]byte{Regular: goregular.TTF, Medium: gomedium.TTF, Bold: gobold.TTF} {
		f, err := truetype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("kit: parse font %d: %w", w, err)
		}
		k.fonts[w] = f
	}
	return k, nil
}

// HasGlyph reports whether every weight has a real glyph for r (not the
// fallback box), so tests can prove German text renders.
func (k *Kit) HasGlyph(r rune) bool {
	for _, f := range k.fonts {
		if f.Index(r) == 0 {
			return false
		}
	}
	return true
}

type faceKey struct {
	w    Weight
	size int
}

// Canvas is one drawing in progress: a gg context on an image, drawing
// text with the Kit's shared faces. A Canvas is not safe for concurrent
// use; different canvases are.
type Canvas struct {
	*gg.Context
	kit    *Kit
	rgba   *image.RGBA
	face   *sharedFace
	size   float64
	ink    color.Color
	labels []string // seat markers' texts by seat (SeatLabels)
	texts  *TextLog // where drawn texts are reported (RecordTexts), or nil
	decor  string   // why the texts drawn now are decoration (Decorative)
	// unbroken is the line WrapBox is cutting short, for the text log.
	unbroken string
}

// Canvas starts a w×h drawing.
func (k *Kit) Canvas(w, h int) *Canvas {
	return k.canvasOn(image.NewRGBA(image.Rect(0, 0, w, h)))
}

// BoardCanvas starts a w×h drawing on the plank background, like Canvas
// followed by Background, on pixels handed back by Recycle when some fit:
// a board's five or so megabytes are then neither allocated nor cleared,
// only covered by the background.
func (k *Kit) BoardCanvas(w, h int) *Canvas {
	need := 4 * w * h
	pix, ok := k.pixels.take(func(p []byte) bool { return cap(p) >= need && cap(p) <= 2*need })
	if !ok {
		pix = make([]byte, need, need+need/8) // room for the same board a little taller
	}
	c := k.canvasOn(&image.RGBA{Pix: pix[:need], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)})
	c.Background() // covers every pixel, whatever the last picture left
	return c
}

// Recycle hands back the pixels of a picture drawn on a BoardCanvas once
// nobody reads it any more (its encoding is done), for the next
// BoardCanvas. At most maxIdlePictures are kept.
func (k *Kit) Recycle(img image.Image) {
	m, ok := img.(*image.RGBA)
	if !ok || m.Rect.Min != (image.Point{}) || m.Stride != 4*m.Rect.Dx() {
		return // not a whole canvas: its pixels may be shared
	}
	k.pixels.giveLarger(m.Pix[:0], func(a, b []byte) bool { return cap(a) < cap(b) })
}

// maxIdlePictures bounds the pixels kept for reuse: a few boards drawn at
// once (at most about 10 MB each).
const maxIdlePictures = 4

func (k *Kit) canvasOn(rgba *image.RGBA) *Canvas {
	c := &Canvas{
		Context: gg.NewContextForRGBA(rgba),
		kit:     k,
		rgba:    rgba,
		ink:     color.Black,
	}
	c.Font(Regular, 24)
	return c
}

// Close ends the drawing; the image stays valid. A canvas holds nothing of
// the Kit's (its faces are shared), so Close releases nothing today; the
// renderers call it where a drawing ends, so that a canvas may hold
// something again without changing them.
func (c *Canvas) Close() {}

// Image is the drawing so far.
func (c *Canvas) Image() *image.RGBA { return c.rgba }

// Font selects weight w at size px (rounded to whole pixels so faces are
// reused).
func (c *Canvas) Font(w Weight, px float64) {
	key := faceKey{w, int(px + 0.5)}
	if key.size < 6 {
		key.size = 6
	}
	c.face = c.kit.faces.get(key, c.kit.fonts[w])
	c.size = float64(key.size)
}

// FontSize is the pixel size of the current face.
func (c *Canvas) FontSize() float64 { return c.size }

// maxFaces bounds the faces a Kit keeps (each holds its glyph masks, most
// of a megabyte at board sizes); a board uses a few dozen sizes, and every
// game's boards together fewer than this.
const maxFaces = 96

// faces are the font faces of a Kit, one per weight and size, shared by
// every canvas. They used to be borrowed in sets, a set per canvas: a
// board's nested canvases (a probe that measures the layout, each sprite
// drawn for the first time) and two pictures drawn at once took more sets
// than the free list kept, and each new set made its faces again, glyph
// caches and all: 29 MB allocated and every glyph rasterized anew per
// Dungeon Designer move.
type faces struct {
	mu sync.Mutex
	m  map[faceKey]*sharedFace
}

// get returns the face for key, making it from f on first use.
func (fs *faces) get(key faceKey, f *truetype.Font) *sharedFace {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if sf, ok := fs.m[key]; ok {
		return sf
	}
	if fs.m == nil {
		fs.m = map[faceKey]*sharedFace{}
	}
	if len(fs.m) >= maxFaces {
		// Forget some other face: the Kit must not grow with every size
		// some name or label once needed. A canvas drawing with it keeps
		// it until it selects another.
		for k := range fs.m {
			delete(fs.m, k)
			break
		}
	}
	sf := &sharedFace{
		face: truetype.NewFace(f, &truetype.Options{Size: float64(key.size), Hinting: font.HintingFull}),
		adv:  map[rune]fixed.Int26_6{},
	}
	fs.m[key] = sf
	return sf
}

// sharedFace is one face every canvas may use. A truetype face is not safe
// for concurrent use: its hinter keeps working buffers, and the mask it
// returns for a glyph lives in its glyph cache only until the next glyph is
// drawn. So mu is held while a string is measured or drawn, masks and all.
type sharedFace struct {
	mu   sync.Mutex
	face font.Face
	adv  map[rune]fixed.Int26_6 // glyph advances, by mu
}

// measure is the advance width of s, in pixels.
func (f *sharedFace) measure(s string) float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return float64(font.MeasureString(advanceCache{f}, s)) / 64
}

// draw draws s on dst in src's colour with its baseline's start at dot.
func (f *sharedFace) draw(dst *image.RGBA, src image.Image, dot fixed.Point26_6, s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	d := font.Drawer{Dst: dst, Src: src, Face: advanceCache{f}, Dot: dot}
	d.DrawString(s)
}

// advanceCache is a sharedFace's face that remembers glyph advances (the
// truetype face re-runs the hinter for every GlyphAdvance call, which made
// text fitting the most expensive part of a board). Use it with f.mu held.
type advanceCache struct{ f *sharedFace }

func (a advanceCache) Close() error                   { return nil }
func (a advanceCache) Metrics() font.Metrics          { return a.f.face.Metrics() }
func (a advanceCache) Kern(r0, r1 rune) fixed.Int26_6 { return a.f.face.Kern(r0, r1) }

func (a advanceCache) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	return a.f.face.Glyph(dot, r)
}

func (a advanceCache) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	return a.f.face.GlyphBounds(r)
}

func (a advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if v, ok := a.f.adv[r]; ok {
		return v, true
	}
	v, ok := a.f.face.GlyphAdvance(r)
	if ok {
		a.f.adv[r] = v
	}
	return v, ok
}
