package gamestest

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// PolicyPositions plays a game of g from each setup by g's own policy
// and keeps one state of each: the first, after a random share of its
// moves (drawn from the setup's seed), where the seat to move has a
// choice. Searches are pinned and timed at such positions, the ones a
// bot plays into.
func PolicyPositions(tb testing.TB, g games.Game, setups []games.Setup) []games.State {
	tb.Helper()
	pol := games.PolicyOf(g)
	var out []games.State
	for _, setup := range setups {
		sd := setup.Seed
		moves, _, err := games.PlayWith(g, setup, games.NewRNG(sd), games.SimMaxMoves, func(s games.State, p games.Prompt, n int) (string, bool) {
			return pol.Choose(s, p.Seat, games.PolicySeed(sd, n, p.Seat))
		}, nil)
		if err != nil {
			tb.Fatalf("%s: game %d: %v", g.Info().ID, sd, err)
		}
		for cut := games.NewRNG(^sd).IntN(len(moves)); cut < len(moves); cut++ {
			s, err := games.Replay(g, setup, moves[:cut])
			if err != nil {
				tb.Fatal(err)
			}
			if p := s.Pending(); len(p) > 0 && len(games.SeatPrompts(p, p[0].Seat)[0].Options) > 1 {
				out = append(out, s)
				break
			}
		}
	}
	return out
}
