package zauberschwert

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestRandomGamesRender plays random games with the real rules and draws
// the public board and one seat's private view at the first occurrence of
// each phase/step (and of each auction or fight), so every situation the
// engine can produce is drawn at least once.
func TestRandomGamesRender(t *testing.T) {
	r := newRenderer(t)
	g := zs.New()
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			seen := map[string]bool{}
			m := meta("de", games.Public)
			check := func(s games.State) error {
				pub, ok := s.View(games.Public).(zs.PublicView)
				if !ok {
					if p, okp := s.View(games.Public).(*zs.PublicView); okp {
						pub, ok = *p, true
					}
				}
				if !ok {
					return fmt.Errorf("public view is %T", s.View(games.Public))
				}
				key := fmt.Sprintf("%s/%s/%v/%v/%v", pub.Phase, pub.Step, pub.Auction != nil, pub.Fight != nil, pub.Over)
				if seen[key] {
					return nil
				}
				seen[key] = true
				img, err := r.Render(s.View(games.Public), m)
				if err != nil {
					return fmt.Errorf("%s public: %w", key, err)
				}
				if players == 4 {
					data, err := kit.EncodePNG(img)
					if err != nil {
						return err
					}
					writeSample(t, fmt.Sprintf("zs-real-4p-%02d-%s-%s.png", len(seen), pub.Phase, pub.Step), data)
				}
				// One private view per situation, rotating through the seats.
				{
					seat := len(seen) % players
					pm := meta("en", seat)
					img, err := r.Render(s.View(seat), pm)
					if err != nil {
						return fmt.Errorf("%s seat %d: %w", key, seat, err)
					}
					if img.Bounds().Dx() != boardW {
						return fmt.Errorf("%s seat %d: width %d", key, seat, img.Bounds().Dx())
					}
				}
				return nil
			}
			for seed := uint64(1); seed <= 3; seed++ {
				_, final, err := games.RandomPlay(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, check)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if !final.Over() {
					t.Fatalf("seed %d: game did not end", seed)
				}
			}
			if len(seen) < 5 {
				t.Errorf("only %d distinct situations drawn: %v", len(seen), seen)
			}
			t.Logf("%d situations drawn", len(seen))
		})
	}
}
