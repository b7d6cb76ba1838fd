package games_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/games/zauberschwert"
)

// PublicViews gives the public view at the start and after each commit,
// as it was then (a later move does not change an earlier view).
func TestPublicViews(t *testing.T) {
	for _, g := range []games.Game{zauberschwert.New(), dungeondesigner.New()} {
		t.Run(g.Info().ID, func(t *testing.T) {
			setup := games.DefaultSetup(g, 2, 5)
			moves, _, err := games.RandomPlay(g, setup, games.NewRNG(5), games.SimMaxMoves, nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			seen := []string{viewJSON(t, st.View(games.Public))}
			log := make([]games.Logged, len(moves))
			steps := 0
			for i, m := range moves {
				out, err := st.Apply(m.Seat, m.ID)
				if err != nil {
					t.Fatal(err)
				}
				log[i] = games.Logged{Move: m, Uncommitted: out.Uncommitted}
				if out.Uncommitted {
					steps++
					continue
				}
				seen = append(seen, viewJSON(t, st.View(games.Public)))
			}
			views, err := games.PublicViews(g, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range views {
				got = append(got, viewJSON(t, v))
			}
			if !slices.Equal(got, seen) {
				t.Fatalf("%d views differ from the %d public views seen while playing (%d steps)", len(got), len(seen), steps)
			}
			if len(views) != len(moves)-steps+1 {
				t.Fatalf("%d views for %d moves of which %d steps", len(views), len(moves), steps)
			}
		})
	}
}

func TestPublicViewsRefusesABadLog(t *testing.T) {
	g := zauberschwert.New()
	bad := []games.Logged{{Move: games.Move{Seat: 0, ID: "no-such-move"}}}
	if _, err := games.PublicViews(g, games.DefaultSetup(g, 2, 1), bad); err == nil {
		t.Fatal("a log with an illegal move replayed")
	}
	if _, err := games.PublicViews(g, games.DefaultSetup(g, 99, 1), nil); err == nil {
		t.Fatal("a setup with 99 players replayed")
	}
}

func viewJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
