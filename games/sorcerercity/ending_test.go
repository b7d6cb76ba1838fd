package sorcerercity

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// endingSetups are random games of every size, solo many times (its
// endings vary most), and the expert variant alone.
func endingSetups(g *Game) []games.Setup {
	solos := uint64(12)
	if raceBuild || testing.Short() {
		solos = 4
	}
	var out []games.Setup
	for players := MinPlayers + 1; players <= MaxPlayers; players++ {
		out = append(out, games.DefaultSetup(g, players, uint64(players)))
	}
	for seed := range solos {
		out = append(out, games.DefaultSetup(g, 1, seed+1))
	}
	expert, err := games.SetupWith(g, 1, 5, map[string]string{"expert": "yes"})
	if err != nil {
		panic(err)
	}
	return append(out, expert)
}

// TestEndingTellsWhy: the last narration says why the game ended (year 5
// is over; alone, held off to the end, or in which year the monsters took
// the last free market tile or found none of their colour: rulebook,
// "Solo Mode", "Goal") and who won with how much Prestige, in English and
// German.
func TestEndingTellsWhy(t *testing.T) {
	g := New()
	met := gamestest.CheckEnding(t, g, endingSetups(g),
		[]string{"sc.ev.over", "sc.ev.over.solo", "sc.ev.lost.covered", "sc.ev.lost.noplace"}, []string{"sc.end.lost"})
	if met["sc.ev.over"] == 0 || met["sc.ev.lost.covered"]+met["sc.ev.lost.noplace"] == 0 {
		t.Errorf("the games met too few endings: %v", met)
	}
}

// TestLabelsAreWords: every option names its choice in words.
func TestLabelsAreWords(t *testing.T) {
	g := New()
	gamestest.CheckLabels(t, g, endingSetups(g))
}

// TestSoloDangerTold: alone, every year after the first begins with the
// market tiles still free of monsters, of all of them, and how many
// monsters come at its end; in year 5, that none come.
func TestSoloDangerTold(t *testing.T) {
	g := New()
	for seed := uint64(1); seed <= 4; seed++ {
		years, told := 0, 0
		gamestest.EachEvents(t, g, games.DefaultSetup(g, 1, seed), func(events []games.Text) {
			for i, e := range events {
				switch e.Key {
				case "sc.ev.year":
					years++
					if i+1 >= len(events) || events[i+1].Key != "sc.ev.danger" && events[i+1].Key != "sc.ev.danger.none" {
						t.Errorf("seed %d: year %s begins without the danger told", seed, e.Args[0].Val)
						continue
					}
					told++
					d := events[i+1]
					if want := e.Args[0].Val == "5"; want != (d.Key == "sc.ev.danger.none") {
						t.Errorf("seed %d, year %s: %s", seed, e.Args[0].Val, d.Key)
					}
				}
			}
		})
		if years == 0 || told != years {
			t.Errorf("seed %d: %d years began, the danger was told %d times", seed, years, told)
		}
	}
}
