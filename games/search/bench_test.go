package search_test

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
	"github.com/tavern-bot/tavern/games/search"
)

// positions plays k random games of g and keeps one state from each, after
// a random share of its moves, with the seat to decide there.
func positions(tb testing.TB, g games.Game, players, k int, seed uint64) []games.State {
	tb.Helper()
	var out []games.State
	for i := range k {
		sd := seed + uint64(i)
		moves, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, sd), games.NewRNG(sd), games.SimMaxMoves, nil)
		if err != nil {
			tb.Fatalf("%s: random game %d: %v", g.Info().ID, sd, err)
		}
		cut := games.NewRNG(^sd).IntN(len(moves))
		s, err := games.Replay(g, games.DefaultSetup(g, players, sd), moves[:cut])
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func BenchmarkRedeal(b *testing.B) {
	for _, g := range allGames(b) {
		id := g.Info().ID
		b.Run(id, func(b *testing.B) {
			ps := positions(b, g, 2, 10, 1)
			rng := games.NewRNG(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := ps[i%len(ps)]
				if _, err := s.(games.Redealer).Redeal(s.Pending()[0].Seat, rng); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkPlayout(b *testing.B) {
	for _, g := range allGames(b) {
		id := g.Info().ID
		pol := games.PolicyOf(g)
		for _, players := range []int{1, 2} {
			if players < g.Info().MinPlayers {
				continue
			}
			b.Run(fmt.Sprintf("%s/%dp", id, players), func(b *testing.B) {
				ps := positions(b, g, players, 10, 1)
				rng := games.NewRNG(1)
				moves := 0
				b.ResetTimer()
				cpu := gamestest.CPUTime()
				for i := 0; i < b.N; i++ {
					s := ps[i%len(ps)]
					w, err := s.(games.Redealer).Redeal(s.Pending()[0].Seat, rng)
					if err != nil {
						b.Fatal(err)
					}
					if u, ok := w.(search.Unlabeller); ok {
						u.Unlabel() // as the search's playouts are
					}
					for !w.Over() {
						p := w.Pending()[0]
						id, ok := pol.Choose(w, p.Seat, rng.Uint64())
						if !ok {
							id = p.Options[0].ID
						}
						if _, err := w.Apply(p.Seat, id); err != nil {
							b.Fatal(err)
						}
						moves++
					}
				}
				b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
				// On a shared machine wall time says little; CPU time does.
				b.ReportMetric(float64(gamestest.CPUTime()-cpu)/float64(max(1, moves)), "cpu-ns/move")
			})
		}
	}
}

// BenchmarkDecision is one search decision at each searching strength,
// with its budget as a table's bot plays it but without the wall-time
// cap, over positions of random 2-player games: its B/op (with
// -benchmem) is what one search allocates, the figure the 64 MB bound is
// about, and its ns/op the decision's time on an idle core.
// go test -run '^$' -bench Decision -benchmem -benchtime 20x ./games/search
func BenchmarkDecision(b *testing.B) {
	for _, g := range allGames(b) {
		for _, st := range []search.Strength{search.Normal, search.Strong} {
			b.Run(fmt.Sprintf("%s/%s", g.Info().ID, st), func(b *testing.B) {
				bot, err := search.ReplayPolicy(g, st)
				if err != nil {
					b.Fatal(err)
				}
				ps := positions(b, g, 2, 10, 1)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s := ps[i%len(ps)]
					if _, ok := bot.Choose(s, s.Pending()[0].Seat, uint64(i)); !ok {
						b.Fatal("no decision")
					}
				}
			})
		}
	}
}
