package search_test

import (
	"maps"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
	"github.com/tavern-bot/tavern/games/search"
)

// TestDecisionsPinned pins the search's decisions, with a fixed budget
// and seed, at positions of heuristic games (seed 7 on), by player count,
// position by position: the same decision for the same seed on any
// machine. A change to a game's heuristic, ranking or forecast changes
// them on purpose; then record them anew.
func TestDecisionsPinned(t *testing.T) {
	for _, tc := range []struct {
		game   string
		budget search.Budget
		want   map[int][]string
	}{
		// Recorded before Sorcerer City's playouts stopped building
		// option labels (what only people read): doing without changed
		// no decision.
		{"sorcerer-city", search.Budget{Iterations: 24, Moves: 240, Depth: 40}, map[int][]string{
			1: {"at:-1,1:2", "draw", "draw", "draw", "on:-3,1:2"},
			2: {"at:-1,1:1", "draw", "at:2,-1:0", "draw", "draw"},
			3: {"at:2,0:0", "at:-2,3:0", "draw", "draw", "draw"},
		}},
		// The paired search Dungeon Designer's strong bot plays by, on
		// a smaller budget: five of the fifteen are not the heuristic's
		// own answer, so they pin the comparison, not only the ranking.
		{"dungeon-designer", search.Budget{Iterations: 8, Moves: 900, Paired: 3}, map[int][]string{
			1: {"second:8", "put:r1c4:l", "put:r3c3:bl", "pick:29:c2", "put:r3c2:t"},
			2: {"second:89", "put:r1c1:tl", "second:73", "pick:29:c2", "buy:1:l"},
			3: {"pick:6:c4", "buy:2:l", "pick:78:c1", "pick:29:c2", "pass"},
		}},
		// Viscounts' normal bot (solo against the default opponent,
		// and 2 players). Solo recorded anew when its normal became a
		// paired search with playouts looking two ahead and played to
		// the end once it is triggered (UCB1 over 200 moves chose c1,
		// m14, c59, p0, c5); 2 players keep UCB1 over 200 moves.
		{"viscounts", search.Budget{Iterations: 100, Moves: 200, Depth: 16,
			Solo: &search.Budget{Iterations: 100, Moves: 800, Depth: 16, Paired: 3}}, map[int][]string{
			1: {"c1", "m14", "c59", "p0", "top"},
			2: {"m7", "r2", "c1", "p2", "skip"},
		}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := gameByID(t, tc.game)
			bot := search.New(g, tc.budget)
			for _, players := range slices.Sorted(maps.Keys(tc.want)) {
				if raceBuild && players != 2 {
					continue // ten times slower: one count shows races
				}
				var setups []games.Setup
				for i := range tc.want[players] {
					setups = append(setups, games.DefaultSetup(g, players, 7+uint64(i)))
				}
				ps := gamestest.PolicyPositions(t, g, setups)
				for i, s := range ps {
					seat := s.Pending()[0].Seat
					got, ok := bot.Choose(s, seat, uint64(i))
					if !ok || got != tc.want[players][i] {
						t.Errorf("%d players, position %d: seat %d chose %q (ok %v), want %q", players, i, seat, got, ok, tc.want[players][i])
					}
				}
			}
		})
	}
}

// gameByID is the game Tavern offers as id.
func gameByID(t testing.TB, id string) games.Game {
	t.Helper()
	for _, g := range allGames(t) {
		if g.Info().ID == id {
			return g
		}
	}
	t.Fatalf("no game %q", id)
	return nil
}
