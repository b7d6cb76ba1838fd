package sorcerercity

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// colourMarks draw colours in texts the same in every language, small
// enough for a select menu on a phone.
var colourMarks = map[Colour]string{Yellow: "🟨", Red: "🟥", Purple: "🟪", Green: "🟩", All: "🌈"}

// colourMark is one side's mark: a single colour, the rainbow, or the
// colours of a two-colour side one after the other.
func colourMark(c Colour) string {
	if m, ok := colourMarks[c]; ok {
		return m
	}
	if c == None {
		return "⬛"
	}
	var b strings.Builder
	for _, one := range Colours {
		if c&one != 0 {
			b.WriteString(colourMarks[one])
		}
	}
	return b.String()
}

// sidesText shows four sides clockwise from the top, with arrows.
func sidesText(sides [4]Colour) string {
	return fmt.Sprintf("↑%s →%s ↓%s ←%s", colourMark(sides[0]), colourMark(sides[1]), colourMark(sides[2]), colourMark(sides[3]))
}

// looks shows a tile's colours: one mark when all sides agree.
func looks(t Tile) string {
	if t.Sides[0] == t.Sides[1] && t.Sides[1] == t.Sides[2] && t.Sides[2] == t.Sides[3] {
		return colourMark(t.Sides[0])
	}
	seen := map[Colour]bool{}
	var b strings.Builder
	for _, s := range t.Sides {
		if !seen[s] {
			seen[s] = true
			b.WriteString(colourMark(s))
		}
	}
	return b.String()
}

// tileText names a tile by its colours and what it carries: goals, a
// spell, a monster or an artifact.
func tileText(c *Components, id string) games.Text {
	t := c.Tile(id)
	kv := []any{"look", looks(t)}
	n := 0
	feature := func(key string, mark any) {
		n++
		kv = append(kv, fmt.Sprintf("f%d", n), games.Ref(key), fmt.Sprintf("c%d", n), mark)
	}
	if t.Name != "" {
		feature("sc.artifact."+t.ID, "")
	}
	if t.Beast != "" {
		feature("sc.monster."+t.Beast, "")
	}
	for i, g := range t.Goals {
		mark := colourMark(g.Res.Colour())
		if g.Any {
			mark = colourMark(All)
		}
		// "with 🟥 line goal": the goals' colours apart from the tile's.
		feature("sc.goal."+string(g.Kind), games.T("sc.goalmark."+strconv.Itoa(min(i, 1)), "mark", mark))
	}
	if t.Spell != "" && t.Kind != ArtifactTile {
		feature("sc.spell."+t.Spell, "")
	}
	if t.Cost > 0 {
		kv = append(kv, "cost", t.Cost)
		return games.T(fmt.Sprintf("sc.tile.%d.cost", n), kv...)
	}
	return games.T(fmt.Sprintf("sc.tile.%d", n), kv...)
}

// TileText names tile id by its colours and what it carries, in the
// game's catalog: for pictures and other surfaces.
func (c *Components) TileText(id string) games.Text { return tileText(c, id) }

// slotText names the face-up tile in slot k of vendor v (0-based) as
// tileText does, adding its place in the row ("2nd from the left") when
// another tile of the row reads the same: the two may differ in how their
// colours are arranged, and a choice must name one of them.
func (s *State) slotText(v, k int) games.Text {
	row := s.Market.Up[v]
	text := tileText(s.c, row[k])
	for j, id := range row {
		if j != k && reflect.DeepEqual(tileText(s.c, id), text) {
			return games.T("sc.slot", "tile", text, "n", k+1)
		}
	}
	return text
}

// cellLabel names the top tile at p of d and where it lies ("… at C4"),
// as options that act on a tile of a district do.
func (s *State) cellLabel(d *District, p Pos) games.Text {
	top, _ := d.Top(p)
	return games.T("sc.opt.cell", "tile", tileText(s.c, top.Tile), "at", d.Name(p))
}

// oneForms names, for each text that counts something, the counting
// argument; the text's form for exactly one is under key+".one".
var oneForms = map[string]string{
	"sc.prompt.start": "left", "sc.ev.started": "left", "sc.ev.stopped": "tiles",
	"sc.ev.timeup": "tiles", "sc.prompt.market": "buys",
}

// counted is games.T(key, kv...) in its form for one when the number it
// counts is 1: "1 buy left", not "1 buys left".
func counted(key string, kv ...any) games.Text { return games.Counted(key, oneForms[key], kv...) }

// mysteryText tells the Influence of a year's Mystery Players: one in a
// 2-player game, two (told together, they are two players) in solo.
func mysteryText(values []int) games.Text {
	if len(values) == 2 {
		return games.T("sc.ev.mystery.two", "a", values[0], "b", values[1])
	}
	return games.T("sc.ev.mystery", "influence", values[0])
}
