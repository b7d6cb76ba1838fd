package zauberschwert

import (
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

var _ games.TimeoutMover = (*State)(nil)

// TimeoutMove is the answer given for a seat that let the table's deadline
// pass: the choice that commits the seat to the least and others to nothing.
func (s *State) TimeoutMove(seat int) (string, bool) {
	for _, p := range s.pendingMoves() {
		if p.seat != seat {
			continue
		}
		move := s.timeoutFor()
		return move, slices.Contains(p.moves, move)
	}
	return "", false
}

// timeoutFor names the safe answer of the current step.
func (s *State) timeoutFor() string {
	switch s.Step {
	case stepSpells:
		return "nospell"
	case stepPlace:
		return "pass"
	case stepChoose:
		// Together spends only the seat's share, for the shared reward, and
		// spares the wizards who did answer an auction they never asked for.
		return "together"
	case stepAuction:
		if s.canPass() {
			return "pass"
		}
		// The opener of a spell auction cannot pass; the lowest opening
		// bid is 0 there, so it costs nothing.
		lo, _ := s.bidRange(s.Auction.Bidders[s.Auction.Turn])
		return "bid:" + strconv.Itoa(lo)
	case stepBonus:
		return "bonus:stones"
	case stepTrade:
		return "done"
	case stepLay:
		return "lay:none"
	}
	return ""
}
