package glossary

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

const sample = `
game = "sample"
[[term]]
kind = "component"
de = "Schuldschein"
de_plural = "Schuldscheine"
en = "Debt"
en_plural = "Debts"
wrong_de = ["Schuld", "Schulden"]

[[term]]
kind = "component"
de = "Tintenfass"
de_plural = "Tintenfässer"
en = "Ink"
wrong_de = ["Tinte"]

[[term]]
kind = "component"
de = "Raum"
en = "chamber"
en_plural = "chambers"
wrong_en = ["room", "rooms"]
case_sensitive = true

[[slip]]
de = ["die 1 übrigen"]
why = "singular"
`

func TestCheck(t *testing.T) {
	g, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lang, text string
		want       []string
	}{
		{"de", "Ada erhält 1 Schuldschein.", nil},
		{"de", "Ada erhält 2 Schulden.", []string{"Schulden"}},
		{"de", "eine schuld", []string{"schuld"}},            // any letter case
		{"de", "Schuldscheinstapel und Tintenfässer", nil},   // a longer word is no wrong form
		{"de", "Tinte, Gold", []string{"Tinte"}},             // punctuation ends a word
		{"de", "1 Tintenfässer", []string{"1 Tintenfässer"}}, // an umlaut ends no word early
		{"de", "11 Tintenfässer", nil},                       // eleven is no one
		{"de", "Ada nimmt die 1 übrigen Plättchen", []string{"die 1 übrigen"}},
		{"en", "1 Debts and 1 Ink", []string{"1 Debts"}},
		{"en", "2 Debts", nil},
		{"en", "a room in the Training Room", []string{"room"}}, // case-sensitive: a name may hold "Room"
	}
	for _, tc := range tests {
		var got []string
		for _, p := range g.Check(tc.lang, tc.text) {
			got = append(got, p.Found)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: found %v, want %v", tc.lang, tc.text, got, tc.want)
		}
	}
}

func TestUncounted(t *testing.T) {
	g, err := Parse([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	cat := games.Catalog{
		"en": {"gain": "{n} Debts", "pay": "pay {n} Debts", "pay.one": "pay {n} Debt", "name": "{player} Ink"},
		"de": {"gain": "{n} Schuldscheine", "pay": "{n} Schuldscheine begleichen", "pay.one": "{n} Schuldschein begleichen", "name": "{player}"},
	}
	if got := g.Uncounted(cat); !slices.Equal(got, []string{"gain"}) {
		t.Errorf("Uncounted = %v, want [gain]", got)
	}
}

func TestParseRefuses(t *testing.T) {
	for name, src := range map[string]string{
		"no terms":          `game = "x"`,
		"no English":        "[[term]]\nkind = \"component\"\nde = \"Ring\"",
		"no kind":           "[[term]]\nde = \"Ring\"\nen = \"tier\"",
		"own form as wrong": "[[term]]\nkind = \"component\"\nde = \"Ring\"\nen = \"tier\"\nwrong_de = [\"ring\"]",
		"not TOML":          "[[term",
	} {
		if _, err := Parse([]byte(src)); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
