package zauberschwert

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// endingSetups are random games of every size.
func endingSetups(g games.Game) []games.Setup {
	seeds := uint64(4)
	if raceBuild || testing.Short() {
		seeds = 2
	}
	var out []games.Setup
	for players := 2; players <= 4; players++ {
		for seed := range seeds {
			out = append(out, games.DefaultSetup(g, players, seed+1))
		}
	}
	return out
}

// TestEndingTellsWhy: the last narration says after which round the
// display could not be refilled to two adventure cards (rulebook,
// "Spielende") and who won with how many power stones, in English and
// German.
func TestEndingTellsWhy(t *testing.T) {
	g := New()
	gamestest.CheckEnding(t, g, endingSetups(g), []string{"zs.ev.end", "zs.ev.end.one", "zs.ev.end.empty"}, nil)
}

// TestLabelsAreWords: every option names its choice in words.
func TestLabelsAreWords(t *testing.T) {
	g := New()
	gamestest.CheckLabels(t, g, endingSetups(g))
}
