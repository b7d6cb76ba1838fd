package games_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/games/zauberschwert"
)

// checkSteps holds every option path of pending to the Step contract: ids
// short and free of "/" (they travel in select values), a step's label
// one of its game's texts in English and German, and one step id naming
// one step within its parent.
func checkSteps(cat games.Catalog, pending []games.Prompt) (steps int, err error) {
	for _, p := range pending {
		seen := map[string]games.Text{} // path of ids -> label
		for _, o := range p.Options {
			prefix := ""
			for _, st := range o.Path {
				steps++
				if st.ID == "" || len(st.ID) > 20 || strings.Contains(st.ID, "/") {
					return steps, fmt.Errorf("option %q: step id %q", o.ID, st.ID)
				}
				for _, lang := range []string{"en", "de"} {
					if _, ok := cat[lang][st.Label.Key]; !ok {
						return steps, fmt.Errorf("option %q: step %q label %q has no %s text", o.ID, st.ID, st.Label.Key, lang)
					}
				}
				prefix += "/" + st.ID
				if l, ok := seen[prefix]; ok && cat.Localize("en", l) != cat.Localize("en", st.Label) {
					return steps, fmt.Errorf("step %s labelled %q and %q", prefix, cat.Localize("en", l), cat.Localize("en", st.Label))
				}
				seen[prefix] = st.Label
			}
		}
	}
	return steps, nil
}

func TestGameStepsOverRandomPlay(t *testing.T) {
	for _, g := range []games.Game{zauberschwert.New(), dungeondesigner.New()} {
		cat := games.BaseCatalog().Merge(g.Info().Catalog)
		steps := 0
		for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
			for seed := range uint64(2) {
				check := func(s games.State) error {
					n, err := checkSteps(cat, s.Pending())
					steps += n
					return err
				}
				if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
					t.Fatalf("%s, %d players, seed %d: %v", g.Info().ID, players, seed, err)
				}
			}
		}
		if steps == 0 {
			t.Errorf("%s: random play offered no option with a path", g.Info().ID)
		}
	}
}
