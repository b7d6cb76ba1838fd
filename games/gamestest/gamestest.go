// Package gamestest holds helpers the games' tests share.
package gamestest

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// BotWins plays game i of g for players with bot in seat 0 and random
// answers for the others, failing tb on an illegal bot move or a game that
// does not end; it reports whether the bot won outright (rank 1, first).
func BotWins(tb testing.TB, g games.Game, bot games.Policy, players, i int) bool {
	tb.Helper()
	return BotWinsAt(tb, g, bot, players, 0, i)
}

// BotWinsAt is BotWins with the bot in seat instead of seat 0.
func BotWinsAt(tb testing.TB, g games.Game, bot games.Policy, players, seat, i int) bool {
	tb.Helper()
	st, err := g.New(games.DefaultSetup(g, players, uint64(i+1)))
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
		if p.Seat == seat {
			var ok bool
			if move, ok = bot.Choose(st, seat, games.PolicySeed(uint64(i), moves, seat)); !ok || !games.Legal(st, seat, move) {
				tb.Fatalf("game %d move %d: the bot chose %q (ok %v)", i, moves, move, ok)
			}
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			tb.Fatal(err)
		}
	}
	first := st.Standings()[0]
	return first.Seat == seat && first.Rank == 1
}

// Wins plays games 0..n-1 of BotWins and counts the bot's outright wins.
func Wins(tb testing.TB, g games.Game, bot games.Policy, players, n int) int {
	tb.Helper()
	wins := 0
	for i := range n {
		if BotWins(tb, g, bot, players, i) {
			wins++
		}
	}
	return wins
}
