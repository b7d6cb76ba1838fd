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

// checkHidden verifies that the public view does not depend on hand
// contents: swapping hand cards with pile cards leaves it unchanged, and no
// hand-only field appears in it.
func checkHidden(g games.Game) func(games.State) error {
	return func(st games.State) error {
		s := st.(*State)
		pub, err := json.Marshal(s.View(games.Public))
		if err != nil {
			return fmt.Errorf("public view: %w", err)
		}
		for _, field := range []string{`"hand":`, `"offers":`, `"draft":`, `"give":`, `"want":`} {
			if strings.Contains(string(pub), field) {
				return fmt.Errorf("public view carries %s", field)
			}
		}
		// Build a twin whose hands hold other cards (taken from the pile).
		data, err := s.MarshalJSON()
		if err != nil {
			return err
		}
		tw, err := g.Load(data)
		if err != nil {
			return err
		}
		twin := tw.(*State)
		if twin.Trade != nil && len(twin.Trade.Offers)+countDrafts(twin.Trade) > 0 {
			return nil // offers pin hand cards; the swap would be inconsistent
		}
		pool := append([]int{}, twin.ArtPile...)
		for i := range twin.Seats {
			for j := range twin.Seats[i].Hand {
				if len(pool) == 0 {
					break
				}
				twin.Seats[i].Hand[j], pool[0] = pool[0], twin.Seats[i].Hand[j]
				pool = append(pool[1:], pool[0])
			}
		}
		twin.ArtPile = pool
		pub2, err := json.Marshal(twin.View(games.Public))
		if err != nil {
			return err
		}
		if string(pub) != string(pub2) {
			return fmt.Errorf("public view depends on hand contents")
		}
		return nil
	}
}

func countDrafts(t *Trade) int {
	n := 0
	for _, d := range t.Drafts {
		if d != nil {
			n++
		}
	}
	return n
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
					hidden, n := checkHidden(g), 0
					check = func(st games.State) error {
						n++
						if n%7 != 0 {
							return nil
						}
						return hidden(st)
					}
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
