// Package gamestest holds helpers the games' tests share.
package gamestest

import (
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/glossary"
)

// BotWins plays game i of g for players with bot in seat 0 and random
// answers for the others, failing tb on an illegal bot move or a game that
// does not end; it reports whether the bot won outright (rank 1, first).
func BotWins(tb testing.TB, g games.Game, bot games.Policy, players, i int) bool {
	tb.Helper()
	return BotWinsAt(tb, g, bot, players, 0, i)
}

// BotWinsAt is BotWins with the bot in seat instead of seat 0.
func BotWinsAt(tb testing.TB, g games.Game, bot games.Policy, players, seat, i int) bool {
	tb.Helper()
	st, err := g.New(games.DefaultSetup(g, players, uint64(i+1)))
	if err != nil {
		tb.Fatal(err)
	}
	rng := games.NewRNG(uint64(i) + 99)
	for moves := 0; !st.Over(); moves++ {
		if moves > games.SimMaxMoves {
			tb.Fatal("game did not end")
		}
		pending := st.Pending()
		p := pending[rng.IntN(len(pending))]
		move := p.Options[rng.IntN(len(p.Options))].ID
		if p.Seat == seat {
			var ok bool
			if move, ok = bot.Choose(st, seat, games.PolicySeed(uint64(i), moves, seat)); !ok || !games.Legal(st, seat, move) {
				tb.Fatalf("game %d move %d: the bot chose %q (ok %v)", i, moves, move, ok)
			}
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			tb.Fatal(err)
		}
	}
	first := st.Standings()[0]
	return first.Seat == seat && first.Rank == 1
}

// Wins plays games 0..n-1 of BotWins and counts the bot's outright wins.
func Wins(tb testing.TB, g games.Game, bot games.Policy, players, n int) int {
	tb.Helper()
	wins := 0
	for i := range n {
		if BotWins(tb, g, bot, players, i) {
			wins++
		}
	}
	return wins
}

// EachText plays a random game of g from every setup (rng seeded by the
// setup's seed) and calls fn with every text a player can meet: the game's
// name, option labels and rules topics, then every prompt, option label,
// detail and path step, every event, every text in the public view and the
// prompted seat's view, and the final standings.
func EachText(tb testing.TB, g games.Game, setups []games.Setup, fn func(x games.Text)) {
	tb.Helper()
	info := g.Info()
	fn(info.Name)
	for _, o := range info.Options {
		fn(o.Label)
	}
	for _, r := range info.Rules {
		fn(r.Title)
		fn(r.Body)
	}
	for _, setup := range setups {
		_, final, err := games.RandomPlay(narrated{g, func(events []games.Text) {
			for _, e := range events {
				fn(e)
			}
		}}, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, func(s games.State) error {
			WalkTexts(s.View(games.Public), fn)
			for _, p := range s.Pending() {
				fn(p.Text)
				WalkTexts(s.View(p.Seat), fn)
				for _, o := range p.Options {
					fn(o.Label)
					if !o.Detail.IsZero() {
						fn(o.Detail)
					}
					for _, st := range o.Path {
						if !st.Label.IsZero() {
							fn(st.Label)
						}
					}
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatalf("%d players, seed %d, options %v: %v", setup.Players, setup.Seed, setup.Options, err)
		}
		for _, s := range final.Standings() {
			fn(s.Detail)
		}
		if r, ok := final.(games.Rivaled); ok {
			for _, rv := range r.Rivals() {
				fn(rv.Name)
				fn(rv.Detail)
			}
		}
	}
}

// EachEvents plays a random game of g from setup (rng seeded by its seed)
// and calls fn with the events of every move, in order.
func EachEvents(tb testing.TB, g games.Game, setup games.Setup, fn func(events []games.Text)) {
	tb.Helper()
	if _, _, err := games.RandomPlay(narrated{g, fn}, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, nil); err != nil {
		tb.Fatalf("%d players, seed %d, options %v: %v", setup.Players, setup.Seed, setup.Options, err)
	}
}

// narrated is a game whose states hand the events of every move to fn.
type narrated struct {
	games.Game
	fn func([]games.Text)
}

func (n narrated) New(setup games.Setup) (games.State, error) {
	s, err := n.Game.New(setup)
	if err != nil {
		return nil, err
	}
	return narratedState{s, n.fn}, nil
}

type narratedState struct {
	games.State
	fn func([]games.Text)
}

func (s narratedState) Apply(seat int, move string) (games.Outcome, error) {
	out, err := s.State.Apply(seat, move)
	if err == nil {
		s.fn(out.Events)
	}
	return out, err
}

// Rivals passes on the wrapped state's rivals.
func (s narratedState) Rivals() []games.Rival {
	if r, ok := s.State.(games.Rivaled); ok {
		return r.Rivals()
	}
	return nil
}

var textType = reflect.TypeOf(games.Text{})

// placeholder is an argument's place in a template: "{room}".
var placeholder = regexp.MustCompile(`\{[a-z_0-9]+\}`)

// WalkTexts calls f with every games.Text inside v (a view, a prompt, a
// standing), following pointers, interfaces, slices, maps and exported
// struct fields; an optional text (omitzero) that is absent is skipped.
func WalkTexts(v any, f func(games.Text)) { walkTexts(reflect.ValueOf(v), f) }

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
			field := v.Type().Field(i)
			optional := field.Type == textType && strings.Contains(field.Tag.Get("json"), "omitzero")
			if field.IsExported() && !(optional && v.Field(i).IsZero()) {
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

// CheckGlossary holds g's texts against the glossary at path (see package
// glossary): every template of g's catalog (CheckCatalogWords), and every
// text random games from setups produce, in English and German, uses no
// wrong form of a term and no "1" before a plural.
func CheckGlossary(t *testing.T, g games.Game, path string, setups []games.Setup) {
	t.Helper()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	gl, report := CheckCatalogWords(t, path, cat)
	names := []string{"Ada", "Bruno", "Clara", "Dario", "Emil"}
	texts := 0
	EachText(t, g, setups, func(x games.Text) {
		texts++
		for _, lang := range glossary.Langs {
			s := cat.LocalizeNames(lang, x, names)
			report(lang, x.Key, s, gl.Check(lang, s))
		}
	})
	if texts == 0 {
		t.Fatal("no texts met")
	}
}

// CheckCatalogWords holds every template of cat (a game's texts, an
// image's) against the glossary at path: no wrong form of a term, and a
// form for one (key+".one") wherever a count stands before a plural. It
// returns the glossary and the reporter it fails t with, which names each
// breach once.
func CheckCatalogWords(t *testing.T, path string, cat games.Catalog) (*glossary.Glossary, func(lang, key, text string, ps []glossary.Problem)) {
	t.Helper()
	gl, err := glossary.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	reported := map[string]bool{}
	report := func(lang, key, text string, ps []glossary.Problem) {
		t.Helper()
		for _, p := range ps {
			if id := lang + key + p.Found; !reported[id] {
				reported[id] = true
				t.Errorf("%s %s: %s in %q", lang, key, p, text)
			}
		}
	}
	for _, lang := range glossary.Langs {
		for key, tpl := range cat[lang] {
			// A placeholder's name ("{room}") is no word a player reads.
			report(lang, key, tpl, gl.Check(lang, placeholder.ReplaceAllString(tpl, "·")))
		}
	}
	for _, key := range gl.Uncounted(cat) {
		t.Errorf("%s counts a plural but has no form for one (%s.one)", key, key)
	}
	return gl, report
}

// BenchVsRandom reports, for each player count, the share of games bot
// wins in seat 0 against random seats (BotWins), one sub-benchmark per
// count: b.N games each.
func BenchVsRandom(b *testing.B, g games.Game, bot games.Policy, counts ...int) {
	for _, players := range counts {
		b.Run(strconv.Itoa(players)+"p", func(b *testing.B) {
			wins := 0
			for i := range b.N {
				if BotWins(b, g, bot, players, i) {
					wins++
				}
			}
			b.ReportMetric(100*float64(wins)/float64(b.N), "win-%")
		})
	}
}
