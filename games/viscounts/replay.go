package viscounts

// CurrentRound is the round being played (games.Rounded): a replay times
// its frames by rounds. The draft before the first round counts with it.
func (s *State) CurrentRound() int { return max(s.Round, 1) }
