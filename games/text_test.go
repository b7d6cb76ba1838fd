package games

import (
	"encoding/json"
	"testing"
)

func TestLocalize(t *testing.T) {
	c := Catalog{
		"en": {"bid": "{player} bids {n} on {card}", "card.goblins": "Goblins", "only.en": "English", KeyPlayerN: "Player {n}",
			"twice": "{n}+{n}={sum}", "braces": "{open {n} {unknown} end}"},
		"de": {KeyPlayerN: "Spieler {n}", "bid": "{player} bietet {n} für {card}", "card.goblins": "Goblins",
			"twice": "{n}+{n}={sum}", "braces": "{open {n} {unknown} end}"},
	}
	tests := []struct {
		lang string
		text Text
		want string
	}{
		{"en", T("bid", "player", "Ann", "n", 7, "card", Ref("card.goblins")), "Ann bids 7 on Goblins"},
		{"de", T("bid", "player", "Ann", "n", 7, "card", Ref("card.goblins")), "Ann bietet 7 für Goblins"},
		{"de", T("only.en"), "English"},
		{"de", T("no.such.key"), "no.such.key"},
		{"en", T("bid", "player", Player(1), "n", 3, "card", "X"), "Player 2 bids 3 on X"},
		{"de", T("bid", "player", Player(0), "n", 3, "card", "X"), "Spieler 1 bietet 3 für X"},
		{"en", T("twice", "n", 2, "sum", 4), "2+2=4"},
		{"en", T("braces", "n", 1), "{open 1 {unknown} end}"},
		{"en", T("bid", "player", "{card}", "n", 1, "card", "X"), "{card} bids 1 on X"}, // values are not scanned again
		// A whole text as an argument is rendered in the same language,
		// seats and all.
		{"de", T("bid", "player", "Ann", "n", 2, "card", T("bid", "player", Player(1), "n", 1, "card", Ref("card.goblins"))),
			"Ann bietet 2 für Spieler 2 bietet 1 für Goblins"},
	}
	for _, tc := range tests {
		if got := c.Localize(tc.lang, tc.text); got != tc.want {
			t.Errorf("Localize(%s, %v) = %q, want %q", tc.lang, tc.text.Key, got, tc.want)
		}
	}
	if m := c.MissingKeys("de"); len(m) != 1 || m[0] != "only.en" {
		t.Errorf("MissingKeys(de) = %v, want [only.en]", m)
	}
	names := []string{"Ann", "Bo"}
	if got := c.LocalizeNames("en", T("bid", "player", Player(1), "n", 2, "card", Ref("card.goblins")), names); got != "Bo bids 2 on Goblins" {
		t.Errorf("LocalizeNames = %q", got)
	}
	data, err := json.Marshal(T("bid", "player", Player(0)))
	if err != nil {
		t.Fatal(err)
	}
	var back Text
	if err := json.Unmarshal(data, &back); err != nil || c.LocalizeNames("en", back, names) != "Ann bids {n} on {card}" {
		t.Errorf("seat argument lost in JSON round trip: %s", data)
	}
	data, err = json.Marshal(T("bid", "player", Player(0), "n", 1, "card", T("card.goblins")))
	if err != nil {
		t.Fatal(err)
	}
	back = Text{}
	if err := json.Unmarshal(data, &back); err != nil || c.LocalizeNames("en", back, names) != "Ann bids 1 on Goblins" {
		t.Errorf("text argument lost in JSON round trip: %s", data)
	}
}

func TestRNGRoundTrip(t *testing.T) {
	r := NewRNG(42)
	r.IntN(10)
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back RNG
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if a, b := r.IntN(1000), back.IntN(1000); a != b {
			t.Fatalf("draw %d differs after round trip: %d vs %d", i, a, b)
		}
	}
}

func TestCounted(t *testing.T) {
	tests := []struct {
		name, count string
		kv          []any
		want        string
	}{
		{"one takes the singular", "n", []any{"n", 1}, "debt.one"},
		{"two the plural", "n", []any{"n", 2}, "debt"},
		{"zero the plural", "n", []any{"n", 0}, "debt"},
		{"another argument of 1 counts nothing", "n", []any{"silver", 1, "n", 3}, "debt"},
		{"no counting argument", "", []any{"n", 1}, "debt"},
		{"a text \"1\" is no count", "n", []any{"n", "1"}, "debt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Counted("debt", tc.count, tc.kv...); got.Key != tc.want || len(got.Args) != len(tc.kv)/2 {
				t.Errorf("key %q with %d args, want %q", got.Key, len(got.Args), tc.want)
			}
		})
	}
}
