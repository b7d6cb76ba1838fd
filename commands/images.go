package commands

import "github.com/tavern-bot/tavern/render"

// Images draws boards, lobbies and final results (render.Images); the
// surface names it for main, which wires the real renderer.
type Images = render.Images

// LobbyView describes an open table for the lobby picture.
type LobbyView = render.LobbyView
