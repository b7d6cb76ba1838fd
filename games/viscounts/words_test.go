package viscounts

import (
	"sort"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// translations collects the texts a test meets that lack an English or a
// German template; arg, when set, also sees every argument checked.
type translations struct {
	cat     games.Catalog
	missing map[string]bool
	arg     func(tx games.Text, a games.Arg)
}

func newTranslations(g *Game) *translations {
	return &translations{cat: games.BaseCatalog().Merge(g.Info().Catalog), missing: map[string]bool{}}
}

// check records tx's key and every key it refers to that has no template.
func (tr *translations) check(tx games.Text) {
	for _, lang := range []string{"en", "de"} {
		if _, ok := tr.cat[lang][tx.Key]; !ok {
			tr.missing[lang+" "+tx.Key] = true
		}
	}
	for _, a := range tx.Args {
		if a.Key != "" {
			tr.check(games.Text{Key: a.Key})
		}
		if a.Text != nil {
			tr.check(*a.Text)
		}
		if tr.arg != nil {
			tr.arg(tx, a)
		}
	}
}

// play answers s at random to the end, checking every prompt, option (and
// its path), narration and standing; each, when set, runs after every move.
func (tr *translations) play(t *testing.T, s games.State, rng *games.RNG, each func()) {
	t.Helper()
	for !s.Over() {
		p := s.Pending()[0]
		tr.check(p.Text)
		for _, o := range p.Options {
			tr.check(o.Label)
			for _, st := range o.Path {
				tr.check(st.Label)
			}
		}
		out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out.Events {
			tr.check(e)
		}
		if each != nil {
			each()
		}
	}
	for _, st := range s.Standings() {
		tr.check(st.Detail)
	}
}

// report fails t on every text found without a template.
func (tr *translations) report(t *testing.T) {
	t.Helper()
	var keys []string
	for k := range tr.missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("no translation: %s", k)
	}
}

// TestEveryTextTranslated plays random games and fails on any text a
// player could meet (prompts, options and their paths, narration,
// standings, card abilities) without an English and a German template.
func TestEveryTextTranslated(t *testing.T) {
	g := New()
	tr := newTranslations(g)
	for _, topic := range g.Info().Rules {
		tr.check(topic.Title)
		tr.check(topic.Body)
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, _ := g.New(games.Setup{Players: players, Seed: uint64(players)})
		tr.play(t, s, games.NewRNG(uint64(players)), nil)
	}
	tr.report(t)
}
