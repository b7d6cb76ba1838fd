package dungeondesigner

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
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
	walkTexts(reflect.ValueOf(v), func(x games.Text) {
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

var textType = reflect.TypeOf(games.Text{})

func walkTexts(v reflect.Value, f func(games.Text)) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if !v.IsNil() {
			walkTexts(v.Elem(), f)
		}
	case reflect.Struct:
		if v.Type() == textType {
			f(v.Interface().(games.Text))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walkTexts(v.Field(i), f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkTexts(v.Index(i), f)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			walkTexts(v.MapIndex(k), f)
		}
	}
}

func TestTextsOfAGameAreLocalized(t *testing.T) {
	cat := New().Info().Catalog
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
