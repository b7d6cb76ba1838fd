package boards

import (
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/imaging/ratings"
)

var _ commands.RatingsImages = (*Images)(nil)

// Leaderboard draws a game's leaderboard as PNG.
func (b *Images) Leaderboard(v commands.BoardView, _ commands.ImageMeta) ([]byte, error) {
	return ratings.New(b.images.Kit()).Leaderboard(v)
}

// Profile draws a player's profile as PNG.
func (b *Images) Profile(p commands.ProfileView, _ commands.ImageMeta) ([]byte, error) {
	return ratings.New(b.images.Kit()).Profile(p)
}
