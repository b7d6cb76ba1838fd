package zauberschwert

import (
	"testing"

	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: the images' texts use the game's words (Machtstein,
// Abenteuerkarte …) as its glossary lists them.
func TestGlossary(t *testing.T) {
	gamestest.CheckCatalogWords(t, "../../games/zauberschwert/data/glossary.toml", Catalog())
}
