package sorcerercity

import (
	"slices"
	"testing"
)

// TestScoreSpells: score-phase spells are cast in the order their owner
// picks, and the order matters: Money turned to Prestige after "3 Raw
// Magic into 3 of each" counts the 3 Money more.
func TestScoreSpells(t *testing.T) {
	rows := []string{"s05 v3-17 s06", "s01 s02 s02", ". . v2-26"}
	for _, tc := range []struct {
		name     string
		order    []string
		prestige int
	}{
		{"magic first", []string{"cast:1,0", "cast:2,2"}, 3 + 7/3},
		{"money first", []string{"cast:2,2", "cast:1,0"}, 4/3 + 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := monsterTable(t, rows, "s08")
			play(t, s, 0, "stop")
			if got := options(s, 0); !slices.Equal(got, []string{"cast:1,0", "cast:2,2", "done"}) || s.Stage != stageSpells {
				t.Fatalf("stage %s, offered %v", s.Stage, got)
			}
			if a := s.Seats[0].Annual; a != (Annual{Money: 4, Magic: 3}) {
				t.Fatalf("scored %v", a)
			}
			play(t, s, 0, tc.order...)
			if a := s.Seats[0].Annual; a[Prestige] != tc.prestige || a[Money] != 7 || a[Influence] != 3 || a[Magic] != 0 {
				t.Fatalf("after the spells %v, want %d Prestige", a, tc.prestige)
			}
			if s.Stage != stageBuy {
				t.Fatalf("no Raw Magic left, yet stage %s", s.Stage)
			}
		})
	}
}

// TestStaff: with the Staff a seat may show two cards; an odd point goes to
// the first.
func TestStaff(t *testing.T) {
	s := monsterTable(t, []string{"s05 s06 s06 staff s06"}, "s08")
	play(t, s, 0, "stop")
	if s.Stage != stageTransform {
		t.Fatalf("stage %s", s.Stage)
	}
	got := options(s, 0)
	if !slices.Contains(got, "to:prestige+money") || !slices.Contains(got, "to:money+prestige") || len(got) != 3+6 {
		t.Fatalf("offered %v, want the three cards and six ordered pairs (odd Raw Magic)", got)
	}
	play(t, s, 0, "to:prestige+money")
	if a := s.Seats[0].Annual; a[Prestige] != 3 || a[Money] != 2 || a[Magic] != 0 {
		t.Fatalf("split 5 Raw Magic into %v, want 3 Prestige and 2 Money", a)
	}
}

// TestBuildSpells: a build-phase spell is cast between draws, once a year,
// on what it names; a moved tile keeps its turn.
func TestBuildSpells(t *testing.T) {
	t.Run("move a yellow tile", func(t *testing.T) {
		s := monsterTable(t, []string{"v1-04 s09@1 s04"}, "s08")
		play(t, s, 0, "spell:0,0")
		// v1-04 itself and s09 (yellow on two sides) may move; s04 (red) not.
		if got := options(s, 0); !slices.Equal(got, []string{"mv:0,0", "mv:1,0"}) {
			t.Fatalf("offered %v", got)
		}
		play(t, s, 0, "mv:1,0")
		got := options(s, 0)
		if len(got) == 0 || !slices.Contains(got, "at:1,0:1") || slices.Contains(got, "at:1,0:0") {
			t.Fatalf("moved tile offered %v, want its turn 1 kept", got)
		}
		play(t, s, 0, "at:0,1:1")
		if top, _ := s.Seats[0].District.Top(Pos{0, 1}); top != (Placed{Tile: "s09", Rot: 1}) {
			t.Fatalf("moved tile lies as %+v", top)
		}
		if slices.Contains(options(s, 0), "spell:0,0") {
			t.Fatal("the spell can be cast twice in a year")
		}
	})
	t.Run("rainbow onto a monster", func(t *testing.T) {
		s := monsterTable(t, []string{"v3-23 dragon-1 s02"}, "s08")
		play(t, s, 0, "spell:0,0", "mv:0,0")
		if got := cells(options(s, 0)); !slices.Equal(got, []string{"on:1,0", "on:2,0"}) {
			t.Fatalf("rainbow may go onto %v", got)
		}
		play(t, s, 0, "on:1,0:0")
		if top, _ := s.Seats[0].District.Top(Pos{1, 0}); top.Tile != "v3-23" {
			t.Fatalf("top of the dragon's cell: %+v", top)
		}
	})
	t.Run("gauntlet kills a monster next to it", func(t *testing.T) {
		s := monsterTable(t, []string{"pixie-1 gauntlet s02 kraken-1"}, "s08")
		play(t, s, 0, "spell:1,0")
		if got := options(s, 0); !slices.Equal(got, []string{"mv:0,0"}) {
			t.Fatalf("gauntlet offered %v", got)
		}
		play(t, s, 0, "mv:0,0")
		if _, ok := s.Seats[0].District.Top(Pos{0, 0}); ok {
			t.Fatal("the pixie survived")
		}
	})
}
