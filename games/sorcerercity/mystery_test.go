package sorcerercity

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// Sorcerer City rulebook page 8 (in a 2-player game each player weighs
// the Influence the Mystery Player might have, the three values its card
// shows) and page 9 (the card's back shows the possible values; flipped,
// the actual one): from the start every view shows each year's possible
// values, while the drawn card stays hidden until its year's reveal.
func TestMysteryPossibleValuesShowFromTheStart(t *testing.T) {
	g := New()
	for _, players := range []int{1, 2} {
		st, err := g.New(games.DefaultSetup(g, players, 5))
		if err != nil {
			t.Fatal(err)
		}
		for _, viewer := range []int{games.Public, 0} {
			var v View
			switch got := st.View(viewer).(type) {
			case View:
				v = got
			case PrivateView:
				v = got.View
			}
			for y := 1; y <= Years; y++ {
				want := slices.Sorted(slices.Values(g.Components().Board.Mystery[y]))
				if y >= len(v.MysteryCan) || !slices.Equal(v.MysteryCan[y], want) {
					t.Errorf("%d players, viewer %d, year %d: possible Mystery values %v, want %v", players, viewer, y, v.MysteryCan, want)
				}
				if y < len(v.Mystery) && len(v.Mystery[y]) > 0 {
					t.Errorf("%d players, viewer %d: year %d's Mystery Player %v shows before its reveal", players, viewer, y, v.Mystery[y])
				}
			}
		}
	}
	st, _ := g.New(games.DefaultSetup(g, 3, 5))
	if v := st.View(games.Public).(View); v.MysteryCan != nil {
		t.Errorf("3 players: possible Mystery values %v, want none", v.MysteryCan)
	}
}
