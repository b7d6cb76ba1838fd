package sorcerercity

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Tasks of build-phase spells.
const (
	taskLift     = "lift"      // choose the tile a spell moves (Arg: the spell)
	taskKillHere = "kill-here" // kill a visible monster (Arg "adjacent": next to At only)
)

// moveFilter says which tiles a moving spell may lift: face up, on top of
// their cell (a tile a monster covers stays), and of the spell's kind.
func (s *State) moveFilter(spell string) func(top Placed) bool {
	colour := map[string]Colour{"move-purple": Purple, "move-green": Green, "move-yellow": Yellow, "move-red": Red, "boots": Red | Green}
	return func(top Placed) bool {
		t := s.c.Tile(top.Tile)
		switch spell {
		case "move-monster":
			return t.Kind == MonsterTile
		case "move-goal":
			return len(t.Goals) > 0 && t.Kind != MonsterTile
		case "move-rainbow":
			return t.Colours() == All && t.Kind != MonsterTile
		}
		return t.Kind != MonsterTile && t.Colours()&colour[spell] != 0
	}
}

// buildSpellChoices lists the build-phase spells (and the Magic Boots and
// Gauntlet) seat may cast now: built, visible, not cast this year, and
// with something to act on.
func (s *State) buildSpellChoices(seat int) []choice {
	st := s.Seats[seat]
	var out []choice
	for _, sp := range s.spells(seat, Build) {
		if st.Used[sp.key()] || len(s.spellTargets(seat, sp)) == 0 {
			continue
		}
		out = append(out, choice{id: "spell:" + sp.At.String(), label: games.T("sc.opt.cast", "spell", games.Ref("sc.spell."+sp.Spell), "at", st.District.Name(sp.At))})
	}
	return out
}

// spellTargets are the cells sp may act on.
func (s *State) spellTargets(seat int, sp spellAt) []Pos {
	d := &s.Seats[seat].District
	var out []Pos
	for _, c := range d.Cells {
		top, _ := d.Top(c.At)
		if top.FaceDown {
			continue
		}
		t := s.c.Tile(top.Tile)
		switch sp.Spell {
		case "kill-monster":
			if t.Kind == MonsterTile {
				out = append(out, c.At)
			}
		case "gauntlet":
			if t.Kind == MonsterTile && abs(c.At.X-sp.At.X)+abs(c.At.Y-sp.At.Y) == 1 {
				out = append(out, c.At)
			}
		default:
			if s.moveFilter(sp.Spell)(top) {
				out = append(out, c.At)
			}
		}
	}
	return out
}

// castBuildSpell starts casting the spell at at: its target is chosen
// next.
func (s *State) castBuildSpell(seat int, at Pos) bool {
	st := s.Seats[seat]
	for _, sp := range s.spells(seat, Build) {
		if sp.At != at || st.Used[sp.key()] || len(s.spellTargets(seat, sp)) == 0 {
			continue
		}
		if st.Used == nil {
			st.Used = map[string]bool{}
		}
		st.Used[sp.key()] = true
		kind := taskLift
		if sp.Spell == "kill-monster" || sp.Spell == "gauntlet" {
			kind = taskKillHere
		}
		st.Tasks = []Task{{Kind: kind, At: at, Arg: sp.Spell}}
		return true
	}
	return false
}

// spellTaskChoices are the answers to a lift or kill task.
func (s *State) spellTaskChoices(seat int) []choice {
	st := s.Seats[seat]
	t := st.Tasks[0]
	var out []choice
	for _, p := range s.spellTargets(seat, spellAt{t.At, t.Arg}) {
		out = append(out, choice{id: "mv:" + p.String(), label: s.cellLabel(&st.District, p)})
	}
	return out
}

// doSpellTask lifts the chosen tile (to be placed next) or kills the
// chosen monster.
func (s *State) doSpellTask(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	var out games.Outcome
	at, _, ok := parseAt(strings.TrimPrefix(move, "mv:"))
	t := st.Tasks[0]
	if !ok || !strings.HasPrefix(move, "mv:") {
		return out, games.Errorf("sc.err.illegal")
	}
	st.Tasks = st.Tasks[1:]
	pl, ok := st.District.Lift(at)
	if !ok {
		return out, games.Errorf("sc.err.illegal")
	}
	if t.Kind == taskKillHere {
		s.Gone = append(s.Gone, pl.Tile)
		out.Events = append(out.Events, games.T("sc.ev.killed", "player", games.Player(seat), "tile", tileText(s.c, pl.Tile)))
		return out, nil
	}
	st.Drawn, st.DrawnRot, st.DrawnTame = pl.Tile, pl.Rot, pl.Tame
	arg := movedPlace
	if t.Arg == "move-rainbow" {
		arg = movedOnto
	}
	st.Tasks = append([]Task{{Kind: taskPlace, Arg: arg}}, st.Tasks...)
	return out, nil
}
