package sorcerercity

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func randomGames() int {
	if testing.Short() {
		return 10
	}
	return 60
}

// TestSimulate plays random games at every player count: every prompt is
// well formed, every game ends, survives a JSON round trip and a replay,
// and passes the twin-deal check.
func TestSimulate(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			rep, err := games.Simulate(g, players, randomGames(), uint64(players)*7919)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Violation != "" {
				t.Fatalf("seed %d after %d moves: %s", rep.Seed, len(rep.Log), rep.Violation)
			}
			if rep.Finished != rep.Games {
				t.Fatalf("%d of %d games finished", rep.Finished, rep.Games)
			}
		})
	}
}

// TestTimeoutMoves plays whole games answering only with TimeoutMove:
// every prompt has a safe legal answer and the game still ends.
func TestTimeoutMoves(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		st, err := g.New(games.DefaultSetup(g, players, uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for moves := 0; !s.Over(); moves++ {
			pending := s.Pending()
			if len(pending) == 0 || moves > games.SimMaxMoves {
				t.Fatalf("%d players: stalled after %d moves in %s", players, moves, s.Stage)
			}
			seat := pending[0].Seat
			move, ok := s.TimeoutMove(seat)
			if !ok || !games.Legal(s, seat, move) {
				t.Fatalf("%d players: no legal timeout answer for seat %d in %s: %q", players, seat, s.Stage, move)
			}
			if _, err := s.Apply(seat, move); err != nil {
				t.Fatalf("%d players: %q: %v", players, move, err)
			}
		}
	}
}
