package zauberschwert

import "github.com/tavern-bot/tavern/games"

// advance runs every automatic step until a decision is needed or the game
// ends. Each step either returns (a prompt is pending) or moves s.Step on.
func (s *State) advance() {
	for !s.Ended {
		switch s.Step {
		case stepRefill:
			s.refill()
		case stepIncome:
			for seat := range s.Seats {
				s.gainMagic(seat, 2)
			}
			s.emit("zs.ev.income", "round", s.Round)
			s.openWindow(winB, s.order())
		case stepSpells:
			if s.windowSeat() >= 0 {
				return
			}
			s.closeWindow()
		case stepPlace:
			if s.placeSeat() >= 0 {
				return
			}
			s.Step = stepDStart
		case stepDStart:
			s.Order = s.resolveOrder()
			s.Step = stepDNext
		case stepDNext:
			s.nextCard()
		case stepResolve:
			s.resolveCurrent()
		case stepChoose:
			if !s.allChosen() {
				return
			}
			s.settleChoices()
		case stepAuction:
			if !s.autoPass() {
				return
			}
		case stepBonus:
			if len(s.Bonus) > 0 {
				return
			}
			s.Step = stepDNext
		case stepDEnd:
			s.endPhaseD()
			s.openWindow(winE, s.order())
		case stepTrade:
			if !s.tradeFinished() {
				return
			}
			s.startLay()
		case stepLay:
			for _, done := range s.LayDone {
				if !done {
					return
				}
			}
			s.LayDone = nil
			s.Step = stepRoundEnd
		case stepRoundEnd:
			s.Start = (s.Start + 1) % s.Players
			s.Round++
			for i := range s.Seats {
				for j := range s.Seats[i].Spells {
					s.Seats[i].Spells[j].Used = false
				}
			}
			s.emit("zs.ev.start_player", "player", player(s.Start))
			s.Step = stepRefill
		default:
			return
		}
	}
}

// refill is phase A: top the display up to two cards, or end the game.
func (s *State) refill() {
	need := 2 - len(s.Display)
	if need > len(s.Pile) {
		s.Ended = true
		s.Step = stepOver
		// Why it ended, then who won with how many power stones.
		end := games.Counted("zs.ev.end", "left", "round", s.Round-1, "left", len(s.Pile))
		if len(s.Pile) == 0 {
			end = games.T("zs.ev.end.empty", "round", s.Round-1)
		}
		s.events = append(s.events, end, games.Verdict(s.Standings(), nil, pointsText))
		return
	}
	for range need {
		s.Display = append(s.Display, Slot{Card: s.Pile[0]})
		s.Pile = s.Pile[1:]
		s.revealed = true
	}
	for i := range s.Seats {
		s.Seats[i].Placed = NotPlaced
	}
	s.Step = stepIncome
}

// placeSeat is the seat to place in phase C, or -1 when all have.
func (s *State) placeSeat() int {
	for _, seat := range s.order() {
		if s.Seats[seat].Placed == NotPlaced {
			return seat
		}
	}
	return -1
}

// resolveOrder: the start player's card first (or the first later seat's
// that placed), then the other.
func (s *State) resolveOrder() []int {
	for _, seat := range s.order() {
		if p := s.Seats[seat].Placed; p >= 0 {
			return []int{p, 1 - p}
		}
	}
	return nil
}

// nextCard starts the next display card of phase D.
func (s *State) nextCard() {
	s.Cur, s.Weaken, s.Fight, s.Auction = -1, 0, nil, nil
	if len(s.Order) == 0 {
		s.Step = stepDEnd
		return
	}
	slot := s.Order[0]
	s.Order = s.Order[1:]
	wiz := s.wizardsAt(slot)
	if len(wiz) == 0 {
		return // not chosen: handled at the end of phase D
	}
	s.Cur = slot
	s.Display[slot].Done = true
	c := s.card(slot)
	if c.Kind == KindCreature || (c.Kind == KindSpell && len(wiz) > 1) {
		// Every owner may cast, wizards at the card or not (passers too):
		// magic spent or stolen now decides the fight or the auction.
		s.openWindow(winD, s.order())
		return
	}
	s.Step = stepResolve
}

// endPhaseD removes resolved and unchosen non-creature cards, keeps the
// rest, and takes every wizard back.
func (s *State) endPhaseD() {
	keep := []Slot{}
	for _, sl := range s.Display {
		c := s.d.cardByID[sl.Card]
		switch {
		case sl.Gone:
			if c.Kind != KindSpell {
				s.Removed = append(s.Removed, sl.Card)
			}
		case !sl.Done && c.Kind != KindCreature:
			s.Removed = append(s.Removed, sl.Card)
			s.emit("zs.ev.discarded", "card", games.Ref(c.Name))
		default:
			keep = append(keep, Slot{Card: sl.Card})
		}
	}
	s.Display = keep
	s.Cur = -1
	for i := range s.Seats {
		s.Seats[i].Placed = NotPlaced
	}
}
