package boards

import (
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/ratings"
	drawratings "github.com/tavern-bot/tavern/imaging/ratings"
)

var _ ratings.Images = (*Images)(nil)

// Leaderboard draws a game's leaderboard as PNG.
func (b *Images) Leaderboard(v ratings.BoardView, _ commands.ImageMeta) ([]byte, error) {
	return drawratings.New(b.images.Kit()).Leaderboard(v)
}

// Profile draws a player's profile as PNG.
func (b *Images) Profile(p ratings.ProfileView, _ commands.ImageMeta) ([]byte, error) {
	return drawratings.New(b.images.Kit()).Profile(p)
}
