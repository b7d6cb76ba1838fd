package dungeondesigner

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/tavern-bot/tavern/imaging/samples"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardbench"
	"github.com/tavern-bot/tavern/imaging/kit"
)

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	k, err := kit.New()
	if err != nil {
		t.Fatalf("kit.New: %v", err)
	}
	return New(k)
}

var names = []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel von Thurn und Taxis", "Dörte", "Émile"}

func meta(lang string, viewer int) imaging.Meta {
	return imaging.Meta{Lang: lang, Catalog: dd.New().Info().Catalog, Players: names, Viewer: viewer}
}

// writeSample saves a PNG for eyeballing (see package samples).
func writeSample(t testing.TB, name string, img image.Image) {
	t.Helper()
	if !samples.Enabled() {
		return
	}
	data, err := kit.EncodePNG(img)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	samples.Write(t, name, data)
}

// checkSize fails unless img has the board width and a sane height.
func checkSize(img image.Image) error {
	b := img.Bounds()
	if b.Dx() != boardW || b.Dy() < 400 || b.Dy() > maxBoardH {
		return fmt.Errorf("size %dx%d outside the board limits", b.Dx(), b.Dy())
	}
	return nil
}

func TestRejectsForeignViews(t *testing.T) {
	r := newRenderer(t)
	for _, view := range []any{nil, "board", 42, (*dd.PublicView)(nil), (*dd.PrivateView)(nil)} {
		if _, err := r.Render(view, meta("en", games.Public)); err == nil {
			t.Errorf("Render(%T) should fail", view)
		}
	}
}

func TestPointerAndValueViewsDrawAlike(t *testing.T) {
	r := newRenderer(t)
	st, err := dd.New().New(games.DefaultSetup(dd.New(), 3, 5))
	if err != nil {
		t.Fatal(err)
	}
	pub := st.View(games.Public).(dd.PublicView)
	priv := st.View(1).(dd.PrivateView)
	for name, pair := range map[string][2]any{"public": {pub, &pub}, "private": {priv, &priv}} {
		a, err := r.Render(pair[0], meta("en", games.Public))
		if err != nil {
			t.Fatalf("%s value: %v", name, err)
		}
		b, err := r.Render(pair[1], meta("en", games.Public))
		if err != nil {
			t.Fatalf("%s pointer: %v", name, err)
		}
		if !bytes.Equal(a.(*image.RGBA).Pix, b.(*image.RGBA).Pix) {
			t.Errorf("%s: pointer and value views differ", name)
		}
	}
}

func TestCatalogComplete(t *testing.T) {
	cat := Catalog()
	if missing := cat.MissingKeys("de"); len(missing) > 0 {
		t.Errorf("German lacks %v", missing)
	}
	for key := range cat["de"] {
		if _, ok := cat["en"][key]; !ok {
			t.Errorf("English lacks %s", key)
		}
	}
}

// TestGermanBoard draws a German board and checks that labels come from
// the German catalogs, with umlauts available in the fonts.
func TestGermanBoard(t *testing.T) {
	r := newRenderer(t)
	st, err := dd.New().New(games.DefaultSetup(dd.New(), 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Render(st.View(games.Public), meta("de", games.Public))
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	if err := checkSize(img); err != nil {
		t.Fatal(err)
	}
	w := imaging.NewWords(meta("de", games.Public), r.own)
	tests := []struct{ key, want string }{
		{"ddimg.tasks.open", "Offene Aufgaben"},
		{"dd.el.bear", "Tellerfalle"},
		{"dd.phase.build", "Bauen"},
		{"ddimg.short.ooze", "Gl"},
	}
	for _, tt := range tests {
		if got := w.T(tt.key); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.key, got, tt.want)
		}
	}
	for _, ch := range "äöüÄÖÜß–…≤" {
		if !r.kit.HasGlyph(ch) {
			t.Errorf("no glyph for %q", ch)
		}
	}
	writeSample(t, "dd-german-2p-start.png", img)
}

func BenchmarkBoard(b *testing.B) {
	g := dd.New()
	var view any
	_, _, err := games.RandomPlay(g, games.DefaultSetup(g, 5, 11), games.NewRNG(11), games.SimMaxMoves, func(s games.State) error {
		if v := s.View(games.Public).(dd.PublicView); view == nil && v.Year == 3 && v.Placing != nil {
			view = v
		}
		return nil
	})
	if err != nil || view == nil {
		b.Fatalf("no year-3 market view: %v", err)
	}
	boardbench.Run(b, GameID, func(k *kit.Kit) imaging.Renderer { return New(k) }, view, meta("de", games.Public))
}
