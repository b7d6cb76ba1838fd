package viscounts

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// The helpers here build rule positions by hand: a game is set up and
// drafted for real (so every card is somewhere and Check holds), then the
// board is laid out in catalog order (position p shows catalog segment p,
// the castle unturned), the seats' goods, buildings and markers are
// cleared, and no task is pending. A test then places cards and viscounts
// and pushes the task it wants to see resolved.

// drafted is a new game of setup past the draft, each seat taking the
// first pair offered.
func drafted(t *testing.T, setup games.Setup) *State {
	t.Helper()
	st, err := New().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Phase == phaseDraft {
		p := s.Pending()[0]
		if _, err := s.Apply(p.Seat, p.Options[0].ID); err != nil {
			t.Fatalf("draft: %v", err)
		}
	}
	return s
}

// table returns such a position for players seats; seat 0 starts and is
// the current player.
func table(t *testing.T, players int) *State {
	t.Helper()
	s := drafted(t, games.Setup{Players: players, Seed: 7})
	for i := range s.Layout {
		s.Layout[i] = i
	}
	s.CastleTurn = 0
	for p := range numSegments {
		s.Plots[p] = slices.Repeat([]int{-1}, len(s.side(p).Plots))
		for tier := range 3 {
			s.Tiers[tier][p] = nil
		}
	}
	for _, seat := range s.Seats {
		seat.Silver, seat.Res = 0, [numResources]int{}
		seat.Debts, seat.PaidDebts, seat.Deeds, seat.Approved = 0, 0, 0, 0
		seat.Built = [numBuildings]int{}
		seat.Workers = workersEach
		seat.Corruption, seat.Virtue = 0, len(s.c.Track.Own)-1
		seat.Bonus = nil
		seat.Dismissed, seat.Transcribed = false, false
		seat.Turns = 3 // a position past the opening: no starting icons
		for i, c := range seat.Board {
			if c >= 0 {
				seat.Discard = append(seat.Discard, c)
				seat.Board[i] = -1
			}
		}
	}
	s.Leader, s.ClericBonus = 0, [numRibbons]int{}
	s.Start, s.Current, s.Round, s.LastRound = 0, 0, 1, 0
	s.Poverty, s.Prosperity = false, false
	s.Phase, s.Tasks, s.Played = phaseTurn, nil, -1
	if err := s.Check(); err != nil {
		t.Fatalf("prepared position: %v", err)
	}
	return s
}

// card is the catalog index of townsfolk id.
func card(t *testing.T, s *State, id string) int {
	t.Helper()
	i, ok := s.c.byID[id]
	if !ok {
		t.Fatalf("no townsfolk %q", id)
	}
	return i
}

// segPos is the board position of segment id (catalog order, see table).
func segPos(t *testing.T, s *State, id string) int {
	t.Helper()
	for p := range numSegments {
		if s.seg(p).ID == id {
			return p
		}
	}
	t.Fatalf("no segment %q", id)
	return -1
}

// script is the catalog index of manuscript id.
func script(t *testing.T, s *State, id string) int {
	t.Helper()
	for i, m := range s.c.Manuscripts {
		if m.ID == id {
			return i
		}
	}
	t.Fatalf("no manuscript %q", id)
	return -1
}

// pull removes one copy of townsfolk c from wherever it lies: for a
// starting card, seat's own copy first; a hero nobody drafted is taken
// from the box.
func pull(t *testing.T, s *State, seat, c int) {
	t.Helper()
	cut := func(zone *[]int) bool {
		if i := slices.Index(*zone, c); i >= 0 {
			*zone = slices.Delete(*zone, i, i+1)
			return true
		}
		return false
	}
	seats := []int{seat}
	for o := range s.Seats {
		if o != seat {
			seats = append(seats, o)
		}
	}
	for _, o := range seats {
		st := s.Seats[o]
		if cut(&st.Hand) || cut(&st.Draw) || cut(&st.Discard) {
			return
		}
		if i := slices.Index(st.Board[:], c); i >= 0 {
			st.Board[i] = -1
			return
		}
	}
	for p := range numSegments {
		if cut(&s.Folk[p]) {
			return
		}
	}
	if cut(&s.Gone) || s.folk(c).Kind == "hero" {
		return // heroes not drafted are out of the game
	}
	t.Fatalf("townsfolk %s is nowhere", s.folk(c).ID)
}

// toHand, toBoard, toDraw (on top), toDiscard and toFolk (on top of the
// pile at p) move the named townsfolk there.
func toHand(t *testing.T, s *State, seat int, ids ...string) {
	t.Helper()
	give(t, s, seat, &s.Seats[seat].Hand, ids)
}

func toBoard(t *testing.T, s *State, seat int, ids ...string) {
	t.Helper()
	for i, id := range ids {
		if id == "" {
			continue
		}
		c := card(t, s, id)
		pull(t, s, seat, c)
		if old := s.Seats[seat].Board[i]; old >= 0 {
			s.Seats[seat].Discard = append(s.Seats[seat].Discard, old)
		}
		s.Seats[seat].Board[i] = c
	}
}

func toDraw(t *testing.T, s *State, seat int, ids ...string) {
	t.Helper()
	give(t, s, seat, &s.Seats[seat].Draw, ids)
}

func toFolk(t *testing.T, s *State, p int, ids ...string) {
	t.Helper()
	for _, id := range ids {
		c := card(t, s, id)
		pull(t, s, 0, c)
		s.Folk[p] = append(s.Folk[p], c)
	}
}

// strip removes every card seat owns from the game (to s.Gone), so a test
// can give it exactly the cards it needs.
func strip(s *State, seat int) {
	st := s.Seats[seat]
	s.Gone = append(s.Gone, st.Hand...)
	s.Gone = append(s.Gone, st.Draw...)
	s.Gone = append(s.Gone, st.Discard...)
	for i, c := range st.Board {
		if c >= 0 {
			s.Gone = append(s.Gone, c)
			st.Board[i] = -1
		}
	}
	st.Hand, st.Draw, st.Discard = nil, nil, nil
}

// space is the space id of slot (slotLeft, slotInner, slotRight) at p.
func space(p, slot int) int { return p*3 + slot }

// do pushes tasks and resolves them up to the first decision.
func do(s *State, ts ...Task) {
	s.push(ts...)
	s.run()
}

// ids lists the options of the pending prompt; none when nothing waits.
func ids(s *State) []string {
	ps := s.Pending()
	if len(ps) == 0 {
		return nil
	}
	var out []string
	for _, o := range ps[0].Options {
		out = append(out, o.ID)
	}
	return out
}

// answer applies option id for the seat asked now; it fails the test if
// the option is not offered.
func answer(t *testing.T, s *State, id string) {
	t.Helper()
	ps := s.Pending()
	if len(ps) == 0 {
		t.Fatalf("answer %q: nothing pending", id)
	}
	if _, err := s.Apply(ps[0].Seat, id); err != nil {
		t.Fatalf("answer %q (seat %d, task %s): %v; offered %v", id, ps[0].Seat, s.Tasks[0].Kind, err, ids(s))
	}
}

// asked fails the test unless the next decision is seat's task of kind.
func asked(t *testing.T, s *State, seat int, kind string) {
	t.Helper()
	if len(s.Tasks) == 0 {
		t.Fatalf("want seat %d asked %q, nothing pending", seat, kind)
	}
	if got := s.Tasks[0]; got.Seat != seat || got.Kind != kind {
		t.Fatalf("want seat %d asked %q, got seat %d asked %q (%v)", seat, kind, got.Seat, got.Kind, ids(s))
	}
}

// settled fails the test if anything is still pending.
func settled(t *testing.T, s *State) {
	t.Helper()
	if len(s.Tasks) > 0 {
		t.Fatalf("still pending: seat %d %q %v", s.Tasks[0].Seat, s.Tasks[0].Kind, ids(s))
	}
}

// planOption is the id of the action option that does kind/target (as
// actionChoices builds it) paying exactly p; the test fails if none does.
func planOption(t *testing.T, s *State, kind, target string, icon Icon, need int, p pay) string {
	t.Helper()
	plans := s.payOptions(s.Current, icon, need)
	for i, q := range plans {
		if q == p {
			return joinIDs(kind, target, strconv.Itoa(i))
		}
	}
	t.Fatalf("%s %s: no plan %+v among %+v", kind, target, p, plans)
	return ""
}

func toDiscard(t *testing.T, s *State, seat int, ids ...string) {
	t.Helper()
	give(t, s, seat, &s.Seats[seat].Discard, ids)
}

func itoa(n int) string { return strconv.Itoa(n) }

// give moves the named townsfolk onto the end of zone, one of seat's piles.
func give(t *testing.T, s *State, seat int, zone *[]int, ids []string) {
	t.Helper()
	for _, id := range ids {
		c := card(t, s, id)
		pull(t, s, seat, c)
		*zone = append(*zone, c)
	}
}
