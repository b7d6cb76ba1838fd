package kit

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"slices"
	"strings"
	"sync"
	"testing"
)

func newKit(t testing.TB) *Kit {
	t.Helper()
	k, err := New()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return k
}

func TestGermanGlyphsExist(t *testing.T) {
	k := newKit(t)
	for _, r := range "äöüÄÖÜß„“”–…•×▶" {
		if r == '▶' {
			// Not in the Go fonts: symbols are drawn as shapes instead.
			if k.HasGlyph(r) {
				t.Errorf("expected %q to be missing so that it is drawn as a shape", r)
			}
			continue
		}
		if !k.HasGlyph(r) {
			t.Errorf("no glyph for %q", r)
		}
	}
}

func TestUmlautsDrawInk(t *testing.T) {
	k := newKit(t)
	for _, s := range []string{"ä", "ö", "ü", "ß", "„", "–"} {
		c := k.Canvas(60, 60)
		c.Ink(Ink)
		c.Font(Bold, 40)
		c.Text(s, 30, 30, 0.5)
		inked := 0
		img := c.Image()
		for i := 3; i < len(img.Pix); i += 4 {
			if img.Pix[i] > 0 {
				inked++
			}
		}
		c.Close()
		if inked < 10 {
			t.Errorf("%q left only %d inked pixels", s, inked)
		}
	}
}

func TestFitShrinksAndEllipsizes(t *testing.T) {
	k := newKit(t)
	c := k.Canvas(100, 100)
	defer c.Close()
	tests := []struct {
		name      string
		text      string
		width     float64
		wantSize  float64 // 0: any size ≤ max
		ellipsize bool
	}{
		{"fits at max", "Anna", 400, 40, false},
		{"shrinks", "Großmagierin Ännchen von Thüringen", 420, 0, false},
		{"ellipsizes", "Großmagierin Ännchen von Thüringen und Württemberg", 150, 20, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := c.Fit(tt.text, Bold, 40, 20, tt.width)
			if w := c.Measure(got); w > tt.width {
				t.Errorf("width %.1f exceeds %.1f", w, tt.width)
			}
			if tt.wantSize != 0 && c.FontSize() != tt.wantSize {
				t.Errorf("size %.0f, want %.0f", c.FontSize(), tt.wantSize)
			}
			if ell := got != tt.text; ell != tt.ellipsize {
				t.Errorf("ellipsized=%v (%q), want %v", ell, got, tt.ellipsize)
			}
		})
	}
}

func TestWrapRespectsWidth(t *testing.T) {
	k := newKit(t)
	c := k.Canvas(100, 100)
	defer c.Close()
	c.Font(Regular, 28)
	lines := c.Wrap("Warte darauf, dass die Gastgeberin das Spiel startet – „bald“", 260)
	if len(lines) < 2 {
		t.Fatalf("expected several lines, got %q", lines)
	}
	for _, l := range lines {
		if c.Measure(l) > 260 {
			t.Errorf("line %q too wide", l)
		}
	}
}

// TestWrapBreaksWordsWhereTheyMay: a word wider than a line is split
// with a hyphen only where it may break (the hyphenation list, or after a
// hyphen it has), never inside a syllable; a word with no such point
// stays whole, and WrapBox shrinks it into the box or ellipsizes it at
// its floor. No letter is lost by a split.
func TestWrapBreaksWordsWhereTheyMay(t *testing.T) {
	c := newKit(t).Canvas(100, 100)
	defer c.Close()
	c.Font(Bold, 34)
	for _, tt := range []struct {
		text  string
		width float64
		want  []string
	}{
		{"Versammlungsraum", 196, []string{"Versamm-", "lungsraum"}},
		{"Speisekammer", 190, []string{"Speise-", "kammer"}},
		{"„Abstellkammer“,", 196, []string{"„Abstell-", "kammer“,"}},
		{"Müller-Lüdenscheidt", 200, []string{"Müller-", "Lüdenscheidt"}},
		{"Donaudampfschifffahrtsgesellschaft", 120, []string{"Donaudampfschifffahrtsgesellschaft"}},
	} {
		lines := c.Wrap(tt.text, tt.width)
		if !slices.Equal(lines, tt.want) {
			t.Errorf("%q in %v: lines %q, want %q", tt.text, tt.width, lines, tt.want)
		}
	}
}

// TestWrapBoxShrinksUnbreakableWords: a word that cannot break and is too
// wide is drawn smaller, down to the floor, and ellipsized only there.
func TestWrapBoxShrinksUnbreakableWords(t *testing.T) {
	c := newKit(t).Canvas(400, 200)
	defer c.Close()
	var log TextLog
	c.RecordTexts(&log)
	c.WrapBox("Donaudampfschiff", Bold, 40, 20, R(0, 0, 200, 100), 0)
	uses := log.Uses()
	if len(uses) != 1 || uses[0].Text != "Donaudampfschiff" || uses[0].Size >= 40 || c.Measure(uses[0].Text) > 200 || uses[0].Unbroken != "" {
		t.Errorf("drawn %v, want the whole word smaller than 40 px within 200 px", uses)
	}
	log.Reset()
	c.WrapBox("Donaudampfschifffahrtsgesellschaft", Bold, 40, 34, R(0, 0, 200, 100), 0)
	uses = log.Uses()
	if len(uses) != 1 || uses[0].Size != 34 || !strings.HasSuffix(uses[0].Text, "…") || c.Measure(uses[0].Text) > 200 || uses[0].Unbroken != "Donaudampfschifffahrtsgesellschaft" {
		t.Errorf("drawn %v, want one line at the 34 px floor within 200 px, ellipsized and logged as unbroken", uses)
	}
}

func TestSeatIdentitiesDistinct(t *testing.T) {
	seen := map[string]bool{}
	for s := 0; s < MaxSeats; s++ {
		key := fmt.Sprint(SeatLetter(s), SeatShape(s), SeatColor(s))
		if seen[key] {
			t.Errorf("seat %d repeats an identity", s)
		}
		seen[key] = true
	}
}

func TestIconSheetEncodes(t *testing.T) {
	k := newKit(t)
	c := k.Canvas(900, 420)
	defer c.Close()
	c.Background()
	c.Panel(R(20, 20, 860, 380))
	c.Banner(R(60, 36, 780, 56), "Zauberschwert & Drachenei – Größe „Übung“")
	icons := []func(x, y float64){
		func(x, y float64) { Orb(c, x, y, 30) },
		func(x, y float64) { Drop(c, x, y, 30) },
		func(x, y float64) { Gem(c, x, y, 30) },
		func(x, y float64) { Crown(c, x, y, 30) },
		func(x, y float64) { Coin(c, x, y, 30) },
		func(x, y float64) { StarIcon(c, x, y, 30) },
		func(x, y float64) { Door(c, x, y, 30) },
		func(x, y float64) { Scroll(c, x, y, 30) },
		func(x, y float64) { Temple(c, x, y, 30) },
		func(x, y float64) { Hourglass(c, x, y, 30) },
		func(x, y float64) { Hand(c, x, y, 30) },
		func(x, y float64) { Sym(c, SymTriangle, x, y, 26, Ink, nil) },
		func(x, y float64) { Sym(c, SymCircle, x, y, 26, Ink, nil) },
		func(x, y float64) { Sym(c, SymSquare, x, y, 26, Ink, nil) },
	}
	for i, draw := range icons {
		draw(70+float64(i%7)*120, 150+float64(i/7)*90)
	}
	for s := 0; s < MaxSeats; s++ {
		c.SeatMarker(s, 70+float64(s)*80, 330, 24)
		Wizard(c, s, 560+float64(s)*50, 370, 70)
	}
	CardBackIcon(c, R(820, 120, 50, 74))
	data, err := EncodePNG(c.Image())
	if err != nil {
		t.Fatalf("EncodePNG: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 900 || b.Dy() != 420 {
		t.Fatalf("size %v", b)
	}
	writeSample(t, "kit-icons.png", data)
}

// A board canvas on recycled pixels starts exactly like a fresh canvas with
// the background, whatever the last picture left there; pixels of a very
// different size are not taken.
func TestBoardCanvasReusesRecycledPixels(t *testing.T) {
	k := newKit(t)
	want := k.Canvas(300, 200)
	want.Background()

	old := k.BoardCanvas(300, 210)
	old.Disc(150, 100, 80, Highlight, Ink, 5)
	old.Close()
	k.Recycle(old.Image())

	got := k.BoardCanvas(300, 200)
	defer got.Close()
	if &got.Image().Pix[0] != &old.Image().Pix[0] {
		t.Error("the recycled pixels were not reused")
	}
	if !bytes.Equal(got.Image().Pix, want.Image().Pix) || got.Image().Rect != want.Image().Rect {
		t.Error("a board canvas on recycled pixels differs from a fresh one with the background")
	}

	k.Recycle(got.Image())
	if small := k.BoardCanvas(40, 30); &small.Image().Pix[0] == &got.Image().Pix[0] {
		t.Error("a small canvas took pixels more than twice its size")
	}
	// A sub-image shares its pixels with the whole picture, which is
	// still in use; it is never taken back (a fresh kit, so no other
	// pixels are idle).
	k2 := newKit(t)
	part := want.Image().SubImage(image.Rect(0, 10, 300, 200)).(*image.RGBA)
	k2.Recycle(part)
	if sub := k2.BoardCanvas(300, 190); &sub.Image().Pix[0] == &part.Pix[0] {
		t.Error("a sub-image's pixels were recycled")
	}
}

// TestFacesBounded: a kit asked for every size keeps at most maxFaces
// faces, and the face a canvas draws with is the one asked for.
func TestFacesBounded(t *testing.T) {
	k := newKit(t)
	c := k.Canvas(10, 10)
	defer c.Close()
	for _, w := range []Weight{Regular, Medium, Bold} {
		for px := 6; px <= 120; px++ {
			c.Font(w, float64(px))
			k.faces.mu.Lock()
			n, kept := len(k.faces.m), k.faces.m[faceKey{w, px}]
			k.faces.mu.Unlock()
			if n > maxFaces {
				t.Fatalf("%d faces kept, at most %d", n, maxFaces)
			}
			if c.FontSize() != float64(px) || c.face != kept {
				t.Fatalf("size %v (face kept: %v), want %d", c.FontSize(), c.face == kept, px)
			}
		}
	}
}

// TestSharedFacesConcurrent: canvases drawing the same texts in the same
// faces at once (as two pictures drawn together, or a sprite drawn inside
// a board) draw exactly what one canvas draws alone. Run with -race.
func TestSharedFacesConcurrent(t *testing.T) {
	draw := func(k *Kit, seed int) []byte {
		c := k.Canvas(600, 400)
		defer c.Close()
		for i := range 40 {
			c.Font(Weight(i%int(weightCount)), float64(18+(i+seed)%7*6))
			c.Text(fmt.Sprintf("Größe %d: Schleim, Goblin, Wand #%d", i, seed), 10, float64(20+i*9), 0)
			c.Fit("Versammlungsraum der Zauberer", Bold, 60, 20, 200)
		}
		return bytes.Clone(c.Image().Pix)
	}
	alone := make([][]byte, 8)
	for i := range alone {
		alone[i] = draw(newKit(t), i)
	}
	shared := newKit(t)
	got := make([][]byte, len(alone))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = draw(shared, i) })
	}
	wg.Wait()
	for i := range got {
		if !bytes.Equal(got[i], alone[i]) {
			t.Errorf("canvas %d drawn alongside others differs from the same drawing alone", i)
		}
	}
}

func TestInitials(t *testing.T) {
	tests := []struct {
		names, want []string
	}{
		{[]string{"Ann", "bo", "Cy"}, []string{"A", "B", "C"}},
		{[]string{"Ann", "Alex", "Bo"}, []string{"An", "Al", "B"}},
		{[]string{"Anna", "Anne", "Bo"}, []string{"A1", "A2", "B"}},
		{[]string{"@everyone Dee", "🎲", "Ömer"}, []string{"E", "B", "Ö"}},
		{[]string{"ann", "Ann"}, []string{"A1", "A2"}},
	}
	for _, tc := range tests {
		if got := Initials(tc.names); !slices.Equal(got, tc.want) {
			t.Errorf("Initials(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}

// TestBackgroundOnePerWidth: backgrounds of one width and any heights, asked
// for in any order, equal the planks drawn at exactly that size, and the
// cache holds one image per width.
func TestBackgroundOnePerWidth(t *testing.T) {
	exact := func(w, h int) []byte {
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		drawPlanks(m)
		return m.Pix
	}
	k := newKit(t)
	for _, sz := range []image.Point{{1200, 1112}, {1200, 300}, {1200, 3534}, {1200, 2250}, {400, 90}, {1200, 3535}} {
		c := k.Canvas(sz.X, sz.Y)
		c.Background()
		if !bytes.Equal(c.Image().Pix, exact(sz.X, sz.Y)) {
			t.Errorf("%v: the background differs from planks drawn at that size", sz)
		}
		c.Close()
	}
	if n := len(k.backgrounds.byWidth); n != 2 {
		t.Errorf("%d backgrounds cached for two widths", n)
	}
	if h := k.backgrounds.byWidth[1200].Rect.Dy(); h < 3535 || h >= 3535+backgroundStep {
		t.Errorf("the 1200-px background is %d px tall for a tallest canvas of 3535", h)
	}
	for w := range maxBackgroundWidths + 1 {
		k.background(10+w, 10)
	}
	if n := len(k.backgrounds.byWidth); n > maxBackgroundWidths {
		t.Errorf("%d widths cached, more than %d", n, maxBackgroundWidths)
	}
}
