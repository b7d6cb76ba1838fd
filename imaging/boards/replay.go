package boards

import (
	"image"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/replays"
	"github.com/tavern-bot/tavern/imaging/replay"
)

var _ replays.Images = (*Images)(nil)

// Replay animates public views (the boards after every commit) as a GIF
// under Discord's upload limit, timed by rounds (each view's round) when
// given; around wraps the drawing of each frame.
func (b *Images) Replay(gameID string, views []any, rounds []int, m commands.ImageMeta, around func(draw func())) ([]byte, error) {
	mm := meta(m)
	draw := func(view any) (image.Image, error) { return b.images.Draw(gameID, view, mm) }
	res, err := replay.Encode(views, draw, b.images.Recycle, replay.Options{Around: around, Rounds: rounds})
	if err != nil {
		return nil, err
	}
	return res.GIF, nil
}
