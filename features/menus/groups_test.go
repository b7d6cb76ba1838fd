package menus

import "testing"

func TestLeadIn(t *testing.T) {
	for in, want := range map[string]string{
		"Lege deinen Schleim.": "Lege deinen Schleim",
		"Bid or pass?":         "Bid or pass",
		"Choose…":              "Choose",
		"Place it":             "Place it",
		"Row 1: ":              "Row 1",
	} {
		if got := LeadIn(in); got != want {
			t.Errorf("LeadIn(%q) = %q, want %q", in, got, want)
		}
	}
}
