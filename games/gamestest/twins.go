package gamestest

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// PolicyBlind plays a game of g from setup, half its answers the
// policy's and half random ones (so that it reaches the positions the
// policy plays into, and others), and, at
// every position, asks policy for each asked seat's move twice: on the
// state and on a twin re-dealt for that seat (games.Redealer), with the
// same seed. A policy that decides from its seat's view alone answers
// both alike; tb fails on the first difference, on an illegal answer or
// on none. It returns how many positions it compared.
func PolicyBlind(tb testing.TB, g games.Game, policy games.Policy, setup games.Setup) int {
	tb.Helper()
	st, err := g.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	rng := games.NewRNG(setup.Seed + 7)
	compared := 0
	for moves := 0; !st.Over(); moves++ {
		if moves > games.SimMaxMoves {
			tb.Fatal("game did not end")
		}
		pending := st.Pending()
		answers := map[int]string{}
		for _, p := range pending {
			seed := games.PolicySeed(setup.Seed, moves, p.Seat)
			move, ok := policy.Choose(st, p.Seat, seed)
			if !ok || !games.Legal(st, p.Seat, move) {
				tb.Fatalf("seed %d move %d: seat %d's policy chose %q (ok %v)", setup.Seed, moves, p.Seat, move, ok)
			}
			twin, err := st.(games.Redealer).Redeal(p.Seat, games.NewRNG(rng.Uint64()))
			if err != nil {
				tb.Fatal(err)
			}
			if other, _ := policy.Choose(twin, p.Seat, seed); other != move {
				tb.Fatalf("seed %d move %d: seat %d's policy chose %q, and %q on a twin dealt anew for it", setup.Seed, moves, p.Seat, move, other)
			}
			answers[p.Seat] = move
			compared++
		}
		p := pending[rng.IntN(len(pending))]
		move := p.Options[rng.IntN(len(p.Options))].ID
		if rng.IntN(2) == 0 {
			move = answers[p.Seat]
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			tb.Fatal(err)
		}
	}
	return compared
}
