package zauberschwert

import (
	"fmt"
	"slices"
)

// Check verifies the invariants random play relies on: magic within 0..30,
// every adventure and artifact card exactly once, the display rule, and
// consistent trading and auction state.
func (s *State) Check() error {
	for i, st := range s.Seats {
		if st.Magic < 0 || st.Magic > maxMagic {
			return fmt.Errorf("seat %d magic %d", i, st.Magic)
		}
		if st.Stones < 0 {
			return fmt.Errorf("seat %d stones %d", i, st.Stones)
		}
	}
	// Adventure cards: pile + display + removed + owned spells = all, once.
	seen := map[string]int{}
	for _, id := range s.allCardIDs() {
		seen[id]++
	}
	for _, sl := range s.Display {
		if sl.Gone && s.d.cardByID[sl.Card].Kind == KindSpell {
			seen[sl.Card]-- // won this phase; its owner holds it already
		}
	}
	for _, st := range s.Seats {
		for _, sp := range st.Spells {
			for _, c := range s.d.Cards {
				if c.Spell == sp.ID {
					seen[c.ID]++
				}
			}
		}
	}
	for _, c := range s.d.Cards {
		if seen[c.ID] != 1 {
			return fmt.Errorf("adventure card %s present %d times", c.ID, seen[c.ID])
		}
	}
	if len(seen) != len(s.d.Cards) {
		return fmt.Errorf("unknown adventure cards")
	}
	// Artifact cards: pile + hands + laid out = all 28, once.
	count := make([]int, len(s.d.Artifacts))
	all := slices.Clone(s.ArtPile)
	for _, st := range s.Seats {
		all = append(all, st.Hand...)
		all = append(all, s.laidOf(st)...)
		for _, g := range s.completeGroupsCheck(st.Laid) {
			return fmt.Errorf("laid-out group %v is not a complete artifact", g)
		}
	}
	for _, c := range all {
		if c < 0 || c >= len(count) {
			return fmt.Errorf("artifact card %d out of range", c)
		}
		count[c]++
	}
	for c, n := range count {
		if n != 1 {
			return fmt.Errorf("artifact card %d present %d times", c, n)
		}
	}
	// The display holds at most two cards, exactly two from phase B to D.
	if len(s.Display) > 2 {
		return fmt.Errorf("display has %d cards", len(s.Display))
	}
	if !s.Ended && s.Step != stepRefill && s.Trade == nil && s.LayDone == nil && s.Step != stepRoundEnd &&
		!(s.Step == stepSpells && s.Win.Kind == winE) && len(s.Display) != 2 {
		return fmt.Errorf("display has %d cards in step %s", len(s.Display), s.Step)
	}
	if s.Ended && len(s.Display)+len(s.Pile) >= 2 {
		return fmt.Errorf("game over although the display could be refilled")
	}
	if s.Step == stepAuction {
		a := s.Auction
		if a == nil || a.Turn < 0 || a.Turn >= len(a.Bidders) || a.Out[a.Turn] || a.Bidders[a.Turn] == a.HighSeat {
			return fmt.Errorf("auction turn inconsistent: %+v", a)
		}
		if a.HighSeat >= 0 && a.High > s.Seats[a.HighSeat].Magic {
			return fmt.Errorf("auction: high bid %d above the bidder's magic", a.High)
		}
	}
	return nil
}

func (s *State) laidOf(st Seat) []int {
	var out []int
	for _, g := range st.Laid {
		out = append(out, g...)
	}
	return out
}

// completeGroupsCheck returns the laid-out groups that are not complete.
func (s *State) completeGroupsCheck(laid [][]int) [][]int {
	var bad [][]int
	for _, g := range laid {
		groups := s.completeGroups(g)
		if len(groups) != 1 || len(groups[0]) != len(g) {
			bad = append(bad, g)
		}
	}
	return bad
}
