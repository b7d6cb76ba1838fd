package search_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
	"github.com/tavern-bot/tavern/lineup"
)

// allGames is every game Tavern offers, by id.
func allGames(t testing.TB) []games.Game {
	t.Helper()
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	var gs []games.Game
	for _, id := range reg.IDs() {
		g, _ := reg.Get(id)
		gs = append(gs, g)
	}
	return gs
}

// playerCounts are the player counts g is tested at: every one it allows
// (under -race, ten times slower, only two players where the game allows
// it: the search is one goroutine, so the race detector finds nothing
// more at other counts, and a solo Sorcerer City's playouts to the end
// take minutes there).
func playerCounts(g games.Game) []int {
	lo, hi := g.Info().MinPlayers, g.Info().MaxPlayers
	if raceBuild {
		return []int{min(hi, max(lo, 2))}
	}
	var ns []int
	for n := lo; n <= hi; n++ {
		ns = append(ns, n)
	}
	return ns
}

// TestRedealCanonical: every game's Redeal forgets what the viewer cannot
// see, for every seat at random positions of every player count, so the
// worlds a bot samples depend on its view alone.
func TestRedealCanonical(t *testing.T) {
	k := 12
	if testing.Short() || raceBuild {
		k = 4
	}
	for _, g := range allGames(t) {
		id := g.Info().ID
		for _, n := range playerCounts(g) {
			t.Run(fmt.Sprintf("%s/%dp", id, n), func(t *testing.T) {
				for i, s := range positions(t, g, n, k, 100) {
					for seat := range n {
						if err := games.CheckCanonicalRedeal(s, seat, uint64(i*7+seat)); err != nil {
							t.Fatalf("position %d (seed %d): %v", i, 100+i, err)
						}
					}
				}
			})
		}
	}
}

// testBudget is the budget a test searches with: the strength's own, cut
// down so the suite stays fast (the search is the same at any budget).
func testBudget(t testing.TB, g games.Game, st search.Strength, iterations int) games.Policy {
	t.Helper()
	if st == search.Easy {
		p, err := search.PolicyFor(g, st)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	b, ok := search.BudgetFor(g, st)
	if !ok {
		t.Fatalf("no budget for %s", st)
	}
	// A wall-time cap would make the decision depend on the machine.
	b = b.Uncapped()
	if b.Solo != nil {
		// A solo search keeps its playouts whole (they must reach the
		// opponent's turns to show a peek at its schemes), over a few
		// worlds.
		solo := *b.Solo
		solo.Iterations = min(solo.Iterations, iterations)
		b.Solo = &solo
	}
	b.Iterations = min(b.Iterations, iterations)
	if b.Moves > 0 {
		// Long games (Sorcerer City at six, or solo, where a playout move
		// costs milliseconds) then play out a world or two,
		b.Moves = min(b.Moves, 4*iterations)
	}
	if b.Depth > 0 {
		// and only a few moves of it before the game's forecast.
		b.Depth = min(b.Depth, 4)
	}
	return search.New(g, b)
}

// TestBotsNeverPeek: at random positions of every game and player count,
// each strength makes the same decision, with the same seed, on the real
// state and on twins of it re-dealt for the deciding seat (the same view,
// other hidden cards). A bot that read a hidden card would sooner or later
// decide differently.
func TestBotsNeverPeek(t *testing.T) {
	type level struct {
		strength   search.Strength
		positions  int
		iterations int
	}
	levels := []level{{search.Easy, 12, 0}, {search.Normal, 2, 3}, {search.Strong, 1, 4}}
	switch {
	case raceBuild:
		levels = []level{{search.Easy, 3, 0}, {search.Normal, 1, 2}, {search.Strong, 1, 2}}
	case testing.Short():
		levels = []level{{search.Easy, 6, 0}, {search.Normal, 1, 3}, {search.Strong, 1, 4}}
	}
	for _, g := range allGames(t) {
		id := g.Info().ID
		for _, lv := range levels {
			pol := testBudget(t, g, lv.strength, lv.iterations)
			for _, n := range playerCounts(g) {
				t.Run(fmt.Sprintf("%s/%s/%dp", id, lv.strength, n), func(t *testing.T) {
					for i, s := range positions(t, g, n, lv.positions, 200) {
						seat := s.Pending()[0].Seat
						seed := uint64(1000 + i)
						want, ok := pol.Choose(s, seat, seed)
						if !ok {
							t.Fatalf("position %d: no answer for seat %d", i, seat)
						}
						for k := range 2 {
							twin, err := s.(games.Redealer).Redeal(seat, games.NewRNG(uint64(i*31+k)))
							if err != nil {
								t.Fatal(err)
							}
							if got, _ := pol.Choose(twin, seat, seed); got != want {
								t.Fatalf("position %d (game seed %d), seat %d: %q on the state, %q on twin %d: the bot reads something its seat cannot see", i, 200+i, seat, want, got, k)
							}
						}
					}
				})
			}
		}
	}
}

// TestYieldingDecidesAlike: a search that pauses for more urgent work
// (ChooseYielding, as the bots' pool runs it) makes Choose's decision for
// the same seed at random positions of every game, and pauses before its
// playouts' moves.
func TestYieldingDecidesAlike(t *testing.T) {
	positionsEach := 3
	if testing.Short() || raceBuild {
		positionsEach = 1
	}
	for _, g := range allGames(t) {
		pol := testBudget(t, g, search.Normal, 3).(*search.Searcher)
		n := min(g.Info().MaxPlayers, max(g.Info().MinPlayers, 2))
		t.Run(g.Info().ID, func(t *testing.T) {
			for i, s := range positions(t, g, n, positionsEach, 300) {
				seat := s.Pending()[0].Seat
				seed := uint64(2000 + i)
				want, _ := pol.Choose(s, seat, seed)
				pauses := 0
				got, _ := pol.ChooseYielding(s, seat, seed, func() time.Duration { pauses++; return time.Hour })
				if got != want {
					t.Fatalf("position %d (game seed %d), seat %d: %q yielding, %q without", i, 300+i, seat, got, want)
				}
				if options := len(games.SeatPrompts(s.Pending(), seat)[0].Options); options > 1 && pauses == 0 {
					t.Fatalf("position %d: the search never paused over %d options", i, options)
				}
			}
		})
	}
}
