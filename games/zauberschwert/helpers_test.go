package zauberschwert

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func newGame(t testing.TB) *Game {
	t.Helper()
	return New().(*Game)
}

// fresh returns a new game state for players seats.
func fresh(t testing.TB, players int, seed uint64) *State {
	t.Helper()
	st, err := newGame(t).New(games.Setup{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// atPlacement builds a state at the start of phase C with the given start
// player, display cards and magic, empty hands, and the pile otherwise
// intact. Cards in the display are taken out of the pile.
func atPlacement(t testing.TB, players, start int, display []string, magic []int) *State {
	t.Helper()
	s := fresh(t, players, 1)
	s.Pile = append(s.Pile, cardIDs(s.Display)...)
	s.Display = nil
	for _, id := range display {
		i := slices.Index(s.Pile, id)
		if i < 0 {
			t.Fatalf("card %s not in pile", id)
		}
		s.Pile = slices.Delete(s.Pile, i, i+1)
		s.Display = append(s.Display, Slot{Card: id})
	}
	s.Start = start
	s.Win = nil
	for i := range s.Seats {
		s.Seats[i] = Seat{Magic: magic[i], Spells: []OwnedSpell{}, Hand: []int{}, Laid: [][]int{}, Placed: NotPlaced}
	}
	s.Step = stepPlace
	s.advance()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

func cardIDs(slots []Slot) []string {
	var out []string
	for _, sl := range slots {
		out = append(out, sl.Card)
	}
	return out
}

// apply plays moves "seat:move" and fails the test on any refusal.
func apply(t testing.TB, s *State, moves ...games.Move) []games.Text {
	t.Helper()
	var events []games.Text
	for _, m := range moves {
		if !games.Legal(s, m.Seat, m.ID) {
			t.Fatalf("move %+v not offered; pending %v", m, promptSummary(s))
		}
		out, err := s.Apply(m.Seat, m.ID)
		if err != nil {
			t.Fatalf("move %+v: %v", m, err)
		}
		events = append(events, out.Events...)
		if err := s.Check(); err != nil {
			t.Fatalf("after %+v: %v", m, err)
		}
	}
	return events
}

func mv(seat int, id string) games.Move { return games.Move{Seat: seat, ID: id} }

func promptSummary(s *State) map[int][]string {
	out := map[int][]string{}
	for _, p := range s.Pending() {
		for _, o := range p.Options {
			out[p.Seat] = append(out[p.Seat], o.ID)
		}
	}
	return out
}

// cardsOf returns the artifact card indexes of artifact id.
func cardsOf(s *State, id string) []int {
	var out []int
	for _, a := range s.d.Artifacts {
		if a.Artifact.ID == id {
			out = append(out, a.Index)
		}
	}
	return out
}

// layOut moves the cards of the artifacts ids from the pile to seat's laid-out area.
func layOut(t testing.TB, s *State, seat int, ids ...string) {
	t.Helper()
	for _, id := range ids {
		cs := cardsOf(s, id)
		a := s.d.Artifacts[cs[0]].Artifact
		if a.Parts == 1 {
			cs = cs[:1]
		}
		s.ArtPile = slices.DeleteFunc(s.ArtPile, func(c int) bool { return slices.Contains(cs, c) })
		s.Seats[seat].Laid = append(s.Seats[seat].Laid, cs)
	}
}

// giveHand moves cards from the pile into seat's hand.
func giveHand(s *State, seat int, cards ...int) {
	s.ArtPile = slices.DeleteFunc(s.ArtPile, func(c int) bool { return slices.Contains(cards, c) })
	s.Seats[seat].Hand = append(s.Seats[seat].Hand, cards...)
}

// seatOf returns the seat numbers that have a pending prompt.
func seatsPending(s *State) []int {
	var out []int
	for _, p := range s.Pending() {
		out = append(out, p.Seat)
	}
	return out
}

// ownSpell gives seat the spell id, taking its card out of the pile.
func ownSpell(t testing.TB, s *State, seat int, id string) {
	t.Helper()
	i := slices.IndexFunc(s.Pile, func(c string) bool { return s.d.cardByID[c].Spell == id })
	if i < 0 {
		t.Fatalf("spell %s not in the pile", id)
	}
	s.Pile = slices.Delete(s.Pile, i, i+1)
	s.Seats[seat].Spells = append(s.Seats[seat].Spells, OwnedSpell{ID: id})
}

// holdPhaseE gives two seats a non-matching half each, so that phase E
// waits for them and the state after phase D can be inspected.
func holdPhaseE(s *State, a, b int) {
	giveHand(s, a, cardsOf(s, "wand-tri")[0])
	giveHand(s, b, cardsOf(s, "wand-square")[0])
}
