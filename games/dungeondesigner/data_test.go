package dungeondesigner

import (
	"testing"
	"testing/fstest"
)

func TestComponentCounts(t *testing.T) {
	c := testComps
	count := func(n int, pred func(i int) bool) int {
		k := 0
		for i := 1; i <= n; i++ {
			if pred(i) {
				k++
			}
		}
		return k
	}
	tests := []struct {
		name      string
		got, want int
	}{
		{"rooms", len(c.Rooms) - 1, 100},
		{"cave rooms", count(100, func(i int) bool { return c.Rooms[i].Type == "cave" }), 50},
		{"masonry rooms", count(100, func(i int) bool { return c.Rooms[i].Type == "masonry" }), 50},
		{"stalls", len(c.Stalls) - 1, 18},
		{"tiles", len(c.Tiles) - 1, 56},
		{"round tiles", count(56, func(i int) bool { return c.Tiles[i].Shape == "circle" }), 25},
		{"oval tiles", count(56, func(i int) bool { return c.Tiles[i].Shape == "oval" }), 16},
		{"square tiles", count(56, func(i int) bool { return c.Tiles[i].Shape == "square" }), 15},
		{"secret passages", count(56, func(i int) bool { return c.Tiles[i].Element == "passage" }), 4},
		{"blueprints", len(c.Blueprints) - 1, 8},
		{"blueprint table", len(c.Table), 9},
		{"tasks", len(c.Tasks) - 1, 30},
		{"goals", len(c.Goals) - 1, 8},
		{"jael cards", len(c.Jael) - 1, 9},
		{"plain jael", count(9, func(i int) bool { return c.Jael[i].Tier == "plain" }), 3},
		{"diamond jael", count(9, func(i int) bool { return c.Jael[i].Tier == "diamond" }), 3},
		{"crown jael", count(9, func(i int) bool { return c.Jael[i].Tier == "crown" }), 3},
		{"blueprint 5 met", c.Table[5], 7},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %d, want %d", tc.name, tc.got, tc.want)
		}
	}
	names := map[string]bool{}
	for _, r := range c.Rooms[1:] {
		if names[r.EN] || names["de:"+r.DE] {
			t.Errorf("duplicate room name %s / %s", r.EN, r.DE)
		}
		names[r.EN], names["de:"+r.DE] = true, true
	}
	// Every stall spot shape must exist among the tiles.
	for _, s := range c.Stalls[1:] {
		for _, p := range []StallPart{s.Upper, s.Lower} {
			if len(p.Shapes) == 0 || p.Cost < 3 || p.Cost > 10 {
				t.Errorf("stall %d: odd part %+v", s.ID, p)
			}
		}
	}
}

func TestRulebookRoomsInData(t *testing.T) {
	// The solo example names rooms and runes: Flagstone Hall and Throughway
	// carry the green rune, Garrison the blue one; Foundry and Scorch Alley exist.
	for en, rune := range map[string]string{"Flagstone Hall": "green", "Throughway": "green", "Garrison": "blue"} {
		if got := testComps.Room(roomNamed(t, en)).Rune; got != rune {
			t.Errorf("%s rune = %s, want %s", en, got, rune)
		}
	}
	for en, de := range map[string]string{"Foundry": "Gießerei", "Scorch Alley": "Sengende Gasse", "Flagstone Hall": "Steinplattenhalle", "Throughway": "Durchlass", "Garrison": "Garnison"} {
		if got := testComps.Room(roomNamed(t, en)).DE; got != de {
			t.Errorf("%s German name = %s, want %s", en, got, de)
		}
	}
}

func TestLoadComponentsRejectsBadData(t *testing.T) {
	base := fstest.MapFS{}
	for _, name := range []string{"rooms", "stalls", "tiles", "blueprints", "tasks", "goals", "jael"} {
		b, err := embedded.ReadFile("data/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		base["d/"+name+".json"] = &fstest.MapFile{Data: b}
	}
	if _, err := LoadComponents(base, "d"); err != nil {
		t.Fatalf("copy of embedded data rejected: %v", err)
	}
	tests := map[string]string{
		"tasks.json":      `{"tasks":[{"number":1,"kind":"each","of":["goblin"],"pts":2}]}`,
		"goals.json":      `{"goals":[]}`,
		"jael.json":       `{"cards":[]}`,
		"blueprints.json": `{"table":[0,1],"blueprints":[]}`,
		"rooms.json":      `not json`,
	}
	for file, data := range tests {
		bad := fstest.MapFS{}
		for k, v := range base {
			bad[k] = v
		}
		bad["d/"+file] = &fstest.MapFile{Data: []byte(data)}
		if _, err := LoadComponents(bad, "d"); err == nil {
			t.Errorf("bad %s accepted", file)
		}
	}
}
