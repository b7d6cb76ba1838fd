// Package glossary reads a game's glossary: the rulebooks' German and
// English word for every component, action, phase and score category, with
// the wrong forms a text must not use. The German rulebooks' terms are each
// game's German vocabulary, so tests hold every text a game produces
// against its glossary.
package glossary

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/tavern-bot/tavern/games"
)

// Langs are the languages a glossary holds.
var Langs = []string{"en", "de"}

// Glossary is one game's vocabulary.
type Glossary struct {
	Game  string  `toml:"game"`
	Terms []Term  `toml:"term"`
	Slips []Slip  `toml:"slip"`
	words wordSet // built by Parse
}

// Term is one thing the rulebooks name, in both languages.
type Term struct {
	// Kind is what the term names: component, action, phase, score, game,
	// variant or concept.
	Kind string `toml:"kind"`
	DE   string `toml:"de"`
	// DEPlural is the plural where it differs from DE; a count of one
	// must never stand before it ("1 Schuldscheine").
	DEPlural string `toml:"de_plural"`
	EN       string `toml:"en"`
	ENPlural string `toml:"en_plural"`
	// Rendered marks an English term of ours: the game has no English
	// rulebook and the English edition's components do not name it.
	Rendered bool `toml:"rendered"`
	// Where is the German rulebook's section that names the term.
	Where string `toml:"where"`
	// WrongDE and WrongEN are forms a text must not use for it, as whole
	// words in any letter case ("Vizegraf" for Burggraf), or only as
	// written when CaseSensitive (a proper name may hold "Room").
	WrongDE       []string `toml:"wrong_de"`
	WrongEN       []string `toml:"wrong_en"`
	CaseSensitive bool     `toml:"case_sensitive"`
}

// Slip is a wrong phrasing that is no single term: a grammar slip a text
// must not show ("die 1 übrigen").
type Slip struct {
	DE  []string `toml:"de"`
	EN  []string `toml:"en"`
	Why string   `toml:"why"`
}

// wordSet holds the compiled checks per language.
type wordSet map[string]*checks

type checks struct {
	wrong    *regexp.Regexp // any wrong form or slip, as a whole word
	exact    *regexp.Regexp // the wrong forms of case-sensitive terms
	oneMany  *regexp.Regexp // "1 " before a plural that differs from its singular
	plural   map[string]bool
	wrongFor map[string]string // lower-cased wrong form → the right term
}

// Read parses the glossary file at path.
func Read(path string) (*Glossary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("glossary: %w", err)
	}
	g, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("glossary %s: %w", path, err)
	}
	return g, nil
}

// Parse reads a glossary from TOML and checks that every term names both
// languages.
func Parse(data []byte) (*Glossary, error) {
	var g Glossary
	if _, err := toml.Decode(string(data), &g); err != nil {
		return nil, err
	}
	if len(g.Terms) == 0 {
		return nil, fmt.Errorf("no terms")
	}
	g.words = wordSet{}
	for _, lang := range Langs {
		c := &checks{plural: map[string]bool{}, wrongFor: map[string]string{}}
		var wrong, exact, plurals []string
		for i, t := range g.Terms {
			one, many, bad := t.forms(lang)
			if one == "" || t.Kind == "" {
				return nil, fmt.Errorf("term %d (%q/%q) lacks a kind or its %s word", i+1, t.DE, t.EN, lang)
			}
			for _, w := range bad {
				if strings.EqualFold(w, one) || strings.EqualFold(w, many) {
					return nil, fmt.Errorf("term %q lists its own form %q as wrong", one, w)
				}
				if t.CaseSensitive {
					exact = append(exact, w)
				} else {
					wrong = append(wrong, w)
				}
				c.wrongFor[strings.ToLower(w)] = one
			}
			if many != "" && many != one {
				plurals = append(plurals, many)
				c.plural[many] = true
			}
		}
		for _, s := range g.Slips {
			for _, w := range s.words(lang) {
				wrong = append(wrong, w)
				c.wrongFor[strings.ToLower(w)] = s.Why
			}
		}
		c.wrong = wholeWords(wrong, true)
		c.exact = wholeWords(exact, false)
		c.oneMany = wholeWords(prefixed("1 ", plurals), false)
		g.words[lang] = c
	}
	return &g, nil
}

// forms are a term's singular, plural and wrong forms in lang.
func (t Term) forms(lang string) (one, many string, wrong []string) {
	if lang == "de" {
		return t.DE, cmp(t.DEPlural, t.DE), t.WrongDE
	}
	return t.EN, cmp(t.ENPlural, t.EN), t.WrongEN
}

func (s Slip) words(lang string) []string {
	if lang == "de" {
		return s.DE
	}
	return s.EN
}

func cmp(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func prefixed(p string, words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = p + w
	}
	return out
}

// wholeWords matches any of words where no letter or digit goes on either
// side ("11 Tintenfässer" is no count of one); Go's \b knows only ASCII
// letters, and German words end in umlauts.
func wholeWords(words []string, fold bool) *regexp.Regexp {
	if len(words) == 0 {
		return nil
	}
	// Longest first, so that the longer of two overlapping forms is named.
	words = slices.Clone(words)
	slices.SortFunc(words, func(a, b string) int { return len(b) - len(a) })
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = regexp.QuoteMeta(w)
	}
	flags := ""
	if fold {
		flags = "(?i)"
	}
	return regexp.MustCompile(flags + `(?:^|[^\p{L}\p{N}])(` + strings.Join(quoted, "|") + `)(?:[^\p{L}\p{N}]|$)`)
}

// Problem is one glossary breach in a text.
type Problem struct {
	Found string // the words found
	Want  string // the right term, or why the phrasing is wrong
}

func (p Problem) String() string { return fmt.Sprintf("%q (want %s)", p.Found, p.Want) }

// Check lists the glossary breaches of text in lang: a wrong form of a
// term or a listed slip, and a count of one before a plural.
func (g *Glossary) Check(lang, text string) []Problem {
	c := g.words[lang]
	if c == nil {
		return nil
	}
	var out []Problem
	for _, re := range []*regexp.Regexp{c.wrong, c.exact} {
		if re == nil {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			out = append(out, Problem{Found: m[1], Want: c.wrongFor[strings.ToLower(m[1])]})
		}
	}
	if c.oneMany != nil {
		for _, m := range c.oneMany.FindAllStringSubmatch(text, -1) {
			out = append(out, Problem{Found: m[1], Want: "the singular after a count of one"})
		}
	}
	return out
}

// placeholderBefore finds "{name} Word" in a template.
var placeholderBefore = regexp.MustCompile(`\{[a-z_]+\} (\p{L}+)`)

// Uncounted lists the keys of cat whose template in some language puts a
// count before a plural of the glossary ("{n} Debts") without a form for
// exactly one under key+".one" (see games.Counted).
func (g *Glossary) Uncounted(cat games.Catalog) []string {
	var out []string
	for _, lang := range Langs {
		c := g.words[lang]
		for key, tpl := range cat[lang] {
			if strings.HasSuffix(key, ".one") {
				continue
			}
			for _, m := range placeholderBefore.FindAllStringSubmatch(tpl, -1) {
				if !c.plural[m[1]] {
					continue
				}
				if _, ok := cat[lang][key+".one"]; !ok && !slices.Contains(out, key) {
					out = append(out, key)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}
