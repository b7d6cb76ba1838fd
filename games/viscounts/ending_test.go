package viscounts

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// endingSetups are random games of every size, solo included.
func endingSetups(g *Game) []games.Setup {
	seeds := uint64(3)
	if raceBuild || testing.Short() {
		seeds = 1
	}
	var out []games.Setup
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			out = append(out, games.DefaultSetup(g, players, seed))
		}
	}
	return out
}

// TestEndingTellsWhy: the last narration says which card ended the game in
// which round, and who won with how many VP (alone: whether the player beat
// the opponent, and by how much), in English and German (rulebook p. 23,
// "end of the game"; p. 30 for solo).
func TestEndingTellsWhy(t *testing.T) {
	g := New()
	met := gamestest.CheckEnding(t, g, endingSetups(g), []string{"vc.ev.endedby", "vc.ev.endedby.divided"}, nil)
	if met["vc.ev.endedby"] == 0 {
		t.Errorf("no game ended by one card: %v", met)
	}
}

// TestLabelsAreWords: every option names its choice in words; icons only
// beside words.
func TestLabelsAreWords(t *testing.T) {
	g := New()
	gamestest.CheckLabels(t, g, endingSetups(g))
}

// TestEndTriggerAnnounced: when Poverty or Prosperity shows, the narration
// says so and that the round is finished and one last round played; the
// last round is announced when it begins; and alone, each of the player's
// turns before that tells how many Debts and Deeds are left above the two
// cards.
func TestEndTriggerAnnounced(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	for _, setup := range endingSetups(g) {
		var triggered, last, piles int
		gamestest.EachEvents(t, g, setup, func(events []games.Text) {
			for _, e := range events {
				switch e.Key {
				case "vc.ev.endtrigger":
					triggered++
					for _, lang := range gamestest.Langs {
						s := cat.Localize(lang, e)
						for _, a := range e.Args {
							if a.Name == "last" && !strings.Contains(s, "round "+a.Val) && !strings.Contains(s, "Runde "+a.Val) {
								t.Errorf("%s: %q names not the last round, %s", lang, s, a.Val)
							}
						}
					}
				case "vc.ev.lastround":
					last++
				case "vc.ev.piles":
					if triggered > 0 {
						t.Errorf("%d players: the piles are told after the end was triggered", setup.Players)
					}
					piles++
				}
			}
		})
		if triggered != 1 || last != 1 {
			t.Errorf("%d players, seed %d: end triggered %d times, last round announced %d times; want once each", setup.Players, setup.Seed, triggered, last)
		}
		if (piles > 0) != (setup.Players == 1) {
			t.Errorf("%d players, seed %d: the piles were told %d times; want them told alone, only alone", setup.Players, setup.Seed, piles)
		}
	}
}

// TestCardTitlesAreWords: a townsfolk's title on a button names its cost
// and icons in words, not emoji ("Judith — costs 1: merchant & builder").
func TestCardTitlesAreWords(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	gs, err := g.New(games.Setup{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := gs.(*State)
	want := map[string][]string{"en": {"costs", "merchant"}, "de": {"kostet", "Händler"}}
	for c := range g.c.Townsfolk {
		for _, lang := range gamestest.Langs {
			s := cat.Localize(lang, st.cardTitle(c))
			for _, icon := range iconEmoji {
				if strings.Contains(s, icon) {
					t.Errorf("%s: %q shows the icon %s", lang, s, icon)
				}
			}
			if !strings.Contains(s, want[lang][0]) {
				t.Errorf("%s: %q does not say what it costs", lang, s)
			}
			if g.c.Townsfolk[c].Icons[Merchant] > 0 && !strings.Contains(s, want[lang][1]) {
				t.Errorf("%s: %q does not name its merchant icon", lang, s)
			}
		}
	}
}
