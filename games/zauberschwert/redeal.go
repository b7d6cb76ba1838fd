package zauberschwert

import (
	"fmt"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Redealer = (*State)(nil)

// Redeal deals anew what viewer cannot see: the order of each letter's
// part of the adventure pile, the artifact pile, the hands of the other
// seats (each keeping its size, which is public), the answers to a
// together/alone question not yet revealed, and what unanswered trade
// offers and drafts contain. What viewer knows stays: its own hand, its
// own answers, drafts and offers, and the cards offered to it (they stay in
// the offerer's hand while the offerer still holds them).
func (s *State) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	t, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.d, b) })
	if err != nil {
		return nil, fmt.Errorf("zauberschwert: redeal: %w", err)
	}
	t.RNG = games.NewRNG(rng.Uint64())
	for i := 0; i < len(t.Pile); {
		j := i + 1
		for j < len(t.Pile) && s.d.cardByID[t.Pile[j]].Deck == s.d.cardByID[t.Pile[i]].Deck {
			j++
		}
		games.Reshuffle(rng, t.Pile[i:j])
		i = j
	}
	t.redealHands(viewer, rng)
	if t.Fight != nil && t.Step == stepChoose {
		for i, seat := range t.Fight.Involved {
			if t.Fight.Choices[i] != "" && seat != viewer {
				t.Fight.Choices[i] = []string{"together", "alone"}[rng.IntN(2)]
			}
		}
	}
	if t.Trade != nil {
		t.redealOffers(viewer, rng)
	}
	return t, nil
}

// redealHands pools the artifact pile with every card of other seats' hands
// that viewer does not know of, and deals them again.
func (t *State) redealHands(viewer int, rng *games.RNG) {
	known := func(seat, card int) bool {
		if seat == viewer {
			return true
		}
		if t.Trade == nil {
			return false
		}
		for _, o := range t.Trade.Offers {
			if o.From == seat && o.To == viewer && slices.Contains(o.Give, card) {
				return true
			}
		}
		return false
	}
	pool := slices.Clone(t.ArtPile)
	free := make([]int, t.Players)
	for seat := range t.Seats {
		keep := []int{}
		for _, c := range t.Seats[seat].Hand {
			if known(seat, c) {
				keep = append(keep, c)
			} else {
				pool = append(pool, c)
				free[seat]++
			}
		}
		t.Seats[seat].Hand = keep
	}
	games.Reshuffle(rng, pool)
	for seat := range t.Seats {
		n := free[seat]
		t.Seats[seat].Hand = append(t.Seats[seat].Hand, pool[:n]...)
		slices.Sort(t.Seats[seat].Hand)
		pool = pool[n:]
	}
	t.ArtPile = pool
}

// redealOffers refills the offers and drafts viewer cannot read with
// cards of the same number: given ones from the new hand, wanted ones from
// the cards that hand lacks and nobody laid out.
func (t *State) redealOffers(viewer int, rng *games.RNG) {
	fill := func(o *Offer) {
		hand := t.Seats[o.From].Hand
		give := slices.Clone(hand)
		games.Shuffle(rng, give)
		o.Give = give[:min(len(o.Give), len(give))]
		laid := t.laidCards()
		var others []int
		for c := range t.d.Artifacts {
			if !slices.Contains(hand, c) && !slices.Contains(laid, c) {
				others = append(others, c)
			}
		}
		games.Shuffle(rng, others)
		o.Want = others[:min(len(o.Want), len(others))]
	}
	for i := range t.Trade.Offers {
		if o := &t.Trade.Offers[i]; o.From != viewer && o.To != viewer {
			fill(o)
		}
	}
	for seat, d := range t.Trade.Drafts {
		if d != nil && seat != viewer {
			fill(d)
		}
	}
}
