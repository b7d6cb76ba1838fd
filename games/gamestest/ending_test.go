package gamestest

import "testing"

func TestLabelProblem(t *testing.T) {
	tests := []struct {
		label string
		ok    bool
	}{
		{"Judith — costs 1: merchant & builder", true},
		{"Pay 2 Silver: hire Squire — costs 2: noble", true},
		{"Stone 🪨", true},
		{"builder 🔨", true},
		{"🔨 builder", false}, // words first; the icon may follow
		{"2 Silver for your 💰 icons", true},
		{"Tile 3 ↑", false},
		{"Rotate ↑ north", true},
		{"merchant ×2", true},
		{"Judith (1💰 💰🔨)", false},
		{"Squire (2💰 👑)", false},
		{"E1: ↑🟩 →🟩 ↓🟩 ←🟩", false},
		{"12", false},
		{"A3", false},
		{"💰💰", false},
	}
	for _, tc := range tests {
		if p := LabelProblem(tc.label); (p == "") != tc.ok {
			t.Errorf("LabelProblem(%q) = %q, want ok %v", tc.label, p, tc.ok)
		}
	}
}
