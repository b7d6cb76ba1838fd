package dungeondesigner

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/boardtest"
)

// TestBoardHeightStable: while a game runs, its public board keeps one
// height from commit to commit (a phone keeps its scroll position), for
// every player count, drawn after every commit of a whole recorded game.
func TestBoardHeightStable(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	every, counts := 1, []int{1, 2, 3, 4, 5}
	if raceEnabled || testing.Short() {
		every, counts = 13, []int{1, 5}
	}
	for i, players := range counts {
		lang := []string{"en", "de"}[i%2]
		t.Run(fmt.Sprintf("%dp-%s", players, lang), func(t *testing.T) {
			boardtest.Heights(t, r, meta(lang, games.Public), boardtest.Walk{Game: g, Setup: games.DefaultSetup(g, players, uint64(players)), Every: every})
		})
	}
}
