package zauberschwert

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// atTrade builds a state in phase E trading with the given hands.
func atTrade(t *testing.T, hands map[int][]int) *State {
	t.Helper()
	s := atPlacement(t, 3, 0, []string{"a-orb-3", "b-orb-4"}, []int{3, 3, 3})
	for seat, cards := range hands {
		giveHand(s, seat, cards...)
	}
	apply(t, s, mv(0, "place:0"), mv(1, "place:0"), mv(2, "place:1"))
	if s.Step != stepTrade {
		t.Fatalf("step %s, want trade", s.Step)
	}
	return s
}

func TestTradeAccept(t *testing.T) {
	s := fresh(t, 3, 1)
	wandA, wandB := cardsOf(s, "wand-circle")[0], cardsOf(s, "wand-circle")[1]
	ring, cloak := cardsOf(s, "ring-tri")[0], cardsOf(s, "cloak")[0]
	s = atTrade(t, map[int][]int{0: {wandA, ring}, 1: {wandB, cloak}})
	for _, p := range s.Pending() {
		if !p.Secret {
			t.Fatalf("trade prompt for seat %d must be secret", p.Seat)
		}
	}
	apply(t, s, mv(0, "to:1"), mv(0, "give:"+strconv.Itoa(ring)), mv(0, "want:"+strconv.Itoa(wandB)))
	if opts := promptSummary(s)[0]; slices.Contains(opts, "give:"+strconv.Itoa(ring)) || !slices.Contains(opts, "send") {
		t.Fatalf("draft options %v", opts)
	}
	apply(t, s, mv(0, "send"))
	pv := s.View(1).(PrivateView)
	if len(pv.Offers) != 1 || pv.Offers[0].From != 0 || pv.Offers[0].Want[0].Index != wandB {
		t.Fatalf("receiver sees the offer: %+v", pv.Offers)
	}
	if pub := s.View(games.Public).(PublicView); pub.Seats[0].HandSize != 2 {
		t.Fatalf("public hand size %d", pub.Seats[0].HandSize)
	}
	apply(t, s, mv(1, "acc:0"))
	if !slices.Equal(s.Seats[0].Hand, []int{wandA, wandB}) || !slices.Equal(s.Seats[1].Hand, sorted(cloak, ring)) {
		t.Fatalf("after the trade: %v %v", s.Seats[0].Hand, s.Seats[1].Hand)
	}
	apply(t, s, mv(0, "done"))
	// Seat 1 has nobody left to trade with. Both may lay out; seat 0 holds
	// both wand halves, seat 1 the ring.
	if s.Step != stepLay || !slices.Equal(seatsPending(s), []int{0, 1}) {
		t.Fatalf("step %s pending %v", s.Step, seatsPending(s))
	}
	for _, h := range s.View(0).(PrivateView).Hand {
		if !h.Complete {
			t.Errorf("card %d should be marked complete", h.Index)
		}
	}
	for _, p := range s.Pending() {
		if !p.Secret {
			t.Errorf("lay-out prompt for seat %d must be secret", p.Seat)
		}
	}
	apply(t, s, mv(0, "lay:"+strconv.Itoa(min(wandA, wandB))), mv(1, "lay:none"))
	if len(s.Seats[0].Laid) != 1 || len(s.Seats[0].Hand) != 0 || len(s.Seats[1].Laid) != 0 {
		t.Errorf("laid %v hand %v", s.Seats[0].Laid, s.Seats[0].Hand)
	}
}

func sorted(xs ...int) []int {
	slices.Sort(xs)
	return xs
}

func TestTradeDeclineInvalidAndDone(t *testing.T) {
	s := fresh(t, 3, 1)
	a, b, c := cardsOf(s, "ring-tri")[0], cardsOf(s, "ring-circle")[0], cardsOf(s, "ring-square")[0]
	s = atTrade(t, map[int][]int{0: {a}, 1: {b}, 2: {c}})
	// Seat 0 asks seat 1 for a card seat 1 does not hold: no accept option.
	apply(t, s, mv(0, "to:1"), mv(0, "give:"+strconv.Itoa(a)), mv(0, "want:"+strconv.Itoa(c)), mv(0, "send"))
	opts := promptSummary(s)[1]
	if slices.Contains(opts, "acc:0") || !slices.Contains(opts, "dec:0") {
		t.Fatalf("invalid offer must only be declinable: %v", opts)
	}
	if slices.Contains(promptSummary(s)[0], "to:2") || !slices.Contains(promptSummary(s)[0], "wd") {
		t.Fatalf("one outgoing offer at a time: %v", promptSummary(s)[0])
	}
	apply(t, s, mv(1, "dec:0"))
	// Done withdraws everything to and from a seat and ends its trading.
	apply(t, s, mv(0, "to:2"), mv(0, "give:"+strconv.Itoa(a)), mv(0, "want:"+strconv.Itoa(c)), mv(0, "send"))
	apply(t, s, mv(2, "done"))
	if len(s.Trade.Offers) != 0 {
		t.Errorf("offers to a done seat are dropped: %v", s.Trade.Offers)
	}
	if slices.Contains(promptSummary(s)[0], "to:2") {
		t.Error("no offers to a seat that is done")
	}
	apply(t, s, mv(0, "done"))
	// Seat 1 has nobody left to trade with: done automatically, and all
	// one-part rings go to laying out.
	if s.Step != stepLay {
		t.Fatalf("step %s, want lay", s.Step)
	}
	apply(t, s, mv(0, "lay:all"), mv(1, "lay:none"), mv(2, "lay:all"))
	if len(s.Seats[0].Laid) != 1 || len(s.Seats[1].Laid) != 0 || len(s.Seats[1].Hand) != 1 {
		t.Errorf("laid %v %v", s.Seats[0].Laid, s.Seats[1].Laid)
	}
}

func TestTradeIsFinite(t *testing.T) {
	s := atTrade(t, map[int][]int{0: {0}, 1: {5}})
	for range maxDrafts {
		apply(t, s, mv(0, "to:1"), mv(0, "cancel"))
	}
	if opts := promptSummary(s)[0]; slices.Contains(opts, "to:1") {
		t.Errorf("after %d drafts no new offer may start: %v", maxDrafts, opts)
	}
}

func TestHalfIsNotComplete(t *testing.T) {
	s := fresh(t, 2, 1)
	half := cardsOf(s, "cloak")[0]
	s = atTrade(t, map[int][]int{0: {half}, 1: {cardsOf(s, "ring-tri")[0]}})
	apply(t, s, mv(0, "done"))
	if opts := promptSummary(s)[0]; !slices.Equal(opts, []string{"lay:none"}) {
		t.Errorf("a lone half cannot be laid out: options %v", opts)
	}
	if pv := s.View(0).(PrivateView); len(pv.Hand) != 1 || pv.Hand[0].Complete {
		t.Errorf("half marked complete: %+v", pv.Hand)
	}
}
