package sorcerercity

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// botGame plays 4-player game i with the bot in seat 0 and random answers
// for the others, failing on an illegal bot move; it reports whether the
// bot won.
func botGame(tb testing.TB, g *Game, i int) bool {
	tb.Helper()
	bot := g.Policy()
	st, err := g.New(games.DefaultSetup(g, 4, uint64(i+1)))
	if err != nil {
		tb.Fatal(err)
	}
	rng := games.NewRNG(uint64(i) + 99)
	for moves := 0; !st.Over(); moves++ {
		if moves > games.SimMaxMoves {
			tb.Fatal("game did not end")
		}
		pending := st.Pending()
		p := pending[rng.IntN(len(pending))]
		move := p.Options[rng.IntN(len(p.Options))].ID
		if p.Seat == 0 {
			var ok bool
			if move, ok = bot.Choose(st, 0, games.PolicySeed(uint64(i), moves, 0)); !ok || !games.Legal(st, 0, move) {
				tb.Fatalf("game %d move %d: the bot chose %q (ok %v)", i, moves, move, ok)
			}
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			tb.Fatal(err)
		}
	}
	first := st.Standings()[0]
	return first.Seat == 0 && first.Rank == 1
}

// TestPolicyBeatsRandom: one bot seat against three random seats wins at
// least 80% of 4-player games, and every move it picks is legal. The
// benchmark below plays as many games as asked (1,000 in the README).
func TestPolicyBeatsRandom(t *testing.T) {
	g := New()
	n := 60
	if testing.Short() || raceBuild {
		n = 6
	}
	wins := 0
	for i := range n {
		if botGame(t, g, i) {
			wins++
		}
	}
	if wins*100 < 80*n {
		t.Fatalf("the bot won %d of %d games, want at least 80%%", wins, n)
	}
}

// BenchmarkPolicyVsRandom reports the bot's share of wins against three
// random seats: go test -run '^$' -bench PolicyVsRandom -benchtime 1000x
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	wins := 0
	for i := range b.N {
		if botGame(b, g, i) {
			wins++
		}
	}
	b.ReportMetric(100*float64(wins)/float64(b.N), "win-%")
}
