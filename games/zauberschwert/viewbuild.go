package zauberschwert

import (
	"slices"
	"sort"

	"github.com/tavern-bot/tavern/games"
)

// phase maps a step to the rulebook's phase letter.
func (s *State) phase() string {
	switch s.Step {
	case stepRefill:
		return "A"
	case stepIncome, stepPlace:
		if s.Step == stepPlace {
			return "C"
		}
		return "B"
	case stepSpells:
		return s.Win.Kind
	case stepTrade, stepLay:
		return "E"
	case stepRoundEnd:
		return "F"
	case stepOver:
		return ""
	}
	return "D"
}

// View returns a PublicView for games.Public and a PrivateView for a seat.
func (s *State) View(viewer int) any {
	pub := s.publicView()
	if viewer < 0 || viewer >= s.Players {
		return pub
	}
	pv := PrivateView{PublicView: pub, Seat: viewer, Hand: []HandCard{}, Offers: []OfferView{}}
	complete := map[int]bool{}
	for _, g := range s.completeGroups(s.Seats[viewer].Hand) {
		for _, c := range g {
			complete[c] = true
		}
	}
	hand := slices.Clone(s.Seats[viewer].Hand)
	sort.Ints(hand)
	for _, c := range hand {
		pv.Hand = append(pv.Hand, HandCard{ArtifactCard: s.d.Artifacts[c], Complete: complete[c]})
	}
	if s.Trade != nil {
		for _, o := range s.Trade.Offers {
			if o.From == viewer || o.To == viewer {
				pv.Offers = append(pv.Offers, s.offerView(o))
			}
		}
		if d := s.Trade.Drafts[viewer]; d != nil {
			ov := s.offerView(*d)
			pv.Draft = &ov
		}
	}
	return pv
}

func (s *State) offerView(o Offer) OfferView {
	ov := OfferView{ID: o.ID, From: o.From, To: o.To, Give: []ArtifactCard{}, Want: []ArtifactCard{}}
	for _, c := range o.Give {
		ov.Give = append(ov.Give, s.d.Artifacts[c])
	}
	for _, c := range o.Want {
		ov.Want = append(ov.Want, s.d.Artifacts[c])
	}
	return ov
}

func (s *State) publicView() PublicView {
	v := PublicView{
		Players: s.Players, Round: s.Round, Phase: s.phase(), Step: s.Step, StartPlayer: s.Start,
		Display: []DisplayCard{}, AdventurePile: len(s.Pile), ArtifactPile: len(s.ArtPile),
		Removed: len(s.Removed), Seats: []SeatView{}, Resolving: s.Cur, SpellTurn: -1, Turn: []int{}, Over: s.Ended,
	}
	if len(s.Pile) > 0 {
		v.NextDeck = s.d.cardByID[s.Pile[0]].Deck
	}
	for i, sl := range s.Display {
		v.Display = append(v.Display, DisplayCard{Slot: i, Card: s.card(i), Wizards: s.wizardsAt(i), Resolved: sl.Done})
	}
	for i, st := range s.Seats {
		sv := SeatView{Seat: i, Magic: st.Magic, Stones: st.Stones, Spells: []SpellView{}, LaidOut: []LaidOut{},
			HandSize: len(st.Hand), Placed: st.Placed}
		for _, sp := range st.Spells {
			sv.Spells = append(sv.Spells, SpellView{Spell: s.d.spellByID[sp.ID], Used: sp.Used})
		}
		for _, g := range st.Laid {
			sv.LaidOut = append(sv.LaidOut, LaidOut{Artifact: s.d.Artifacts[g[0]].Artifact, Cards: slices.Clone(g)})
		}
		if s.Trade != nil {
			sv.DoneTrading = s.Trade.Done[i]
		}
		v.Seats = append(v.Seats, sv)
	}
	for _, p := range s.pendingMoves() {
		v.Turn = append(v.Turn, p.seat)
	}
	if s.Step == stepSpells && len(v.Turn) == 1 {
		v.SpellTurn = v.Turn[0]
	}
	if s.Cur >= 0 {
		c := s.card(s.Cur)
		f := &FightView{Slot: s.Cur, Strength: c.Strength, Involved: s.wizardsAt(s.Cur), Decided: []int{}}
		if c.Kind == KindCreature {
			f.Strength = s.strength()
		}
		switch {
		case s.Fight != nil:
			f.Mode = s.Fight.Mode
			for i, ch := range s.Fight.Choices {
				if ch != "" {
					f.Decided = append(f.Decided, s.Fight.Involved[i])
				}
			}
			if f.Mode != "" {
				f.Choices = map[int]string{}
				for i, ch := range s.Fight.Choices {
					f.Choices[s.Fight.Involved[i]] = ch
				}
			}
		case len(f.Involved) == 1:
			f.Mode = "solo"
		}
		v.Fight = f
	}
	if a := s.Auction; a != nil {
		av := &AuctionView{Slot: s.Cur, Kind: a.Kind, MinBid: a.Min, High: a.High, HighSeat: a.HighSeat,
			Bidders: slices.Clone(a.Bidders), Out: []int{}, Turn: a.Bidders[a.Turn]}
		for i, out := range a.Out {
			if out {
				av.Out = append(av.Out, a.Bidders[i])
			}
		}
		if a.Kind == KindSpell {
			av.Spell = s.card(s.Cur).Spell
		}
		v.Auction = av
	}
	return v
}

// Standings rank by power stones, then magic, then laid-out artifact cards.
func (s *State) Standings() []games.Standing {
	type key struct{ stones, magic, laid int }
	keys := make([]key, s.Players)
	seats := make([]int, s.Players)
	for i, st := range s.Seats {
		n := 0
		for _, g := range st.Laid {
			n += len(g)
		}
		keys[i] = key{st.Stones, st.Magic, n}
		seats[i] = i
	}
	better := func(a, b key) bool {
		if a.stones != b.stones {
			return a.stones > b.stones
		}
		if a.magic != b.magic {
			return a.magic > b.magic
		}
		return a.laid > b.laid
	}
	sort.SliceStable(seats, func(i, j int) bool { return better(keys[seats[i]], keys[seats[j]]) })
	out := make([]games.Standing, s.Players)
	for i, seat := range seats {
		rank := i + 1
		if i > 0 && keys[seats[i-1]] == keys[seat] {
			rank = out[i-1].Rank
		}
		k := keys[seat]
		out[i] = games.Standing{Seat: seat, Rank: rank, Score: k.stones,
			Detail: games.T("zs.standing", "stones", stonesText(k.stones), "magic", k.magic, "laid", games.Counted("zs.laid", "n", "n", k.laid))}
	}
	return out
}
