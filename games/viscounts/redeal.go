package viscounts

import (
	"slices"

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
	t := s.stored()
	t.RNG = games.NewRNG(rng.Uint64())
	for i, st := range t.Seats {
		if i == viewer {
			games.Reshuffle(rng, st.Draw)
			continue
		}
		pool := append(append([]int{}, st.Hand...), st.Draw...)
		games.Reshuffle(rng, pool)
		// The hand is clipped: a card drawn into it must move it out of
		// the pool, not overwrite the bottom of the draw pile after it.
		n := len(st.Hand)
		st.Hand, st.Draw = pool[:n:n], pool[n:]
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
// decision changes; a normal decision then costs less CPU. The policy's
// lookahead on a quiet state keeps its copies' memory there for the
// next move's (looker.valued): one goroutine plays it, as a search's
// world.
func (s *State) Unlabel() { s.quiet = true }

// stored is s as storing and loading it gives it back, without its
// generator: a state of its own, sharing only what play never writes
// (the catalog, the tasks' effects), quiet no more. The search re-deals
// a world for every playout, and encoding each cost more than copying.
// An empty list that storing leaves out comes back nil.
func (s *State) stored() *State {
	t := *s
	t.RNG, t.quiet, t.revealed, t.events, t.mem, t.spares = nil, false, false, nil, nil, nil
	for i := range t.Tiers {
		for p := range t.Tiers[i] {
			t.Tiers[i][p] = slices.Clone(s.Tiers[i][p])
		}
	}
	for p := range numSegments {
		t.Folk[p] = slices.Clone(s.Folk[p])
		t.Scripts[p] = slices.Clone(s.Scripts[p])
		t.Plots[p] = slices.Clone(s.Plots[p])
	}
	t.DraftCards, t.DraftHeroes = omitted(s.DraftCards), omitted(s.DraftHeroes)
	t.Gone, t.Tasks = omitted(s.Gone), omitted(s.Tasks)
	seats := make([]Seat, len(s.Seats))
	t.Seats = make([]*Seat, len(s.Seats))
	for i, st := range s.Seats {
		seats[i] = *st
		c := &seats[i]
		c.Hand, c.Draw, c.Discard = slices.Clone(st.Hand), slices.Clone(st.Draw), slices.Clone(st.Discard)
		c.Scripts, c.Bonus = slices.Clone(st.Scripts), omitted(st.Bonus)
		t.Seats[i] = c
	}
	if s.Solo != nil {
		so := *s.Solo
		so.Draw, so.Discard = slices.Clone(so.Draw), slices.Clone(so.Discard)
		so.Future, so.Box = slices.Clone(so.Future), slices.Clone(so.Box)
		t.Solo = &so
	}
	return &t
}

// omitted is a copy of a list that storing leaves out when empty.
func omitted[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}
