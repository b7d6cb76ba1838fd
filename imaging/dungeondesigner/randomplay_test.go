package dungeondesigner

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
)

// situation names what a public view shows, coarse enough that a game
// produces a dozen of them: the phase, the year, whether picks are partly
// hidden (build) or tiles are being placed (market).
func situation(v dd.PublicView) string {
	switch v.Phase {
	case dd.PhaseBuild:
		picked := 0
		for _, sv := range v.Seats {
			if sv.Picked {
				picked++
			}
		}
		return fmt.Sprintf("build-y%d-hidden%v", v.Year, picked > 0 && picked < len(v.Seats))
	case dd.PhaseImprove:
		return fmt.Sprintf("market-y%d-placing%v", v.Year, v.Placing != nil)
	}
	return "over"
}

// sampled are the situations saved as sample images.
var sampled = map[string]bool{
	"build-y1-hiddenfalse": true, "build-y3-hiddentrue": true, "build-y3-hiddenfalse": true,
	"market-y3-placingtrue": true, "market-y4-placingfalse": true, "over": true,
}

// TestRandomGamesRender plays a random game per player count with the
// real rules and draws the public board at the first occurrence of each
// situation, and the private view of one seat (rotating) there too (under
// -race only at the sampled situations).
func TestRandomGamesRender(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			seen := map[string]bool{}
			check := func(s games.State) error {
				pub, ok := s.View(games.Public).(dd.PublicView)
				if !ok {
					return fmt.Errorf("public view is %T", s.View(games.Public))
				}
				key := situation(pub)
				if seen[key] {
					return nil
				}
				seen[key] = true
				lang := []string{"en", "de"}[len(seen)%2]
				img, err := r.Render(pub, meta(lang, games.Public))
				if err != nil {
					return fmt.Errorf("%s public: %w", key, err)
				}
				if err := checkSize(img); err != nil {
					return fmt.Errorf("%s public: %w", key, err)
				}
				if sampled[key] {
					writeSample(t, fmt.Sprintf("dd-%dp-%s-%s.png", players, key, lang), img)
				}
				if raceEnabled && !sampled[key] {
					return nil
				}
				seat := len(seen) % players
				pimg, err := r.Render(s.View(seat), meta(lang, seat))
				if err != nil {
					return fmt.Errorf("%s seat %d: %w", key, seat, err)
				}
				if err := checkSize(pimg); err != nil {
					return fmt.Errorf("%s seat %d: %w", key, seat, err)
				}
				if sampled[key] && key != "over" {
					writeSample(t, fmt.Sprintf("dd-%dp-%s-private-%s.png", players, key, lang), pimg)
				}
				return nil
			}
			seed := uint64(players)
			_, final, err := games.RandomPlay(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, check)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !final.Over() {
				t.Fatalf("seed %d: game did not end", seed)
			}
			for _, want := range []string{"build-y1-hiddenfalse", "build-y4-hiddenfalse", "market-y2-placingfalse", "over"} {
				if !seen[want] {
					t.Errorf("situation %s never drawn (saw %v)", want, seen)
				}
			}
			t.Logf("%d situations drawn", len(seen))
		})
	}
}
