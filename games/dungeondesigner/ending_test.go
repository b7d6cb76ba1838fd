package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// endingSetups are random games of every size, solo at both difficulties.
func endingSetups(t *testing.T, g games.Game) []games.Setup {
	seeds := uint64(3)
	if raceEnabled || testing.Short() {
		seeds = 1
	}
	var out []games.Setup
	for players := 1; players <= 5; players++ {
		for seed := range seeds {
			out = append(out, games.DefaultSetup(g, players, seed+1))
		}
	}
	legendary, err := games.SetupWith(g, 1, 9, map[string]string{"solo": "legendary"})
	if err != nil {
		t.Fatal(err)
	}
	return append(out, legendary)
}

// TestEndingTellsWhy: the last narration says that all four years are
// played (rulebook, "Spielende und Wertung") and who won with how much
// prestige; alone, whether the player beat Jael and by how much
// ("Solomodus"), in English and German.
func TestEndingTellsWhy(t *testing.T) {
	g := New()
	gamestest.CheckEnding(t, g, endingSetups(t, g), []string{"dd.ev.end"}, nil)
}

// TestLabelsAreWords: every option names its choice in words.
func TestLabelsAreWords(t *testing.T) {
	g := New()
	gamestest.CheckLabels(t, g, endingSetups(t, g))
}
