package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

var testComps = DefaultComponents()

func newTest(t *testing.T, players int, seed uint64, opts map[string]string) *State {
	t.Helper()
	st, err := New().New(games.Setup{Players: players, Seed: seed, Options: opts})
	if err != nil {
		t.Fatalf("New(%d): %v", players, err)
	}
	return st.(*State)
}

// roomWhere returns the first room id satisfying pred.
func roomWhere(t *testing.T, pred func(Room) bool) int {
	t.Helper()
	for _, r := range testComps.Rooms[1:] {
		if pred(r) {
			return r.ID
		}
	}
	t.Fatal("no room matches")
	return 0
}

func roomNamed(t *testing.T, en string) int {
	t.Helper()
	return roomWhere(t, func(r Room) bool { return r.EN == en })
}

func roomWithDoors(t *testing.T, doors string) int {
	t.Helper()
	return roomWhere(t, func(r Room) bool { return r.Doors == doors })
}

// tilesOf returns n distinct tile ids with element el.
func tilesOf(t *testing.T, el string, n int) []int {
	t.Helper()
	var out []int
	for _, tl := range testComps.Tiles[1:] {
		if tl.Element == el && len(out) < n {
			out = append(out, tl.ID)
		}
	}
	if len(out) != n {
		t.Fatalf("only %d tiles of %s", len(out), el)
	}
	return out
}

// gridOf builds a dungeon from room ids (0 = empty).
func gridOf(rooms [4][4]int, entrance, exit int) *Dungeon {
	d := &Dungeon{Entrance: entrance, Exit: exit}
	for r := range 4 {
		for c := range 4 {
			d.Grid[r][c].Room = rooms[r][c]
		}
	}
	return d
}

func mustApply(t *testing.T, s *State, seat int, move string) games.Outcome {
	t.Helper()
	if !games.Legal(s, seat, move) {
		t.Fatalf("move %q not offered to seat %d; pending %+v", move, seat, s.Pending())
	}
	out, err := s.Apply(seat, move)
	if err != nil {
		t.Fatalf("Apply(%d, %q): %v", seat, move, err)
	}
	return out
}

func hasOption(s *State, seat int, move string) bool { return games.Legal(s, seat, move) }
