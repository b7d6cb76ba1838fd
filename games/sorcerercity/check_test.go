package sorcerercity

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestCheckCatches breaks a fresh game in the ways Check must notice.
func TestCheckCatches(t *testing.T) {
	cases := []struct {
		name  string
		spoil func(s *State)
		want  string
	}{
		{"a track above 60", func(s *State) { s.Seats[0].Annual[Money] = TrackCap + 1 }, "money track"},
		{"a negative track", func(s *State) { s.Seats[1].Annual[Prestige] = -1 }, "prestige track"},
		{"a market tile twice", func(s *State) { s.Seats[0].Out = append(s.Seats[0].Out, s.Market.Up[3][0], s.Market.Up[3][0]) }, "in play"},
		{"a tile from nowhere", func(s *State) { s.Seats[0].Deck = append(s.Seats[0].Deck, "nope") }, "unknown tile"},
		{"a drawn tile with nothing to do", func(s *State) { s.Seats[0].Drawn = "s01" }, "nothing left"},
	}
	g := New()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st, err := g.New(games.DefaultSetup(g, 2, 1))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if err := s.Check(); err != nil {
				t.Fatalf("a fresh game fails the check: %v", err)
			}
			tc.spoil(s)
			if err := s.Check(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Check() = %v, want an error about %q", err, tc.want)
			}
		})
	}
}
