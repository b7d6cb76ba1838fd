package sorcerercity

import (
	"fmt"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Redealer = (*State)(nil)

// Redeal deals anew what viewer cannot see: the order of every seat's deck
// (with the tiles other seats drew but have not placed back among them),
// of the vendor decks, the monster stacks and the Lich's Skeletons; the
// Mystery Players of years not yet revealed; and other seats' secret
// transformation picks.
func (s *State) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	t, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
	if err != nil {
		return nil, fmt.Errorf("sorcerercity: redeal: %w", err)
	}
	t.RNG = games.NewRNG(rng.Uint64())
	for i, st := range t.Seats {
		if i != viewer && st.Drawn != "" {
			st.Deck = append(st.Deck, st.Drawn)
			games.Shuffle(rng, st.Deck)
			n := len(st.Deck) - 1
			st.Drawn, st.Deck = st.Deck[n], st.Deck[:n]
		}
		games.Shuffle(rng, st.Deck)
		if i != viewer && st.Transform != nil {
			options := []Resource{Money, Influence, Prestige}
			st.Transform = []Resource{options[rng.IntN(len(options))]}
		}
	}
	for v := range Vendors {
		games.Shuffle(rng, t.Market.Decks[v])
	}
	for y := range t.Stacks {
		games.Shuffle(rng, t.Stacks[y])
	}
	games.Shuffle(rng, t.Skeletons)
	if t.Mystery != nil {
		for y := t.Shown + 1; y <= Years; y++ {
			cards := slices.Clone(s.c.Board.Mystery[y])
			games.Shuffle(rng, cards)
			t.Mystery[y] = cards[:len(t.Mystery[y])]
		}
	}
	return t, nil
}
