package zauberschwert

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tavern-bot/tavern/games"
)

func TestStandings(t *testing.T) {
	tests := []struct {
		name     string
		stones   []int
		magic    []int
		laid     []int // laid-out one-part cards
		wantSeat []int
		wantRank []int
	}{
		{"most stones", []int{3, 9, 5}, []int{9, 0, 9}, []int{0, 0, 0}, []int{1, 2, 0}, []int{1, 2, 3}},
		{"tie on stones: magic", []int{5, 5, 1}, []int{3, 7, 0}, []int{0, 0, 0}, []int{1, 0, 2}, []int{1, 2, 3}},
		{"tie on magic: laid-out cards", []int{5, 5, 1}, []int{3, 3, 0}, []int{1, 2, 0}, []int{1, 0, 2}, []int{1, 2, 3}},
		{"full tie shares the rank", []int{5, 5, 1}, []int{3, 3, 0}, []int{1, 1, 0}, []int{0, 1, 2}, []int{1, 1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fresh(t, 3, 9)
			ones := []string{"ring-tri", "ring-circle", "ring-square", "rune-tri"}
			k := 0
			for i := range s.Seats {
				s.Seats[i].Stones, s.Seats[i].Magic = tc.stones[i], tc.magic[i]
				for range tc.laid[i] {
					layOut(t, s, i, ones[k])
					k++
				}
			}
			st := s.Standings()
			for i, x := range st {
				if x.Seat != tc.wantSeat[i] || x.Rank != tc.wantRank[i] || x.Score != tc.stones[x.Seat] {
					t.Errorf("standing %d = %+v, want seat %d rank %d", i, x, tc.wantSeat[i], tc.wantRank[i])
				}
			}
		})
	}
}

func TestGameEndsWhenDisplayCannotBeRefilled(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-orb-3", "b-orb-4"}, []int{3, 3})
	s.Removed = append(s.Removed, s.Pile[1:]...)
	s.Pile = s.Pile[:1]
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	if !s.Over() || len(s.Pending()) != 0 || !s.View(games.Public).(PublicView).Over {
		t.Fatalf("game must end: step %s", s.Step)
	}
	if _, err := s.Apply(0, "pass"); err == nil {
		t.Error("moves after the end must be refused")
	}
}

func TestIllegalMovesLeaveStateUnchanged(t *testing.T) {
	s := fresh(t, 3, 5)
	before, _ := s.MarshalJSON()
	other := (s.placeSeat() + 1) % 3
	for _, m := range []games.Move{{Seat: other, ID: "pass"}, {Seat: s.placeSeat(), ID: "place:2"}, {Seat: s.placeSeat(), ID: "bid:3"}, {Seat: 7, ID: "pass"}} {
		if _, err := s.Apply(m.Seat, m.ID); err == nil {
			t.Errorf("%+v must be refused", m)
		} else if _, ok := err.(*games.Error); !ok {
			t.Errorf("%+v: error %T is not a *games.Error", m, err)
		}
	}
	after, _ := s.MarshalJSON()
	if string(before) != string(after) {
		t.Error("a refused move changed the state")
	}
}

func TestJSON(t *testing.T) {
	g := newGame(t)
	s := fresh(t, 4, 11)
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var probe struct{ Schema int }
	if err := json.Unmarshal(data, &probe); err != nil || probe.Schema != schemaVersion {
		t.Fatalf("schema field %d, err %v", probe.Schema, err)
	}
	if err := games.CheckRoundTrip(g, s); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		strings.Replace(string(data), `"schema":1`, `"schema":99`, 1),
		strings.Replace(string(data), `"players":4`, `"players":9`, 1),
		strings.Replace(string(data), `"a-`, `"zz-`, 1),
		`{`,
	} {
		if _, err := g.Load([]byte(bad)); err == nil {
			t.Errorf("Load accepted a bad state: %.60s", bad)
		}
	}
}

func TestInfoAndCatalog(t *testing.T) {
	info := New().Info()
	if info.ID != "zauberschwert" || info.MinPlayers != 2 || info.MaxPlayers != 4 || len(info.Rules) == 0 {
		t.Fatalf("info %+v", info)
	}
	c := info.Catalog
	if m := c.MissingKeys("de"); len(m) > 0 {
		t.Errorf("German lacks %v", m)
	}
	for k := range c["de"] {
		if _, ok := c["en"][k]; !ok {
			t.Errorf("English lacks %s", k)
		}
	}
	keys := []string{info.Name.Key}
	for _, r := range info.Rules {
		keys = append(keys, r.Title.Key, r.Body.Key)
	}
	g := newGame(t)
	for _, a := range g.d.Artifacts {
		keys = append(keys, a.Artifact.Name)
	}
	for _, sp := range g.d.Spells {
		keys = append(keys, sp.Name, sp.Effect)
	}
	for _, card := range g.d.Cards {
		keys = append(keys, card.Name)
	}
	for _, ph := range []string{"A", "B", "C", "D", "E", "F"} {
		keys = append(keys, "zs.phase."+ph)
	}
	for _, k := range keys {
		for _, lang := range []string{"en", "de"} {
			if _, ok := c[lang][k]; !ok {
				t.Errorf("%s lacks key %s", lang, k)
			}
		}
	}
}

// TestTextsInPlay plays random games and checks that every prompt, option
// and event text exists in both languages, with every argument filled.
func TestTextsInPlay(t *testing.T) {
	g := newGame(t)
	c := games.BaseCatalog().Merge(g.Info().Catalog) // surfaces add the shared texts (games.Verdict)
	checkText := func(x games.Text) {
		t.Helper()
		for _, lang := range []string{"en", "de"} {
			if _, ok := c[lang][x.Key]; !ok {
				t.Fatalf("%s lacks key %s", lang, x.Key)
			}
			if out := c.Localize(lang, x); strings.Contains(out, "{") {
				t.Fatalf("%s: unfilled argument in %q", lang, out)
			}
			for _, a := range x.Args {
				if a.Key != "" {
					if _, ok := c[lang][a.Key]; !ok {
						t.Fatalf("%s lacks argument key %s", lang, a.Key)
					}
				}
			}
		}
	}
	for seed := range uint64(20) {
		st, _ := g.New(games.Setup{Players: 2 + int(seed%3), Seed: seed})
		rng := games.NewRNG(seed)
		for !st.Over() {
			ps := st.Pending()
			p := ps[rng.IntN(len(ps))]
			checkText(p.Text)
			for _, o := range p.Options {
				checkText(o.Label)
			}
			out, err := st.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range out.Events {
				checkText(e)
			}
		}
		for _, x := range st.Standings() {
			checkText(x.Detail)
		}
	}
}

// TestPromptSecrecy: placing and bidding are open; together/alone is
// answered in secret (the answers are revealed together), and the reveal
// ends what can be taken back.
func TestPromptSecrecy(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-goblins-1", "a-orb-3"}, []int{9, 9})
	for _, step := range []string{"place", "choose", "auction"} {
		for _, p := range s.Pending() {
			if p.Secret != (step == "choose") {
				t.Errorf("%s prompt: secret %v", step, p.Secret)
			}
		}
		switch step {
		case "place":
			apply(t, s, mv(0, "place:0"), mv(1, "place:0"))
		case "choose":
			out, err := s.Apply(0, "alone")
			if err != nil || out.Revealed {
				t.Fatalf("first answer: %+v, %v; nothing is revealed yet", out, err)
			}
			if out, err = s.Apply(1, "alone"); err != nil || !out.Revealed {
				t.Fatalf("last answer: %+v, %v; it reveals every answer", out, err)
			}
		}
	}
}

func TestDataFromRulebook(t *testing.T) {
	d := newGame(t).d
	var wand, book, sapphire, potion bool
	for _, a := range d.Artifacts {
		x := a.Artifact
		switch {
		case x.Name == "zs.art.wand" && x.Parts == 2 && hasSymbol(x, Circle) && x.Bonus == (Bonus{Stones: 2}):
			wand = true
		case x.Name == "zs.art.book" && x.Parts == 1 && hasSymbol(x, Triangle) && hasSymbol(x, Circle) && x.Bonus == (Bonus{Magic: 1}):
			book = true
		case x.Name == "zs.art.sapphire" && hasSymbol(x, Square) && x.Bonus.Choice > 0:
			sapphire = true
		case x.Name == "zs.art.potion" && x.Bonus.Choice > 0:
			potion = true
		}
	}
	if !wand || !book || !sapphire || !potion {
		t.Errorf("rulebook artifacts missing: wand %v book %v sapphire %v potion %v", wand, book, sapphire, potion)
	}
	last := map[string]int{}
	for _, deck := range []string{"A", "B", "C"} {
		lo := 1 << 30
		for _, c := range d.Cards {
			if c.Deck == deck && c.Kind == KindCreature {
				lo = min(lo, c.Strength)
			}
		}
		for _, prev := range last {
			if lo < prev {
				t.Errorf("deck %s creatures weaker than an earlier deck's", deck)
			}
		}
		hi := 0
		for _, c := range d.Cards {
			if c.Deck == deck && c.Kind == KindCreature {
				hi = max(hi, c.Strength)
			}
		}
		last[deck] = hi
	}
}

func TestDataValidation(t *testing.T) {
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := fs.ReadFile(sub, name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	adv, art, sp := read("adventure.json"), read("artifacts.json"), read("spells.json")
	tests := []struct {
		name         string
		adv, art, sp string
		wantErr      bool
	}{
		{"embedded data", adv, art, sp, false},
		{"a creature too few", strings.Replace(adv, `"id": "c-dragons-3", "deck": "C", "kind": "creature"`, `"id": "c-dragons-3", "deck": "C", "kind": "orb", "magic": 2`, 1), art, sp, true},
		{"a spell twice", strings.Replace(adv, `"spell": "addus"`, `"spell": "stonex"`, 1), art, sp, true},
		{"27 artifact cards", adv, strings.Replace(art, `"copies": 2`, `"copies": 1`, 1), sp, true},
		{"bad symbol", adv, strings.Replace(art, `["tri"]`, `["star"]`, 1), sp, true},
		{"unknown spell", adv, art, strings.Replace(sp, `"id": "addus"`, `"id": "abracadabra"`, 1), true},
		{"broken JSON", adv[:50], art, sp, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"adventure.json": {Data: []byte(tc.adv)},
				"artifacts.json": {Data: []byte(tc.art)},
				"spells.json":    {Data: []byte(tc.sp)},
			}
			_, err := NewFromFS(fsys)
			if (err != nil) != tc.wantErr {
				t.Errorf("err = %v, want error %v", err, tc.wantErr)
			}
		})
	}
}

func TestDataValidationReasons(t *testing.T) {
	sub, _ := fs.Sub(embedded, "data")
	adv, _ := fs.ReadFile(sub, "adventure.json")
	art, _ := fs.ReadFile(sub, "artifacts.json")
	sp, _ := fs.ReadFile(sub, "spells.json")
	bad := strings.Replace(string(adv), `"id": "c-dragons-3", "deck": "C", "kind": "creature"`, `"id": "c-dragons-3", "deck": "C", "kind": "orb", "magic": 2`, 1)
	_, err := LoadData(fstest.MapFS{"adventure.json": {Data: []byte(bad)}, "artifacts.json": {Data: art}, "spells.json": {Data: sp}})
	if err == nil || !strings.Contains(err.Error(), "kind") {
		t.Errorf("4 orbs / 13 creatures must be refused by the count check, got %v", err)
	}
}
