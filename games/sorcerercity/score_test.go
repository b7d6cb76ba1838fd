package sorcerercity

import (
	"errors"
	"maps"
	"strings"
	"testing"
)

// testTiles are made-up tiles for scoring cases, so that the cases hold
// whatever the data files say.
func testTiles(t *testing.T) *Components {
	t.Helper()
	c := &Components{Tiles: map[string]Tile{}}
	add := func(id, sides string, goals ...string) {
		tf := tileFile{ID: id, Sides: sides, Goals: goals, Copies: 1}
		tile, err := tf.tile(MarketTile)
		if err != nil {
			t.Fatal(err)
		}
		c.Tiles[id] = tile
	}
	add("y", "Y Y Y Y")
	add("r", "R R R R")
	add("p", "P P P P")
	add("g", "G G G G")
	add("yG", "Y Y Y Y", "group:money")
	add("yL", "Y Y Y Y", "line:money")
	add("yS", "Y Y Y Y", "shield:money")
	add("rS", "R R R R", "shield:influence")
	add("gS", "G G G G", "shield:prestige")
	add("gSS", "G G G G", "shield:prestige", "shield:influence")
	add("pG", "P P P P", "group:magic")
	add("rG", "R R R R", "group:influence")
	add("yr", "Y Y R R") // yellow top and right, red bottom and left
	add("yrG", "Y Y R R", "group:money")
	add("wG", "W W W W", "group:any")
	add("mage", "R R R R")
	add("skel", "X X P P")
	mage := c.Tiles["mage"]
	mage.Kind, mage.Beast = MonsterTile, "dark-mage"
	c.Tiles["mage"] = mage
	return c
}

// district reads rows of cells: "." is empty, "id" a tile, "id@1" a tile
// turned once clockwise, "id/under" a tile lying on top of another.
func district(t *testing.T, rows ...string) *District {
	t.Helper()
	d := &District{}
	for y, row := range rows {
		for x, cell := range strings.Fields(row) {
			if cell == "." {
				continue
			}
			var stack []Placed
			parts := strings.Split(cell, "/")
			for i := len(parts) - 1; i >= 0; i-- { // bottom first
				id, rot, _ := strings.Cut(parts[i], "@")
				pl := Placed{Tile: id}
				if rot != "" {
					pl.Rot = int(rot[0] - '0')
				}
				stack = append(stack, pl)
			}
			d.Cells = append(d.Cells, Cell{At: Pos{x, y}, Stack: stack})
		}
	}
	return d
}

func TestScore(t *testing.T) {
	c := testTiles(t)
	cases := []struct {
		name string
		rows []string
		want Annual
	}{
		// The rulebook's group examples: an L of three scores three; a
		// yellow section without a goal scores nothing; two tiles are not
		// enough.
		{"group L of three", []string{"yG y", ". y"}, Annual{Money: 3}},
		{"group without a goal", []string{"y y", ". y", "r ."}, Annual{}},
		{"group of two", []string{"yG y", ". r"}, Annual{}},
		{"group counts every joined tile", []string{"yG y y", "y . y", "y y y"}, Annual{Money: 8}},
		{"two group goals score each", []string{"yG yG y"}, Annual{Money: 6}},
		// Lines are straight rows or columns, three or more.
		{"line of three", []string{"yL y y"}, Annual{Money: 3}},
		{"L is no line", []string{"yL y", ". y"}, Annual{}},
		{"line takes the longer direction", []string{"yL y y", "y . .", "y . .", "y . ."}, Annual{Money: 4}},
		// Colours join only where both touching sides show them: "yr"
		// is yellow on top and right, red on bottom and left.
		{"red sides do not join yellow", []string{"y yrG", ". y"}, Annual{}},
		{"two-colour tile joins through its yellow sides", []string{"y .", "yrG y", "r ."}, Annual{Money: 3}},
		{"two-colour group", []string{". y .", ". yrG y"}, Annual{Money: 3}},
		{"turned two-colour tile", []string{"y yrG@1 y"}, Annual{}},
		{"turned twice", []string{"y yrG@2 ."}, Annual{}},
		{"turned three times", []string{". y .", "y yrG@3 r"}, Annual{Money: 3}},
		// Shield goals: at least two neighbouring tiles with shields; one
		// point per shield on the tile and around it, diagonals included.
		{"shield needs two neighbouring shield tiles", []string{"yS rS"}, Annual{}},
		{"shield with two neighbours", []string{"yS rS", "gS ."}, Annual{Money: 3, Influence: 3, Prestige: 3}},
		{"diagonal neighbours count", []string{"rS . rS", ". yS .", "g . g"}, Annual{Money: 3}},
		{"double shields count twice", []string{"gSS yS", "y yG"}, Annual{Prestige: 4, Influence: 4, Money: 4 + 3}},
		// The Dark Mage cancels every neighbouring goal, also as a shield.
		{"dark mage cancels a neighbour", []string{"yG y y", "mage . ."}, Annual{}},
		{"dark mage cancels diagonally", []string{"yG y y", ". mage ."}, Annual{}},
		{"three shields in a row", []string{"gS yS rS"}, Annual{Money: 3}},
		{"cancelled goals are no shields", []string{"gS yS rS .", ". . . mage"}, Annual{}},
		{"dark mage far away", []string{"yG y y . mage"}, Annual{Money: 3}},
		// A covered tile shows the tile on top: its goals are hidden,
		// the monster's colours count.
		{"covered goal is gone", []string{"mage/yG y y"}, Annual{}},
		{"monster colours join groups", []string{"rG r mage/y"}, Annual{Influence: 3}},
		// Rainbow tiles are every colour.
		{"rainbow joins any group", []string{"yG wG y"}, Annual{Money: 6}},
		{"caps at sixty", []string{strings.Repeat("yG ", 31)}, Annual{Money: TrackCap}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := district(t, tc.rows...)
			if got := d.Score(c, nil); got != tc.want {
				t.Fatalf("score %v, want %v (goals %+v)", got, tc.want, d.Goals(c))
			}
		})
	}
}

// TestRainbowGoal follows the rulebook's example: a rainbow group goal
// beside four green and three purple tiles scores 4 Prestige or 3 Raw
// Magic, the owner's choice, never both.
func TestRainbowGoal(t *testing.T) {
	c := testTiles(t)
	d := district(t, "g g p", "g wG p", "y . r")
	alts := map[Resource]int{}
	for _, g := range d.Goals(c) {
		if g.Any {
			alts[g.Res] = g.Points
		}
	}
	if want := map[Resource]int{Magic: 3, Prestige: 4}; !maps.Equal(alts, want) {
		t.Fatalf("alternatives %v, want %v", alts, want)
	}
	key := RainbowKey{Pos{1, 1}, 0}
	for _, tc := range []struct {
		pick map[RainbowKey]Resource
		want Annual
	}{
		{nil, Annual{Prestige: 4}},
		{map[RainbowKey]Resource{key: Prestige}, Annual{Prestige: 4}},
		{map[RainbowKey]Resource{key: Magic}, Annual{Magic: 3}},
		{map[RainbowKey]Resource{key: Money}, Annual{}}, // a colour that does not score
	} {
		if got := d.Score(c, tc.pick); got != tc.want {
			t.Errorf("pick %v: score %v, want %v", tc.pick, got, tc.want)
		}
	}
}

func TestPlace(t *testing.T) {
	c := testTiles(t)
	cases := []struct {
		name string
		rows []string
		at   Pos
		pl   Placed
		ok   bool
	}{
		{"first tile anywhere", nil, Pos{5, 5}, Placed{Tile: "y"}, true},
		{"next to the district", []string{"y"}, Pos{1, 0}, Placed{Tile: "r"}, true},
		{"diagonal is not next to", []string{"y"}, Pos{1, 1}, Placed{Tile: "r"}, false},
		{"taken", []string{"y"}, Pos{0, 0}, Placed{Tile: "r"}, false},
		// skel's jagged sides are top and right.
		{"against a jagged side", []string{"skel"}, Pos{1, 0}, Placed{Tile: "r"}, false},
		{"above a jagged top", []string{".", "skel"}, Pos{0, 0}, Placed{Tile: "r"}, false},
		{"beside a plain side", []string{"skel"}, Pos{-1, 0}, Placed{Tile: "r"}, true},
		{"jagged side towards a tile", []string{"y"}, Pos{-1, 0}, Placed{Tile: "skel"}, false},
		{"jagged sides turned away", []string{"y"}, Pos{1, 0}, Placed{Tile: "skel", Rot: 1}, true},
		{"turned jagged side towards a tile", []string{"y"}, Pos{1, 0}, Placed{Tile: "skel", Rot: 2}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := district(t, tc.rows...)
			err := d.Place(c, tc.at, tc.pl)
			if (err == nil) != tc.ok {
				t.Fatalf("Place = %v, want ok %v", err, tc.ok)
			}
			if err != nil && !errors.Is(err, ErrPlace) {
				t.Fatalf("error %v is not ErrPlace", err)
			}
		})
	}
}

func TestComponents(t *testing.T) {
	c, err := LoadComponents(nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(c.ByKind[ArtifactTile]); n != artifactTiles {
		t.Fatalf("%d artifacts", n)
	}
}
