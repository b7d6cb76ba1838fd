package viscounts

import (
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Redealer = (*State)(nil)

// Redeal deals anew what viewer cannot see: every other seat's hand and
// draw pile (together they are a known set of cards: hires and starters
// are public, discards and boards face up; which of them are in hand is
// not), the order of the viewer's own draw pile, and the townsfolk and
// manuscripts below the top of each pile (nobody may look through them;
// the cards still under the five piles are pooled and dealt back, each
// pile keeping its size), and the order of a solo opponent's scheme draw
// pile and Future Schemes.
func (s *State) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	t, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
	if err != nil {
		return nil, fmt.Errorf("viscounts: redeal: %w", err)
	}
	t.RNG = games.NewRNG(rng.Uint64())
	for i, st := range t.Seats {
		if i == viewer {
			games.Reshuffle(rng, st.Draw)
			continue
		}
		pool := append(append([]int{}, st.Hand...), st.Draw...)
		games.Reshuffle(rng, pool)
		st.Hand, st.Draw = pool[:len(st.Hand)], pool[len(st.Hand):]
	}
	redealPiles(t.Folk[:], rng)
	redealPiles(t.Scripts[:], rng)
	if t.Solo != nil {
		// The solo opponent's scheme piles are face down too.
		games.Reshuffle(rng, t.Solo.Draw)
		games.Reshuffle(rng, t.Solo.Future)
	}
	return t, nil
}

// redealPiles pools every card below the top of each pile and deals them
// back, each pile keeping its size and its top.
func redealPiles(piles [][]int, rng *games.RNG) {
	var pool []int
	for _, p := range piles {
		if len(p) > 1 {
			pool = append(pool, p[:len(p)-1]...)
		}
	}
	games.Reshuffle(rng, pool)
	for _, p := range piles {
		if len(p) > 1 {
			n := copy(p[:len(p)-1], pool)
			pool = pool[n:]
		}
	}
}

// Unlabel makes s quiet: it builds neither the texts of its events nor
// most prompt and option texts. The search plays out worlds no one reads
// (search.Unlabeller), and the policy decides by option ids alone, so no
// decision changes; a normal decision then costs less CPU.
func (s *State) Unlabel() { s.quiet = true }
