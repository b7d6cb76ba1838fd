package viscounts

import "github.com/tavern-bot/tavern/games"

// Estimate forecasts the standings of a game still running from each
// seat's position value (the policy's value: score so far plus what its
// goods, cards and queued rewards are likely worth), so the search's
// playouts can stop after a few turns instead of playing every draw to
// the end. A solo game ranks the seat against its opponent, as a rival;
// once its end is triggered it gives no forecast: the few moves left
// (about five of the player's) are played out, so the final scoring with
// the Poverty and Prosperity prizes judges how the game was ended.
func (s *State) Estimate() (standings []games.Standing, rivals []games.Rival, ok bool) {
	if s.Solo != nil {
		if s.LastRound > 0 {
			return nil, nil, false
		}
		me, ai := s.value(0), s.value(s.Solo.Seat)
		rank, aiRank := 1, 2
		if me <= ai {
			rank, aiRank = 2, 1
		}
		return []games.Standing{{Seat: 0, Rank: rank, Score: me / 10}},
			[]games.Rival{{Name: s.aiName(), Rank: aiRank, Score: ai / 10}}, true
	}
	values := make([]int, s.Players)
	for i := range values {
		values[i] = s.value(i)
	}
	return games.RankByValues(values, 10), nil, true
}
