package dungeondesigner

import (
	"github.com/tavern-bot/tavern/games"
)

// revealJael turns up Jael's next card at the start of a Build phase.
func (s *State) revealJael() {
	if len(s.Jael.Deck) == 0 {
		return
	}
	s.Jael.Cards = append(s.Jael.Cards, s.Jael.Deck[0])
	s.Jael.Deck = s.Jael.Deck[1:]
	s.drew = true
}

// runeCheck moves every room left in the solo hand whose rune appears on
// Jael's current card to Jael's pile and discards the others.
func (s *State) runeCheck() []games.Text {
	card := s.c.JaelCard(s.Jael.current())
	st := s.Seats[0]
	var ev []games.Text
	for _, id := range st.Hand {
		if contains(card.Runes, s.c.Room(id).Rune) {
			s.Jael.Pile = append(s.Jael.Pile, id)
			ev = append(ev, games.T("dd.ev.jael_room", "room", games.Ref(roomKey(id))))
		} else {
			s.Discard = append(s.Discard, id)
		}
	}
	st.Hand = nil
	return ev
}

// jaelCompare runs the gold comparison once a year: while the player has
// more gold than Jael's card shows, nothing happens; the first time the
// player has as much or less, Jael collects the tiles its card names and
// the lowest-numbered open task is discarded.
func (s *State) jaelCompare() []games.Text {
	j := s.Jael
	st := s.Seats[0]
	if j.Triggered || st.Passed || st.Gold > s.c.JaelCard(j.current()).Gold {
		return nil
	}
	j.Triggered = true
	var ev []games.Text
	for _, col := range s.c.JaelCard(j.current()).Collect {
		if col.Stall > len(s.Stalls) {
			continue
		}
		tiles := s.Stalls[col.Stall-1].part(col.Part == "lower")
		if len(*tiles) > 0 {
			j.Tiles = append(j.Tiles, *tiles...)
			*tiles = nil
			ev = append(ev, games.T("dd.ev.jael_collect", "stall", col.Stall, "part", games.Ref("dd.partacc."+col.Part)))
		}
	}
	if len(s.TaskOpen) > 0 {
		low := s.TaskOpen[0]
		for _, n := range s.TaskOpen {
			low = min(low, n)
		}
		s.TaskOpen = removeInt(s.TaskOpen, low)
		s.TaskDiscard = append(s.TaskDiscard, low)
		ev = append(ev, games.T("dd.ev.jael_task", "task", low))
	}
	return ev
}

// jaelTakeAll gives Jael every tile left on the market when the player passes.
func (s *State) jaelTakeAll() []games.Text {
	n := 0
	for k := range s.Stalls {
		for _, lower := range []bool{false, true} {
			tiles := s.Stalls[k].part(lower)
			n += len(*tiles)
			s.Jael.Tiles = append(s.Jael.Tiles, *tiles...)
			*tiles = nil
		}
	}
	if n == 0 {
		return nil
	}
	return []games.Text{jaelRestText(n)}
}

// jaelRestText tells that Jael took the n tiles left on the market.
func jaelRestText(n int) games.Text { return games.Counted("dd.ev.jael_rest", "n", "n", n) }

// jaelElements lists every element Jael owns: on tiles and on pile rooms.
func (s *State) jaelElements() []string {
	var out []string
	for _, id := range s.Jael.Tiles {
		out = append(out, s.c.Tile(id).Element)
	}
	for _, id := range s.Jael.Pile {
		for _, el := range s.c.Room(id).Spots {
			if el != "" {
				out = append(out, el)
			}
		}
	}
	return out
}

// countElements counts what among els.
func countElements(els []string, what string) int {
	n := 0
	for _, el := range els {
		if matches(el, what) {
			n++
		}
	}
	return n
}

// bonusPoints scores a Jael card condition on Jael's collection.
func bonusPoints(b Bonus, els []string) int {
	switch b.Kind {
	case "each":
		return b.Pts * countElements(els, b.Of[0])
	case "set":
		sets := -1
		for _, w := range b.Of {
			n := countElements(els, w)
			if sets < 0 || n < sets {
				sets = n
			}
		}
		return b.Pts * max(sets, 0)
	}
	return 0
}
