package zauberschwert

import "github.com/tavern-bot/tavern/games"

// startAuction opens an auction among bidders (already in order from the
// start player, so the first is the opener).
func (s *State) startAuction(kind Kind, minBid int, bidders []int) {
	s.Auction = &Auction{Kind: kind, Min: minBid, HighSeat: -1, Bidders: bidders, Out: make([]bool, len(bidders))}
	s.Step = stepAuction
}

// bidRange is the legal bids of seat: lo..hi (empty when lo > hi).
func (s *State) bidRange(seat int) (lo, hi int) {
	a := s.Auction
	lo = a.Min
	if a.HighSeat >= 0 {
		lo = a.High + 1
	}
	return lo, s.Seats[seat].Magic
}

// canPass: the opener of a spell auction must open (0 is always possible),
// so a contested spell always finds an owner.
func (s *State) canPass() bool {
	return s.Auction.Kind != KindSpell || s.Auction.HighSeat >= 0
}

// autoPass passes for bidders who cannot afford any bid. It reports whether
// the auction is over.
func (s *State) autoPass() bool {
	for s.Step == stepAuction {
		seat := s.Auction.Bidders[s.Auction.Turn]
		if lo, hi := s.bidRange(seat); lo <= hi {
			return false
		}
		s.passBid(seat)
	}
	return true
}

func (s *State) bid(seat, n int) {
	s.Auction.High, s.Auction.HighSeat = n, seat
	s.emit("zs.ev.bid", "player", player(seat), "n", n)
	s.nextBidder()
}

func (s *State) passBid(seat int) {
	s.Auction.Out[s.Auction.Turn] = true
	s.emit("zs.ev.bid_pass", "player", player(seat))
	s.nextBidder()
}

// nextBidder moves clockwise to the next seat still in and not leading; if
// there is none, the auction ends.
func (s *State) nextBidder() {
	a := s.Auction
	for i := 1; i <= len(a.Bidders); i++ {
		j := (a.Turn + i) % len(a.Bidders)
		if !a.Out[j] && a.Bidders[j] != a.HighSeat {
			a.Turn = j
			return
		}
	}
	s.endAuction()
}

// endAuction: only the winner pays; a creature nobody bid on stays.
func (s *State) endAuction() {
	a := s.Auction
	c := s.card(s.Cur)
	s.Step = stepBonus
	switch {
	case a.HighSeat < 0:
		s.emit("zs.ev.no_bid", "card", games.Ref(c.Name))
	case a.Kind == KindSpell:
		s.giveSpell(a.HighSeat, c, a.High)
	default:
		s.defeat([]int{a.HighSeat}, a.High, c.Single)
	}
	s.Auction = nil
}
