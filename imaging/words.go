package imaging

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Words localizes labels for one image: the game's catalog from Meta wins
// (card names, phase names), the renderer's own catalog fills in, and a key
// missing from both shows as a readable last segment instead of a raw key.
type Words struct {
	lang    string
	game    games.Catalog
	own     games.Catalog
	missing func(key string)
}

// NewWords prepares lookups in m's language with own as the fallback.
func NewWords(m Meta, own games.Catalog) Words {
	return Words{lang: m.Lang, game: m.Catalog, own: own, missing: m.Missing}
}

// T localizes key with name/value pairs as in games.T.
func (w Words) T(key string, kv ...any) string { return w.Text(games.T(key, kv...)) }

// Text localizes t, resolving argument keys through the same fallbacks.
func (w Words) Text(t games.Text) string {
	if len(t.Args) > 0 {
		args := make([]games.Arg, len(t.Args))
		for i, a := range t.Args {
			args[i] = a
			switch {
			case a.Key != "":
				args[i] = games.Arg{Name: a.Name, Val: w.Text(games.Text{Key: a.Key})}
			case a.Text != nil:
				args[i] = games.Arg{Name: a.Name, Val: w.Text(*a.Text)}
			}
		}
		t = games.Text{Key: t.Key, Args: args}
	}
	switch {
	case has(w.game, w.lang, t.Key):
		return w.game.Localize(w.lang, t)
	case has(w.own, w.lang, t.Key):
		return w.own.Localize(w.lang, t)
	}
	if w.missing != nil {
		w.missing(t.Key)
	}
	return humanize(t.Key)
}

func has(c games.Catalog, lang, key string) bool {
	if _, ok := c[lang][key]; ok {
		return true
	}
	_, ok := c[games.DefaultLang][key]
	return ok
}

// humanize turns "zs.card.spiders" into "Spiders" so that a missing
// translation is visible but does not look like debug output.
func humanize(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 && i+1 < len(key) {
		key = key[i+1:]
	}
	if key == "" {
		return ""
	}
	return strings.ToUpper(key[:1]) + key[1:]
}

// Has reports whether key is in either catalog, for optional texts such as
// a spell's effect that are better left out than shown as a bare key.
func (w Words) Has(key string) bool { return has(w.game, w.lang, key) || has(w.own, w.lang, key) }
