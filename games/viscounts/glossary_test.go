package viscounts

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: every text of the game (random games of every size, each
// solo opponent) uses the rulebooks' words of data/glossary.toml, none of
// its wrong forms, and the singular after a count of one.
func TestGlossary(t *testing.T) {
	g := New()
	var setups []games.Setup
	seeds := uint64(3)
	if raceBuild || testing.Short() {
		seeds = 1
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			setups = append(setups, games.DefaultSetup(g, players, seed))
		}
	}
	for _, o := range g.Info().Options {
		for _, choice := range o.Choices {
			s := games.DefaultSetup(g, 1, 7)
			s.Options[o.ID] = choice
			setups = append(setups, s)
		}
	}
	gamestest.CheckGlossary(t, g, "data/glossary.toml", setups)
}

// TestPovertyAfterItsDebt: the Debt that empties the pile above the
// Poverty card is narrated before the card it reveals (rulebook p. 5,
// "Schuldscheine und Urkunden": the end is triggered once the card shows).
func TestPovertyAfterItsDebt(t *testing.T) {
	g := New()
	met := 0
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= 4; seed++ {
			gamestest.EachEvents(t, g, games.DefaultSetup(g, players, seed), func(events []games.Text) {
				for i, e := range events {
					card := revealedCard(e)
					if card == "" {
						continue
					}
					met++
					want := map[string]string{"poverty": "vc.gain.debt", "prosperity": "vc.gain.deed"}[card]
					if i == 0 || events[i-1].Key != "vc.ev.gained" || !strings.HasPrefix(events[i-1].Args[1].Text.Key, want) {
						t.Errorf("%s (%s) follows %v, not the card that revealed it", e.Key, card, events[:i])
					}
				}
			})
		}
	}
	if met == 0 {
		t.Fatal("no game revealed Poverty or Prosperity")
	}
}

// revealedCard is the card ("poverty", "prosperity") event e narrates
// the reveal of: the one that triggers the end, or the second of a
// Divided Kingdom; "" for any other event.
func revealedCard(e games.Text) string {
	switch e.Key {
	case "vc.ev.endtrigger":
		return strings.TrimPrefix(e.Args[0].Key, "vc.end.")
	case "vc.ev.divided.poverty", "vc.ev.divided.prosperity":
		return strings.TrimPrefix(e.Key, "vc.ev.divided.")
	}
	return ""
}

// TestOpponentChoosesItsOwn: the solo opponent's narration never says
// "your" (its resources are its chart's choice, rulebook p. 25, "seiner
// Wahl"), and it says that it chooses.
func TestOpponentChoosesItsOwn(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	yours := map[string]*regexp.Regexp{"en": regexp.MustCompile(`(?i)\byour\b`), "de": regexp.MustCompile(`(?i)(^|\P{L})dein(e[mnrs]?)?(\P{L}|$)`)}
	chose := 0
	for _, opp := range []string{"cleric", "noble", "builder", "merchant"} {
		setup := games.DefaultSetup(g, 1, 3)
		setup.Options[optOpponent] = opp
		gamestest.EachEvents(t, g, setup, func(events []games.Text) {
			for _, e := range events {
				if len(e.Args) == 0 || e.Args[0].Text == nil || !strings.HasPrefix(e.Args[0].Text.Key, "vc.ai.") {
					continue // not about the opponent (named, as it sits at no seat)
				}
				if e.Key == "vc.ev.ai.chose" {
					chose++
				}
				for lang, re := range yours {
					if s := cat.Localize(lang, e); re.MatchString(s) {
						t.Errorf("%s: %q speaks of the player's choice", lang, s)
					}
				}
			}
		})
	}
	if chose == 0 {
		t.Fatal("no opponent chose a resource")
	}
}
