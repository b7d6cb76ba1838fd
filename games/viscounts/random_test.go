package viscounts

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestRandomGames plays whole games with random answers for every player
// count and checks the invariants after every move; every game must end.
func TestRandomGames(t *testing.T) {
	g := New()
	games := 60
	if testing.Short() {
		games = 12
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := range uint64(games / 3) {
			moves, final, err := gamesRandomPlay(g, players, seed)
			if err != nil {
				t.Fatalf("%d players, seed %d, after %d moves: %v", players, seed, len(moves), err)
			}
			if !final.Over() {
				t.Fatalf("%d players, seed %d: not over", players, seed)
			}
		}
	}
}

func gamesRandomPlay(g *Game, players int, seed uint64) ([]games.Move, games.State, error) {
	return games.RandomPlay(g, games.Setup{Players: players, Seed: seed}, games.NewRNG(seed+99), 20000, nil)
}
