package viscounts

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// loadTownsfolkData decodes and builds only townsfolk.toml and heroes.toml,
// the way loadCatalog does, so these tests check the card data without the
// board parts.
func loadTownsfolkData(t *testing.T) []Townsfolk {
	t.Helper()
	var out []Townsfolk
	for _, f := range []string{"data/townsfolk.toml", "data/heroes.toml"} {
		var part struct{ Townsfolk []rawTownsfolk }
		if _, err := decodeEmbedded(f, &part); err != nil {
			t.Fatal(err)
		}
		for _, r := range part.Townsfolk {
			tf, err := r.build()
			if err != nil {
				t.Fatalf("%s: townsfolk %q: %v", f, r.ID, err)
			}
			out = append(out, tf)
		}
	}
	return out
}

func TestTownsfolkCountsByKind(t *testing.T) {
	counts := map[string]int{}
	for _, tf := range loadTownsfolkData(t) {
		counts[tf.Kind]++
	}
	for _, tc := range []struct {
		kind string
		want int
	}{
		{"neutral", 68}, // the rulebook's 68 neutral townsfolk cards
		{"hero", 10},    // 10 hero townsfolk cards
		{"starter", 8},  // 8 starting townsfolk per player
	} {
		if got := counts[tc.kind]; got != tc.want {
			t.Errorf("%s townsfolk: got %d, want %d", tc.kind, got, tc.want)
		}
	}
	if len(counts) != 3 {
		t.Errorf("kinds %v, want only neutral, hero and starter", counts)
	}
}

func TestTownsfolkIDsUniqueAndStable(t *testing.T) {
	seen := map[string]bool{}
	for _, tf := range loadTownsfolkData(t) {
		if seen[tf.ID] {
			t.Errorf("id %q twice", tf.ID)
		}
		seen[tf.ID] = true
		if tf.ID != strings.ToLower(tf.ID) || strings.ContainsAny(tf.ID, " _") {
			t.Errorf("id %q: want lowercase words joined by hyphens", tf.ID)
		}
	}
}

func TestTownsfolkNamesOfHeroesAndStarters(t *testing.T) {
	names := map[string][]string{}
	for _, tf := range loadTownsfolkData(t) {
		names[tf.Kind] = append(names[tf.Kind], tf.Name)
	}
	for _, tc := range []struct {
		kind string
		want []string
	}{
		{"hero", []string{"Ada", "Bertha", "Clovis", "Emma", "Guntram", "Judith", "Lothaire", "Merovech", "Rudolf", "Therese"}},
		{"starter", []string{"Abbot", "Financier", "Journeyman", "Labourer", "Lender", "Squire", "Thief", "Trader"}},
	} {
		got := slices.Sorted(slices.Values(names[tc.kind]))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s names: got %v, want %v", tc.kind, got, tc.want)
		}
	}
}

func TestTownsfolkIconsAndCostsInRange(t *testing.T) {
	for _, tf := range loadTownsfolkData(t) {
		if n := sumIcons(tf.Icons); n < 1 || n > 3 {
			t.Errorf("%s: %d icons, want 1 to 3", tf.ID, n)
		}
		if tf.Cost < 1 || tf.Cost > 3 {
			t.Errorf("%s: cost %d, want 1 to 3", tf.ID, tf.Cost)
		}
	}
}

// TestTownsfolkSpotChecks compares cards of every column kind with the
// source transcription (and the rulebook's examples, where it shows one).
func TestTownsfolkSpotChecks(t *testing.T) {
	type want struct {
		name, kind                            string
		cost                                  int
		icons                                 Icons
		play, dropoff, hire, trigger, ongoing string
		convert                               []Conversion
	}
	cases := map[string]want{
		"antagonist": {name: "Antagonist", kind: "neutral", cost: 3, icons: Icons{Criminal: 2},
			play: "debt", hire: "corruption"},
		"trader": {name: "Trader", kind: "starter", cost: 1, icons: Icons{Merchant: 1},
			trigger: "trade", ongoing: "silver"},
		"financier": {name: "Financier", kind: "starter", cost: 3, icons: Icons{Merchant: 1},
			play: "discard>silver2"},
		"journeyman": {name: "Journeyman", kind: "starter", cost: 2, icons: Icons{Merchant: 2},
			dropoff: "hire+virtue"},
		"thief": {name: "Thief", kind: "starter", cost: 1, icons: Icons{Criminal: 1},
			dropoff: "debt+silver"},
		"abbot": {name: "Abbot", kind: "starter", cost: 2, icons: Icons{Cleric: 1}},
		"artist": {name: "Artist", kind: "neutral", cost: 3, icons: Icons{Noble: 1}, hire: "discard",
			convert: []Conversion{{From: "gold", Per: 1, To: Noble, Gain: 2, Once: true}}},
		"clergyman": {name: "Clergyman", kind: "neutral", cost: 1, icons: Icons{Merchant: 1, Cleric: 1}, hire: "rearrange",
			convert: []Conversion{{From: "silver", Per: 2, To: Cleric, Gain: 1}}},
		"benefactor": {name: "Benefactor", kind: "neutral", cost: 2, icons: Icons{Merchant: 2}, hire: "virtue",
			convert: []Conversion{{From: "merchant", Per: 2, To: Noble, Gain: 2}}},
		"traveller": {name: "Traveller", kind: "neutral", cost: 2, icons: Icons{Merchant: 2},
			convert: []Conversion{{From: "merchant", Per: 2, To: Cleric, Gain: 1}}},
		"mason": {name: "Mason", kind: "neutral", cost: 1, icons: Icons{Merchant: 1, Builder: 1}, hire: "rearrange",
			convert: []Conversion{{From: "silver", Per: 2, To: Builder, Gain: 1}}},
		"sculptor": {name: "Sculptor", kind: "neutral", cost: 3, icons: Icons{Builder: 1}, hire: "discard",
			convert: []Conversion{{From: "stone", Per: 1, To: Builder, Gain: 2, Once: true}}},
		"emma": {name: "Emma", kind: "hero", cost: 3, icons: Icons{Cleric: 1},
			convert: []Conversion{{From: "stone", Per: 1, To: Cleric, Gain: 1}, {From: "gold", Per: 1, To: Cleric, Gain: 1}}},
		"debt-collector-flip-deed": {name: "Debt Collector", kind: "neutral", cost: 3, icons: Icons{Criminal: 1},
			trigger: "flipdebt", ongoing: "flipdeed", hire: "corruption"},
		"debt-collector-hire-destroy": {name: "Debt Collector", kind: "neutral", cost: 3, icons: Icons{Criminal: 1},
			trigger: "flipdebt", ongoing: "hire|destroy", hire: "corruption"},
		"debt-collector-silver-virtue": {name: "Debt Collector", kind: "neutral", cost: 2, icons: Icons{Criminal: 1},
			trigger: "flipdebt", ongoing: "silver+virtue", hire: "corruption"},
		"debt-collector-resource": {name: "Debt Collector", kind: "neutral", cost: 2, icons: Icons{Criminal: 1},
			trigger: "flipdebt", ongoing: "resource", hire: "corruption"},
		"racketeer-destroy-discard": {name: "Racketeer", kind: "neutral", cost: 2, icons: Icons{Criminal: 1},
			trigger: "gaindebt", ongoing: "destroy|discard", hire: "shuffle"},
		"peddler-ink": {name: "Peddler", kind: "neutral", cost: 2, icons: Icons{Merchant: 3},
			trigger: "collision", ongoing: "ink", hire: "virtue"},
		"peddler-silver": {name: "Peddler", kind: "neutral", cost: 1, icons: Icons{Merchant: 3},
			trigger: "collision", ongoing: "silver2", hire: "discard"},
		"bishop": {name: "Bishop", kind: "neutral", cost: 3, icons: Icons{Cleric: 2},
			trigger: "transcribe", ongoing: "corruption", hire: "debt"},
		"enforcer": {name: "Enforcer", kind: "neutral", cost: 3, icons: Icons{Noble: 2},
			trigger: "noble", ongoing: "corruption", hire: "debt"},
		"woodcutter-virtue": {name: "Woodcutter", kind: "neutral", cost: 2, icons: Icons{Builder: 1},
			trigger: "build", ongoing: "virtue", hire: "virtue"},
		"acolyte": {name: "Acolyte", kind: "neutral", cost: 3, icons: Icons{Merchant: 1, Cleric: 1},
			dropoff: "flip", hire: "discard"},
		"meddler": {name: "Meddler", kind: "neutral", cost: 2, icons: Icons{Criminal: 1},
			dropoff: "deed+debt", hire: "corruption"},
		"missionary-two-ink": {name: "Missionary", kind: "neutral", cost: 3, icons: Icons{Merchant: 1, Cleric: 1},
			dropoff: "ink2", hire: "discard"},
		"watchman": {name: "Watchman", kind: "neutral", cost: 1, icons: Icons{Merchant: 1, Noble: 1},
			dropoff: "hire|destroy", hire: "shuffle"},
		"courier": {name: "Courier", kind: "neutral", cost: 1, icons: Icons{Merchant: 3},
			play: "destroy|discard2", hire: "shuffle"},
		"pickpocket": {name: "Pickpocket", kind: "neutral", cost: 1, icons: Icons{Criminal: 1},
			play: "destroy|silver2", hire: "discard"},
		"tinker-ink": {name: "Tinker", kind: "neutral", cost: 2, icons: Icons{Builder: 1, Noble: 1},
			dropoff: "ink", hire: "virtue"},
		"bertha": {name: "Bertha", kind: "hero", cost: 3, icons: Icons{Merchant: 1, Noble: 1},
			play: "castlemove|virtue"},
		"guntram": {name: "Guntram", kind: "hero", cost: 2, icons: Icons{Merchant: 1, Cleric: 1},
			dropoff: "debt+flipdeed|deed+flipdebt"},
		"lothaire": {name: "Lothaire", kind: "hero", cost: 1, icons: Icons{Merchant: 1},
			play: "stone+gold+ink"},
		"rudolf": {name: "Rudolf", kind: "hero", cost: 2, icons: Icons{Noble: 1},
			dropoff: "destroy2|resource2"},
		"ada": {name: "Ada", kind: "hero", cost: 2, icons: Icons{Criminal: 1},
			trigger: "collision", ongoing: "virtue+resource"},
	}
	byID := map[string]Townsfolk{}
	for _, tf := range loadTownsfolkData(t) {
		byID[tf.ID] = tf
	}
	for id, w := range cases {
		t.Run(id, func(t *testing.T) {
			tf, ok := byID[id]
			if !ok {
				t.Fatalf("no townsfolk %q", id)
			}
			if tf.Name != w.name || tf.Kind != w.kind || tf.Cost != w.cost || tf.Icons != w.icons {
				t.Errorf("got %s/%s cost %d icons %v, want %s/%s cost %d icons %v",
					tf.Name, tf.Kind, tf.Cost, tf.Icons, w.name, w.kind, w.cost, w.icons)
			}
			for _, f := range []struct {
				field string
				got   Effect
				want  string
			}{{"play", tf.Play, w.play}, {"dropoff", tf.DropOff, w.dropoff}, {"hire", tf.Hire, w.hire}, {"ongoing", tf.Ongoing, w.ongoing}} {
				if f.got.String() != f.want {
					t.Errorf("%s: got %q, want %q", f.field, f.got.String(), f.want)
				}
			}
			if tf.Trigger != w.trigger {
				t.Errorf("trigger: got %q, want %q", tf.Trigger, w.trigger)
			}
			if !slices.Equal(tf.Convert, w.convert) {
				t.Errorf("convert: got %+v, want %+v", tf.Convert, w.convert)
			}
		})
	}
}

// TestTownsfolkSharedNamesDiffer checks that cards sharing a name differ in
// what they do, so no physical card was written twice.
func TestTownsfolkSharedNamesDiffer(t *testing.T) {
	seen := map[string]string{}
	for _, tf := range loadTownsfolkData(t) {
		key := fmt.Sprintf("%s/%s/%d/%v/%s/%s/%s/%s/%s/%+v", tf.Name, tf.Kind, tf.Cost, tf.Icons,
			tf.Play, tf.DropOff, tf.Hire, tf.Trigger, tf.Ongoing, tf.Convert)
		if prev, dup := seen[key]; dup {
			t.Errorf("%s and %s are the same card", prev, tf.ID)
		}
		seen[key] = tf.ID
	}
}
