package viscounts

import (
	"testing"

	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: the images' texts use the game's words (Tintenfass,
// Schuldschein, Ring …) as its glossary lists them.
func TestGlossary(t *testing.T) {
	gamestest.CheckCatalogWords(t, "../../games/viscounts/data/glossary.toml", Catalog())
}
