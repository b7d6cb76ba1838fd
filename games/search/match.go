package search

import (
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

// matchMaxMoves bounds one match far beyond any real game.
const matchMaxMoves = games.SimMaxMoves

// Match plays one game from setup with seat i answered by seats[i] (a
// solo game has one seat; its opponent lives in the state). Each decision
// gets its seed from setup.Seed, the moves so far and the seat, as a
// table's bot does, so a match replays exactly. Every move is checked as
// RandomPlay checks it; a policy that declines or a refused move ends the
// match with an error.
func Match(g games.Game, setup games.Setup, seats []games.Policy) (games.State, error) {
	if len(seats) != setup.Players {
		return nil, fmt.Errorf("search: match: %d policies for %d players", len(seats), setup.Players)
	}
	_, final, err := games.PlayWith(g, setup, games.NewRNG(setup.Seed), matchMaxMoves, func(s games.State, p games.Prompt, moves int) (string, bool) {
		return seats[p.Seat].Choose(s, p.Seat, games.PolicySeed(setup.Seed, moves, p.Seat))
	}, nil)
	if err != nil {
		return final, fmt.Errorf("search: match %s seed %d: %w", g.Info().ID, setup.Seed, err)
	}
	return final, nil
}
