package sorcerercity

// CurrentRound is the year being played (games.Rounded): a replay times
// its frames by years.
func (s *State) CurrentRound() int { return s.Year }

// PublicScores are the seats' prestige (games.Tallied): the tokens lie
// open on the board.
func (s *State) PublicScores() []int {
	out := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		out[i] = st.Prestige
	}
	return out
}
