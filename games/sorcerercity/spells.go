package sorcerercity

import (
	"fmt"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// stageSpells sits between scoring and the transformation: score-phase
// spells are cast, in the order each owner likes.
const stageSpells = "spells"

// spellAt is a spell of a tile built in a district.
type spellAt struct {
	At    Pos
	Spell string
}

func (sp spellAt) key() string { return sp.Spell + "@" + sp.At.String() }

// spells lists the spells of seat's district that act in phase: those of
// visible tiles only (a covered or face-down tile's spell does nothing).
func (s *State) spells(seat int, phase Phase) []spellAt {
	var out []spellAt
	d := &s.Seats[seat].District
	for _, c := range d.Cells {
		top, _ := d.Top(c.At)
		if top.FaceDown {
			continue
		}
		if sp := s.c.Tile(top.Tile).Spell; sp != "" && Spells[sp] == phase {
			out = append(out, spellAt{c.At, sp})
		}
	}
	return out
}

// has reports whether seat's district shows a tile with spell.
func (s *State) has(seat int, spell string) int {
	n := 0
	for _, sp := range s.spells(seat, Spells[spell]) {
		if sp.Spell == spell {
			n++
		}
	}
	return n
}

// castable lists seat's score-phase spells not cast yet that would do
// something now.
func (s *State) castable(seat int) []spellAt {
	st := s.Seats[seat]
	var out []spellAt
	for _, sp := range s.spells(seat, Score) {
		if st.Used[sp.key()] {
			continue
		}
		switch sp.Spell {
		case "magic-3":
			if st.Annual[Magic] < 3 {
				continue
			}
		case "magic-5":
			if st.Annual[Magic] < 5 {
				continue
			}
		case "staff":
			continue // acts in the transformation
		}
		out = append(out, sp)
	}
	return out
}

// spellPrompt offers seat's score-phase spells, one at a time in the order
// the seat likes, or to stop casting.
func (s *State) spellPrompt(seat int) (games.Prompt, bool) {
	st := s.Seats[seat]
	can := s.castable(seat)
	if st.SpellsDone || len(can) == 0 {
		return games.Prompt{}, false
	}
	p := games.Prompt{Seat: seat, Secret: true, Text: games.T("sc.prompt.spells")}
	for _, sp := range can {
		p.Options = append(p.Options, games.Option{ID: "cast:" + sp.At.String(), Label: games.T("sc.opt.cast", "spell", games.Ref("sc.spell."+sp.Spell), "at", st.District.Name(sp.At))})
	}
	p.Options = append(p.Options, games.Option{ID: "done", Label: games.T("sc.opt.nomore")})
	return p, true
}

// cast answers the spell prompt.
func (s *State) cast(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	var out games.Outcome
	if move == "done" {
		st.SpellsDone = true
		s.spellsIfSettled(&out)
		return out, nil
	}
	at, _, ok := parseAt(strings.TrimPrefix(move, "cast:"))
	var sp spellAt
	for _, c := range s.castable(seat) {
		if c.At == at {
			sp = c
		}
	}
	if !ok || sp.Spell == "" {
		return out, games.Errorf("sc.err.illegal")
	}
	if st.Used == nil {
		st.Used = map[string]bool{}
	}
	st.Used[sp.key()] = true
	a := &st.Annual
	switch sp.Spell {
	case "magic-3", "magic-5":
		n := 3
		if sp.Spell == "magic-5" {
			n = 5
		}
		a[Magic] -= n
		a.Add(Money, n)
		a.Add(Influence, n)
		a.Add(Prestige, n)
	case "goals-to-prestige":
		goals := 0
		for _, g := range newBoard(s.c, &st.District).goals() {
			goals += len(g)
		}
		a.Add(Prestige, goals/2)
	case "money-to-prestige":
		a.Add(Prestige, a[Money]/3)
	case "influence-to-prestige":
		a.Add(Prestige, a[Influence]/3)
	}
	out.Events = append(out.Events, games.T("sc.ev.cast", "player", games.Player(seat), "spell", games.Ref("sc.spell."+sp.Spell),
		"money", a[Money], "influence", a[Influence], "magic", a[Magic], "prestige", a[Prestige]))
	if len(s.castable(seat)) == 0 {
		st.SpellsDone = true
	}
	s.spellsIfSettled(&out)
	return out, nil
}

// spellsIfSettled moves on to the transformation once no seat has a spell
// left to cast.
func (s *State) spellsIfSettled(out *games.Outcome) {
	for i := range s.Seats {
		if _, ok := s.spellPrompt(i); ok {
			return
		}
	}
	s.Stage = stageTransform
	s.transformIfSettled(out)
}

// transformOptions are the cards seat may show: one resource, or with the
// Staff two, the first taking the odd point.
func (s *State) transformOptions(seat int) []games.Option {
	rs := []Resource{Money, Influence, Prestige}
	var out []games.Option
	for _, r := range rs {
		out = append(out, games.Option{ID: "to:" + r.String(), Label: games.T("sc.opt.to." + r.String())})
	}
	if s.has(seat, "staff") == 0 {
		return out
	}
	odd := s.Seats[seat].Annual[Magic]%2 == 1
	for i, a := range rs {
		for j, b := range rs {
			if i == j || (!odd && j < i) {
				continue
			}
			out = append(out, games.Option{ID: fmt.Sprintf("to:%s+%s", a, b),
				Label: games.T("sc.opt.to.two", "a", games.Ref("sc.res."+a.String()), "b", games.Ref("sc.res."+b.String()))})
		}
	}
	return out
}
