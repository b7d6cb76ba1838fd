package sorcerercity

import (
	"testing"

	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: the images' texts use the game's words (Preisklasse,
// Zählen, Wappenschild …) as its glossary lists them.
func TestGlossary(t *testing.T) {
	gamestest.CheckCatalogWords(t, "../../games/sorcerercity/data/glossary.toml", Catalog())
}
