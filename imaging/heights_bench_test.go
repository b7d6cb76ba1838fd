package imaging_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	ddgame "github.com/tavern-bot/tavern/games/dungeondesigner"
	scgame "github.com/tavern-bot/tavern/games/sorcerercity"
	vcgame "github.com/tavern-bot/tavern/games/viscounts"
	zsgame "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/sorcerercity"
	"github.com/tavern-bot/tavern/imaging/viscounts"
	"github.com/tavern-bot/tavern/imaging/zauberschwert"
)

// BenchmarkHeights measures what a phone scrolling a game sees: each
// renderer's public board and each seat's own picture drawn after every
// commit of random games (game i of a run has seed i+1), per player count,
// reported as the smallest and largest height. The height tests keep the
// boards fixed; the own pictures may vary, and this says by how much.
//
//	go test -run XXX -bench Heights -benchtime 2x ./imaging/
func BenchmarkHeights(b *testing.B) {
	k, err := kit.New()
	if err != nil {
		b.Fatal(err)
	}
	for _, tt := range boardGames(k) {
		info := tt.game.Info()
		for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
			b.Run(fmt.Sprintf("%s/%dp", info.ID, players), func(b *testing.B) {
				var board, own []int
				for i := range b.N {
					lang := []string{"en", "de"}[i%2]
					m := imaging.Meta{Lang: lang, Catalog: info.Catalog, Players: legibleNames[:players]}
					draw := func(view any, viewer int) (int, error) {
						m.Viewer = viewer
						img, err := tt.renderer.Render(view, m)
						if err != nil {
							return 0, err
						}
						return img.Bounds().Dy(), nil
					}
					check := func(st games.State) error {
						h, err := draw(st.View(games.Public), games.Public)
						if err != nil {
							return err
						}
						board = append(board, h)
						for seat := range players {
							h, err := draw(st.View(seat), seat)
							if err != nil {
								return err
							}
							own = append(own, h)
						}
						return nil
					}
					seed := uint64(i + 1)
					if _, _, err := games.RandomPlay(tt.game, games.DefaultSetup(tt.game, players, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(slices.Min(board)), "board-min-px")
				b.ReportMetric(float64(slices.Max(board)), "board-max-px")
				b.ReportMetric(float64(slices.Min(own)), "own-min-px")
				b.ReportMetric(float64(slices.Max(own)), "own-max-px")
			})
		}
	}
}

// boardGame is a game with a board and the renderer that draws it.
type boardGame struct {
	game     games.Game
	renderer imaging.Renderer
}

// boardGames are the games with a board, each with its renderer on k.
func boardGames(k *kit.Kit) []boardGame {
	sc := scgame.New()
	return []boardGame{
		{zsgame.New(), zauberschwert.New(k)},
		{ddgame.New(), dungeondesigner.New(k)},
		{sc, sorcerercity.New(k, sc.Components())},
		{vcgame.New(), viscounts.New(k)},
	}
}
