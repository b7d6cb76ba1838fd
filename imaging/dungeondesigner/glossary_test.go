package dungeondesigner

import (
	"testing"

	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: the images' texts use the game's words (Marktstand,
// chamber …) as its glossary lists them.
func TestGlossary(t *testing.T) {
	gamestest.CheckCatalogWords(t, "../../games/dungeondesigner/data/glossary.toml", Catalog())
}
