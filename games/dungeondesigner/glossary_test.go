package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: every text of the game (random games of every size, solo
// at both difficulties) uses the German rulebook's words and the English
// edition's of data/glossary.toml, none of its wrong forms, and the
// singular after a count of one.
func TestGlossary(t *testing.T) {
	g := New()
	var setups []games.Setup
	for players := 1; players <= 5; players++ {
		setups = append(setups, games.DefaultSetup(g, players, uint64(players)))
	}
	legendary := games.DefaultSetup(g, 1, 9)
	legendary.Options["solo"] = "legendary"
	setups = append(setups, legendary)
	gamestest.CheckGlossary(t, g, "data/glossary.toml", setups)
}
