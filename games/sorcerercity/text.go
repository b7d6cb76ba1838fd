package sorcerercity

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// colourNames name colours in catalog keys (sc.colour.*): labels and
// narration say colours in words a new player reads, not colour squares.
var colourNames = map[Colour]string{Yellow: "yellow", Red: "red", Purple: "purple", Green: "green", All: "rainbow", None: "none"}

// colourMark is one side's colour in words, as a text argument: a single
// colour or the rainbow (a catalog key, cheap in labels built at every
// move), or the colours of a two-colour side ("red-green").
func colourMark(c Colour) any { return colourArg("sc.colour.", c) }

// goalColour is a goal's colour as it stands before the goal ("with red
// line goal"; German inflects it: "mit rotem Reihen-Ziel").
func goalColour(c Colour) any { return colourArg("sc.goalcolour.", c) }

// colourArg names c under prefix: a games.Ref when one key names it, else
// a games.Text joining its colours.
func colourArg(prefix string, c Colour) any {
	if name, ok := colourNames[c]; ok {
		return games.Ref(prefix + name)
	}
	return colourText(prefix, c)
}

// colourText is colourArg as a text of its own.
func colourText(prefix string, c Colour) games.Text {
	if name, ok := colourNames[c]; ok {
		return games.T(prefix + name)
	}
	var parts []games.Text
	for _, one := range Colours {
		if c&one != 0 {
			parts = append(parts, games.T(prefix+colourNames[one]))
		}
	}
	return joinTexts("sc.colour.mixed", parts)
}

// joinTexts joins parts two at a time with the template key ("{a}-{b}").
func joinTexts(key string, parts []games.Text) games.Text {
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		out = games.T(key, "a", parts[i], "b", out)
	}
	return out
}

// sidesText tells four sides clockwise from the top, each colour beside
// its arrow ("↑red →red ↓green ←green"), or "all red".
func sidesText(sides [4]Colour) games.Text {
	if sides[0] == sides[1] && sides[1] == sides[2] && sides[2] == sides[3] {
		return games.T("sc.sides.all", "c", colourMark(sides[0]))
	}
	return games.T("sc.sides", "up", colourMark(sides[0]), "right", colourMark(sides[1]), "down", colourMark(sides[2]), "left", colourMark(sides[3]))
}

// looks tells a tile's colours: one when all sides agree, else each
// colour once ("red/purple").
func looks(t Tile) any {
	if t.Sides[0] == t.Sides[1] && t.Sides[1] == t.Sides[2] && t.Sides[2] == t.Sides[3] {
		return colourMark(t.Sides[0])
	}
	seen := map[Colour]bool{}
	var parts []games.Text
	for _, s := range t.Sides {
		if !seen[s] {
			seen[s] = true
			parts = append(parts, colourText("sc.colour.", s))
		}
	}
	return joinTexts("sc.colour.or", parts)
}

// tileText names a tile by its colours and what it carries: goals, a
// spell, a monster or an artifact.
func tileText(c *Components, id string) games.Text {
	t := c.Tile(id)
	kv := []any{"look", looks(t)}
	n := 0
	feature := func(what, mark any) {
		n++
		kv = append(kv, fmt.Sprintf("f%d", n), what, fmt.Sprintf("c%d", n), mark)
	}
	if t.Name != "" {
		feature(games.Ref("sc.artifact."+t.ID), "")
	}
	if t.Beast != "" {
		feature(games.Ref("sc.monster."+t.Beast), "")
	}
	for i := 0; i < len(t.Goals); {
		// Goals one after the other in one colour share it ("with purple
		// group and line goals"): a name short enough for a select.
		j := i + 1
		for j < len(t.Goals) && goalTint(t.Goals[j]) == goalTint(t.Goals[i]) {
			j++
		}
		// "with red line goal": the goals' colours apart from the tile's.
		feature(goalKinds(t.Goals[i:j]), games.T("sc.goalmark."+strconv.Itoa(min(i, 1)), "mark", goalColour(goalTint(t.Goals[i]))))
		i = j
	}
	if t.Spell != "" && t.Kind != ArtifactTile {
		feature(games.Ref("sc.spell."+t.Spell), "")
	}
	if t.Cost > 0 {
		kv = append(kv, "cost", t.Cost)
		return games.T(fmt.Sprintf("sc.tile.%d.cost", n), kv...)
	}
	return games.T(fmt.Sprintf("sc.tile.%d", n), kv...)
}

// goalTint is the colour a goal is named by: its resource's, or the
// rainbow for a goal of any colour.
func goalTint(g Goal) Colour {
	if g.Any {
		return All
	}
	return g.Res.Colour()
}

// goalKinds names the kinds of goals that share a colour: one ("line
// goal") or several together ("group, line and shield goals", German
// "Gruppen-, Reihen- und Wappenschild-Ziel").
func goalKinds(goals []Goal) any {
	if len(goals) == 1 {
		return games.Ref("sc.goal." + string(goals[0].Kind))
	}
	kv := make([]any, 0, 2*len(goals))
	for i, g := range goals {
		key := "sc.goalkind." + string(g.Kind)
		if i == len(goals)-1 {
			key = "sc.goalkind.last." + string(g.Kind) // "shield goals", "Wappenschild-Ziel"
		}
		kv = append(kv, string(rune('a'+i)), games.Ref(key))
	}
	return games.T(fmt.Sprintf("sc.goals.%d", len(goals)), kv...)
}

// TileText names tile id by its colours and what it carries, in the
// game's catalog: for pictures and other surfaces.
func (c *Components) TileText(id string) games.Text { return tileText(c, id) }

// slotText names the face-up tile in slot k of vendor v (0-based) as
// tileText does, adding its place in the row ("2nd from the left") when
// another tile of the row reads the same: the two may differ in how their
// colours are arranged, and a choice must name one of them.
func (s *State) slotText(v, k int) games.Text {
	if s.bare {
		return games.Text{}
	}
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
	if s.bare {
		return games.Text{}
	}
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
