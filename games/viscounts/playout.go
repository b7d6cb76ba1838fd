package viscounts

import "github.com/tavern-bot/tavern/games"

// PlayoutPolicy is the policy a search plays its worlds out by
// (search.Playouter): the bot's own, but in a solo game looking only
// soloPlayoutLookahead decisions ahead, at half the CPU time a move. There
// the search's playouts run to the game's real end once it is triggered
// (Estimate), and twice the worlds in the same time won more: a paired
// search of the root's three best against the Noble (search.Match,
// seeds 101-110) won 6/10 with 1,000 playout moves looking 2 ahead (CPU
// p95 0.87 s), 5/10 with 500 looking 3 ahead (p95 1.04 s). Games of
// several seats play out as before.
func (g *Game) PlayoutPolicy() games.Policy { return playouter{} }

// soloPlayoutLookahead is how many decisions ahead a solo playout looks.
const soloPlayoutLookahead = 2

// playouter is PlayoutPolicy's policy.
type playouter struct{}

func (playouter) Choose(st games.State, seat int, seed uint64) (string, bool) {
	depth := lookahead
	if s, ok := st.(*State); ok && s.Solo != nil {
		depth = soloPlayoutLookahead
	}
	return lookingAhead(depth).Choose(st, seat, seed)
}
