package sorcerercity

import "github.com/tavern-bot/tavern/games"

// Estimate forecasts the standings of a game of several seats still
// running, so the search's playouts can stop after a few stages: each
// seat's collected Prestige plus, for every year still to collect, what
// its last scored district yields (valued as the policy values tracks,
// in tenths of Prestige). A solo game has no forecast (ok=false): the
// monsters' threat shows only in a playout to the end.
func (s *State) Estimate() (standings []games.Standing, rivals []games.Rival, ok bool) {
	if len(s.Seats) == 1 {
		return nil, nil, false
	}
	left := Years - s.Year + 1
	values := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		values[i] = 10*st.Prestige + left*worth(st.Annual)
	}
	return games.RankByValues(values, 10), nil, true
}
