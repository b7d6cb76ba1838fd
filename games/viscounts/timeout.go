package viscounts

import "strconv"

// TimeoutMove answers for a seat whose time ran out: decline whatever can
// be declined (no primary action, no hire, keep the order, skip a discard
// or destroy); otherwise the cheapest answer (a move costing no silver),
// else the first offered (a card, a resource, a section): never one that
// spends what the player could have kept.
func (s *State) TimeoutMove(seat int) (string, bool) {
	if len(s.Tasks) == 0 || s.Tasks[0].Seat != seat {
		return "", false
	}
	_, _, choices := s.choices(s.Tasks[0])
	if len(choices) == 0 {
		return "", false
	}
	for _, want := range []string{"skip", "keep", "pass"} {
		for _, c := range choices {
			if c.opt.ID == want {
				return want, true
			}
		}
	}
	if s.Tasks[0].Kind == "move" {
		_, offers := s.moveOffers(seat, nil)
		for _, m := range offers {
			if m.cost == 0 {
				return "m" + strconv.Itoa(m.space), true
			}
		}
	}
	return choices[0].opt.ID, true
}
