package imaging_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"testing"

	"github.com/tavern-bot/tavern/games"
	ddgame "github.com/tavern-bot/tavern/games/dungeondesigner"
	scgame "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/sorcerercity"
)

// pixels draws seat's detail from view for viewer and returns its pixels.
func pixels(t *testing.T, d imaging.SeatDetailer, view any, seat, viewer int, cat games.Catalog) []byte {
	t.Helper()
	m := imaging.Meta{Lang: "en", Catalog: cat, Players: legibleNames, Viewer: viewer}
	img, err := d.SeatDetail(view, seat, m)
	if err != nil {
		t.Fatalf("seat %d's detail for viewer %d: %v", seat, viewer, err)
	}
	return img.(*image.RGBA).Pix
}

// TestSeatDetailShowsNoSecret: a seat's detail picture (/game look) is
// drawn from the public view alone. Two Dungeon Designer tables that
// differ only in seat 1's secret pick this pass give seat 1 different own
// pictures but the same detail, whether seat 0 or a spectator asks; and
// a seat's private view is refused, so no caller can draw its secrets
// into the detail.
func TestSeatDetailShowsNoSecret(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	g := ddgame.New()
	r := dungeondesigner.New(k)
	cat := g.Info().Catalog
	const b = 1
	// picked is a new table where seat b picked its first or last option.
	picked := func(last bool) games.State {
		st, err := g.New(games.DefaultSetup(g, 3, 11))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range st.Pending() {
			if p.Seat == b {
				if !p.Secret || len(p.Options) < 2 {
					t.Fatalf("seat %d's first prompt is not a secret choice among several: %+v", b, p)
				}
				option := p.Options[0]
				if last {
					option = p.Options[len(p.Options)-1]
				}
				if _, err := st.Apply(b, option.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		return st
	}
	first, last := picked(false), picked(true)
	pubA, pubB := jsonOf(t, first.View(games.Public)), jsonOf(t, last.View(games.Public))
	if !bytes.Equal(pubA, pubB) {
		t.Fatal("the two tables differ in public: the test needs them to differ in seat 1's secret only")
	}
	own := func(st games.State) []byte {
		img, err := r.Render(st.View(b), imaging.Meta{Lang: "en", Catalog: cat, Players: legibleNames, Viewer: b})
		if err != nil {
			t.Fatal(err)
		}
		return img.(*image.RGBA).Pix
	}
	if bytes.Equal(own(first), own(last)) {
		t.Fatal("seat 1's own pictures are the same: its secret pick leaves no trace, so the test proves nothing")
	}
	want := pixels(t, r, first.View(games.Public), b, games.Public, cat)
	for _, c := range []struct {
		name   string
		st     games.State
		viewer int
	}{{"first pick, asked by seat 0", first, 0}, {"other pick, asked by seat 0", last, 0}, {"other pick, asked by a spectator", last, games.Public}} {
		if !bytes.Equal(pixels(t, r, c.st.View(games.Public), b, c.viewer, cat), want) {
			t.Errorf("%s: seat %d's detail differs from the one drawn from the public view", c.name, b)
		}
	}
	for seat := range 3 {
		if _, err := r.SeatDetail(first.View(seat), b, imaging.Meta{Lang: "en", Catalog: cat, Players: legibleNames}); err == nil {
			t.Errorf("seat %d's private view was drawn as seat %d's detail", seat, b)
		}
	}
	if _, err := r.SeatDetail(first.View(games.Public), 3, imaging.Meta{Lang: "en", Catalog: cat}); err == nil {
		t.Error("a detail of a seat the table lacks was drawn")
	}
}

// TestSorcererDetailIsPublic: a Sorcerer City seat's detail is the same
// whoever asks, through a whole game; a seat's private view (which holds
// the tile it drew) is refused.
func TestSorcererDetailIsPublic(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	g := scgame.New()
	r := sorcerercity.New(k, g.Components())
	cat := g.Info().Catalog
	setup := games.DefaultSetup(g, 3, 5)
	moves, drawn := 0, 0
	check := func(st games.State) error {
		moves++
		if moves%7 != 1 {
			return nil
		}
		for seat := range setup.Players {
			pub := st.View(games.Public)
			want := pixels(t, r, pub, seat, games.Public, cat)
			if !bytes.Equal(pixels(t, r, pub, seat, (seat+1)%setup.Players, cat), want) {
				return fmt.Errorf("move %d: seat %d's detail differs when seat %d asks", moves, seat, (seat+1)%setup.Players)
			}
			if pv, ok := st.View(seat).(scgame.PrivateView); ok && pv.Drawn != "" {
				drawn++
			}
			if _, err := r.SeatDetail(st.View(seat), seat, imaging.Meta{Lang: "en", Catalog: cat, Players: legibleNames}); err == nil {
				return fmt.Errorf("move %d: seat %d's private view was drawn as its detail", moves, seat)
			}
		}
		return nil
	}
	if _, _, err := games.RandomPlay(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, check); err != nil {
		t.Fatal(err)
	}
	if drawn == 0 {
		t.Fatal("no seat held a drawn tile at a checked moment: its secret was never at stake")
	}
}

func jsonOf(t *testing.T, v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
