package sorcerercity

import (
	"slices"
	"strings"
	"testing"
)

// earlyMonster has seat 0 of a monsterTable pick monster from its deck
// with the "two early" reward and place it at spot (the first turn
// offered), then stop building.
func earlyMonster(t *testing.T, rows []string, monster, spot string) *State {
	t.Helper()
	s := monsterTable(t, rows, monster, "s08")
	st := s.Seats[0]
	st.Tasks = []Task{{Kind: taskEarly}}
	play(t, s, 0, "early:"+monster)
	var at string
	for _, id := range options(s, 0) {
		if strings.HasPrefix(id, "at:"+spot+":") {
			at = id
			break
		}
	}
	if at == "" {
		t.Fatalf("%s may not go to %s: offered %v", monster, spot, options(s, 0))
	}
	play(t, s, 0, at)
	return s
}

// Sorcerer City rulebook page 12 ("Influence Rewards in Detail"): of the
// 2 tiles the reward places early, the effects of any monster are
// ignored: all of them, the score-phase ones and a Skeleton's jagged sides
// included.
func TestEarlyMonstersActNever(t *testing.T) {
	t.Run("a Chimera destroys no goal", func(t *testing.T) {
		s := earlyMonster(t, []string{". s02 s01", "s03 . .", ". s05 ."}, "chimera-1", "0,0")
		play(t, s, 0, "stop")
		for _, id := range options(s, 0) {
			if strings.HasPrefix(id, "rm:") || strings.HasPrefix(id, "first:") {
				t.Fatalf("the early Chimera acts: offered %v", options(s, 0))
			}
		}
		for _, p := range []Pos{{2, 0}, {0, 1}} {
			if _, ok := s.Seats[0].District.Top(p); !ok {
				t.Errorf("the goal tile at %v is gone", p)
			}
		}
	})
	t.Run("a Genie moves no monster", func(t *testing.T) {
		s := earlyMonster(t, []string{". s02", "pixie-1/s01 s04"}, "genie-1", "0,0")
		play(t, s, 0, "stop")
		for _, id := range options(s, 0) {
			if strings.HasPrefix(id, "on:") {
				t.Fatalf("the early Genie acts: offered %v", options(s, 0))
			}
		}
	})
	t.Run("a Dark Mage cancels no goal", func(t *testing.T) {
		s := earlyMonster(t, []string{". s03 s04", ". s04 ."}, "dark-mage-1", "0,0")
		live := false
		for _, g := range s.Seats[0].District.Goals(s.c) {
			live = live || g.At == (Pos{1, 0})
		}
		if !live {
			t.Errorf("the goal of s03 next to the early Dark Mage is cancelled")
		}
	})
	t.Run("a Skeleton's jagged sides bar nothing", func(t *testing.T) {
		s := monsterTable(t, []string{"s02 s04 s06", "s07 . s01", ". s03 ."}, "skeleton-1", "s08")
		s.Seats[0].Tasks = []Task{{Kind: taskEarly}}
		play(t, s, 0, "early:skeleton-1")
		// (1,1) has tiles on all four sides: a jagged side would touch one.
		if got := cells(options(s, 0)); !slices.Contains(got, "at:1,1") {
			t.Fatalf("the early Skeleton may go to %v, want (1,1) too", got)
		}
	})
}
