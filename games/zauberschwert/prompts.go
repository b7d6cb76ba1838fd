package zauberschwert

import (
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// moves is the raw list of decisions: seat, secrecy, prompt key and move ids.
type pendingMoves struct {
	seat   int
	secret bool
	text   games.Text
	moves  []string
}

func (s *State) pendingMoves() []pendingMoves {
	switch s.Step {
	case stepSpells:
		seat := s.windowSeat()
		if seat < 0 {
			return nil
		}
		return []pendingMoves{{seat: seat, text: games.T("zs.prompt.spell", "window", games.Ref("zs.window."+s.Win.Kind)),
			moves: append(s.castMoves(seat), "nospell")}}
	case stepPlace:
		seat := s.placeSeat()
		if seat < 0 {
			return nil
		}
		return []pendingMoves{{seat: seat, text: games.T("zs.prompt.place"), moves: []string{"place:0", "place:1", "pass"}}}
	case stepChoose:
		var out []pendingMoves
		for i, seat := range s.Fight.Involved {
			if s.Fight.Choices[i] == "" {
				// Secret: the answers are revealed together, once all are in.
				out = append(out, pendingMoves{seat: seat, secret: true, text: games.T("zs.prompt.choose", "card", games.Ref(s.card(s.Cur).Name), "strength", s.strength()),
					moves: []string{"together", "alone"}})
			}
		}
		return out
	case stepAuction:
		a := s.Auction
		seat := a.Bidders[a.Turn]
		lo, hi := s.bidRange(seat)
		var moves []string
		for n := lo; n <= hi; n++ {
			moves = append(moves, "bid:"+strconv.Itoa(n))
		}
		if s.canPass() {
			moves = append(moves, "pass")
		}
		key := "zs.prompt.bid"
		if !s.canPass() {
			key = "zs.prompt.bid_open" // the spell auction's opener must open
		}
		return []pendingMoves{{seat: seat, text: games.T(key, "card", games.Ref(s.card(s.Cur).Name), "min", lo), moves: moves}}
	case stepBonus:
		if len(s.Bonus) == 0 {
			return nil
		}
		b := s.Bonus[0]
		return []pendingMoves{{seat: b.Seat, text: games.T("zs.prompt.bonus", "n", b.Amount), moves: []string{"bonus:stones", "bonus:magic"}}}
	case stepTrade:
		var out []pendingMoves
		for _, seat := range s.order() {
			if m := s.tradeMoves(seat); len(m) > 0 {
				key := "zs.prompt.trade"
				if s.Trade.Drafts[seat] != nil {
					key = "zs.prompt.draft"
				}
				out = append(out, pendingMoves{seat: seat, secret: true, text: games.T(key), moves: m})
			}
		}
		return out
	case stepLay:
		var out []pendingMoves
		for _, seat := range s.order() {
			if m := s.layMoves(seat); len(m) > 0 {
				out = append(out, pendingMoves{seat: seat, secret: true, text: games.T("zs.prompt.lay"), moves: m})
			}
		}
		return out
	}
	return nil
}

// Pending lists the decisions awaited now.
func (s *State) Pending() []games.Prompt {
	var out []games.Prompt
	for _, p := range s.pendingMoves() {
		pr := games.Prompt{Seat: p.seat, Secret: p.secret, Text: p.text}
		for _, m := range p.moves {
			label, group := s.label(p.seat, m)
			o := games.Option{ID: m, Label: label}
			if group != "" {
				o.Path = games.Under(group, games.T(group))
			}
			pr.Options = append(pr.Options, o)
		}
		out = append(out, pr)
	}
	return out
}

// label localizes a move id and names its group (a catalog key, so surfaces
// can show it). Controls that end or send something (send, cancel, done,
// offers to a player) have no group: surfaces keep them one click away even
// when the card lists are long. Secret labels only ever reach their owner.
func (s *State) label(seat int, move string) (games.Text, string) {
	parts := strings.Split(move, ":")
	num := func(i int) int { n, _ := strconv.Atoi(parts[i]); return n }
	switch parts[0] {
	case "cast":
		name := games.Ref(s.d.spellByID[parts[1]].Name)
		if len(parts) == 3 {
			return games.T("zs.opt.cast_on", "spell", name, "player", player(num(2))), grpSpell
		}
		return games.T("zs.opt.cast", "spell", name), grpSpell
	case "nospell":
		return games.T("zs.opt.nospell"), grpSpell
	case "place":
		return games.T("zs.opt.place", "card", games.Ref(s.card(num(1)).Name), "slot", num(1)+1), grpPlace
	case "pass":
		if s.Step == stepAuction {
			return games.T("zs.opt.bid_pass"), grpBid
		}
		return games.T("zs.opt.pass"), grpPlace
	case "together", "alone":
		return games.T("zs.opt." + parts[0]), grpFight
	case "bid":
		return games.T("zs.opt.bid", "n", num(1)), grpBid
	case "bonus":
		return games.T("zs.opt.bonus_" + parts[1]), grpBonus
	case "give", "want":
		return games.T("zs.opt."+parts[0], "artifact", games.Ref(s.d.Artifacts[num(1)].Artifact.Name), "card", s.cardLabel(num(1))), "zs.grp." + parts[0]
	case "to", "acc", "dec":
		if parts[0] == "to" {
			return games.T("zs.opt.to", "player", player(num(1))), ""
		}
		for _, o := range s.Trade.Offers {
			if o.ID == num(1) {
				return games.T("zs.opt."+parts[0], "player", player(o.From), "give", s.cardList(o.Give), "want", s.cardList(o.Want)), grpOffer
			}
		}
	case "lay":
		if parts[1] == "all" || parts[1] == "none" {
			return games.T("zs.opt.lay_" + parts[1]), ""
		}
		// The cards' numbers, as the hand picture shows them, tell two
		// copies of one artifact apart.
		var cards []string
		for _, g := range s.completeGroups(s.Seats[seat].Hand) {
			if g[0] == num(1) {
				for _, c := range g {
					cards = append(cards, "#"+strconv.Itoa(c))
				}
			}
		}
		return games.T("zs.opt.lay", "artifact", games.Ref(s.d.Artifacts[num(1)].Artifact.Name), "symbols", games.Ref(symbolsKey(s.d.Artifacts[num(1)].Artifact)),
			"cards", strings.Join(cards, " + ")), grpLay
	}
	return games.T("zs.opt." + parts[0]), ""
}

// Option groups, as catalog keys.
const (
	grpSpell = "zs.grp.spell"
	grpBid   = "zs.grp.bid"
	grpPlace = "zs.grp.place"
	grpFight = "zs.grp.fight"
	grpBonus = "zs.grp.bonus"
	grpLay   = "zs.grp.lay"
	grpOffer = "zs.grp.offer"
)

// cardLabel describes an artifact card in words, as an option names it:
// "card 5, circle & square, part 1 of 2" (number, symbols, part). The
// symbols are the ones creature cards show for the artifact's bonus.
func (s *State) cardLabel(c int) games.Text {
	ac := s.d.Artifacts[c]
	symbols := games.Ref(symbolsKey(ac.Artifact))
	if ac.Part > 0 {
		return games.T("zs.card.part", "n", c, "symbols", symbols, "part", ac.Part)
	}
	return games.T("zs.card", "n", c, "symbols", symbols)
}

// cardList lists artifact cards: "card 5, …; card 7, …".
func (s *State) cardList(cs []int) games.Text {
	parts := make([]games.Text, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, s.cardLabel(c))
	}
	return joinTexts("zs.card.list", parts)
}

// joinTexts joins parts two at a time with the template key ("{a} & {b}").
func joinTexts(key string, parts []games.Text) games.Text {
	if len(parts) == 0 {
		return games.T("zs.card.none")
	}
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		out = games.T(key, "a", parts[i], "b", out)
	}
	return out
}

// Apply answers one of seat's prompts.
func (s *State) Apply(seat int, move string) (games.Outcome, error) {
	if s.Ended {
		return games.Outcome{}, games.Errorf("zs.err.over")
	}
	legal := false
	for _, p := range s.pendingMoves() {
		if p.seat == seat {
			for _, m := range p.moves {
				legal = legal || m == move
			}
		}
	}
	if !legal {
		return games.Outcome{}, games.Errorf("zs.err.illegal")
	}
	s.events, s.revealed = nil, false
	_, arg, _ := strings.Cut(move, ":")
	n, _ := strconv.Atoi(arg)
	switch s.Step {
	case stepSpells:
		if move == "nospell" {
			s.Win.Pos++
		} else {
			s.cast(seat, move)
			s.Win.Pos = 0 // a cast reopens the window to everyone, from the start player
		}
	case stepPlace:
		if move == "pass" {
			s.Seats[seat].Placed = Passed
			s.gainMagic(seat, 1)
			s.emit("zs.ev.passed", "player", player(seat))
		} else {
			s.Seats[seat].Placed = n
			s.emit("zs.ev.placed", "player", player(seat), "card", games.Ref(s.card(n).Name))
		}
	case stepChoose:
		for i, x := range s.Fight.Involved {
			if x == seat {
				s.Fight.Choices[i] = move
			}
		}
		s.emit("zs.ev.chose", "player", player(seat))
	case stepAuction:
		if move == "pass" {
			s.passBid(seat)
		} else {
			s.bid(seat, n)
		}
	case stepBonus:
		b := s.Bonus[0]
		s.Bonus = s.Bonus[1:]
		if arg == "stones" {
			s.Seats[seat].Stones += b.Amount
		} else {
			s.gainMagic(seat, b.Amount)
		}
		amount := games.T("zs.magic", "n", b.Amount)
		if arg == "stones" {
			amount = stonesText(b.Amount)
		}
		s.emit("zs.ev.bonus_"+arg, "player", player(seat), "n", amount)
	case stepTrade:
		s.trade(seat, move)
	case stepLay:
		s.lay(seat, move)
	}
	s.advance()
	out := games.Outcome{Events: s.events, Revealed: s.revealed}
	s.events, s.revealed = nil, false
	return out, nil
}
