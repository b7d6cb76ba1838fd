package tournaments

import (
	"slices"
	"testing"
)

// A tournament table's id names the tournament, round and table; any
// other table's id is none.
func TestTableID(t *testing.T) {
	id := TableID("ab12", 3, 7)
	if tr, round, idx, ok := parseTableID(id); !ok || tr != "ab12" || round != 3 || idx != 7 {
		t.Errorf("parseTableID(%q) = %q, %d, %d, %v", id, tr, round, idx, ok)
	}
	for _, other := range []string{"", "ab12cd34", "T.ab12.3", "T..3.7", "T.ab12.x.7", "T.ab12.3.-1", "X.ab12.3.7", "T.ab12.3.7.1"} {
		if _, _, _, ok := parseTableID(other); ok {
			t.Errorf("parseTableID(%q) reads a tournament table", other)
		}
	}
}

// An organiser's result gives each seat a place from 1 to the seats.
func TestParseRanks(t *testing.T) {
	tests := []struct {
		text  string
		seats int
		want  []int
	}{
		{"2,1,3", 3, []int{2, 1, 3}},
		{" 1 , 1 ", 2, []int{1, 1}},
		{"1,2", 3, nil},
		{"1,2,4", 3, nil},
		{"0,1", 2, nil},
		{"a,1", 2, nil},
		{"", 1, nil},
	}
	for _, tc := range tests {
		got, ok := parseRanks(tc.text, tc.seats)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("parseRanks(%q, %d) = %v, %v; want %v", tc.text, tc.seats, got, ok, tc.want)
		}
	}
	if got := joinInts([]int{2, 1, 3}); got != "2,1,3" {
		t.Errorf("joinInts = %q", got)
	}
}

// Points read as people write them, relative scores with their sign.
func TestPointsText(t *testing.T) {
	for _, tc := range []struct {
		f              float64
		points, signed string
	}{{3, "3", "+3"}, {2.5, "2.5", "+2.5"}, {1.0 / 0.6, "1.67", "+1.67"}, {0, "0", "0"}, {-0.001, "0", "0"}, {-1.5, "-1.5", "-1.5"}} {
		if got := fmtPoints(tc.f); got != tc.points {
			t.Errorf("fmtPoints(%v) = %q, want %q", tc.f, got, tc.points)
		}
		if got := signedPoints(tc.f); got != tc.signed {
			t.Errorf("signedPoints(%v) = %q, want %q", tc.f, got, tc.signed)
		}
	}
	if got := pointsScheme(4); got != "3/2/1/0" {
		t.Errorf("pointsScheme(4) = %q", got)
	}
}

// Seats to blame share the last place; the others keep their order.
func TestBlameLast(t *testing.T) {
	for _, tc := range []struct {
		keys   []int
		blamed []bool
		want   []int
	}{
		{[]int{1, 2, 3}, []bool{false, false, false}, []int{1, 2, 3}},
		{[]int{1, 2, 3}, []bool{true, false, false}, []int{3, 1, 2}},
		{[]int{1, 1, 3}, []bool{false, false, true}, []int{1, 1, 3}},
		{[]int{2, 1, 3, 4}, []bool{false, true, false, true}, []int{1, 3, 2, 3}},
	} {
		if got := blameLast(tc.keys, tc.blamed); !slices.Equal(got, tc.want) {
			t.Errorf("blameLast(%v, %v) = %v, want %v", tc.keys, tc.blamed, got, tc.want)
		}
	}
}
