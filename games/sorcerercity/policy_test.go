package sorcerercity

import (
	"testing"

	"github.com/tavern-bot/tavern/games/gamestest"
)

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
		if gamestest.BotWins(t, g, g.Policy(), 4, i) {
			wins++
		}
	}
	if wins*100 < 80*n {
		t.Fatalf("the bot won %d of %d games, want at least 80%%", wins, n)
	}
}

// BenchmarkPolicyVsRandom reports the bot's share of wins against random
// seats, with 2, 3 and 4 players:
// go test -run '^$' -bench PolicyVsRandom -benchtime 200x ./games/sorcerercity
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	gamestest.BenchVsRandom(b, g, g.Policy(), 2, 3, 4)
}
