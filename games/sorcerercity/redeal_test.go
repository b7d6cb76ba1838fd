package sorcerercity

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestRedealDrawnBesideFaceDownTiles: a seat whose drawn tile waits to be
// placed (unseen by the others, and a plain draw) beside two face-down
// tiles, one a monster that acts when drawn, as is the one tile left in
// its deck, is dealt anew for another seat without fail: the drawn tile
// is again a plain draw, and the seat holds the same tiles. Dealing the
// face-down tiles first could leave no plain tile for the drawn one (a
// search crashed so, strong against easy, seed 16).
func TestRedealDrawnBesideFaceDownTiles(t *testing.T) {
	s := newGame(t, 2, 3)
	var kraken string
	for _, id := range s.c.ByKind[MonsterTile] {
		if s.c.Tile(id).Beast == "kraken" {
			kraken = id
		}
	}
	if kraken == "" {
		t.Fatal("no kraken tile")
	}
	seat := s.Seats[1]
	plain := seat.Deck[:2]
	s.Stage = stageBuild
	seat.Started = true
	seat.Deck = []string{kraken}
	seat.District = District{Cells: []Cell{
		{At: Pos{0, 0}, Stack: []Placed{{Tile: plain[0], FaceDown: true}}},
		{At: Pos{1, 0}, Stack: []Placed{{Tile: kraken, FaceDown: true}}},
	}}
	seat.Drawn, seat.Tasks = plain[1], []Task{{Kind: taskPlace}}
	want := slices.Sorted(slices.Values([]string{kraken, kraken, plain[0], plain[1]}))
	for i := range uint64(40) {
		w, err := s.Redeal(0, games.NewRNG(i))
		if err != nil {
			t.Fatal(err)
		}
		other := w.(*State).Seats[1]
		if !s.plainDraw(other.Drawn) {
			t.Fatalf("rng %d: drawn %q, a tile that acts when drawn", i, other.Drawn)
		}
		got := append(slices.Clone(other.Deck), other.Drawn, other.District.Cells[0].Stack[0].Tile, other.District.Cells[1].Stack[0].Tile)
		if slices.Sort(got); !slices.Equal(got, want) {
			t.Fatalf("rng %d: the seat holds %v, want %v", i, got, want)
		}
	}
}

// newGame is a new game of players seats dealt from seed.
func newGame(t *testing.T, players int, seed uint64) *State {
	t.Helper()
	g := New()
	st, err := g.New(games.DefaultSetup(g, players, seed))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}
