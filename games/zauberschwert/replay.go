package zauberschwert

// CurrentRound is the round being played (games.Rounded): a replay times
// its frames by rounds.
func (s *State) CurrentRound() int { return s.Round }

// PublicScores are the seats' power stones (games.Tallied), which the
// public board shows and the standings rank by.
func (s *State) PublicScores() []int {
	out := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		out[i] = st.Stones
	}
	return out
}
