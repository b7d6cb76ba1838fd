package zauberschwert

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestTwins is the twin-deal check: games whose hidden cards are dealt
// anew must look alike to the channel after every move.
func TestTwins(t *testing.T) {
	g := New()
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			for i := range randomGames(t) {
				seed := uint64(players*1000003 + i)
				moves, err := games.CheckTwins(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves)
				if err != nil {
					t.Fatalf("seed %d, %d moves: %v", seed, len(moves), err)
				}
			}
		})
	}
}
