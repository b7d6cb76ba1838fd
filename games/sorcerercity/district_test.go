package sorcerercity

import "testing"

// Coordinates are read on a grid one cell wider than the district on every
// side: columns lettered from the left, rows numbered from the top.
func TestCoordinates(t *testing.T) {
	empty := District{}
	if got := empty.Name(Pos{0, 0}); got != "B2" {
		t.Errorf("the first spot of an empty district is %q, want B2", got)
	}
	d := District{Cells: []Cell{{At: Pos{0, 0}}, {At: Pos{1, 0}}, {At: Pos{1, -2}}}}
	for p, want := range map[Pos]string{
		{0, 0}: "B4", {1, 0}: "C4", {1, -2}: "C2", {-1, 0}: "A4", {2, 0}: "D4", {1, -3}: "C1", {0, 1}: "B5",
	} {
		if got := d.Name(p); got != want {
			t.Errorf("Name(%v) = %q, want %q", p, got, want)
		}
	}
	for _, free := range d.Free() {
		if name := d.Name(free); name[0] < 'A' || name[0] > 'Z' {
			t.Errorf("free spot %v is named %q, outside the grid", free, name)
		}
	}
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 701: "ZZ", 702: "AAA", -1: "?"} {
		if got := ColumnName(i); got != want {
			t.Errorf("ColumnName(%d) = %q, want %q", i, got, want)
		}
	}
}
