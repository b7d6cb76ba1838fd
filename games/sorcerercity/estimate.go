package sorcerercity

import "github.com/tavern-bot/tavern/games"

// Estimate forecasts the standings of a game of several seats still
// running, so the search's playouts can stop after a few stages: each
// seat's collected Prestige, plus for every year still to collect the
// Prestige and Raw Magic (which the policy turns into Prestige) of this
// year, its district counted before it is scored, plus for every later
// year the Money and Influence of this year's district (they buy the
// tiles of later districts), valued as the policy values tracks, in
// tenths of Prestige.
//
// There is no forecast (ok=false) while the seats build: the search
// plays on until the build ends. A district half built is no forecast of
// its year, and a monster's harm shows in it before the tiles it put
// under the deck come back. Measured on the year-4 draw-or-stop decision
// where normal stopped with 16 tiles in its deck (2 players against
// easy, seed 1, lost 84 to 198), over 40 shared worlds: in playouts to
// the end drawing beat stopping by 27 Prestige; cut after 80 moves,
// mid-build, they forecast stopping 17 Prestige better; cut at the end
// of the build from 80 moves on, drawing 14 better.
//
// The forecast must not jump with the stage a playout stops in, since the
// search compares options by playouts cut at about the same depth:
// counting the district's Money and Influence once the buying starts, not
// what is left on the tracks, keeps a bought tile from looking like lost
// Money. Measured (2 players against the heuristic, seeds 1-5): when the
// forecast read the tracks alone, the normal bot won 3 of 5 games, 147
// Prestige against 159; with the district 5 of 5, 167 against 122.
// A solo game has no forecast: the monsters' threat shows only in a
// playout to the end.
func (s *State) Estimate() (standings []games.Standing, rivals []games.Rival, ok bool) {
	if len(s.Seats) == 1 || s.Stage == stageBuild {
		return nil, nil, false
	}
	left := Years - s.Year + 1
	values := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		year := st.Annual
		if s.Stage == stageScore {
			for r, n := range st.District.Score(s.c, nil) {
				year.Add(Resource(r), n)
			}
		}
		values[i] = 10*st.Prestige + left*weights[Prestige]*(year[Prestige]+year[Magic])
		later := year
		if s.Stage == stageBuy {
			later = st.District.Score(s.c, nil)
		}
		values[i] += (left - 1) * (weights[Money]*later[Money] + weights[Influence]*later[Influence])
	}
	return games.RankByValues(values, 10), nil, true
}
