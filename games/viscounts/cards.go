package viscounts

import (
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// drawOne draws the top card into seat's hand, reshuffling the discards
// when the draw pile is empty; false when there is nothing to draw.
func (s *State) drawOne(seat int) bool {
	st := s.Seats[seat]
	if len(st.Draw) == 0 {
		if len(st.Discard) == 0 {
			return false
		}
		s.reshuffle(seat)
	}
	n := len(st.Draw) - 1
	st.Hand = append(st.Hand, st.Draw[n])
	st.Draw = st.Draw[:n]
	s.revealed = true
	return true
}

// reshuffle turns the discards into the draw pile: a criminal on the
// player board costs 1 Corruption, a board without one earns 1 Virtue.
func (s *State) reshuffle(seat int) {
	st := s.Seats[seat]
	st.Draw = append(st.Draw, st.Discard...)
	st.Discard = st.Discard[:0]
	games.Shuffle(s.RNG, st.Draw)
	s.revealed = true
	if s.boardIcons(seat)[Criminal] > 0 {
		s.gainCorruption(seat)
		s.say("shuffled.corrupt", "player", games.Player(seat))
	} else {
		s.gainVirtue(seat)
		s.say("shuffled.virtue", "player", games.Player(seat))
	}
}

// ownedCards counts every card seat owns, wherever it lies.
func (s *State) ownedCards(seat int) int {
	st := s.Seats[seat]
	n := len(st.Hand) + len(st.Draw) + len(st.Discard)
	for _, c := range st.Board {
		if c >= 0 {
			n++
		}
	}
	return n
}

// boardIcons counts the icons on seat's player board: the cards in play
// and what buildings and cleric bonus cards uncovered.
func (s *State) boardIcons(seat int) Icons {
	if s.isAI(seat) {
		return s.aiBoardIcons()
	}
	st := s.Seats[seat]
	var ic Icons
	for slot, c := range st.Board {
		if c >= 0 {
			for i, n := range s.folk(c).Icons {
				ic[i] += n
			}
		} else if icon, ok := startingIcon[slot]; ok && st.Turns >= 1 && st.Turns <= 2 {
			ic[icon]++
		}
	}
	for b := range numBuildings {
		for k := 1; k <= st.Built[b]; k++ {
			if i, ok := buildingIcon(b, k); ok {
				ic[i]++
			}
		}
	}
	ic[Cleric] += len(st.Bonus)
	return ic
}

// startingIcon is the icon printed on a board slot no card covers yet:
// the player board shows starting icons there, usable on a player's first
// two turns only (the setup picture), until cards cover them. Which icons
// they are is our reconstruction (see doc.go).
var startingIcon = map[int]Icon{1: Merchant, 2: Builder}

// buildingIcon is the permanent icon the kth building of kind b uncovers:
// the third Trading Post and every Guildhall (the rulebook names them;
// which icon each shows is our reconstruction, see doc.go).
func buildingIcon(b, k int) (Icon, bool) {
	switch {
	case b == TradingPost && k == 3:
		return Merchant, true
	case b == Guildhall:
		return [...]Icon{Noble, Cleric, Builder}[k-1], true
	}
	return 0, false
}

// playChoices offers the hand; with an empty hand the top card of the
// draw pile is played blind.
func (s *State) playChoices(t Task) (games.Text, bool, []choice) {
	st := s.Seats[t.Seat]
	if len(st.Hand) == 0 {
		return games.T("vc.prompt.play"), false, []choice{{opt: opt("blind", games.T("vc.opt.blind")), fn: func() {
			if s.drawOne(t.Seat) {
				s.playCard(t.Seat, len(st.Hand)-1)
			}
		}}}
	}
	out := make([]choice, 0, len(st.Hand))
	play := func(i int) { s.playCard(t.Seat, i) }
	for i, c := range st.Hand {
		out = append(out, choice{opt: opt(cardID(c), s.cardTitle(c)), act: play, arg: i})
	}
	return s.text("vc.prompt.play"), true, out
}

// cardIDs are the option ids of townsfolk ("c7") by catalog index, built
// once for more than the catalog holds: the lookahead lists the cards at
// every play, discard and destroy it tries.
var cardIDs = func() (ids [128]string) {
	for c := range ids {
		ids[c] = "c" + strconv.Itoa(c)
	}
	return ids
}()

// cardID is townsfolk c's option id.
func cardID(c int) string {
	if c >= 0 && c < len(cardIDs) {
		return cardIDs[c]
	}
	return "c" + strconv.Itoa(c)
}

// playCard puts hand card i on the left of the board: criminals cost
// corruption, then its instant ability resolves.
func (s *State) playCard(seat, i int) {
	st := s.Seats[seat]
	card := st.Hand[i]
	st.Hand = slices.Delete(st.Hand, i, i+1)
	st.Board[0] = card
	s.Played = card
	s.revealed = true // the card was hidden in the hand
	if !s.quiet {
		s.say("played", "player", games.Player(seat), "card", s.cardName(card))
	}
	f := s.folk(card)
	var ts []Task
	if f.Icons[Criminal] > 0 {
		if n := s.boardIcons(seat)[Criminal]; n > 0 {
			ts = append(ts, Task{Seat: seat, Kind: "corruption", N: n})
		}
	}
	ts = append(ts, s.effectTasks(seat, f.Play)...)
	s.push(ts...)
}

// rearrangeChoices offers every other order of the cards on the board;
// an empty slot (the left one, before a card is played) stays empty.
func (s *State) rearrangeChoices(t Task) (games.Text, bool, []choice) {
	st := s.Seats[t.Seat]
	var slots [boardSlots]int
	n := 0
	for i, c := range st.Board {
		if c >= 0 {
			slots[n] = i
			n++
		}
	}
	orders := boardOrders[n]
	boards := make([][boardSlots]int, 0, len(orders)) // the options' boards
	arrange := func(i int) {
		st.Board = boards[i]
		s.say("rearranged", "player", games.Player(t.Seat))
	}
	out := make([]choice, 1, 1+len(orders))
	out[0] = choice{opt: opt("keep", s.text("vc.opt.keep")), fn: func() {}}
	for _, o := range orders {
		b := st.Board
		for i, p := range o.perm {
			b[slots[i]] = st.Board[slots[p]]
		}
		if b == st.Board || slices.Contains(boards, b) {
			continue
		}
		boards = append(boards, b)
		var label games.Text
		if !s.quiet {
			var names []games.Text
			for _, c := range b {
				if c >= 0 {
					names = append(names, s.cardName(c))
				}
			}
			label = list(names)
		}
		out = append(out, choice{opt: opt(o.id, label), act: arrange, arg: len(boards) - 1})
	}
	if len(out) == 1 {
		return games.Text{}, false, nil
	}
	return s.text("vc.prompt.rearrange"), false, out
}

// boardOrder is an order of a board's cards, perm (its i-th card's slot
// takes the perm[i]-th card), and its option id.
type boardOrder struct {
	perm []int
	id   string
}

// boardOrders lists the orders of n board cards by n, built once: the
// lookahead lists them at every rearrangement it tries.
var boardOrders = func() (out [boardSlots + 1][]boardOrder) {
	for n := range out {
		for _, perm := range permutations(n) {
			id := "o"
			for _, p := range perm {
				id += strconv.Itoa(p)
			}
			out[n] = append(out[n], boardOrder{perm, id})
		}
	}
	return out
}()

// permutations lists the orders of n items (n ≤ 3).
func permutations(n int) [][]int {
	if n <= 1 {
		return [][]int{make([]int, n)}
	}
	var out [][]int
	for _, rest := range permutations(n - 1) {
		for pos := 0; pos <= len(rest); pos++ {
			p := append(append(append([]int{}, rest[:pos]...), n-1), rest[pos:]...)
			out = append(out, p)
		}
	}
	return out
}

// cardChoices offers a hand card or the top of the draw pile to discard
// or destroy, or nothing. An empty draw pile may be made of the discards
// first. Destroying never leaves fewer than three cards.
func (s *State) cardChoices(t Task) (games.Text, bool, []choice) {
	seat := t.Seat
	st := s.Seats[seat]
	destroy := t.Kind == "destroy"
	if destroy && s.ownedCards(seat) <= minCards {
		return games.Text{}, false, nil
	}
	out := make([]choice, 0, len(st.Hand)+2)
	if s.Phase == phaseDraft {
		// Before the first shuffle (player card 9) the deck is known:
		// any of its cards may go.
		for i, c := range st.Draw {
			if slices.Index(st.Draw, c) == i {
				out = append(out, choice{opt: detailed(opt(cardID(c), s.cardTitle(c)), s.abilityText(s.folk(c))), fn: func() {
					st.Draw = slices.Delete(st.Draw, i, i+1)
					s.cardGone(t, c)
				}})
			}
		}
	} else {
		// take(i) takes hand card i, or with -1 the top of the draw pile.
		take := func(i int) {
			var card int
			if i >= 0 {
				card = st.Hand[i]
				st.Hand = slices.Delete(st.Hand, i, i+1)
			} else {
				if len(st.Draw) == 0 {
					s.reshuffle(seat)
				}
				n := len(st.Draw) - 1
				card = st.Draw[n]
				st.Draw = st.Draw[:n]
				s.revealed = true
			}
			s.cardGone(t, card)
		}
		for i, c := range st.Hand {
			out = append(out, choice{opt: opt(cardID(c), s.cardTitle(c)), act: take, arg: i})
		}
		if len(st.Draw) > 0 || len(st.Discard) > 0 {
			out = append(out, choice{opt: opt("top", games.T("vc.opt.top")), act: take, arg: -1})
		}
	}
	if len(out) == 0 {
		return games.Text{}, false, nil
	}
	out = append(out, choice{opt: opt("skip", games.T("vc.opt.skip")), fn: func() {}})
	if s.quiet {
		return games.Text{}, true, out
	}
	return games.T("vc.prompt." + t.Kind), true, out
}

// cardGone discards or destroys card, taken for task t (cardChoices).
func (s *State) cardGone(t Task, card int) {
	seat := t.Seat
	st := s.Seats[seat]
	s.revealed = true // a card from the hand or the pile shows
	if t.Kind == "destroy" {
		s.Gone = append(s.Gone, card)
		st.Silver += s.folk(card).Cost
		if !s.quiet {
			s.say("destroyed", "player", games.Player(seat), "card", s.cardName(card), "silver", s.folk(card).Cost)
		}
	} else {
		st.Discard = append(st.Discard, card)
		if !s.quiet {
			s.say("discarded", "player", games.Player(seat), "card", s.cardName(card))
		}
	}
	s.rewardFor(t)
	s.again(t)
}

// hireIDs are the free hires' option ids by position, built once.
var hireIDs = func() (ids [numSegments]string) {
	for p := range ids {
		ids[p] = "h" + strconv.Itoa(p)
	}
	return ids
}()

// hireChoices offers the visible townsfolk for a free hire.
func (s *State) hireChoices(t Task) (games.Text, bool, []choice) {
	out := make([]choice, 0, numSegments)
	var told []games.Text // none on a quiet copy
	if !s.quiet {
		told = append(told, games.T("vc.prompt.hire"))
	}
	hire := func(p int) {
		s.hire(t.Seat, p)
		s.again(t)
	}
	for p := range numSegments {
		if len(s.Folk[p]) == 0 {
			continue
		}
		var label games.Text
		if !s.quiet {
			card := s.Folk[p][len(s.Folk[p])-1]
			told = append(told, games.T("vc.told.at", "card", s.cardLabel(card), "place", s.segName(p)))
			label = games.T("vc.opt.hirefrom", "card", s.cardTitle(card), "place", s.segName(p))
		}
		out = append(out, choice{opt: opt(hireIDs[p], label), act: hire, arg: p})
	}
	if s.quiet {
		return games.Text{}, false, out
	}
	return lines(told), false, out
}

// hire takes the top townsfolk at position p into seat's discards: its
// hire effect resolves, and the first Workshop adds a discard.
func (s *State) hire(seat, p int) {
	st := s.Seats[seat]
	card := s.takeFolk(p)
	st.Discard = append(st.Discard, card)
	if !s.quiet {
		s.say("hired", "player", games.Player(seat), "card", s.cardName(card))
	}
	ts := s.effectTasks(seat, s.folk(card).Hire)
	if st.Built[Workshop] >= 1 {
		ts = append(ts, Task{Seat: seat, Kind: "discard", N: 1})
	}
	s.push(ts...)
}

// takeFolk removes the top townsfolk at p, revealing the next.
func (s *State) takeFolk(p int) int {
	n := len(s.Folk[p]) - 1
	card := s.Folk[p][n]
	s.Folk[p] = s.Folk[p][:n]
	if n > 0 {
		s.revealed = true
	}
	return card
}

// recruitChoices offers hiring the townsfolk beside the viscount.
func (s *State) recruitChoices(t Task) (games.Text, bool, []choice) {
	st := s.Seats[t.Seat]
	p := st.Space / 3
	if len(s.Folk[p]) == 0 {
		return games.Text{}, false, nil
	}
	card := s.Folk[p][len(s.Folk[p])-1]
	cost := s.folk(card).Cost
	if st.Silver < cost {
		return games.Text{}, false, nil
	}
	var told, label games.Text
	if !s.quiet {
		told = games.T("vc.lines", "a", games.T("vc.prompt.recruit"), "b", games.T("vc.bullet", "x", s.cardLabel(card)))
		label = games.T("vc.opt.hire", "card", s.cardTitle(card), "silver", cost)
	}
	return told, false, []choice{
		{opt: opt("hire", label), fn: func() {
			st.Silver -= cost
			s.hire(t.Seat, p)
		}},
		{opt: opt("skip", games.T("vc.opt.nohire")), fn: func() {}},
	}
}
