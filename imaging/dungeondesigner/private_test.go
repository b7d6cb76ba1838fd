package dungeondesigner

import (
	"bytes"
	"fmt"
	"image"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
)

// answerBuild gives up to steps answers of seat 0 (its pick, then where the
// rules ask for one its second choice), taking the first legal option.
func answerBuild(t *testing.T, s games.State, steps int) {
	t.Helper()
	for range steps {
		for _, p := range s.Pending() {
			if p.Seat != 0 || len(p.Options) == 0 {
				continue
			}
			if _, err := s.Apply(0, p.Options[0].ID); err != nil {
				t.Fatalf("apply %s: %v", p.Options[0].ID, err)
			}
		}
	}
}

// TestPrivatePendingChoice checks that the seat's own secret pick and
// second room are drawn: hiding them from the view changes the picture.
func TestPrivatePendingChoice(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	for _, players := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			s, err := g.New(games.DefaultSetup(g, players, 4))
			if err != nil {
				t.Fatal(err)
			}
			// Solo, the second answer would reveal the pass at once.
			steps := 2
			if players == 1 {
				steps = 1
			}
			answerBuild(t, s, steps)
			v := s.View(0).(dd.PrivateView)
			if v.Pick == nil {
				t.Fatal("no pick after answering")
			}
			if (players == 2) != (v.Second != nil) {
				t.Fatalf("second choice %v with %d players", v.Second, players)
			}
			lang := []string{"en", "de"}[players%2]
			with, err := r.Render(v, meta(lang, 0))
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if err := checkSize(with); err != nil {
				t.Fatal(err)
			}
			writeSample(t, fmt.Sprintf("dd-%dp-private-picked-%s.png", players, lang), with)
			hidden := v
			hidden.Pick, hidden.Second = nil, nil
			without, err := r.Render(hidden, meta(lang, 0))
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if bytes.Equal(with.(*image.RGBA).Pix, without.(*image.RGBA).Pix) {
				t.Error("the pending pick leaves no trace in the picture")
			}
		})
	}
}
