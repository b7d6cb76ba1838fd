package boards

import (
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/imaging/mygames"
)

var _ commands.MyGamesImages = (*Images)(nil)

// MyGames draws /games as PNG.
func (b *Images) MyGames(v commands.MyGamesView, _ commands.ImageMeta) ([]byte, error) {
	return mygames.New(b.images.Kit()).Draw(v)
}
