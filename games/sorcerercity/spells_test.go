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
