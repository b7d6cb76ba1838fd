package viscounts

import (
	"sort"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestEveryTextTranslated plays random games and fails on any text a
// player could meet (prompts, options and their paths, narration,
// standings, card abilities) without an English and a German template.
func TestEveryTextTranslated(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	missing := map[string]bool{}
	var check func(tx games.Text)
	check = func(tx games.Text) {
		for _, lang := range []string{"en", "de"} {
			if _, ok := cat[lang][tx.Key]; !ok {
				missing[lang+" "+tx.Key] = true
			}
		}
		for _, a := range tx.Args {
			if a.Key != "" {
				check(games.Text{Key: a.Key})
			}
			if a.Text != nil {
				check(*a.Text)
			}
		}
	}
	for _, topic := range g.Info().Rules {
		check(topic.Title)
		check(topic.Body)
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, _ := g.New(games.Setup{Players: players, Seed: uint64(players)})
		rng := games.NewRNG(uint64(players))
		for !s.Over() {
			p := s.Pending()[0]
			check(p.Text)
			for _, o := range p.Options {
				check(o.Label)
				for _, st := range o.Path {
					check(st.Label)
				}
			}
			out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range out.Events {
				check(e)
			}
		}
		for _, st := range s.Standings() {
			check(st.Detail)
		}
	}
	var keys []string
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("no translation: %s", k)
	}
}
