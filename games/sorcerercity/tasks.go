package sorcerercity

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Task is one thing a seat must do before it goes on: build the drawn
// tile, or carry out a monster's effect. At is the cell it concerns.
type Task struct {
	Kind string `json:"k"`
	At   Pos    `json:"at"`
	N    int    `json:"n,omitempty"` // a price limit, an amount, a vendor
	Arg  string `json:"a,omitempty"`
}

// The tasks.
const (
	taskPlace        = "place"          // build the drawn tile
	taskRemove       = "remove"         // Kraken: a tile goes under the deck
	taskRemoveShield = "remove-shield"  // Gelatinous Cube: a tile with a shield goes under the deck
	taskDiscardRed   = "discard-red"    // Demon: a tile with red is discarded
	taskDiscardYell  = "discard-yellow" // Goblin: a tile with yellow is discarded
	taskDestroy      = "destroy"        // Dragon: a tile next to At is destroyed
	taskSkeleton     = "skeleton"       // Lich: a Skeleton from the stack is built
	taskTurn         = "turn"           // a flipped tile at At is turned as its owner likes
	taskRelocate     = "relocate"       // a flipped Golem, Giant or Pixie at At goes where it must
	taskChimera      = "chimera"        // a goal tile in At's row or column is destroyed
	taskGenie        = "genie"          // the monster at At goes on top of a tile
	taskScoreBeasts  = "score-monsters" // line up the Chimeras and the Genie
	taskBeastNext    = "monster-next"   // the owner picks which score-phase monster acts next
)

// Kinds of place tasks besides a drawn tile's: plainPlace ignores a
// monster's effects (a tile placed early by the "two early" reward);
// movedPlace and movedOnto place a tile a spell lifted, as it was turned,
// on an empty spot or on top of any tile.
const (
	plainPlace = "plain"
	movedPlace = "moved"
	movedOnto  = "onto"
)

// Tiles a Kraken takes, and a Demon or Goblin discards.
const (
	krakenTakes  = 3
	discardTakes = 2
	stalkerHides = 2
)

// repeat is n copies of t.
func repeat(n int, t Task) []Task {
	out := make([]Task, n)
	for i := range out {
		out[i] = t
	}
	return out
}

// drawnTasks is what a freshly drawn tile asks, by its monster.
func (s *State) drawnTasks(seat int, beast string) []Task {
	place := Task{Kind: taskPlace}
	switch beast {
	case "dragon":
		return []Task{place, {Kind: taskDestroy}}
	case "gelatinous-cube":
		return []Task{{Kind: taskRemoveShield}, place}
	case "kraken":
		return append(s.krakenTasks(seat, nil), place)
	case "lich":
		return []Task{place, {Kind: taskSkeleton}}
	case "demon":
		return append(repeat(discardTakes, Task{Kind: taskDiscardRed}), place)
	case "goblin":
		return append(repeat(discardTakes, Task{Kind: taskDiscardYell}), place)
	}
	return []Task{place}
}

// flippedTasks is what a monster turned face up at p asks at once.
func (s *State) flippedTasks(seat int, beast string, p Pos) []Task {
	switch beast {
	case "dragon":
		return []Task{{Kind: taskDestroy, At: p}}
	case "gelatinous-cube":
		return []Task{{Kind: taskRemoveShield, At: p}}
	case "kraken":
		return s.krakenTasks(seat, &p)
	case "lich":
		return []Task{{Kind: taskSkeleton}}
	case "demon":
		return repeat(discardTakes, Task{Kind: taskDiscardRed, At: p})
	case "goblin":
		return repeat(discardTakes, Task{Kind: taskDiscardYell, At: p})
	case "golem", "giant", "pixie":
		return []Task{{Kind: taskRelocate, At: p}}
	}
	return nil
}

// krakenTasks takes three tiles, or the whole district (but the Kraken
// itself, at self) when it holds three or fewer: those go under the deck
// at once.
func (s *State) krakenTasks(seat int, self *Pos) []Task {
	st := s.Seats[seat]
	var all []Pos
	n := 0
	for _, c := range st.District.Cells {
		if self == nil || c.At != *self {
			all = append(all, c.At)
			n += len(c.Stack)
		}
	}
	if n > krakenTakes {
		t := Task{Kind: taskRemove}
		if self != nil {
			t.At = *self
		}
		return repeat(krakenTakes, t)
	}
	for _, p := range all {
		for {
			pl, ok := st.District.Lift(p)
			if !ok {
				break
			}
			st.Deck = slices.Insert(st.Deck, 0, pl.Tile)
		}
	}
	return nil
}

// choice is one answer to a task, before it becomes an option.
type choice struct {
	id    string
	label games.Text
	path  []games.Step
}

// taskChoices lists the answers to seat's first task; none means the task
// is skipped (nothing to take, nowhere to go).
func (s *State) taskChoices(seat int) []choice {
	st := s.Seats[seat]
	t := st.Tasks[0]
	d := &st.District
	cells := func(key string, ok func(p Pos, top Tile) bool) []choice {
		var out []choice
		for _, c := range d.Cells {
			top, _ := d.Top(c.At)
			if top.FaceDown || !ok(c.At, s.c.Tile(top.Tile)) {
				continue
			}
			out = append(out, choice{id: key + ":" + c.At.String(), label: s.cellLabel(d, c.At)})
		}
		return out
	}
	// A flipped monster's own cell (the task's At in the Score phase) is
	// not among what it takes.
	notSelf := func(p Pos) bool { return s.Stage != stageScore || p != t.At }
	switch t.Kind {
	case taskPlace:
		return s.placeChoices(seat)
	case taskRemove:
		return cells("rm", func(p Pos, _ Tile) bool { return notSelf(p) })
	case taskRemoveShield:
		return cells("rm", func(p Pos, top Tile) bool { return notSelf(p) && len(top.Goals) > 0 })
	case taskDiscardRed:
		return cells("rm", func(p Pos, top Tile) bool { return notSelf(p) && top.HasColour(Red) })
	case taskDiscardYell:
		return cells("rm", func(p Pos, top Tile) bool { return notSelf(p) && top.HasColour(Yellow) })
	case taskDestroy:
		return cells("rm", func(p Pos, _ Tile) bool {
			return p != t.At && abs(p.X-t.At.X)+abs(p.Y-t.At.Y) == 1
		})
	case taskChimera:
		return cells("rm", func(p Pos, top Tile) bool {
			return p != t.At && (p.X == t.At.X || p.Y == t.At.Y) && len(top.Goals) > 0 && top.Kind != MonsterTile
		})
	case taskTurn:
		top, ok := d.Top(t.At)
		if !ok || top.Tile != t.Arg {
			return nil // a monster turned up first took it away, or lies on it
		}
		var out []choice
		for _, rot := range s.turns(d, t.At, top) {
			pl := Placed{Tile: top.Tile, Rot: rot}
			out = append(out, choice{id: "turn:" + t.At.String() + ":" + strconv.Itoa(rot),
				label: s.label(func() games.Text { return games.T("sc.opt.turn", "sides", sidesText(sidesOf(s.c, pl))) })})
		}
		return out
	case taskGenie:
		return s.coverChoices(seat, func(top Tile) bool { return top.Kind != MonsterTile }, false)
	case taskBeastNext:
		var out []choice
		for _, p := range s.scoreActors(seat) {
			out = append(out, choice{id: "first:" + p.String(), label: s.cellLabel(d, p)})
		}
		return out
	case taskEarly:
		return s.buyTaskChoices(seat)
	case taskLift, taskKillHere:
		return s.spellTaskChoices(seat)
	}
	return nil
}

func abs(n int) int { return max(n, -n) }

// sidesOf is what pl shows on its four sides.
func sidesOf(c *Components, pl Placed) [4]Colour {
	var sides [4]Colour
	for i := range 4 {
		sides[i], _ = side(c, pl, i)
	}
	return sides
}

// Turns lists the quarter turns (0 to 3, clockwise) of tile id that show
// different sides, as placing it offers them; a picture numbers them
// from 1 as the options do.
func (c *Components) Turns(id string) []int {
	seen := map[[4]Colour]bool{}
	var out []int
	for rot := range 4 {
		sides := sidesOf(c, Placed{Tile: id, Rot: rot})
		if !seen[sides] {
			seen[sides] = true
			out = append(out, rot)
		}
	}
	return out
}

// turns lists the turns of the tile at p that show different sides and,
// for a Skeleton, keep its jagged sides free (all turns when none does).
func (s *State) turns(d *District, p Pos, top Placed) []int {
	var ok, all []int
	seen := map[[4]Colour]bool{}
	for rot := range 4 {
		pl := Placed{Tile: top.Tile, Rot: rot}
		key := sidesOf(s.c, pl)
		if t := s.c.Tile(top.Tile); seen[key] && t.Beast != "skeleton" {
			continue
		}
		seen[key] = true
		all = append(all, rot)
		if !jaggedTouches(s.c, d, p, pl) {
			ok = append(ok, rot)
		}
	}
	if len(ok) == 0 {
		return all
	}
	return ok
}

// jaggedTouches reports whether pl at p would have a jagged side touching
// a tile, or touch a jagged side.
func jaggedTouches(c *Components, d *District, p Pos, pl Placed) bool {
	for s := range 4 {
		q, ok := d.Top(p.step(s))
		if !ok {
			continue
		}
		if _, j := side(c, q, (s+2)%4); j {
			return true
		}
		if _, j := side(c, pl, s); j {
			return true
		}
	}
	return false
}

// placeChoices are the places for the drawn tile: by its monster's rule
// (the Golem at the end of the longest open line, the Giant on a bought
// tile, the Pixie on a goal tile), face down after an Invisible Stalker,
// or anywhere next to the district.
func (s *State) placeChoices(seat int) []choice {
	st := s.Seats[seat]
	pl := s.drawnAs(st, st.Tasks[0], 0)
	switch st.Tasks[0].Arg {
	case movedPlace: // a spell moves it, turned as it was
		pl.Rot = st.DrawnRot
		return s.spotChoices(st, pl, nil, true)
	case movedOnto: // the rainbow spell lays it on any tile
		return s.coverChoices(seat, func(Tile) bool { return true }, true)
	}
	if !st.DrawnDown && st.Tasks[0].Arg != plainPlace {
		switch s.c.Tile(st.Drawn).Beast {
		case "golem":
			if out := s.golemChoices(st, pl); len(out) > 0 {
				return out
			}
		case "giant":
			if out := s.coverChoices(seat, func(t Tile) bool { return t.Kind != MonsterTile && t.Cost > 0 }, false); len(out) > 0 {
				return out
			}
		case "pixie":
			if out := s.coverChoices(seat, func(t Tile) bool { return t.Kind != MonsterTile && len(t.Goals) > 0 }, false); len(out) > 0 {
				return out
			}
		}
	}
	return s.spotChoices(st, pl, nil, false)
}

// drawnAs is seat st's drawn tile as task t places it turned rot: tame
// when it is a monster placed early, or was tame before it was lifted.
func (s *State) drawnAs(st *Seat, t Task, rot int) Placed {
	early := t.Kind == taskPlace && t.Arg == plainPlace
	return Placed{Tile: st.Drawn, Rot: rot, FaceDown: st.DrawnDown,
		Tame: st.DrawnTame || (early && s.c.Tile(st.Drawn).Kind == MonsterTile)}
}

// spotChoices lists free spots (named by their coordinates, as the
// picture names them) where pl may be built, with every turn that shows
// different sides there (one for a face-down tile); only spots in keep
// when keep is set.
func (s *State) spotChoices(st *Seat, pl Placed, keep map[Pos]bool, fixed bool) []choice {
	var out []choice
	for _, at := range st.District.Free() {
		if keep != nil && !keep[at] {
			continue
		}
		spot := games.Step{ID: at.String()}
		if !s.bare {
			spot.Label = games.T("sc.spot", "at", st.District.Name(at))
		}
		seen := map[[4]Colour]bool{}
		for rot := range 4 {
			if (pl.FaceDown || fixed) && rot > 0 {
				break
			}
			if !fixed {
				pl.Rot = rot
			}
			sides := sidesOf(s.c, pl)
			if seen[sides] || st.District.CanPlace(s.c, at, pl) != nil {
				continue
			}
			seen[sides] = true
			out = append(out, choice{id: "at:" + spot.ID + ":" + strconv.Itoa(pl.Rot), label: s.label(func() games.Text { return s.placeLabel(st, at, pl, sides, fixed) }), path: []games.Step{spot}})
		}
	}
	return out
}

// placeLabel names placing pl at at, showing sides.
func (s *State) placeLabel(st *Seat, at Pos, pl Placed, sides [4]Colour, fixed bool) games.Text {
	name := st.District.Name(at)
	switch {
	case pl.FaceDown:
		return games.T("sc.opt.placedown", "at", name)
	case !fixed && len(s.c.Turns(pl.Tile)) > 1:
		// The seat's picture shows the turns numbered so.
		return games.T("sc.opt.place.turn", "at", name, "n", pl.Rot+1, "sides", sidesText(sides))
	}
	return games.T("sc.opt.place", "at", name, "sides", sidesText(sides))
}

// coverChoices lists the tiles the drawn monster may lie on, with its turns.
func (s *State) coverChoices(seat int, ok func(Tile) bool, fixed bool) []choice {
	st := s.Seats[seat]
	var out []choice
	for _, c := range st.District.Cells {
		top, _ := st.District.Top(c.At)
		if top.FaceDown || !ok(s.c.Tile(top.Tile)) {
			continue
		}
		cell := games.Step{ID: c.At.String(), Label: s.cellLabel(&st.District, c.At)}
		seen := map[[4]Colour]bool{}
		for rot := range 4 {
			if fixed {
				if rot > 0 {
					break
				}
				rot = st.DrawnRot
			}
			sides := sidesOf(s.c, Placed{Tile: st.Drawn, Rot: rot})
			if seen[sides] {
				continue
			}
			seen[sides] = true
			out = append(out, choice{id: "on:" + cell.ID + ":" + strconv.Itoa(rot),
				label: s.label(func() games.Text {
					return games.T("sc.opt.cover", "tile", tileText(s.c, top.Tile), "sides", sidesText(sides))
				}), path: []games.Step{cell}})
		}
	}
	return out
}

// golemChoices are the free ends of the longest open lines (two or more
// tiles joined in one colour along a row or column).
func (s *State) golemChoices(st *Seat, pl Placed) []choice {
	b := newBoard(s.c, &st.District)
	best, ends := 0, map[Pos]bool{}
	for p := range b.top {
		for _, col := range Colours {
			for _, axis := range [][2]int{{Left, Right}, {Top, Bottom}} {
				if b.linked(p, axis[0], col) {
					continue // not the start of a run
				}
				n, q := 1, p
				for ; b.linked(q, axis[1], col); q = q.step(axis[1]) {
					n++
				}
				if n < 2 {
					continue
				}
				for _, end := range []Pos{p.step(axis[0]), q.step(axis[1])} {
					if _, taken := b.top[end]; taken {
						continue
					}
					if n > best {
						best, ends = n, map[Pos]bool{}
					}
					if n == best {
						ends[end] = true
					}
				}
			}
		}
	}
	if len(ends) == 0 {
		return nil
	}
	return s.spotChoices(st, pl, ends, false)
}

// taskPrompt is the text and options of seat's first task.
func (s *State) taskPrompt(seat int) (games.Text, []games.Option) {
	st := s.Seats[seat]
	t := st.Tasks[0]
	text := s.label(func() games.Text {
		switch {
		case t.Kind == taskPlace && st.DrawnDown:
			return games.T("sc.prompt.placedown")
		case t.Kind == taskPlace || t.Kind == taskGenie:
			return games.T("sc.prompt.place", "tile", tileText(s.c, st.Drawn))
		}
		return games.T("sc.prompt."+t.Kind, "at", st.District.Name(t.At))
	})
	var opts []games.Option
	for _, c := range s.taskChoices(seat) {
		opts = append(opts, games.Option{ID: c.id, Label: c.label, Path: c.path})
	}
	return text, opts
}

// doTask carries out move, one of the answers to seat's first task.
func (s *State) doTask(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	t := st.Tasks[0]
	var out games.Outcome
	who := games.Player(seat)
	kind, rest, _ := strings.Cut(move, ":")
	if t.Kind == taskLift || t.Kind == taskKillHere {
		return s.doSpellTask(seat, move)
	}
	if kind == "early" {
		i := slices.Index(st.Deck, rest)
		if i < 0 {
			return out, games.Errorf("sc.err.illegal")
		}
		st.Tasks = st.Tasks[1:]
		st.Deck = slices.Delete(st.Deck, i, i+1)
		st.Drawn = rest
		st.Tasks = append([]Task{{Kind: taskPlace, Arg: plainPlace}}, st.Tasks...)
		return out, nil
	}
	at, rot, ok := parseAt(rest)
	if !ok {
		return out, games.Errorf("sc.err.illegal")
	}
	d := &st.District
	st.Tasks = st.Tasks[1:]
	switch kind {
	case "first":
		if t.Kind != taskBeastNext || !slices.Contains(s.scoreActors(seat), at) {
			return out, games.Errorf("sc.err.illegal")
		}
		st.Tasks = append(s.actTasks(seat, at), st.Tasks...)
		return out, nil
	case "at", "on":
		pl := s.drawnAs(st, t, rot)
		var err error
		if kind == "at" {
			err = d.Place(s.c, at, pl)
		} else {
			err = d.Cover(at, pl)
		}
		if err != nil {
			return out, games.Errorf("sc.err.illegal")
		}
		beast := s.c.Tile(st.Drawn).Beast
		if t.Arg == plainPlace {
			beast = "" // placed early: a monster's effect is ignored
		}
		if t.Arg == movedPlace || t.Arg == movedOnto {
			// Moved by a spell: nothing new shows, no effect acts again.
			out.Events = append(out.Events, games.T("sc.ev.moved", "player", who, "tile", tileText(s.c, st.Drawn)))
			st.Drawn, st.DrawnRot, st.DrawnTame = "", 0, false
			return out, nil
		}
		if !st.DrawnDown {
			// Placing shows everyone the tile, and a built tile is never
			// moved back: no stepping back over it.
			out.Revealed = true
			if beast == "invisible-stalker" {
				st.Hidden += stalkerHides
			}
			if len(st.Tasks) > 0 && st.Tasks[0].Kind == taskDestroy {
				st.Tasks[0].At = at
			}
		}
		if s.Stage == stageScore && kind == "on" {
			out.Events = append(out.Events, games.T("sc.ev.moved", "player", who, "tile", tileText(s.c, st.Drawn)))
		}
		if t.Kind == taskGenie {
			if i := slices.Index(st.Acted, t.At); i >= 0 {
				st.Acted[i] = at // an acted monster stays acted where it goes
			}
		}
		st.Drawn, st.DrawnDown, st.DrawnTame = "", false, false
	case "rm":
		pl, ok := d.Lift(at)
		if !ok {
			return out, games.Errorf("sc.err.illegal")
		}
		name := tileText(s.c, pl.Tile)
		switch t.Kind {
		case taskRemove, taskRemoveShield:
			st.Deck = slices.Insert(st.Deck, 0, pl.Tile)
			out.Events = append(out.Events, games.T("sc.ev.underdeck", "player", who, "tile", name))
		case taskDiscardRed, taskDiscardYell:
			st.Out = append(st.Out, pl.Tile)
			out.Events = append(out.Events, games.T("sc.ev.discard", "player", who, "tile", name))
		default: // destroyed, or a monster killed: out of the game
			s.Gone = append(s.Gone, pl.Tile)
			out.Events = append(out.Events, games.T("sc.ev.destroyed", "player", who, "tile", name))
		}
	case "turn":
		i := d.index(at)
		if i < 0 {
			return out, games.Errorf("sc.err.illegal")
		}
		top := &d.Cells[i].Stack[len(d.Cells[i].Stack)-1]
		top.Rot = rot
		st.Tasks = append(s.flippedTasks(seat, s.c.Tile(top.Tile).Beast, at), st.Tasks...)
	default:
		return out, games.Errorf("sc.err.illegal")
	}
	return out, nil
}

// settleTasks carries out what needs no choice: a Lich's Skeleton is taken
// from the stack, a flipped Golem, Giant or Pixie is lifted to be placed
// anew, the Genie's monsters are lifted one by one, the Chimeras and the
// Genie are lined up, and a task without any answer is skipped.
func (s *State) settleTasks(seat int, out *games.Outcome) {
	st := s.Seats[seat]
	for len(st.Tasks) > 0 {
		t := st.Tasks[0]
		switch t.Kind {
		case taskSkeleton:
			st.Tasks = st.Tasks[1:]
			if n := len(s.Skeletons); n > 0 {
				st.Drawn, s.Skeletons = s.Skeletons[n-1], s.Skeletons[:n-1]
				out.Revealed = true
				st.Tasks = append([]Task{{Kind: taskPlace}}, st.Tasks...)
			}
			continue
		case taskRelocate:
			st.Tasks = st.Tasks[1:]
			if pl, ok := st.District.Lift(t.At); ok {
				st.Drawn = pl.Tile
				st.Tasks = append([]Task{{Kind: taskPlace}}, st.Tasks...)
			}
			continue
		case taskScoreBeasts:
			st.Tasks = append(s.scoreBeastTasks(seat), st.Tasks[1:]...)
			continue
		case taskGenie:
			if st.Drawn == "" {
				if len(s.coverChoicesWithout(seat, t.At)) == 0 {
					st.Tasks = st.Tasks[1:]
					continue
				}
				pl, _ := st.District.Lift(t.At)
				st.Drawn, st.DrawnTame = pl.Tile, pl.Tame
				if top, ok := st.District.Top(t.At); ok && s.c.Tile(top.Tile).Kind == MonsterTile && !top.FaceDown {
					st.Tasks = append(st.Tasks, Task{Kind: taskGenie, At: t.At}) // uncovered: it moves too
				}
			}
			return
		}
		if len(s.taskChoices(seat)) > 0 {
			return
		}
		st.Tasks = st.Tasks[1:]
		if t.Kind == taskPlace && st.Drawn != "" {
			// Nowhere to go (a monster on a full district): it waits
			// beside the district until Cleanup.
			st.Out = append(st.Out, st.Drawn)
			st.Drawn, st.DrawnDown, st.DrawnTame = "", false, false
		}
	}
}

// coverChoicesWithout is where the monster at p could go once lifted.
func (s *State) coverChoicesWithout(seat int, p Pos) []Pos {
	var out []Pos
	st := s.Seats[seat]
	for _, c := range st.District.Cells {
		pos, stack := c.At, c.Stack
		if pos == p {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			continue
		}
		top := stack[len(stack)-1]
		if !top.FaceDown && s.c.Tile(top.Tile).Kind != MonsterTile {
			out = append(out, pos)
		}
	}
	return out
}

// scoreBeastTasks lines up what the score-phase monsters still to act do:
// the one left acts at once; with two or more its owner picks the next.
func (s *State) scoreBeastTasks(seat int) []Task {
	actors := s.scoreActors(seat)
	switch len(actors) {
	case 0:
		return nil
	case 1:
		return s.actTasks(seat, actors[0])
	}
	return []Task{{Kind: taskBeastNext}}
}

// scoreActors are the visible Chimeras and Genies of seat's district
// that have not acted this year, in reading order.
func (s *State) scoreActors(seat int) []Pos {
	st := s.Seats[seat]
	var out []Pos
	for _, c := range st.District.Cells {
		top, _ := st.District.Top(c.At)
		t := s.c.Tile(top.Tile)
		if top.FaceDown || top.Tame || t.Kind != MonsterTile || (t.Beast != "chimera" && t.Beast != "genie") || slices.Contains(st.Acted, c.At) {
			continue
		}
		out = append(out, c.At)
	}
	return out
}

// actTasks are what the score-phase monster at p does (a Chimera
// destroys, a Genie moves every visible monster), followed by a look for
// the next one to act.
func (s *State) actTasks(seat int, p Pos) []Task {
	st := s.Seats[seat]
	d := &st.District
	top, _ := d.Top(p)
	st.Acted = append(st.Acted, p)
	next := Task{Kind: taskScoreBeasts}
	if s.c.Tile(top.Tile).Beast == "chimera" {
		return []Task{{Kind: taskChimera, At: p}, next}
	}
	var out []Task
	for _, c := range d.Cells {
		if m, _ := d.Top(c.At); !m.FaceDown && s.c.Tile(m.Tile).Kind == MonsterTile {
			out = append(out, Task{Kind: taskGenie, At: c.At})
		}
	}
	return append(out, next)
}

// startScore begins the Score phase: face-down tiles are turned over (each
// to be turned as its owner likes, a monster among them acting at once),
// then the Chimeras and the Genie act in the order their owner picks,
// then rainbow goals are picked and
// the districts scored.
func (s *State) startScore(out *games.Outcome) {
	for i, st := range s.Seats {
		st.Tasks, st.Acted = nil, nil
		for k := range st.District.Cells {
			c := &st.District.Cells[k]
			top := &c.Stack[len(c.Stack)-1]
			if top.FaceDown {
				top.FaceDown = false
				out.Revealed = true
				out.Events = append(out.Events, games.T("sc.ev.flipped", "player", games.Player(i), "tile", tileText(s.c, top.Tile)))
				st.Tasks = append(st.Tasks, Task{Kind: taskTurn, At: c.At, Arg: top.Tile})
			}
		}
		st.Tasks = append(st.Tasks, Task{Kind: taskScoreBeasts})
		s.settleTasks(i, out)
	}
	s.scoreIfSettled(out)
}
