package viscounts

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var names = []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel von Thurn und Taxis", "Dörte"}

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	k, err := kit.New()
	if err != nil {
		t.Fatalf("kit.New: %v", err)
	}
	return New(k)
}

// played plays random legal moves from a new game until stop says so or
// the game is over.
func played(t testing.TB, players int, seed uint64, stop func(games.State, int) bool) games.State {
	t.Helper()
	g := vc.New()
	st, err := g.New(games.Setup{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for moves := 0; !st.Over() && !stop(st, moves); moves++ {
		p := st.Pending()[0]
		move, ok := games.RandomPolicy.Choose(st, p.Seat, seed*7919+uint64(moves))
		if !ok {
			t.Fatalf("no move for seat %d", p.Seat)
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func meta(t testing.TB, lang string, viewer, players int) imaging.Meta {
	m := imaging.Meta{Lang: lang, Catalog: vc.New().Info().Catalog, Players: names[:players], Viewer: viewer}
	if tt, ok := t.(*testing.T); ok {
		m.Missing = func(k string) { tt.Errorf("no text for %s", k) }
	}
	return m
}

// TestBoards draws the public board and every seat's picture at moments
// of random games with 1 (against a solo opponent) to 4 players, in both
// languages.
func TestBoards(t *testing.T) {
	r := newRenderer(t)
	counts, moments := []int{1, 2, 3, 4}, []int{0, 40, 200, 100000}
	if raceBuild || testing.Short() {
		counts, moments = []int{1, 4}, []int{40, 100000}
	}
	for _, players := range counts {
		for _, at := range moments {
			st := played(t, players, uint64(players*13+at), func(_ games.State, moves int) bool { return moves >= at })
			lang := []string{"en", "de"}[(at/40)%2]
			name := fmt.Sprintf("vc-%dp-%06d", players, at)
			boardtest.Render(t, r, st.View(games.Public), meta(t, lang, games.Public, players), boardW, boardHeight(max(players, 2)), boardHeight(max(players, 2)), name+"-public.png") // solo: the opponent has a strip
			for seat := range players {
				boardtest.Render(t, r, st.View(seat), meta(t, lang, seat, players), boardW, 500, 4000, fmt.Sprintf("%s-seat%d.png", name, seat))
			}
		}
	}
}
