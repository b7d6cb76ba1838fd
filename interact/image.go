package interact

import "github.com/tavern-bot/tavern/games"

// ImageMeta is what a renderer needs besides the view itself.
type ImageMeta struct {
	Lang    string        // "en" or "de"
	Catalog games.Catalog // core and game texts, for games.Text in views
	Players []string      // display names by seat
	Viewer  int           // games.Public or the seat whose private view this is
	Version int           // table version, handy for captions and caching
}
