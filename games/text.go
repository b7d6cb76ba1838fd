package games

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Text is a message a player reads, kept as a catalog key plus arguments so
// that it is localized only at the edge (commands, imaging). It serializes to
// JSON, so narration can be stored in a table's log.
type Text struct {
	Key  string `json:"k"`
	Args []Arg  `json:"a,omitempty"`
}

// IsZero reports a Text that says nothing.
func (t Text) IsZero() bool { return t.Key == "" }

// Arg is one named argument of a Text: a literal value, a catalog key that is
// localized itself (a card name, a phase name), or a seat shown as the
// player's display name.
type Arg struct {
	Name string `json:"n"`
	Val  string `json:"v,omitempty"`
	Key  string `json:"k,omitempty"`
	// Seat is the seat index plus one, so that zero means "not a seat".
	Seat int `json:"s,omitempty"`
	// Text is a whole text of its own (a card's name with its details),
	// rendered in the same language.
	Text *Text `json:"t,omitempty"`
}

// Ref marks an argument value as a catalog key to localize.
type Ref string

// Player marks an argument value as a seat index; it is shown as that
// player's name. Games know only seats; names are the table's business.
type Player int

// KeyPlayerN is the catalog key used for a seat when no names are known.
const KeyPlayerN = "games.player_n"

// Counted is T(key, kv...) in its form for exactly one, under key+".one",
// when the argument named count is the integer 1: "1 Debt", not "1
// Debt(s)". A catalog holding a counted text holds both forms.
func Counted(key, count string, kv ...any) Text {
	for i := 0; count != "" && i+1 < len(kv); i += 2 {
		if kv[i] == count && kv[i+1] == 1 {
			return T(key+".one", kv...)
		}
	}
	return T(key, kv...)
}

// T builds a Text from a key and name/value pairs. Values may be string
// (literal), Ref (localized key), Player (a seat), Text (rendered in the
// same language), or any integer.
func T(key string, kv ...any) Text {
	t := Text{Key: key}
	if len(kv) > 1 {
		t.Args = make([]Arg, 0, len(kv)/2)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			name = fmt.Sprint(kv[i])
		}
		a := Arg{Name: name}
		switch v := kv[i+1].(type) {
		case Ref:
			a.Key = string(v)
		case Player:
			a.Seat = int(v) + 1
		case Text:
			a.Text = &v
		case string:
			a.Val = v
		case int:
			a.Val = strconv.Itoa(v)
		default:
			a.Val = fmt.Sprint(v)
		}
		t.Args = append(t.Args, a)
	}
	return t
}

// Catalog maps a language ("en", "de") to message templates by key. A
// template names its arguments in braces: "{player} bids {amount}".
type Catalog map[string]map[string]string

// Merge adds every entry of o to c (o wins on conflict) and returns c.
func (c Catalog) Merge(o Catalog) Catalog {
	for lang, msgs := range o {
		if c[lang] == nil {
			c[lang] = map[string]string{}
		}
		for k, v := range msgs {
			c[lang][k] = v
		}
	}
	return c
}

// BaseCatalog holds the texts every game shares.
func BaseCatalog() Catalog {
	return Catalog{
		"en": {KeyPlayerN: "Player {n}"},
		"de": {KeyPlayerN: "Spieler {n}"},
	}.Merge(endingCatalog())
}

// DefaultLang is used when a language or a key is missing.
const DefaultLang = "en"

// Lang reduces a Discord locale ("de", "en-US", "en-GB") to a catalog language.
func Lang(locale string) string {
	if strings.HasPrefix(locale, "de") {
		return "de"
	}
	return DefaultLang
}

// Localize renders t in lang, falling back to English and finally to the key
// itself, so a missing translation is visible but never fatal. Seats are
// shown as "Player N"; LocalizeNames shows display names instead.
func (c Catalog) Localize(lang string, t Text) string {
	return c.LocalizeNames(lang, t, nil)
}

// LocalizeNames is Localize with names[i] standing for seat i.
func (c Catalog) LocalizeNames(lang string, t Text, names []string) string {
	tpl, ok := c.lookup(lang, t.Key)
	if !ok {
		tpl = t.Key
	}
	if len(t.Args) == 0 {
		return tpl
	}
	// One pass over the template: every "{name}" of an argument becomes
	// its value (the first argument of that name), anything else stays.
	// Values are not scanned again. A strings.Replacer per call cost more
	// than the rest of a move's texts together.
	var b strings.Builder
	b.Grow(len(tpl) + 16*len(t.Args))
	for {
		open := strings.IndexByte(tpl, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(tpl[open:], '}')
		if end < 0 {
			break
		}
		name := tpl[open+1 : open+end]
		k := slices.IndexFunc(t.Args, func(a Arg) bool { return a.Name == name })
		if k < 0 {
			b.WriteString(tpl[:open+1])
			tpl = tpl[open+1:]
			continue
		}
		b.WriteString(tpl[:open])
		b.WriteString(c.argValue(lang, t.Args[k], names))
		tpl = tpl[open+end+1:]
	}
	b.WriteString(tpl)
	return b.String()
}

// argValue is an argument as shown in lang: a catalog text, a seat's name,
// or its plain value.
func (c Catalog) argValue(lang string, a Arg, names []string) string {
	switch seat := a.Seat - 1; {
	case a.Key != "":
		return c.LocalizeNames(lang, Text{Key: a.Key}, names)
	case a.Text != nil:
		return c.LocalizeNames(lang, *a.Text, names)
	case seat >= 0 && seat < len(names):
		return names[seat]
	case seat >= 0:
		return c.Localize(lang, T(KeyPlayerN, "n", seat+1))
	}
	return a.Val
}

func (c Catalog) lookup(lang, key string) (string, bool) {
	if m, ok := c[lang]; ok {
		if s, ok := m[key]; ok {
			return s, true
		}
	}
	s, ok := c[DefaultLang][key]
	return s, ok
}

// MissingKeys lists keys present in English but absent in lang; tests use it
// to keep every catalog complete.
func (c Catalog) MissingKeys(lang string) []string {
	var out []string
	for k := range c[DefaultLang] {
		if _, ok := c[lang][k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Error is a rule violation a player can read. Apply returns it for illegal
// moves; it carries a catalog key, never hidden information.
type Error struct{ Text Text }

func (e *Error) Error() string { return "games: " + e.Text.Key }

// Errorf is shorthand for a rule error with a catalog key and arguments.
func Errorf(key string, kv ...any) error { return &Error{Text: T(key, kv...)} }
