package zauberschwert

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Spell effects (designed; see data/spells.json).
const (
	fulmentusWeaken  = 2
	stonexMagic      = 3 // magic per power stone
	addusMagic       = 2
	retransformMagic = 3 // magic per power stone
	transformusMagic = 2 // magic per artifact card
	harpagarusMagic  = 2
)

// openWindow asks seats, in turn order from the start player, whether they
// cast a spell. A cast starts the round of questions over (prompts.go):
// the window closes only once every owner with something castable has
// declined since the last cast.
func (s *State) openWindow(kind string, seats []int) {
	s.Win = &Window{Kind: kind, Queue: seats}
	s.Step = stepSpells
}

// windowSeat is the seat asked now, skipping seats with nothing to cast.
func (s *State) windowSeat() int {
	for s.Win.Pos < len(s.Win.Queue) {
		seat := s.Win.Queue[s.Win.Pos]
		if len(s.castMoves(seat)) > 0 {
			return seat
		}
		s.Win.Pos++
	}
	return -1
}

func (s *State) closeWindow() {
	kind := s.Win.Kind
	s.Win = nil
	switch kind {
	case winB:
		s.Step = stepPlace
	case winD:
		s.Step = stepResolve
	default:
		s.startTrade()
	}
}

// castMoves lists the spells seat can usefully cast now, as move ids.
func (s *State) castMoves(seat int) []string {
	var out []string
	st := &s.Seats[seat]
	for _, sp := range st.Spells {
		if sp.Used {
			continue
		}
		switch sp.ID {
		case spFulmentus:
			if s.Win.Kind == winD && s.Cur >= 0 && s.card(s.Cur).Kind == KindCreature && s.strength() > 1 &&
				slices.Contains(s.wizardsAt(s.Cur), seat) {
				out = append(out, "cast:"+sp.ID)
			}
		case spStonex:
			if st.Magic >= stonexMagic {
				out = append(out, "cast:"+sp.ID)
			}
		case spAddus:
			if st.Magic < maxMagic {
				out = append(out, "cast:"+sp.ID)
			}
		case spRetransformus:
			if st.Stones >= 1 && st.Magic < maxMagic {
				out = append(out, "cast:"+sp.ID)
			}
		case spTransformus:
			if st.Magic >= transformusMagic && len(s.ArtPile) > 0 {
				out = append(out, "cast:"+sp.ID)
			}
		case spHarpagarus:
			for t := range s.Seats {
				if t != seat && s.Seats[t].Magic > 0 {
					out = append(out, "cast:"+sp.ID+":"+strconv.Itoa(t))
				}
			}
		}
	}
	return out
}

// cast applies a move from castMoves.
func (s *State) cast(seat int, move string) {
	parts := strings.Split(move, ":")
	id := parts[1]
	st := &s.Seats[seat]
	for i := range st.Spells {
		if st.Spells[i].ID == id {
			st.Spells[i].Used = true
		}
	}
	name := games.Ref(s.d.spellByID[id].Name)
	s.emit("zs.ev.cast", "player", player(seat), "spell", name)
	switch id {
	case spFulmentus:
		s.Weaken += fulmentusWeaken
	case spStonex:
		st.Magic -= stonexMagic
		st.Stones++
	case spAddus:
		s.gainMagic(seat, addusMagic)
	case spRetransformus:
		st.Stones--
		s.gainMagic(seat, retransformMagic)
	case spTransformus:
		st.Magic -= transformusMagic
		s.draw(seat, 1)
	case spHarpagarus:
		t, _ := strconv.Atoi(parts[2])
		n := min(harpagarusMagic, s.Seats[t].Magic)
		s.Seats[t].Magic -= n
		s.gainMagic(seat, n)
		s.emit("zs.ev.stolen", "player", player(seat), "victim", player(t), "n", n)
	}
}
