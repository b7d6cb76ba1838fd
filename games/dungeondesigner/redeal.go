package dungeondesigner

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Redealer = (*State)(nil)

// Redeal deals anew what viewer cannot see: the rooms in the other seats'
// hands (each keeping its size), the room deck and the face-down discard
// pile, the rooms the other seats picked (and chose to discard or keep)
// before the reveal, the order of the task and stall decks, of each tile
// shape's supply and of Jael's deck. Picked columns stay: any room fits a
// free column, so the column alone tells nothing of the room.
//
// A seat viewer keeps its own hand and picks; the rooms it saw in hands it
// passed on are dealt anew too (the draft's memory is not modelled), so a
// bot reasoning from it knows a little less than a player could.
func (s *State) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	t, err := games.CloneFor(s, func(b []byte) (*State, error) { return loadState(s.c, b) })
	if err != nil {
		return nil, fmt.Errorf("dungeondesigner: redeal: %w", err)
	}
	t.RNG = games.NewRNG(rng.Uint64())
	pool := slices.Concat(t.Deck, t.Discard)
	for i, st := range t.Seats {
		if i != viewer {
			pool = append(pool, st.Hand...)
		}
	}
	games.Reshuffle(rng, pool)
	take := func(n int) []int {
		out := slices.Clone(pool[:n])
		pool = pool[n:]
		return out
	}
	for i, st := range t.Seats {
		if i == viewer {
			continue
		}
		st.Hand = take(len(st.Hand))
		if st.PickRoom != 0 && len(st.Hand) > 0 {
			st.PickRoom = st.Hand[rng.IntN(len(st.Hand))]
			if st.Second != 0 {
				others := slices.DeleteFunc(slices.Clone(st.Hand), func(id int) bool { return id == st.PickRoom })
				st.Second = others[rng.IntN(len(others))]
			}
		}
	}
	t.Discard = take(len(t.Discard))
	t.Deck = pool
	games.Reshuffle(rng, t.TaskDeck)
	games.Reshuffle(rng, t.StallDeck)
	for _, shape := range slices.Sorted(maps.Keys(t.Supply)) {
		games.Reshuffle(rng, t.Supply[shape])
	}
	if t.Jael != nil {
		games.Reshuffle(rng, t.Jael.Deck)
	}
	return t, nil
}
