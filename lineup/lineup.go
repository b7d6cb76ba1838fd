// Package lineup is the one list of games Tavern offers. Adding a game
// takes one folder for its rules (games/<game>, which also brings its bot
// policy through games.Bot), one for its board renderer (imaging/<game>)
// and one line in Games.
package lineup

import (
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boards"
	ddimg "github.com/tavern-bot/tavern/imaging/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
	scimg "github.com/tavern-bot/tavern/imaging/sorcerercity"
	vcimg "github.com/tavern-bot/tavern/imaging/viscounts"
	zsimg "github.com/tavern-bot/tavern/imaging/zauberschwert"
)

// Game is one line of the list: a game's rules and its board renderer.
type Game struct {
	Rules games.Game
	// Board builds the renderer; nil draws no board (lobby and results
	// pictures still work, and the game is played in text).
	Board func(*kit.Kit) imaging.Renderer
}

// Games is every game Tavern offers, one line each.
func Games() []Game {
	sc := sorcerercity.New()
	return []Game{
		{zauberschwert.New(), func(k *kit.Kit) imaging.Renderer { return zsimg.New(k) }},
		{dungeondesigner.New(), func(k *kit.Kit) imaging.Renderer { return ddimg.New(k) }},
		{sc, func(k *kit.Kit) imaging.Renderer { return scimg.New(k, sc.Components()) }},
		{viscounts.New(), func(k *kit.Kit) imaging.Renderer { return vcimg.New(k) }},
	}
}

// Registry holds the rules of every game in Games.
func Registry() (*games.Registry, error) {
	var gs []games.Game
	for _, g := range Games() {
		gs = append(gs, g.Rules)
	}
	return games.NewRegistry(gs...)
}

// Images draws the boards of every game in Games for the games in reg.
func Images(reg *games.Registry) (*boards.Images, error) {
	renderers := map[string]func(*kit.Kit) imaging.Renderer{}
	for _, g := range Games() {
		if g.Board != nil {
			renderers[g.Rules.Info().ID] = g.Board
		}
	}
	return boards.New(reg, renderers)
}
