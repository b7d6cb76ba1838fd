package zauberschwert

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

func (s *State) startTrade() {
	n := s.Players
	s.Trade = &Trade{Done: make([]bool, n), Drafts: make([]*Offer, n), Offers: []Offer{}, Starts: make([]int, n)}
	s.Step = stepTrade
}

// tradeFinished marks seats that cannot trade any more as done and reports
// whether every seat is done.
func (s *State) tradeFinished() bool {
	t := s.Trade
	for changed := true; changed; {
		changed = false
		open := 0
		for seat := range s.Seats {
			if !t.Done[seat] {
				open++
			}
		}
		for seat := range s.Seats {
			if !t.Done[seat] && (len(s.Seats[seat].Hand) == 0 || open < 2) {
				s.markDone(seat)
				changed = true
				break
			}
		}
	}
	return !slices.Contains(t.Done, false)
}

// markDone ends seat's trading: its drafts and every offer from or to it
// are dropped.
func (s *State) markDone(seat int) {
	t := s.Trade
	t.Done[seat] = true
	for i, d := range t.Drafts {
		if i == seat || (d != nil && d.To == seat) {
			t.Drafts[i] = nil
		}
	}
	t.Offers = slices.DeleteFunc(t.Offers, func(o Offer) bool { return o.From == seat || o.To == seat })
}

func (s *State) outgoing(seat int) (Offer, bool) {
	for _, o := range s.Trade.Offers {
		if o.From == seat {
			return o, true
		}
	}
	return Offer{}, false
}

func holdsAll(hand, cards []int) bool {
	for _, c := range cards {
		if !slices.Contains(hand, c) {
			return false
		}
	}
	return true
}

// offerValid: both sides still hold what the offer moves.
func (s *State) offerValid(o Offer) bool {
	return holdsAll(s.Seats[o.From].Hand, o.Give) && holdsAll(s.Seats[o.To].Hand, o.Want)
}

// laidCards lists every laid-out artifact card (public).
func (s *State) laidCards() []int {
	var out []int
	for _, st := range s.Seats {
		for _, g := range st.Laid {
			out = append(out, g...)
		}
	}
	return out
}

// tradeMoves lists seat's trading options (a secret prompt).
func (s *State) tradeMoves(seat int) []string {
	t := s.Trade
	if t.Done[seat] {
		return nil
	}
	var out []string
	hand := s.Seats[seat].Hand
	if d := t.Drafts[seat]; d != nil {
		for _, c := range hand {
			if len(d.Give) < maxOfferCards && !slices.Contains(d.Give, c) {
				out = append(out, "give:"+strconv.Itoa(c))
			}
		}
		laid := s.laidCards()
		for c := range s.d.Artifacts {
			if len(d.Want) < maxOfferCards && !slices.Contains(hand, c) && !slices.Contains(laid, c) && !slices.Contains(d.Want, c) {
				out = append(out, "want:"+strconv.Itoa(c))
			}
		}
		if len(d.Give) > 0 && len(d.Give) == len(d.Want) { // card for card
			out = append(out, "send")
		}
		return append(out, "cancel", "done")
	}
	for _, o := range t.Offers {
		if o.To != seat {
			continue
		}
		if s.offerValid(o) {
			out = append(out, "acc:"+strconv.Itoa(o.ID))
		}
		out = append(out, "dec:"+strconv.Itoa(o.ID))
	}
	if _, ok := s.outgoing(seat); ok {
		out = append(out, "wd")
	} else if t.Starts[seat] < maxDrafts {
		for to := range s.Seats {
			if to != seat && !t.Done[to] {
				out = append(out, "to:"+strconv.Itoa(to))
			}
		}
	}
	return append(out, "done")
}

// trade applies a move from tradeMoves.
func (s *State) trade(seat int, move string) {
	t := s.Trade
	verb, arg, _ := strings.Cut(move, ":")
	n, _ := strconv.Atoi(arg)
	switch verb {
	case "to":
		t.Starts[seat]++
		t.Drafts[seat] = &Offer{From: seat, To: n, Give: []int{}, Want: []int{}}
	case "give":
		t.Drafts[seat].Give = append(t.Drafts[seat].Give, n)
	case "want":
		t.Drafts[seat].Want = append(t.Drafts[seat].Want, n)
	case "send":
		o := *t.Drafts[seat]
		o.ID = t.NextID
		t.NextID++
		t.Offers = append(t.Offers, o)
		t.Drafts[seat] = nil
		s.emit("zs.ev.offer", "player", player(seat), "to", player(o.To))
	case "cancel":
		t.Drafts[seat] = nil
	case "wd":
		t.Offers = slices.DeleteFunc(t.Offers, func(o Offer) bool { return o.From == seat })
	case "acc", "dec":
		i := slices.IndexFunc(t.Offers, func(o Offer) bool { return o.ID == n })
		o := t.Offers[i]
		t.Offers = slices.Delete(t.Offers, i, i+1)
		if verb == "dec" {
			s.emit("zs.ev.declined", "player", player(seat), "from", player(o.From))
			return
		}
		s.swap(o)
		s.emit("zs.ev.traded", "player", player(o.From), "to", player(o.To), "gave", len(o.Give), "got", len(o.Want))
	case "done":
		s.markDone(seat)
		s.emit("zs.ev.done_trading", "player", player(seat))
	}
}

func (s *State) swap(o Offer) {
	from, to := &s.Seats[o.From], &s.Seats[o.To]
	from.Hand = slices.DeleteFunc(from.Hand, func(c int) bool { return slices.Contains(o.Give, c) })
	to.Hand = slices.DeleteFunc(to.Hand, func(c int) bool { return slices.Contains(o.Want, c) })
	from.Hand = append(from.Hand, o.Want...)
	to.Hand = append(to.Hand, o.Give...)
	sort.Ints(from.Hand)
	sort.Ints(to.Hand)
}

// completeGroups lists the complete artifacts in hand: each one-part card,
// and each pair of halves of the same two-part artifact.
func (s *State) completeGroups(hand []int) [][]int {
	var out [][]int
	halves := map[string][2][]int{}
	var ids []string
	for _, c := range hand {
		ac := s.d.Artifacts[c]
		if ac.Part == 0 {
			out = append(out, []int{c})
			continue
		}
		h, seen := halves[ac.Artifact.ID]
		if !seen {
			ids = append(ids, ac.Artifact.ID)
		}
		h[ac.Part-1] = append(h[ac.Part-1], c)
		halves[ac.Artifact.ID] = h
	}
	for _, id := range ids {
		h := halves[id]
		sort.Ints(h[0])
		sort.Ints(h[1])
		for i := 0; i < len(h[0]) && i < len(h[1]); i++ {
			out = append(out, []int{min(h[0][i], h[1][i]), max(h[0][i], h[1][i])})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// startLay asks every seat with cards in hand at once, whatever the
// cards, so that the channel cannot tell who holds a complete artifact: a
// seat without one is offered only to lay nothing. Only an empty hand,
// whose size is public, is not asked.
func (s *State) startLay() {
	s.Trade = nil
	s.LayDone = make([]bool, s.Players)
	for seat := range s.Seats {
		s.LayDone[seat] = len(s.Seats[seat].Hand) == 0
	}
	s.Step = stepLay
}

func (s *State) layMoves(seat int) []string {
	if s.LayDone[seat] {
		return nil
	}
	groups := s.completeGroups(s.Seats[seat].Hand)
	if len(groups) == 0 {
		return []string{"lay:none"}
	}
	out := []string{"lay:all"}
	for _, g := range groups {
		out = append(out, "lay:"+strconv.Itoa(g[0]))
	}
	return append(out, "lay:none")
}

// lay lays out one complete artifact (the seat is asked again, as if it
// had more) or all of them, or ends the seat's laying out.
func (s *State) lay(seat int, move string) {
	arg := strings.TrimPrefix(move, "lay:")
	if arg == "none" {
		s.LayDone[seat] = true
		return
	}
	for _, g := range s.completeGroups(s.Seats[seat].Hand) {
		if arg != "all" && arg != strconv.Itoa(g[0]) {
			continue
		}
		st := &s.Seats[seat]
		st.Hand = slices.DeleteFunc(st.Hand, func(c int) bool { return slices.Contains(g, c) })
		st.Laid = append(st.Laid, g)
		s.revealed = true
		s.emit("zs.ev.laid", "player", player(seat), "artifact", games.Ref(s.d.Artifacts[g[0]].Artifact.Name))
	}
	s.LayDone[seat] = arg == "all"
}
