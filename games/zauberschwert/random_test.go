package zauberschwert

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// randomGames is the number of games per player count in go test; -short
// and -race play fewer (BenchmarkRandomGame and `tavern sim` play more).
func randomGames(t testing.TB) int {
	switch {
	case testing.Short():
		return 20
	case raceBuild:
		return 40
	}
	return 200
}

// checkHidden verifies that no hand-only field reaches the public view;
// that the view does not depend on what the hands hold is TestTwins' job.
func checkHidden(st games.State) error {
	pub, err := json.Marshal(st.View(games.Public))
	if err != nil {
		return fmt.Errorf("public view: %w", err)
	}
	for _, field := range []string{`"hand":`, `"offers":`, `"draft":`, `"give":`, `"want":`} {
		if strings.Contains(string(pub), field) {
			return fmt.Errorf("public view carries %s", field)
		}
	}
	return nil
}

func TestRandomPlay(t *testing.T) {
	g := New()
	for _, players := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			for i := range randomGames(t) {
				seed := uint64(players*100000 + i)
				setup := games.DefaultSetup(g, players, seed)
				var check func(games.State) error
				if i%10 == 0 {
					check = checkHidden
				}
				moves, final, err := games.RandomPlay(g, setup, games.NewRNG(seed), games.SimMaxMoves, check)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if err := games.CheckRoundTrip(g, final); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if i%5 == 0 {
					if err := games.CheckReplay(g, setup, moves, final); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
				if err := checkWinner(final.(*State)); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
		})
	}
}

// checkWinner recomputes the winner rule independently of Standings.
func checkWinner(s *State) error {
	st := s.Standings()
	best := st[0].Seat
	for i, seat := range s.Seats {
		b := s.Seats[best]
		beats := seat.Stones > b.Stones ||
			(seat.Stones == b.Stones && seat.Magic > b.Magic) ||
			(seat.Stones == b.Stones && seat.Magic == b.Magic && len(s.laidOf(seat)) > len(s.laidOf(b)))
		if beats {
			return fmt.Errorf("seat %d beats the ranked winner %d", i, best)
		}
	}
	return nil
}

func BenchmarkRandomGame(b *testing.B) {
	g := New()
	for i := 0; b.Loop(); i++ {
		seed := uint64(i)
		if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, 4, seed), games.NewRNG(seed), games.SimMaxMoves, nil); err != nil {
			b.Fatal(err)
		}
	}
}
