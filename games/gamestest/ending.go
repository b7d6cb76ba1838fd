package gamestest

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/tavern-bot/tavern/games"
)

// Langs are the languages every player-facing text is checked in.
var Langs = []string{"en", "de"}

// CheckEnding plays a random game of g from every setup and holds its
// final narration (the events of the move that ended it) to what a table
// posts with the last board: an event among reasons (keys saying why the
// game ended) and a verdict (a games.Verdict text, or one of verdicts, the
// game's own) that names the first seat of the standings and its score,
// both complete in English and German: every key found in the language,
// every placeholder filled. It returns the reasons met, by key, so a test
// can demand that every way to end was seen.
func CheckEnding(t *testing.T, g games.Game, setups []games.Setup, reasons, verdicts []string) map[string]int {
	t.Helper()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	met := map[string]int{}
	for _, setup := range setups {
		var last []games.Text
		_, final, err := games.RandomPlay(narrated{g, func(events []games.Text) { last = events }},
			setup, games.NewRNG(setup.Seed), games.SimMaxMoves, nil)
		if err != nil {
			t.Fatalf("%d players, seed %d, options %v: %v", setup.Players, setup.Seed, setup.Options, err)
		}
		where := func() string {
			return strconv.Itoa(setup.Players) + " players, seed " + strconv.FormatUint(setup.Seed, 10)
		}
		reason := slices.IndexFunc(last, func(e games.Text) bool { return slices.Contains(reasons, e.Key) })
		if reason < 0 {
			t.Errorf("%s: the last events say no reason why the game ended (%v): %v", where(), reasons, keys(last))
			continue
		}
		met[last[reason].Key]++
		verdict := slices.IndexFunc(last, func(e games.Text) bool {
			return strings.HasPrefix(e.Key, "games.end.") || slices.Contains(verdicts, e.Key)
		})
		if verdict < reason {
			t.Errorf("%s: no verdict after the reason in the last events: %v", where(), keys(last))
			continue
		}
		first := final.Standings()[0]
		for _, lang := range Langs {
			for _, e := range []games.Text{last[reason], last[verdict]} {
				if k := missingKey(cat, lang, e); k != "" {
					t.Errorf("%s, %s: %s has no text for %s", where(), lang, e.Key, k)
				}
				if s := cat.Localize(lang, e); placeholder.MatchString(s) {
					t.Errorf("%s, %s: %q leaves a placeholder unfilled", where(), lang, s)
				}
			}
			s := cat.Localize(lang, last[verdict])
			name := cat.Localize(lang, games.T(games.KeyPlayerN, "n", first.Seat+1))
			if !strings.Contains(s, name) || !regexp.MustCompile(`\b`+strconv.Itoa(first.Score)+`\b`).MatchString(s) {
				t.Errorf("%s, %s: the verdict %q names not the first seat %s with its score %d", where(), lang, s, name, first.Score)
			}
		}
	}
	return met
}

// missingKey is a catalog key inside x (its own or an argument's) that
// lang lacks, or "".
func missingKey(cat games.Catalog, lang string, x games.Text) string {
	if _, ok := cat[lang][x.Key]; !ok {
		return x.Key
	}
	for _, a := range x.Args {
		if a.Key != "" {
			if _, ok := cat[lang][a.Key]; !ok {
				return a.Key
			}
		}
		if a.Text != nil {
			if k := missingKey(cat, lang, *a.Text); k != "" {
				return k
			}
		}
	}
	return ""
}

func keys(events []games.Text) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = e.Key
	}
	return out
}

// word is a word a player reads: three letters or more.
var word = regexp.MustCompile(`\p{L}{3,}`)

// LabelProblem says what is wrong with an option's label as a player
// reads it, or "" when nothing is: a label holds a word of three letters
// or more and begins with words (or a count), not a pictogram, and a
// pictogram (an emoji, an arrow) stands only beside a word,
// never among digits and other pictograms ("Judith (1💰 💰🔨)" names its
// card, but its cost and icons are pictures a new player cannot read).
func LabelProblem(label string) string {
	if !word.MatchString(label) {
		return "no word"
	}
	if first, _ := utf8.DecodeRuneInString(strings.TrimSpace(label)); pictogram(first) {
		return "begins with a pictogram, not words"
	}
	for _, f := range strings.Fields(label) {
		pictures, letters := 0, 0
		for _, r := range f {
			switch {
			case unicode.IsLetter(r):
				letters++
			case pictogram(r):
				pictures++
			}
		}
		if pictures > 0 && letters == 0 && !besideWord(label, f) {
			return "pictogram " + f + " beside no word"
		}
	}
	return ""
}

// pictogram reports a rune that is a picture, not a letter or digit:
// emoji, arrows, dingbats.
func pictogram(r rune) bool {
	return unicode.Is(unicode.So, r) || unicode.Is(unicode.Sm, r) && r > 0x2000
}

// besideWord reports whether field f of label stands next to a field with
// a word of its own ("🔨 builder", "Stone 🪨").
func besideWord(label, f string) bool {
	fields := strings.Fields(label)
	for i, g := range fields {
		if g != f {
			continue
		}
		if i > 0 && word.MatchString(fields[i-1]) || i+1 < len(fields) && word.MatchString(fields[i+1]) {
			return true
		}
	}
	return false
}

// CheckLabels plays a random game of g from every setup and holds every
// option's label (and every step of its path) to LabelProblem, in English
// and German.
func CheckLabels(t *testing.T, g games.Game, setups []games.Setup) {
	t.Helper()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	reported := map[string]bool{}
	check := func(x games.Text) {
		for _, lang := range Langs {
			s := cat.Localize(lang, x)
			if p := LabelProblem(s); p != "" && !reported[lang+s] {
				reported[lang+s] = true
				t.Errorf("%s: label %q (%s): %s", lang, s, x.Key, p)
			}
		}
	}
	labels := 0
	for _, setup := range setups {
		_, _, err := games.RandomPlay(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, func(s games.State) error {
			for _, p := range s.Pending() {
				for _, o := range p.Options {
					labels++
					check(o.Label)
					for _, st := range o.Path {
						if !st.Label.IsZero() {
							check(st.Label)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%d players, seed %d, options %v: %v", setup.Players, setup.Seed, setup.Options, err)
		}
	}
	if labels == 0 {
		t.Fatal("no option met")
	}
}
