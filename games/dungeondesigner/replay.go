package dungeondesigner

// CurrentRound is the year being played (games.Rounded): a replay times
// its frames by years.
func (s *State) CurrentRound() int { return s.Year }
