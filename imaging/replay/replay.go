// Package replay turns the public boards of a recorded game into one
// animated GIF small enough for a Discord upload: frames are drawn
// concurrently, scaled down, mapped onto one palette made from the boards'
// own colours, and stored as the rectangles that changed since the
// previous frame.
package replay

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"runtime"
	"slices"
	"sync"

	xdraw "golang.org/x/image/draw"
)

// Defaults of Options.
const (
	DefaultWidth     = 600
	DefaultMaxFrames = 150
	// DefaultMaxBytes stays under Discord's 10 MiB upload limit for
	// servers without boosts, with room for the message around it.
	DefaultMaxBytes = 10<<20 - 256<<10
	// lastHold is how long the final board stays up before the loop
	// starts again, in hundredths of a second.
	lastHold = 500
)

// Options tune a replay; zero values take the defaults.
type Options struct {
	// Width is the widest frame in pixels; narrower boards keep their size.
	Width int
	// MaxFrames caps the frames: a longer game shows evenly spaced boards,
	// always with the first and the last.
	MaxFrames int
	// MaxBytes is the upload limit the GIF must stay under.
	MaxBytes int
	// Workers draw frames at once (default GOMAXPROCS).
	Workers int
	// Around, when set, wraps the drawing of each frame: the bot passes
	// its render pool, so that replays wait behind boards players need.
	Around func(draw func())
	// Rounds, when set, is each view's round: every round is then shown
	// about as long as the others (see Delays), not every board.
	Rounds []int
}

// Draw renders one public view at full size. Release, when not nil, takes
// the picture back once it is scaled (the kit reuses its pixels).
type (
	Draw    func(view any) (image.Image, error)
	Release func(image.Image)
)

// Result is an encoded replay.
type Result struct {
	GIF []byte
	// Shown are the indices (into the views) of the boards in the GIF,
	// one per frame, in order.
	Shown []int
	// Width is the width the boards were scaled to (at most; a frame is
	// as wide as the widest board so scaled).
	Width int
}

// ErrNoViews is returned for a replay of nothing.
var ErrNoViews = errors.New("replay: no boards to show")

// Encode draws views (oldest first) and encodes them as a looping GIF
// under opt.MaxBytes. When the GIF is too big it tries a smaller scale
// (three quarters, then half of Width), then every second frame, and so
// on, keeping the first and the last board.
func Encode(views []any, draw Draw, release Release, opt Options) (Result, error) {
	if len(views) == 0 {
		return Result{}, ErrNoViews
	}
	opt = opt.withDefaults()
	shown := Sample(len(views), opt.MaxFrames)
	var last Result
	for _, w := range []int{opt.Width, opt.Width * 3 / 4, opt.Width / 2} {
		frames, err := drawFrames(views, shown, draw, release, w, opt)
		if err != nil {
			return Result{}, err
		}
		idx := make([]int, len(shown))
		for i := range idx {
			idx[i] = i
		}
		for {
			views := make([]int, len(idx))
			for i, k := range idx {
				views[i] = shown[k]
			}
			data, err := encode(frames, idx, Delays(views, opt.Rounds))
			if err != nil {
				return Result{}, err
			}
			last = Result{GIF: data, Width: w, Shown: views}
			if len(data) <= opt.MaxBytes {
				return last, nil
			}
			// At the smallest scale, drop every second frame.
			if w != opt.Width/2 || len(idx) <= 2 {
				break
			}
			idx = halve(idx)
		}
	}
	return Result{}, fmt.Errorf("replay: %d bytes even with %d frames of %d px: over the limit of %d", len(last.GIF), len(last.Shown), last.Width, opt.MaxBytes)
}

func (o Options) withDefaults() Options {
	if o.Width <= 0 {
		o.Width = DefaultWidth
	}
	if o.MaxFrames < 2 {
		o.MaxFrames = DefaultMaxFrames
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Around == nil {
		o.Around = func(f func()) { f() }
	}
	return o
}

// Sample picks at most max of n indices, evenly spaced, always with the
// first and the last.
func Sample(n, max int) []int {
	if n <= max {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	out := make([]int, max)
	for i := range out {
		out[i] = i * (n - 1) / (max - 1)
	}
	return out
}

// halve keeps every second entry and the last.
func halve(idx []int) []int {
	var out []int
	for i := 0; i < len(idx); i += 2 {
		out = append(out, idx[i])
	}
	if out[len(out)-1] != idx[len(idx)-1] {
		out = append(out, idx[len(idx)-1])
	}
	return out
}

// Delay is how long each board but the last is shown, in hundredths of
// a second: about a minute for the whole game, between a quarter of a
// second and one and a half seconds a board.
func Delay(frames int) int {
	return min(max(6000/max(frames, 1), 25), 150)
}

// Delays are how long each board of shown (indices into the views)
// stays up, in hundredths of a second, the last lastHold. Without rounds
// every board gets Delay(len(shown)). With rounds (each view's round)
// every round gets RoundTime, shared by its boards, each shown a quarter
// of a second to one and a half seconds: a round of many turns passes
// quicker per board, and a game is told round by round.
func Delays(shown, rounds []int) []int {
	out := make([]int, len(shown))
	if len(rounds) == 0 {
		for k := range out {
			out[k] = Delay(len(shown))
		}
	} else {
		boards := map[int]int{} // boards shown per round
		for _, v := range shown {
			boards[rounds[v]]++
		}
		per := RoundTime(len(boards))
		for k, v := range shown {
			out[k] = min(max(per/boards[rounds[v]], 25), 150)
		}
	}
	if len(out) > 0 {
		out[len(out)-1] = lastHold
	}
	return out
}

// RoundTime is each round's share of a replay, in hundredths of a second:
// about a minute for the game, two to four seconds a round.
func RoundTime(rounds int) int {
	return min(max(6000/max(rounds, 1), 200), 400)
}

// drawFrames renders the views at positions shown, scaled to width, on
// one palette, with opt.Workers at once.
func drawFrames(views []any, shown []int, draw Draw, release Release, width int, opt Options) ([]*image.Paletted, error) {
	scaled := make([]*image.RGBA, len(shown))
	var errs []error
	var mu sync.Mutex
	render := func(k int) {
		opt.Around(func() {
			img, err := drawScaled(views[shown[k]], draw, release, width)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("replay: board %d: %w", shown[k], err))
				return
			}
			scaled[k] = img
		})
	}
	// The palette comes from a few boards spread over the game, drawn
	// first; then every frame is drawn and mapped onto it.
	probes := Sample(len(shown), 5)
	parallel(probes, opt.Workers, render)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	var samples []*image.RGBA
	for _, k := range probes {
		samples = append(samples, scaled[k])
	}
	mapper := NewMapper(Palette(samples...))
	out := make([]*image.Paletted, len(shown))
	var todo []int
	for k := range shown {
		if scaled[k] == nil {
			todo = append(todo, k)
		}
	}
	quantize := func(k int) {
		if scaled[k] == nil {
			render(k)
		}
		mu.Lock()
		img := scaled[k]
		scaled[k] = nil // the paletted frame replaces it
		mu.Unlock()
		if img != nil {
			out[k] = mapper.Quantize(img)
		}
	}
	parallel(append(probes, todo...), opt.Workers, quantize)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return pad(out), nil
}

// pad gives every frame the size of the largest (boards grow as a game
// goes on), filling the margin right and below with the palette's most
// frequent colour, index 0.
func pad(frames []*image.Paletted) []*image.Paletted {
	var size image.Rectangle
	for _, f := range frames {
		size = size.Union(f.Rect)
	}
	for k, f := range frames {
		if f.Rect == size {
			continue
		}
		p := image.NewPaletted(size, f.Palette)
		for y := range f.Rect.Dy() {
			copy(p.Pix[y*p.Stride:], f.Pix[y*f.Stride:y*f.Stride+f.Rect.Dx()])
		}
		frames[k] = p
	}
	return frames
}

// parallel runs f on every index with at most workers at once.
func parallel(idx []int, workers int, f func(int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(idx)) {
		wg.Go(func() {
			for k := range next {
				f(k)
			}
		})
	}
	for _, k := range idx {
		next <- k
	}
	close(next)
	wg.Wait()
}

// drawScaled draws view and scales it to width (a narrower board keeps
// its size).
func drawScaled(view any, draw Draw, release Release, width int) (img *image.RGBA, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("renderer panicked: %v", r)
		}
	}()
	full, err := draw(view)
	if err != nil {
		return nil, err
	}
	img = Scale(full, width)
	if release != nil {
		release(full)
	}
	return img, nil
}

// Scale returns a copy of img at most width pixels wide, keeping its
// aspect ratio. Shrinking averages each destination pixel's block of
// source pixels (a box filter): as sharp as bilinear for flat drawings and
// text, and several times cheaper than x/image's generic scalers.
func Scale(img image.Image, width int) *image.RGBA {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	src, ok := img.(*image.RGBA)
	if !ok || sw <= width {
		src = image.NewRGBA(image.Rect(0, 0, sw, sh))
		xdraw.Copy(src, image.Point{}, img, b, xdraw.Src, nil)
		if sw <= width {
			return src
		}
	} else if b.Min != (image.Point{}) {
		src = src.SubImage(b).(*image.RGBA)
	}
	dw, dh := width, max(1, (sh*width+sw/2)/sw)
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	// xs[i], xs[i+1] bound destination column i's source columns.
	bounds := func(d, s int) []int {
		out := make([]int, d+1)
		for i := range out {
			out[i] = i * s / d
		}
		return out
	}
	xs, ys := bounds(dw, sw), bounds(dh, sh)
	sum := make([]uint32, 4*dw)
	for dy := range dh {
		clear(sum)
		for sy := ys[dy]; sy < ys[dy+1]; sy++ {
			row := src.Pix[sy*src.Stride:]
			if sw == 2*dw { // halving, the usual case: two columns a pixel
				row = row[:8*dw]
				for dx := range dw {
					p, s := row[8*dx:8*dx+8], sum[4*dx:4*dx+4]
					s[0] += uint32(p[0]) + uint32(p[4])
					s[1] += uint32(p[1]) + uint32(p[5])
					s[2] += uint32(p[2]) + uint32(p[6])
					s[3] += uint32(p[3]) + uint32(p[7])
				}
				continue
			}
			for dx := range dw {
				s := sum[4*dx : 4*dx+4]
				for sx := xs[dx]; sx < xs[dx+1]; sx++ {
					p := row[4*sx : 4*sx+4]
					s[0] += uint32(p[0])
					s[1] += uint32(p[1])
					s[2] += uint32(p[2])
					s[3] += uint32(p[3])
				}
			}
		}
		rows := uint64(ys[dy+1] - ys[dy])
		out := dst.Pix[dy*dst.Stride:]
		for dx := range dw {
			// (x + n/2) / n by a multiplication: with inv = ⌈2³²/n⌉ the
			// error stays below 1/n for x < 256·n and n < 4096, so the
			// quotient is exact, and far cheaper than dividing.
			n := rows * uint64(xs[dx+1]-xs[dx])
			inv := (1<<32 + n - 1) / n
			for c := range 4 {
				out[4*dx+c] = uint8((uint64(sum[4*dx+c]) + n/2) * inv >> 32)
			}
		}
	}
	return dst
}

// Palette is the 256 colours (or fewer) most frequent in samples. Boards
// are flat drawings: a handful of colours covers almost every pixel, so
// this keeps their colours exactly where a fixed palette (Plan 9's) would
// shift every hue, and needs no dithering, whose noise would make every
// frame differ from the previous one everywhere.
func Palette(samples ...*image.RGBA) color.Palette {
	count := map[uint32]int{}
	for _, img := range samples {
		for i := 0; i+3 < len(img.Pix); i += 4 {
			count[uint32(img.Pix[i])<<16|uint32(img.Pix[i+1])<<8|uint32(img.Pix[i+2])]++
		}
	}
	keys := make([]uint32, 0, len(count))
	for c := range count {
		keys = append(keys, c)
	}
	slices.SortFunc(keys, func(a, b uint32) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return int(a) - int(b)
	})
	if len(keys) > 256 {
		keys = keys[:256]
	}
	if len(keys) == 0 {
		keys = []uint32{0}
	}
	pal := make(color.Palette, len(keys))
	for i, c := range keys {
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 0xff}
	}
	return pal
}

// Mapper maps colours onto a palette: a palette colour to itself, any
// other to the nearest palette colour of its 5-bit-per-channel cell.
type Mapper struct {
	pal   color.Palette
	exact map[uint32]uint8
	cells []uint8 // by 5-bit r, g, b
}

// NewMapper prepares the mapping onto pal (at most 256 colours).
func NewMapper(pal color.Palette) *Mapper {
	m := &Mapper{pal: pal, exact: map[uint32]uint8{}, cells: make([]uint8, 1<<15)}
	for i, c := range pal {
		r, g, b, _ := c.RGBA()
		m.exact[r>>8<<16|g>>8<<8|b>>8] = uint8(i)
	}
	for cell := range m.cells {
		r, g, b := uint8(cell>>10)<<3|4, uint8(cell>>5&31)<<3|4, uint8(cell&31)<<3|4
		m.cells[cell] = uint8(pal.Index(color.RGBA{r, g, b, 0xff}))
	}
	return m
}

// Quantize maps img onto the palette (boards are opaque; alpha is
// ignored). Without dithering, a pixel's colour depends on that pixel
// alone, so unchanged parts of a board stay unchanged between frames.
func (m *Mapper) Quantize(img *image.RGBA) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), m.pal)
	last, idx := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		r, g, b := img.Pix[i], img.Pix[i+1], img.Pix[i+2]
		c := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
		if c != last {
			var ok bool
			if idx, ok = m.exact[c]; !ok {
				idx = m.cells[int(r>>3)<<10|int(g>>3)<<5|int(b>>3)]
			}
			last = c
		}
		out.Pix[j] = idx
	}
	return out
}

// encode writes frames[idx...] as a looping GIF, frame n shown delays[n]:
// the first whole, each later one as the rectangle that changed since the
// one before.
func encode(frames []*image.Paletted, idx []int, delays []int) ([]byte, error) {
	first := frames[idx[0]]
	g := &gif.GIF{Config: image.Config{ColorModel: first.Palette, Width: first.Rect.Dx(), Height: first.Rect.Dy()}}
	var prev *image.Paletted
	for n, k := range idx {
		f := frames[k]
		img := f
		if prev != nil {
			img = f.SubImage(changed(prev, f)).(*image.Paletted)
		}
		g.Image = append(g.Image, img)
		g.Delay = append(g.Delay, delays[n])
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev = f
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		return nil, fmt.Errorf("replay: encode: %w", err)
	}
	return buf.Bytes(), nil
}

// changed is the smallest rectangle holding every pixel in which a and b
// differ; one pixel when none does (a GIF frame cannot be empty).
func changed(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{}
	w := a.Rect.Dx()
	for y := range a.Rect.Dy() {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		if bytes.Equal(ra, rb) {
			continue
		}
		x0 := 0
		for ra[x0] == rb[x0] {
			x0++
		}
		x1 := w
		for ra[x1-1] == rb[x1-1] {
			x1--
		}
		r = r.Union(image.Rect(x0, y, x1, y+1))
	}
	if r.Empty() {
		return image.Rect(0, 0, 1, 1)
	}
	return r
}
