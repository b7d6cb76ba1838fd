package zauberschwert

import "github.com/tavern-bot/tavern/games"

// strength is the current card's strength after Fulmentus (at least 1).
func (s *State) strength() int {
	return max(1, s.card(s.Cur).Strength-s.Weaken)
}

// resolveCurrent resolves s.Cur once its spell window is closed.
func (s *State) resolveCurrent() {
	slot := s.Cur
	c := s.card(slot)
	wiz := s.wizardsAt(slot)
	s.Step = stepBonus
	switch c.Kind {
	case KindSpell:
		if len(wiz) == 1 {
			s.giveSpell(wiz[0], c, 0)
			return
		}
		s.startAuction(KindSpell, 0, wiz)
	case KindOrb:
		for _, seat := range wiz {
			s.gainMagic(seat, c.Magic)
			s.emit("zs.ev.orb", "player", player(seat), "n", c.Magic)
		}
		s.Display[slot].Gone = true
	case KindHoly:
		for _, seat := range wiz {
			s.Seats[seat].Stones += c.Stones
			key := "zs.ev.holy"
			if s.draw(seat, 1) == 0 {
				key = "zs.ev.holy_nocard"
			}
			s.emit(key, "player", player(seat), "n", stonesText(c.Stones))
		}
		s.emitPileOut()
		s.Display[slot].Gone = true
	case KindCreature:
		if len(wiz) == 1 {
			if s.Seats[wiz[0]].Magic < s.strength() {
				s.emit("zs.ev.too_weak", "player", player(wiz[0]), "card", games.Ref(c.Name))
				return
			}
			s.defeat([]int{wiz[0]}, s.strength(), c.Single)
			return
		}
		s.Fight = &Fight{Involved: wiz, Choices: make([]string, len(wiz))}
		s.Step = stepChoose
	}
}

func (s *State) giveSpell(seat int, c Card, price int) {
	s.Seats[seat].Magic -= price
	s.Seats[seat].Spells = append(s.Seats[seat].Spells, OwnedSpell{ID: c.Spell})
	s.Display[s.Cur].Gone = true
	s.emit("zs.ev.spell_won", "player", player(seat), "spell", games.Ref(c.Name), "n", price)
}

// defeat makes winners pay cost each and gain reward and their bonuses;
// cards are dealt in seat order from the start player.
func (s *State) defeat(winners []int, cost int, reward Reward) {
	c := s.card(s.Cur)
	for _, seat := range winners {
		s.Seats[seat].Magic -= cost
	}
	for _, seat := range winners {
		s.Seats[seat].Stones += reward.Stones
		got := s.draw(seat, reward.Artifacts)
		key := "zs.ev.defeated"
		switch got {
		case 0:
			key = "zs.ev.defeated_nocard"
		case 1:
			key = "zs.ev.defeated_onecard"
		}
		s.emit(key, "player", player(seat), "card", games.Ref(c.Name), "cost", cost,
			"stones", stonesText(reward.Stones), "cards", cardsText(got))
		s.payBonuses(seat, c.Symbol)
	}
	s.emitPileOut()
	s.Display[s.Cur].Gone = true
}

// payBonuses pays every laid-out artifact of seat that shows sym; choice
// bonuses are queued for the owner to decide.
func (s *State) payBonuses(seat int, sym Symbol) {
	for _, group := range s.Seats[seat].Laid {
		a := s.d.Artifacts[group[0]].Artifact
		if !hasSymbol(a, sym) {
			continue
		}
		if a.Bonus.Choice > 0 {
			s.Bonus = append(s.Bonus, Due{Seat: seat, Amount: a.Bonus.Choice, Artifact: a.ID})
			continue
		}
		s.Seats[seat].Stones += a.Bonus.Stones
		s.gainMagic(seat, a.Bonus.Magic)
		s.emit("zs.ev.bonus", "player", player(seat), "artifact", games.Ref(a.Name), "stones", stonesText(a.Bonus.Stones), "magic", a.Bonus.Magic)
	}
}

func hasSymbol(a Artifact, sym Symbol) bool {
	for _, x := range a.Symbols {
		if x == sym {
			return true
		}
	}
	return false
}

func (s *State) allChosen() bool {
	for _, ch := range s.Fight.Choices {
		if ch == "" {
			return false
		}
	}
	return true
}

// settleChoices: all together → joint fight; anyone alone → auction.
func (s *State) settleChoices() {
	f := s.Fight
	s.revealed = true // the secret answers become known together
	for _, ch := range f.Choices {
		if ch == "alone" {
			f.Mode = "auction"
			s.emit("zs.ev.conflict", "card", games.Ref(s.card(s.Cur).Name))
			s.startAuction(KindCreature, s.strength(), f.Involved)
			return
		}
	}
	f.Mode = "together"
	s.Step = stepBonus
	s.jointFight(f.Involved)
}

// jointFight splits the strength evenly (rounded up); whoever cannot pay
// drops out and the rest split the whole again.
func (s *State) jointFight(group []int) {
	c := s.card(s.Cur)
	str := s.strength()
	for len(group) > 0 {
		share := (str + len(group) - 1) / len(group)
		var keep []int
		for _, seat := range group {
			if s.Seats[seat].Magic >= share {
				keep = append(keep, seat)
			} else {
				s.emit("zs.ev.drop_out", "player", player(seat))
			}
		}
		if len(keep) == len(group) {
			break
		}
		group = keep
	}
	switch len(group) {
	case 0:
		s.emit("zs.ev.too_weak_all", "card", games.Ref(c.Name))
	case 1:
		s.defeat(group, str, c.Single)
	default:
		s.defeat(group, (str+len(group)-1)/len(group), c.Shared)
	}
}
