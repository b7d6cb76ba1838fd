// Package kit is Tavern's drawing kit: embedded fonts, a colour-blind-safe
// palette with shape markers, the tavern look (wood, parchment, brass),
// procedurally drawn icons, cards and tokens, text fitting and PNG encoding.
// Every game renderer draws with it so that all boards share one style.
package kit

import (
	"fmt"
	"image"
	"image/color"
	"runtime"
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

// Kit holds the parsed fonts and a pool of font faces. A Kit is safe for
// concurrent use; each Canvas borrows its own faces because a font.Face
// keeps a glyph cache that must not be shared between goroutines. The pool
// is a plain free list rather than a sync.Pool: a sync.Pool is emptied at
// every garbage collection, and a board allocates enough to trigger one,
// so its warm glyph caches were lost on almost every render.
type Kit struct {
	fonts [weightCount]*truetype.Font

	faces freeList[faceSet] // face sets not borrowed by a Canvas

	backgrounds planks
	corners     memo[int, []uint32] // quarterDiscCoverage by radius

	icons *Sprites // the icons boards repeat, drawn once per size

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
		faces:    freeList[faceSet]{max: min(maxIdleFaceSets, runtime.GOMAXPROCS(0))},
		pngBands: freeList[*rowBand]{max: maxIdleBands},
		pixels:   freeList[[]byte]{max: maxIdlePictures},
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

type faceSet map[faceKey]font.Face

// Canvas is one drawing in progress: a gg context plus the faces it has
// borrowed from the Kit. Close returns the faces; a Canvas is not safe for
// concurrent use.
type Canvas struct {
	*gg.Context
	kit    *Kit
	faces  faceSet
	rgba   *image.RGBA
	face   font.Face
	size   float64
	ink    color.Color
	labels []string // seat markers' texts by seat (SeatLabels)
	texts  *TextLog // where drawn texts are reported (RecordTexts), or nil
	decor  string   // why the texts drawn now are decoration (Decorative)
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
		pix = make([]byte, need)
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
	k.pixels.give(m.Pix[:0])
}

// maxIdlePictures bounds the pixels kept for reuse: a few boards drawn at
// once (at most about 10 MB each).
const maxIdlePictures = 4

func (k *Kit) canvasOn(rgba *image.RGBA) *Canvas {
	c := &Canvas{
		Context: gg.NewContextForRGBA(rgba),
		kit:     k,
		faces:   k.borrowFaces(),
		rgba:    rgba,
		ink:     color.Black,
	}
	c.Font(Regular, 24)
	return c
}

// Close hands the borrowed faces back to the Kit. The image stays valid.
func (c *Canvas) Close() {
	if c.faces != nil {
		c.kit.returnFaces(c.faces)
		c.faces = nil
	}
}

// maxIdleFaceSets bounds the free list, and so does GOMAXPROCS: each face
// set holds megabytes of glyph masks, and a service draws at most one
// picture per CPU at once (its render pool), so more kept sets would only
// sit idle. More canvases than this at once only start with cold caches.
const maxIdleFaceSets = 8

func (k *Kit) borrowFaces() faceSet {
	if fs, ok := k.faces.take(nil); ok {
		return fs
	}
	return faceSet{}
}

func (k *Kit) returnFaces(fs faceSet) { k.faces.give(fs) }

// Image is the drawing so far.
func (c *Canvas) Image() *image.RGBA { return c.rgba }

// maxFacesPerSet bounds the faces one set keeps (each holds its glyph
// masks, most of a megabyte at board sizes); a board uses a few dozen.
const maxFacesPerSet = 48

// Font selects weight w at size px (rounded to whole pixels so faces are
// reused).
func (c *Canvas) Font(w Weight, px float64) {
	key := faceKey{w, int(px + 0.5)}
	if key.size < 6 {
		key.size = 6
	}
	f, ok := c.faces[key]
	if !ok {
		if len(c.faces) >= maxFacesPerSet {
			// Forget some other face: a set must not grow with every size
			// some name or label once needed. The current face stays in
			// use by the context until replaced below.
			for k := range c.faces {
				delete(c.faces, k)
				break
			}
		}
		f = &advanceCache{
			Face: truetype.NewFace(c.kit.fonts[w], &truetype.Options{Size: float64(key.size), Hinting: font.HintingFull}),
			adv:  map[rune]fixed.Int26_6{},
		}
		c.faces[key] = f
	}
	c.face = f
	c.size = float64(key.size)
	c.SetFontFace(f)
}

// FontSize is the pixel size of the current face.
func (c *Canvas) FontSize() float64 { return c.size }

// advanceCache remembers glyph advances: the truetype face re-runs the
// hinter for every GlyphAdvance call, which made text fitting the most
// expensive part of a board.
type advanceCache struct {
	font.Face
	adv map[rune]fixed.Int26_6
}

func (a *advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if v, ok := a.adv[r]; ok {
		return v, true
	}
	v, ok := a.Face.GlyphAdvance(r)
	if ok {
		a.adv[r] = v
	}
	return v, ok
}
