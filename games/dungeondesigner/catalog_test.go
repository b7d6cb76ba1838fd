package dungeondesigner

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

func TestCatalogComplete(t *testing.T) {
	info := New().Info()
	cat := info.Catalog
	if m := cat.MissingKeys("de"); len(m) > 0 {
		t.Errorf("missing German: %v", m)
	}
	if m := (games.Catalog{"en": cat["de"], "de": cat["en"]}).MissingKeys("de"); len(m) > 0 {
		t.Errorf("missing English: %v", m)
	}
	if len(info.Rules) < 8 {
		t.Errorf("%d rule topics", len(info.Rules))
	}
	for _, r := range info.Rules {
		checkTexts(t, cat, r)
	}
	checkTexts(t, cat, info.Name)
	for _, o := range info.Options {
		checkTexts(t, cat, o.Label)
	}
}

// checkTexts finds every games.Text inside v and checks that its key and
// every referenced argument key exist in English and German, and that the
// template's placeholders are all supplied.
func checkTexts(t *testing.T, cat games.Catalog, v any) {
	t.Helper()
	gamestest.WalkTexts(v, func(x games.Text) {
		for _, lang := range []string{"en", "de"} {
			if _, ok := cat[lang][x.Key]; !ok {
				t.Errorf("%s: no text for %q", lang, x.Key)
				continue
			}
			for _, a := range x.Args {
				if a.Key != "" {
					if _, ok := cat[lang][a.Key]; !ok {
						t.Errorf("%s: no text for argument %q of %q", lang, a.Key, x.Key)
					}
				}
			}
			if out := cat.Localize(lang, x); strings.Contains(out, "{") {
				t.Errorf("%s: unfilled placeholder in %q: %s", lang, x.Key, out)
			}
		}
	})
}

func TestTextsOfAGameAreLocalized(t *testing.T) {
	cat := games.BaseCatalog().Merge(New().Info().Catalog) // surfaces add the shared texts (games.Verdict)
	for _, players := range []int{1, 2, 5} {
		s := newTest(t, players, 31, nil)
		for !s.Over() {
			pending := s.Pending()
			checkTexts(t, cat, pending)
			checkTexts(t, cat, s.View(games.Public))
			checkTexts(t, cat, s.View(pending[0].Seat))
			out := mustApply(t, s, pending[0].Seat, pending[0].Options[len(pending[0].Options)/2].ID)
			checkTexts(t, cat, out.Events)
			if t.Failed() {
				return
			}
		}
		checkTexts(t, cat, s.Standings())
		checkTexts(t, cat, s.View(games.Public))
	}
}

// TestThingGrammar renders every task, goal and Jael bonus in both
// languages and fails on the forms that read wrong: a plural after "per" or
// "je" ("je Kobolde"), a nominative after "mit" or "aus" ("mit Gnolle"), and
// the number and case slips of the market texts.
func TestThingGrammar(t *testing.T) {
	c := DefaultComponents()
	cat := New().Info().Catalog
	var texts []games.Text
	for _, task := range c.Tasks {
		texts = append(texts, taskText(task))
	}
	for _, g := range c.Goals {
		texts = append(texts, goalText(g))
	}
	for _, j := range c.Jael {
		texts = append(texts, bonusText(j.Bonus))
	}
	texts = append(texts, games.T("dd.ev.jael_collect", "stall", 1, "part", games.Ref("dd.partacc.upper")),
		jaelRestText(1), jaelRestText(3))
	// Words that differ between the plural and the form a slot needs.
	wrongAfter := map[string][]string{"en": {"per "}, "de": {"je "}}
	dativeSlot := []string{"mit ", "aus "}
	var plurals = map[string][]string{}
	var nominatives []string
	for _, w := range []string{"gnoll", "goblin", "kobold", "slime", "ooze", "monster", "trap", "treasure", "star", "passage", "cave", "masonry"} {
		for _, lang := range []string{"en", "de"} {
			pl, one := cat[lang]["dd.thing."+w], cat[lang]["dd.one."+w]
			if pl != one {
				plurals[lang] = append(plurals[lang], pl)
			}
			if lang == "de" && cat["de"]["dd.dat."+w] != pl {
				nominatives = append(nominatives, pl)
			}
		}
	}
	for _, x := range texts {
		for _, lang := range []string{"en", "de"} {
			s := cat.Localize(lang, x)
			for _, lead := range wrongAfter[lang] {
				for _, pl := range plurals[lang] {
					if strings.Contains(s, lead+pl) {
						t.Errorf("%s: %q has a plural after %q", lang, s, lead)
					}
				}
			}
			if lang == "de" {
				for _, lead := range dativeSlot {
					for _, nom := range nominatives {
						if strings.Contains(s, lead+nom+" ") || strings.HasSuffix(s, lead+nom) {
							t.Errorf("de: %q needs the dative after %q", s, lead)
						}
					}
				}
				for _, bad := range []string{"den oberer", "den unterer", "die 1 "} {
					if strings.Contains(s, bad) {
						t.Errorf("de: %q contains %q", s, bad)
					}
				}
			}
		}
	}
}
