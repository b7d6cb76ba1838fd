package commands

import "github.com/tavern-bot/tavern/games"

// Images draws boards, lobbies and final results. It is an interface so the command
// surface does not depend on the imaging package; the lead wires the real
// renderer in main. A nil Images means text-only messages.
type Images interface {
	// Board draws a view (public or one seat's private view) as PNG.
	Board(gameID string, view any, m ImageMeta) ([]byte, error)
	// Lobby draws the lobby card of a table as PNG.
	Lobby(gameID string, l LobbyView, m ImageMeta) ([]byte, error)
	// Results draws the final standings of a finished table as PNG; it
	// rides on the standings post.
	Results(gameID string, standings []games.Standing, m ImageMeta) ([]byte, error)
}

// LobbyView describes an open table for the lobby picture.
type LobbyView struct {
	Host       string
	Players    []string
	MinPlayers int
	MaxPlayers int
	Options    map[string]string
}
