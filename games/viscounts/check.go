package viscounts

import "fmt"

// Check verifies the invariants random play relies on: every townsfolk
// and manuscript is in exactly one place, workers are conserved, nothing
// goes negative, the markers stay in order on the track and buildings on
// the board match the players' counts.
func (s *State) Check() error {
	seen := make([]int, len(s.c.Townsfolk))
	for p := range numSegments {
		for _, c := range s.Folk[p] {
			seen[c]++
		}
	}
	for _, c := range s.Gone {
		seen[c]++
	}
	for _, c := range s.DraftHeroes {
		if c >= 0 {
			seen[c]++
		}
	}
	for i, st := range s.Seats {
		for _, zone := range [][]int{st.Hand, st.Draw, st.Discard, st.Board[:]} {
			for _, c := range zone {
				if c >= 0 {
					seen[c]++
				}
			}
		}
		if st.Silver < 0 || st.Res[Ink] < 0 || st.Res[Gold] < 0 || st.Res[Stone] < 0 || st.Debts < 0 || st.Deeds < 0 {
			return fmt.Errorf("seat %d: negative goods %+v", i, st)
		}
		if st.Corruption < 0 || st.Corruption > st.Virtue || st.Virtue >= len(s.c.Track.Own) {
			return fmt.Errorf("seat %d: markers %d/%d", i, st.Corruption, st.Virtue)
		}
		workers := st.Workers
		for tier := range 3 {
			for sec := range numSegments {
				workers += count(s.Tiers[tier][sec], i)
			}
		}
		if workers != workersEach {
			return fmt.Errorf("seat %d: %d workers", i, workers)
		}
		var built [numBuildings]int
		for p := range numSegments {
			for _, o := range s.Plots[p] {
				if o >= 0 && o/numBuildings == i {
					built[o%numBuildings]++
				}
			}
		}
		if built != st.Built {
			return fmt.Errorf("seat %d: built %v, on the board %v", i, st.Built, built)
		}
		if s.Phase != phaseDraft && !s.isAI(i) && s.ownedCards(i) < minCards {
			return fmt.Errorf("seat %d: %d cards", i, s.ownedCards(i))
		}
	}
	for c, n := range seen {
		t := &s.c.Townsfolk[c]
		want := 1
		switch {
		case t.Kind == "starter":
			want = s.humans()
		case t.Kind == "hero" && n == 0, t.Kind == "printed":
			want = 0
		}
		if n != want {
			return fmt.Errorf("townsfolk %s is in %d places, want %d", t.ID, n, want)
		}
	}
	if err := s.checkSolo(); err != nil {
		return err
	}
	scripts := make([]int, len(s.c.Manuscripts))
	for p := range numSegments {
		for _, m := range s.Scripts[p] {
			scripts[m]++
		}
	}
	for _, st := range s.Seats {
		for _, m := range st.Scripts {
			scripts[m]++
		}
	}
	for m, n := range scripts {
		if n != 1 {
			return fmt.Errorf("manuscript %s is in %d places", s.c.Manuscripts[m].ID, n)
		}
	}
	return nil
}
