package dungeondesigner

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.TimeoutMover = (*State)(nil)

// TimeoutMove answers for a seat that let the table's deadline pass: while
// building, the first room and column offered; in the market, passing (and
// taking the first open task, when one must be taken); when placing a
// bought tile, the first legal spot. All of these only ever add to the
// seat's dungeon; nothing is paid.
func (s *State) TimeoutMove(seat int) (string, bool) {
	p, ok := games.PromptFor(s, seat)
	if !ok || len(p.Options) == 0 {
		return "", false
	}
	if s.Phase == PhaseImprove && s.Placing == nil {
		for _, o := range p.Options {
			if o.ID == "pass" || strings.HasPrefix(o.ID, "pass:") {
				return o.ID, true
			}
		}
		return "", false
	}
	return p.Options[0].ID, true
}
