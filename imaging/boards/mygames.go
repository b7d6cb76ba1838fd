package boards

import (
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/mygames"
	drawmygames "github.com/tavern-bot/tavern/imaging/mygames"
)

var _ mygames.Images = (*Images)(nil)

// MyGames draws /games as PNG.
func (b *Images) MyGames(v mygames.View, _ commands.ImageMeta) ([]byte, error) {
	return drawmygames.New(b.images.Kit()).Draw(v)
}
