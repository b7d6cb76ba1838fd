package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// hiddenLeft counts what is left face down: room deck, stall and task
// decks, tile supplies and Jael's deck.
func hiddenLeft(s *State) int {
	n := len(s.Deck) + len(s.StallDeck) + len(s.TaskDeck)
	for _, sup := range s.Supply {
		n += len(sup)
	}
	if s.Jael != nil {
		n += len(s.Jael.Deck)
	}
	return n
}

// TestDrawingReveals: a move that draws anything face down (a year's new
// stalls, tiles, tasks and rooms, Jael's card) is marked Revealed, so it
// can never be taken back. Found by the twin-deal check: the market's last
// pass of a year could be undone after the new stalls were shown.
func TestDrawingReveals(t *testing.T) {
	g := New()
	for players := 1; players <= 5; players++ {
		st, err := g.New(games.DefaultSetup(g, players, uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := games.NewRNG(uint64(players))
		drew := 0
		for !s.Over() {
			pending := s.Pending()
			p := pending[rng.IntN(len(pending))]
			before := hiddenLeft(s)
			out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
			if err != nil {
				t.Fatal(err)
			}
			if hiddenLeft(s) < before {
				drew++
				if !out.Revealed {
					t.Fatalf("%d players: a move drew %d hidden things without Revealed", players, before-hiddenLeft(s))
				}
			}
		}
		if drew == 0 {
			t.Fatalf("%d players: no move drew anything", players)
		}
	}
}
