package dungeondesigner

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
)

// TestBoardHeightStable: while a game runs, its public board keeps one
// height from move to move (a phone keeps its scroll position), for every
// player count.
func TestBoardHeightStable(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	for players := 1; players <= 5; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			st, err := g.New(games.DefaultSetup(g, players, uint64(players)))
			if err != nil {
				t.Fatal(err)
			}
			rng := games.NewRNG(uint64(players))
			height := 0
			for move := 0; !st.Over(); move++ {
				if move%7 == 0 {
					img, err := r.Render(st.View(games.Public), meta("en", games.Public))
					if err != nil {
						t.Fatal(err)
					}
					if h := img.Bounds().Dy(); height == 0 {
						height = h
					} else if h != height {
						t.Fatalf("move %d: board %d px high, was %d", move, h, height)
					}
				}
				p := st.Pending()
				pr := p[rng.IntN(len(p))]
				if _, err := st.Apply(pr.Seat, pr.Options[rng.IntN(len(pr.Options))].ID); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
