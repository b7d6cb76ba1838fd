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

// TestTimeoutMoveIsOffered: the table's answer for a seat out of time is
// always one of its options, declines what can be declined and moves for
// free where it can; games answered only so still end.
func TestTimeoutMoveIsOffered(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		st, _ := g.New(games.Setup{Players: players, Seed: 11})
		s := st.(*State)
		for moves := 0; !s.Over(); moves++ {
			p := s.Pending()[0]
			move, ok := s.TimeoutMove(p.Seat)
			if !ok || !games.Legal(s, p.Seat, move) {
				t.Fatalf("%d players, move %d: timeout answer %q (ok %v) not offered", players, moves, move, ok)
			}
			for _, o := range p.Options {
				if (o.ID == "skip" || o.ID == "pass" || o.ID == "keep") && move != o.ID {
					t.Fatalf("timeout answered %q where %q declines", move, o.ID)
				}
			}
			if _, err := s.Apply(p.Seat, move); err != nil {
				t.Fatal(err)
			}
			if moves > 20000 {
				t.Fatal("a game of timeouts does not end")
			}
		}
	}
}

// TestTwinDeals: the flow (narration, public view, who is asked what)
// never depends on a hidden card: a twin whose hidden parts are dealt
// anew stays alike through random games of every player count.
func TestTwinDeals(t *testing.T) {
	g := New()
	n := uint64(4)
	if testing.Short() || raceBuild {
		n = 1
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := range n {
			setup := games.Setup{Players: players, Seed: seed}
			if moves, err := games.CheckTwins(g, setup, games.NewRNG(^seed), 20000); err != nil {
				t.Fatalf("%d players, seed %d, after %d moves: %v", players, seed, len(moves), err)
			}
		}
	}
}
