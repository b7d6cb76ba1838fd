package zauberschwert

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: every text of the game (random games of every size) uses
// the German rulebook's words of data/glossary.toml, none of its wrong
// forms, and the singular after a count of one.
func TestGlossary(t *testing.T) {
	g := New()
	var setups []games.Setup
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		for seed := range uint64(2) {
			setups = append(setups, games.DefaultSetup(g, players, seed+uint64(players)))
		}
	}
	gamestest.CheckGlossary(t, g, "data/glossary.toml", setups)
}
