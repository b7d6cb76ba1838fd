package zauberschwert

import (
	"sort"
	"testing"

	"github.com/tavern-bot/tavern/imaging/samples"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardbench"
	"github.com/tavern-bot/tavern/imaging/boardtest"
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

var names = []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel von Thurn und Taxis", "Dörte"}

func meta(lang string, viewer int) imaging.Meta {
	return imaging.Meta{Lang: lang, Catalog: zs.New().Info().Catalog, Players: names, Viewer: viewer}
}

// writeSample saves a PNG for eyeballing (see package samples).
func writeSample(t testing.TB, name string, data []byte) { samples.Write(t, name, data) }

func renderPNG(t *testing.T, r *Renderer, view any, m imaging.Meta, sample string) {
	t.Helper()
	boardtest.Render(t, r, view, m, boardW, 500, 2400, sample)
}

func TestPublicBoardEveryStep(t *testing.T) {
	r := newRenderer(t)
	fixtures := publicFixtures()
	ids := make([]string, 0, len(fixtures))
	for name := range fixtures {
		ids = append(ids, name)
	}
	sort.Strings(ids)
	// Each fixture is drawn once; languages alternate so both are covered
	// without doubling the (slow under -race) rendering.
	for i, name := range ids {
		lang := []string{"en", "de"}[i%2]
		v := fixtures[name]
		t.Run(name+"-"+lang, func(t *testing.T) {
			renderPNG(t, r, v, meta(lang, games.Public), "zs-"+name+"-"+lang+".png")
		})
	}
	v := fixtures[ids[0]]
	if _, err := r.Render(&v, meta("en", games.Public)); err != nil {
		t.Fatalf("Render pointer: %v", err)
	}
}

func TestPrivateViews(t *testing.T) {
	r := newRenderer(t)
	for name, v := range privateFixtures() {
		lang := "de"
		if len(v.Hand)%2 == 0 {
			lang = "en"
		}
		t.Run(name+"-"+lang, func(t *testing.T) {
			renderPNG(t, r, &v, meta(lang, v.Seat), "zs-private-"+name+"-"+lang+".png")
		})
	}
}

func TestRejectsForeignViews(t *testing.T) {
	r := newRenderer(t)
	for _, view := range []any{nil, "board", 42, (*zs.PublicView)(nil), (*zs.PrivateView)(nil)} {
		if _, err := r.Render(view, meta("en", games.Public)); err == nil {
			t.Errorf("Render(%T) should fail", view)
		}
	}
}

func TestCatalogComplete(t *testing.T) {
	if missing := Catalog().MissingKeys("de"); len(missing) > 0 {
		t.Errorf("German lacks %v", missing)
	}
}

func BenchmarkBoard(b *testing.B) {
	v := publicFixtures()["D-auction-creature-4p"]
	boardbench.Run(b, GameID, func(k *kit.Kit) imaging.Renderer { return New(k) }, v, meta("de", games.Public))
}
