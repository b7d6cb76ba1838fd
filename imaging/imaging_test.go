package imaging

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/tavern-bot/tavern/imaging/samples"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging/kit"
)

func newImages(t testing.TB) *Images {
	t.Helper()
	k, err := kit.New()
	if err != nil {
		t.Fatalf("kit.New: %v", err)
	}
	return New(k)
}

// decode checks that data is a PNG of the wanted width and at least minH tall.
func decode(t testing.TB, data []byte, wantW, minH int) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode png: %v", err)
	}
	if b := img.Bounds(); b.Dx() != wantW || b.Dy() < minH {
		t.Fatalf("image is %dx%d, want width %d and height ≥ %d", b.Dx(), b.Dy(), wantW, minH)
	}
	return img
}

// writeSample saves a PNG for eyeballing (see package samples).
func writeSample(t testing.TB, name string, data []byte) { samples.Write(t, name, data) }

var testGame = games.Info{
	ID:         "zauberschwert",
	Name:       games.T("test.name"),
	MinPlayers: 2,
	MaxPlayers: 4,
	Catalog: games.Catalog{
		"en": {"test.name": "Zauberschwert & Drachenei", "test.detail": "{magic} magic left"},
		"de": {"test.name": "Zauberschwert & Drachenei", "test.detail": "{magic} Magie übrig"},
	},
}

func TestLobby(t *testing.T) {
	im := newImages(t)
	tests := []struct {
		name     string
		lang     string
		players  []string
		min, max int
		minH     int
	}{
		{"one of four en", "en", []string{"Anna"}, 2, 4, 600},
		{"three of four de", "de", []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel"}, 2, 4, 600},
		{"full six", "en", []string{"A", "Bob", "Chiara", "Dmitri Alexandrovich Karamazov", "Eve", "Fritz"}, 1, 6, 700},
		{"more players than max", "en", []string{"A", "B", "C"}, 2, 2, 600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Meta{Lang: tt.lang, Viewer: games.Public}
			data, err := im.Lobby(testGame, tt.players[0], tt.players, tt.min, tt.max, m)
			if err != nil {
				t.Fatalf("Lobby: %v", err)
			}
			decode(t, data, 1200, tt.minH)
			writeSample(t, "lobby-"+tt.lang+"-"+tt.name+".png", data)
		})
	}
	if _, err := im.Lobby(testGame, "", nil, 0, 0, Meta{}); err == nil {
		t.Error("a lobby without seats should be refused")
	}
}

func TestResults(t *testing.T) {
	im := newImages(t)
	detail := func(n int) games.Text { return games.T("test.detail", "magic", n) }
	tests := []struct {
		name      string
		lang      string
		players   []string
		standings []games.Standing
	}{
		{"two en", "en", []string{"Anna", "Bob"}, []games.Standing{
			{Seat: 1, Rank: 1, Score: 17, Detail: detail(4)}, {Seat: 0, Rank: 2, Score: 12},
		}},
		{"tie four de", "de", []string{"Jörg „der Große“ Müller-Lüdenscheidt von und zu Hohenschwangau", "Anna", "Bärbel", "Dörte"}, []games.Standing{
			{Seat: 2, Rank: 1, Score: 21, Detail: detail(3)}, {Seat: 0, Rank: 1, Score: 21, Detail: detail(3)},
			{Seat: 3, Rank: 3, Score: 9, Detail: detail(0)}, {Seat: 1, Rank: 4, Score: 2, Detail: detail(11)},
		}},
		{"solo lost", "en", []string{"Anna"}, []games.Standing{
			{Seat: 0, Rank: 2, Score: 43, Detail: detail(43)},
		}},
		{"six", "en", []string{"A", "B", "C", "D", "E", "F"}, []games.Standing{
			{Seat: 0, Rank: 1, Score: 6}, {Seat: 1, Rank: 2, Score: 5}, {Seat: 2, Rank: 3, Score: 4},
			{Seat: 3, Rank: 4, Score: 3}, {Seat: 4, Rank: 5, Score: 2}, {Seat: 5, Rank: 6, Score: 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Meta{Lang: tt.lang, Players: tt.players, Viewer: games.Public}
			data, err := im.Results(testGame, tt.standings, m)
			if err != nil {
				t.Fatalf("Results: %v", err)
			}
			decode(t, data, 1200, 600)
			writeSample(t, "results-"+tt.lang+"-"+tt.name+".png", data)
		})
	}
	if _, err := im.Results(testGame, nil, Meta{}); err == nil {
		t.Error("results without standings should be refused")
	}
}

type fixedRenderer struct{ img image.Image }

func (f fixedRenderer) Render(any, Meta) (image.Image, error) { return f.img, nil }

func TestBoardRegistry(t *testing.T) {
	im := newImages(t)
	if _, err := im.Board("nope", nil, Meta{}); err == nil {
		t.Error("unknown game should fail")
	}
	r := fixedRenderer{image.NewRGBA(image.Rect(0, 0, 30, 20))}
	if err := im.Register("g", r); err != nil {
		t.Fatalf("Register: %v", err)
	}
	if err := im.Register("g", r); err == nil {
		t.Error("duplicate registration should fail")
	}
	data, err := im.Board("g", nil, Meta{})
	if err != nil {
		t.Fatalf("Board: %v", err)
	}
	decode(t, data, 30, 20)
}

func TestWordsFallbacks(t *testing.T) {
	own := games.Catalog{"en": {"own.k": "Own {x}"}, "de": {"own.k": "Eigen {x}"}}
	game := games.Catalog{"en": {"g.card": "Dragon", "own.k": "Game wins"}, "de": {"g.card": "Drache"}}
	tests := []struct {
		lang string
		text games.Text
		want string
	}{
		{"de", games.T("g.card"), "Drache"},
		{"en", games.T("own.k", "x", games.Ref("g.card")), "Game wins"},
		{"de", games.T("own.k", "x", games.Ref("g.card")), "Game wins"}, // game catalog has the key (en fallback)
		{"de", games.T("zs.card.spiders"), "Spiders"},
		// A text argument is resolved through the same fallbacks.
		{"de", games.T("own.k", "x", games.T("g.card")), "Game wins"},
		{"de", games.T("g.card", "x", games.T("g.card")), "Drache"},
	}
	for _, tt := range tests {
		w := NewWords(Meta{Lang: tt.lang, Catalog: game}, own)
		if got := w.Text(tt.text); got != tt.want {
			t.Errorf("%s %v = %q, want %q", tt.lang, tt.text, got, tt.want)
		}
	}
	w := NewWords(Meta{Lang: "de"}, own)
	if got := w.T("own.k", "x", games.Ref("missing.thing")); got != "Eigen Thing" {
		t.Errorf("own catalog with missing arg key = %q", got)
	}
	if got := NewWords(Meta{Lang: "de", Catalog: game}, games.Catalog{"de": {"o": "Eigen {x}"}}).T("o", "x", games.T("g.card")); got != "Eigen Drache" {
		t.Errorf("own catalog with a game text argument = %q", got)
	}
}

func TestCatalogComplete(t *testing.T) {
	if missing := Catalog().MissingKeys("de"); len(missing) > 0 {
		t.Errorf("German lacks %v", missing)
	}
}

// discRenderer draws, on a board canvas, a disc whose place, colour and
// picture height come from the view (an int).
type discRenderer struct{ k *kit.Kit }

func (d discRenderer) Render(view any, _ Meta) (image.Image, error) {
	n := view.(int)
	c := d.k.BoardCanvas(200, 100+n)
	defer c.Close()
	c.Disc(float64(20+30*n), 50, 15, kit.SeatColor(n), kit.Ink, 2)
	return c.Image(), nil
}

// Board hands each picture's pixels back to the kit; the next boards drawn
// on them show nothing of the earlier ones.
func TestBoardsOnRecycledPixelsShowNoTrace(t *testing.T) {
	im := newImages(t)
	if err := im.Register("discs", discRenderer{im.Kit()}); err != nil {
		t.Fatal(err)
	}
	fresh := discRenderer{newImages(t).Kit()} // nothing recycled there
	for _, n := range []int{0, 3, 1, 4, 2} {
		data, err := im.Board("discs", n, Meta{})
		if err != nil {
			t.Fatalf("Board(%d): %v", n, err)
		}
		got := decode(t, data, 200, 100+n)
		want, err := fresh.Render(n, Meta{})
		if err != nil {
			t.Fatal(err)
		}
		for y := range 100 + n {
			for x := range 200 {
				r1, g1, b1, _ := got.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				if r1 != r2 || g1 != g2 || b1 != b2 {
					t.Fatalf("board %d: pixel %d,%d differs from a drawing on fresh pixels", n, x, y)
				}
			}
		}
	}
}
