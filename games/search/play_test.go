package search_test

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
	"github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/games/viscounts"
)

var (
	_ search.Estimator = (*viscounts.State)(nil)
	_ search.Estimator = (*sorcerercity.State)(nil)
)

// TestStrengthsPlayCompleteGames: every strength plays whole games of
// every game at every player count (in one seat, the game's heuristic in
// the others) without a refused move or a declined prompt; Match checks
// every move as random play does.
func TestStrengthsPlayCompleteGames(t *testing.T) {
	const iterations = 1 // a playout per decision: the search's every step, at its least cost
	for _, g := range allGames(t) {
		id := g.Info().ID
		for _, st := range search.Strengths {
			for _, n := range playerCounts(g) {
				t.Run(fmt.Sprintf("%s/%s/%dp", id, st, n), func(t *testing.T) {
					// A solo Sorcerer City game, which no forecast cuts
					// short, plays out every decision to the end: the games
					// run side by side on the cores there are.
					t.Parallel()
					bot := testBudget(t, g, st, iterations)
					seed := uint64(300 + n)
					seats := make([]games.Policy, n)
					for i := range seats {
						seats[i] = games.PolicyOf(g)
					}
					seats[int(seed)%n] = bot
					final, err := search.Match(g, games.DefaultSetup(g, n, seed), seats)
					if err != nil {
						t.Fatal(err)
					}
					if !final.Over() {
						t.Fatal("the match ended before the game")
					}
				})
			}
		}
	}
}

// TestNormalBeatsRandom is a generous floor, not the target (the bots
// command measures that): the normal bot wins most of a few 2-player
// games of every game against a seat playing uniformly random moves.
func TestNormalBeatsRandom(t *testing.T) {
	matches, iterations := 6, 4
	switch {
	case raceBuild:
		matches, iterations = 3, 2
	case testing.Short():
		matches, iterations = 4, 4
	}
	for _, g := range allGames(t) {
		id := g.Info().ID
		bot := testBudget(t, g, search.Normal, iterations)
		t.Run(id, func(t *testing.T) {
			wins := 0
			for i := range matches {
				seed := uint64(400 + i)
				seat := i % 2
				seats := []games.Policy{games.RandomPolicy, games.RandomPolicy}
				seats[seat] = bot
				final, err := search.Match(g, games.DefaultSetup(g, 2, seed), seats)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range final.Standings() {
					if s.Seat == seat && s.Rank == 1 {
						wins++
					}
				}
			}
			if 2*wins <= matches {
				t.Errorf("normal won %d of %d games against a random seat", wins, matches)
			}
		})
	}
}
