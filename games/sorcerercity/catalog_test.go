package sorcerercity

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestCatalog checks that both languages hold the same keys, and that every
// text random games produce (events, prompts, options, path steps,
// standings, every tile's name) exists in both, with every argument its
// template names.
func TestCatalog(t *testing.T) {
	cat := games.BaseCatalog().Merge(catalog()) // surfaces add the shared texts (games.Verdict)
	for _, lang := range []string{"de"} {
		if missing := cat.MissingKeys(lang); len(missing) > 0 {
			t.Errorf("%s lacks %v", lang, missing)
		}
	}
	for k := range cat["de"] {
		if _, ok := cat["en"][k]; !ok {
			t.Errorf("en lacks %s", k)
		}
	}
	check := textChecker(t, cat)
	g := New()
	if len(g.Info().Rules) == 0 {
		t.Fatal("no rules summary for /rules")
	}
	for _, r := range g.Info().Rules {
		check("rules "+r.ID, r.Title)
		check("rules "+r.ID, r.Body)
	}
	for id := range g.c.Tiles {
		check("tile "+id, tileText(g.c, id))
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		setup := games.DefaultSetup(g, players, uint64(players*31))
		_, final, err := games.RandomPlay(g, setup, games.NewRNG(uint64(players)), games.SimMaxMoves, func(st games.State) error {
			checkPending(check, st)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range final.Standings() {
			check("standing", s.Detail)
		}
	}
	// Events are checked through a replay that keeps them.
	st, err := g.New(games.DefaultSetup(g, 3, 5))
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(9)
	for !st.Over() {
		p := st.Pending()
		pr := p[rng.IntN(len(p))]
		out, err := st.Apply(pr.Seat, pr.Options[rng.IntN(len(pr.Options))].ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out.Events {
			check("event", e)
		}
	}
	if !slices.ContainsFunc(st.Standings(), func(s games.Standing) bool { return s.Rank == 1 }) {
		t.Fatal("nobody ranks first")
	}
}

// textChecker returns a check that a text exists in English and German,
// with its argument texts, and leaves no placeholder.
func textChecker(t *testing.T, cat games.Catalog) func(where string, txt games.Text) {
	var check func(where string, txt games.Text)
	check = func(where string, txt games.Text) {
		t.Helper()
		for _, lang := range []string{"en", "de"} {
			if _, ok := cat[lang][txt.Key]; !ok {
				t.Fatalf("%s: %s has no %s text", where, txt.Key, lang)
			}
			for _, a := range txt.Args {
				if a.Key != "" {
					if _, ok := cat[lang][a.Key]; !ok {
						t.Fatalf("%s: argument %s of %s has no %s text", where, a.Key, txt.Key, lang)
					}
				}
				if a.Text != nil {
					check(where, *a.Text)
				}
			}
			if s := cat.Localize(lang, txt); strings.ContainsAny(s, "{}") {
				t.Fatalf("%s: %s in %s leaves a placeholder: %q", where, txt.Key, lang, s)
			}
		}
	}
	return check
}

// checkPending checks every text of st's prompts.
func checkPending(check func(string, games.Text), st games.State) {
	for _, p := range st.Pending() {
		check("prompt", p.Text)
		for _, o := range p.Options {
			check("option "+o.ID, o.Label)
			for _, step := range o.Path {
				if !step.Label.IsZero() {
					check("step "+step.ID, step.Label)
				}
			}
		}
	}
}

// TestTileNamesTellTheirGoals: a tile's name says which goals it carries,
// in which colour, apart from the tile's own colours ("red/purple with red
// line goal", "rot/blau mit rotem Reihen-Ziel"); goals sharing a colour
// share it in the name ("yellow group and line goals", short enough for a
// select); in words, never colour squares; and names a monster plainly
// ("purple/green Dragon"), in English and German.
func TestTileNamesTellTheirGoals(t *testing.T) {
	cat := catalog()
	g := New()
	for _, c := range []struct{ id, en, de string }{
		{"v2-03", "yellow/red with yellow line goal, red shield goal (cost 5)", "gelb/rot mit gelbem Reihen-Ziel, rotem Wappenschild-Ziel (Kosten 5)"},
		{"v2-04", "yellow/red with yellow shield goal, red shield goal (cost 5)", "gelb/rot mit gelbem Wappenschild-Ziel, rotem Wappenschild-Ziel (Kosten 5)"},
		{"v3-01", "yellow with yellow group and line goals (cost 6)", "gelb mit gelbem Gruppen- und Reihen-Ziel (Kosten 6)"},
		{"v4-15", "purple with purple group, line and shield goals (cost 10)", "blau mit blauem Gruppen-, Reihen- und Wappenschild-Ziel (Kosten 10)"},
		{"v4-19", "rainbow with rainbow group goal, green shield goal (cost 10)", "Regenbogen mit buntem Gruppen-Ziel, grünem Wappenschild-Ziel (Kosten 10)"},
	} {
		for lang, want := range map[string]string{"en": c.en, "de": c.de} {
			if got := cat.Localize(lang, tileText(g.c, c.id)); got != want {
				t.Errorf("%s %s: %q, want %q", lang, c.id, got, want)
			}
		}
	}
	squares := regexp.MustCompile(`🟨|🟥|🟪|🟩|🌈|⬛`)
	kindWord := map[string]map[GoalKind]string{
		"en": {"group": "group", "line": "line", "shield": "shield"},
		"de": {"group": "Gruppen-", "line": "Reihen-", "shield": "Wappenschild-"},
	}
	with := map[string]string{"en": " with ", "de": " mit "}
	goals := 0
	for id, tile := range g.c.Tiles {
		for _, lang := range []string{"en", "de"} {
			name := cat.Localize(lang, tileText(g.c, id))
			if m := squares.FindString(name); m != "" {
				t.Errorf("%s %s: a colour square %q in %q", lang, id, m, name)
			}
			if len(tile.Goals) > 0 != strings.Contains(name, with[lang]) {
				// A monster's tile is "purple/green Dragon": "kills
				// purple/green with Dragon" would read as killing by the
				// Dragon.
				t.Errorf("%s %s: %q: %q belongs before goals, and only there", lang, id, name, with[lang])
			}
			_, goalPart, _ := strings.Cut(name, with[lang])
			for _, goal := range tile.Goals {
				goals++
				colour := cat.Localize(lang, colourText("sc.goalcolour.", goalTint(goal)))
				at := strings.Index(goalPart, colour+" ")
				if at < 0 || !strings.Contains(goalPart[at:], kindWord[lang][goal.Kind]) {
					t.Errorf("%s %s: %q lacks a %s %s goal", lang, id, name, colour, goal.Kind)
				}
			}
		}
	}
	if goals == 0 {
		t.Fatal("no tile with a goal")
	}
}

// TestNoDoubleBrackets: no option reads "(cost 8) (1 Money)" (which of
// the two is paid?); random
// games of every size, every option in English and German.
func TestNoDoubleBrackets(t *testing.T) {
	cat := catalog()
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		setup := games.DefaultSetup(g, players, uint64(players*7))
		_, _, err := games.RandomPlay(g, setup, games.NewRNG(uint64(players)), games.SimMaxMoves, func(st games.State) error {
			for _, p := range st.Pending() {
				for _, o := range p.Options {
					for _, lang := range []string{"en", "de"} {
						if l := cat.Localize(lang, o.Label); strings.Contains(l, ") (") {
							t.Errorf("%s: %q", lang, l)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestCountsReadAsWords: a count of one takes the singular ("1 buy
// left", "noch 1 Kauf"), in random games of every size.
func TestCountsReadAsWords(t *testing.T) {
	cat := catalog()
	bad := regexp.MustCompile(`\b1 (buys|tiles|Käufe)\b`)
	g := New()
	met := 0
	for players := MinPlayers; players <= MaxPlayers; players++ {
		setup := games.DefaultSetup(g, players, uint64(players*11))
		_, _, err := games.RandomPlay(g, setup, games.NewRNG(uint64(players)), games.SimMaxMoves, func(st games.State) error {
			for _, p := range st.Pending() {
				for _, lang := range []string{"en", "de"} {
					text := cat.Localize(lang, p.Text)
					if m := bad.FindString(text); m != "" {
						t.Errorf("%s: %q in %q", lang, m, text)
					}
					if strings.HasSuffix(p.Text.Key, ".one") {
						met++
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if met == 0 {
		t.Fatal("no prompt counted one")
	}
}
