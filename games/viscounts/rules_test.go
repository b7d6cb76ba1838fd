package viscounts

import (
	"slices"
	"strings"
	"testing"
)

// One test per rule of the rulebook, on hand-built positions (see
// scenario_test.go).

// Page 12: a player with 3 cards drops the right one off, shuffles it
// into a new draw pile (a board without criminals earns 1 Virtue) and
// plays it blind: never fewer than 3 cards.
func TestThreeCardsDropOffShuffleAndPlay(t *testing.T) {
	s := table(t, 3)
	strip(s, 0)
	toBoard(t, s, 0, "abbot", "squire", "labourer")
	st := s.Seats[0]
	last := len(s.c.Track.Own) - 1
	do(s, Task{Seat: 0, Kind: "turn"})
	asked(t, s, 0, "move")
	abbot, squire, labourer := card(t, s, "abbot"), card(t, s, "squire"), card(t, s, "labourer")
	if st.Board != [boardSlots]int{labourer, abbot, squire} || s.Played != labourer {
		t.Errorf("board %v, played %d; want the Labourer dropped, reshuffled and played on the left", st.Board, s.Played)
	}
	if len(st.Hand)+len(st.Draw)+len(st.Discard) != 0 {
		t.Errorf("hand %v, draw %v, discard %v: want all three cards on the board", st.Hand, st.Draw, st.Discard)
	}
	if st.Virtue != last-1 {
		t.Errorf("virtue marker %d, want %d (the shuffle, no criminal on the board)", st.Virtue, last-1)
	}
}

// Page 12: with an empty hand the top card of the draw pile is played
// blind, without a question; with cards in hand the player is asked, in
// secret.
func TestBlindPlayWithEmptyHand(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Discard = append(st.Discard, st.Hand...)
	st.Hand = nil
	toDraw(t, s, 0, "priest")
	draw := len(st.Draw)
	do(s, Task{Seat: 0, Kind: "turn"})
	priest := card(t, s, "priest")
	if st.Board[0] != priest || s.Played != priest || len(st.Draw) != draw-1 || len(st.Hand) != 0 {
		t.Errorf("board %v, played %d, draw %d (was %d), hand %v: want the Priest played blind", st.Board, s.Played, len(st.Draw), draw, st.Hand)
	}
	asked(t, s, 0, "move")

	s = table(t, 3)
	s.Seats[0].Hand = nil
	toHand(t, s, 0, "squire", "abbot")
	do(s, Task{Seat: 0, Kind: "turn"})
	asked(t, s, 0, "play")
	if p := s.Pending()[0]; !p.Secret || len(p.Options) != 2 {
		t.Errorf("play prompt secret %v with %d options, want secret with the 2 hand cards", p.Secret, len(p.Options))
	}
}

// Page 12: never fewer than 3 cards: a destroy is offered only above 3.
func TestDestroyNeverBelowThreeCards(t *testing.T) {
	s := table(t, 3)
	strip(s, 0)
	toBoard(t, s, 0, "abbot", "squire", "labourer")
	toHand(t, s, 0, "priest")
	st := s.Seats[0]
	do(s, Task{Seat: 0, Kind: "destroy", N: 2})
	asked(t, s, 0, "destroy")
	answer(t, s, "c"+itoa(card(t, s, "priest")))
	settled(t, s)
	if s.ownedCards(0) != 3 || st.Silver != 3 {
		t.Errorf("%d cards, silver %d: want 3 cards left and the Priest's 3 silver", s.ownedCards(0), st.Silver)
	}
	if !slices.Contains(s.Gone, card(t, s, "priest")) {
		t.Error("the destroyed Priest is not out of the game")
	}
}

// Page 12: playing a criminal costs 1 Corruption per criminal icon on the
// board, its own included (the Antagonist: 2 + 1 for a Thief, then its
// Debt); any other card costs nothing, criminals on the board or not.
func TestCriminalPlayCorruption(t *testing.T) {
	for _, c := range []struct {
		play        string
		corruption  int
		debts       int
		description string
	}{
		{"antagonist", 3, 1, "2 of its own and the Thief's"},
		{"squire", 0, 0, "not a criminal"},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Hand = nil
		toBoard(t, s, 0, "thief")
		toHand(t, s, 0, c.play, "abbot")
		do(s, Task{Seat: 0, Kind: "turn"})
		answer(t, s, "c"+itoa(card(t, s, c.play)))
		if st.Corruption != c.corruption || st.Debts != c.debts {
			t.Errorf("%s (%s): corruption %d, debts %d; want %d, %d", c.play, c.description, st.Corruption, st.Debts, c.corruption, c.debts)
		}
	}
}

// moveTargets lists the spaces the move prompt offers, with the silver
// each costs.
func moveTargets(t *testing.T, s *State) map[int]int {
	t.Helper()
	_, _, choices := s.moveChoices(Task{Seat: s.Current, Kind: "move"})
	out := map[int]int{}
	st := s.Seats[s.Current]
	for _, c := range choices {
		sp := atoi(t, strings.TrimPrefix(c.opt.ID, "m"))
		silver, space := st.Silver, st.Space
		c.do()
		out[sp] = silver - st.Silver
		st.Silver, st.Space = silver, space
		s.Tasks = nil
	}
	return out
}

// Page 13: at least the played card's value, 1 silver per extra step;
// the first Trading Post adds one free step.
func TestMovementMinimumPaidAndFreeSteps(t *testing.T) {
	p, n, nn := 1, 2, 3
	two := map[int]int{space(p, slotRight): 0, space(n, slotLeft): 0, space(n, slotInner): 0}
	three := map[int]int{space(p, slotRight): 0, space(n, slotLeft): 0, space(n, slotInner): 0, space(n, slotRight): 1, space(nn, slotInner): 1}
	threeFree := map[int]int{space(p, slotRight): 0, space(n, slotLeft): 0, space(n, slotInner): 0, space(n, slotRight): 0, space(nn, slotInner): 0}
	for _, c := range []struct {
		name         string
		silver, post int
		want         map[int]int
	}{
		{"no silver: exactly the Squire's 2 steps", 0, 0, two},
		{"1 silver: a third step for 1", 1, 0, three},
		{"first Trading Post: a third step free", 0, 1, threeFree},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space, st.Silver = space(p, slotLeft), c.silver
		if c.post > 0 {
			builtOn(s, 0, TradingPost, 4, 0)
		}
		s.Played = card(t, s, "squire")
		if got := moveTargets(t, s); !mapsEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// Page 13: a full loop back to the start space is a legal move.
func TestMovementFullLoop(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Space, st.Silver = space(0, slotRight), 20
	s.Played = card(t, s, "lender")
	got := moveTargets(t, s)
	if cost, ok := got[st.Space]; !ok || cost != 7-1 {
		t.Errorf("back to the start space: offered %v for %d silver, want 6 (7 steps by the inside path, 1 paid by the Lender)", ok, cost)
	}
}

// Page 13: ending on another viscount's space lets its owner rearrange
// their board (optional); ending elsewhere does not.
func TestLandingOnViscountGivesRearrange(t *testing.T) {
	s := table(t, 3)
	s.Seats[0].Space = space(1, slotLeft)
	s.Seats[1].Space = space(2, slotLeft)
	s.Seats[2].Space = space(2, slotInner)
	toBoard(t, s, 1, "abbot", "squire")
	s.Played = card(t, s, "labourer")
	do(s, Task{Seat: 0, Kind: "move"})
	answer(t, s, "m"+itoa(space(2, slotLeft)))
	asked(t, s, 1, "rearrange")
	if got := ids(s); !slices.Equal(got, []string{"keep", "o10"}) {
		t.Errorf("rearrange options %v, want keep or swap", got)
	}
	answer(t, s, "o10")
	settled(t, s)
	if b := s.Seats[1].Board; b[0] != card(t, s, "squire") || b[1] != card(t, s, "abbot") {
		t.Errorf("Blue's board %v, want the two cards swapped", b)
	}
}

// Page 14: one dismissal a turn, only of a card showing the action's icon
// or a criminal, for its silver value; the second Trading Post makes it 1.
func TestDismissalLimits(t *testing.T) {
	for _, c := range []struct {
		name      string
		top       string
		icon      Icon
		dismissed bool
		posts     int
		cost      int // -1: not dismissable
	}{
		{"matching icon", "priest", Cleric, false, 0, 3},
		{"no matching icon", "priest", Builder, false, 0, -1},
		{"a criminal is wild", "conspirator", Builder, false, 0, 2},
		{"second dismissal in a turn", "priest", Cleric, true, 0, -1},
		{"one Trading Post", "priest", Cleric, false, 1, 3},
		{"second Trading Post", "priest", Cleric, false, 2, 1},
		{"second Trading Post, a 1-silver card", "clergyman", Cleric, false, 2, 1},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space, st.Dismissed = space(2, slotInner), c.dismissed
		for i := range c.posts {
			builtOn(s, 0, TradingPost, 4, i)
		}
		toFolk(t, s, 2, c.top)
		got, cost := s.dismissable(0, c.icon)
		if c.cost < 0 {
			if got >= 0 {
				t.Errorf("%s: %s dismissable for %d", c.name, c.top, cost)
			}
			continue
		}
		if got != card(t, s, c.top) || cost != c.cost {
			t.Errorf("%s: dismissable %d for %d, want %s for %d", c.name, got, cost, c.top, c.cost)
		}
	}
}

// A dismissal marks the turn; the next turn clears the mark.
func TestDismissalOncePerTurn(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	p := segPos(t, s, "vineyard")
	st.Space, st.Silver = space(p, slotLeft), 2
	toBoard(t, s, 0, "journeyman")
	toFolk(t, s, p, "antagonist", "jeweller")
	do(s, Task{Seat: 0, Kind: "action"})
	answer(t, s, planOption(t, s, "trade", "2", Merchant, 4, pay{Silver: 2, Dismiss: true}))
	settled(t, s)
	if !st.Dismissed {
		t.Fatal("a dismissal did not mark the turn")
	}
	if c, _ := s.dismissable(0, Merchant); c >= 0 {
		t.Error("a second dismissal is offered in the same turn")
	}
	do(s, Task{Seat: 0, Kind: "turn"})
	if st.Dismissed {
		t.Error("the next turn still counts the last turn's dismissal")
	}
}

// tradeSpace finds a large-side outer space offering trade.
func tradeSpace(t *testing.T, s *State, trade Trade) int {
	t.Helper()
	for p := range numSegments {
		for i, tr := range s.side(p).Trades {
			if tr == trade {
				return space(p, []int{slotLeft, slotRight}[i])
			}
		}
	}
	t.Fatalf("no space trades %s", trade)
	return -1
}

// Page 15: silver per merchant icon, a resource per 2, a destroy per 3, a
// flip per 4; a single icon buys no resource.
func TestTradeRates(t *testing.T) {
	for _, c := range []struct {
		trade Trade
		board []string
		most  int // exchanges offered with no silver; -1: the silver trade
	}{
		{TradeSilver, []string{"trader", "journeyman", "acolyte"}, 4},
		{TradeInk, []string{"trader", "journeyman", "acolyte"}, 2},
		{TradeGold, []string{"trader", "journeyman"}, 1},
		{TradeStone, []string{"trader"}, 0},
		{TradeDestroy, []string{"trader", "journeyman"}, 1},
		{TradeDestroy, []string{"trader", "journeyman", "acolyte"}, 1},
		{TradeFlip, []string{"trader", "journeyman"}, 0},
		{TradeFlip, []string{"trader", "journeyman", "acolyte"}, 1},
		{TradeFlip, []string{"trader", "thief", "journeyman"}, 1}, // the Thief is wild
	} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space = tradeSpace(t, s, c.trade)
		toBoard(t, s, 0, c.board...)
		toFolk(t, s, st.Space/3, "priest")
		do(s, Task{Seat: 0, Kind: "action"})
		most := 0
		for _, id := range ids(s) {
			if n, ok := strings.CutPrefix(id, "trade."); ok {
				n, _, _ = strings.Cut(n, ".")
				most = max(most, atoi(t, strings.TrimPrefix(n, "s")))
			}
		}
		if most != c.most {
			t.Errorf("%s with %v: up to %d exchanges, want %d", c.trade, c.board, most, c.most)
		}
	}
}

// Page 15: the flip and destroy trades hand out that many flips and
// destroys; the silver trade pays per icon only (paid silver adds none).
func TestTradeOutcomes(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Space, st.Silver = tradeSpace(t, s, TradeSilver), 9
	toBoard(t, s, 0, "journeyman", "thief")
	toFolk(t, s, st.Space/3, "priest")
	do(s, Task{Seat: 0, Kind: "action"})
	answer(t, s, "trade.s3.0")
	settled(t, s)
	if st.Silver != 12 {
		t.Errorf("silver %d, want 9 + 3", st.Silver)
	}

	s = table(t, 3)
	st = s.Seats[0]
	st.Space, st.Silver, st.Debts, st.Deeds = tradeSpace(t, s, TradeFlip), 4, 1, 1
	toBoard(t, s, 0, "journeyman", "lender")
	toFolk(t, s, st.Space/3, "priest")
	do(s, Task{Seat: 0, Kind: "action"})
	answer(t, s, planOption(t, s, "trade", "2", Merchant, 8, pay{Silver: 4}))
	asked(t, s, 0, "flip")
	answer(t, s, "deed")
	// the second flip has one answer left (the Debt), then its resource.
	asked(t, s, 0, "resource")
	answer(t, s, "r0")
	settled(t, s)
	if st.Approved != 1 || st.PaidDebts != 1 || st.Res[Ink] != 1 {
		t.Errorf("approved %d, paid debts %d, ink %d; want 1, 1, 1", st.Approved, st.PaidDebts, st.Res[Ink])
	}
}

// Page 16: building only on the outside path, only on the bank of the
// viscount's space, only on free plots, and only buildings left.
func TestBuildOnlyOwnBankFreePlots(t *testing.T) {
	plotsOffered := func(s *State) map[string]bool {
		out := map[string]bool{}
		for _, id := range ids(s) {
			if rest, ok := strings.CutPrefix(id, "build."); ok {
				out[rest[:2]] = true
			}
		}
		return out
	}
	s := table(t, 3)
	p := segPos(t, s, "market") // large side: plots 0-2 west, 3-4 east
	st := s.Seats[0]
	st.Res[Stone] = 7
	builtOn(s, 1, Workshop, p, 1)
	for i := range 3 {
		builtOn(s, 0, Guildhall, 4, i)
	}
	toFolk(t, s, p, "priest")
	for _, c := range []struct {
		slot int
		want []string
	}{
		{slotLeft, []string{"00", "02", "10", "12"}},
		{slotRight, []string{"03", "04", "13", "14"}},
		{slotInner, nil},
	} {
		st.Space = space(p, c.slot)
		s.Tasks = nil
		do(s, Task{Seat: 0, Kind: "action"})
		got := plotsOffered(s)
		want := map[string]bool{}
		for _, w := range c.want {
			want[w] = true
		}
		if !mapsEqual(got, want) {
			t.Errorf("slot %d: building/plot options %v, want %v (no third Guildhall, no taken plot, no other bank)", c.slot, got, want)
		}
	}
}

// Page 17: the third Trading Post and each Guildhall show one icon more
// on the player board; the other buildings none.
func TestBuildingIcons(t *testing.T) {
	s := table(t, 3)
	sum := func() int { return sumIcons(s.boardIcons(0)) }
	for _, c := range []struct {
		b, k int
		gain int
	}{
		{Workshop, 1, 0}, {Workshop, 2, 0}, {Workshop, 3, 0},
		{TradingPost, 1, 0}, {TradingPost, 2, 0}, {TradingPost, 3, 1},
		{Guildhall, 1, 1}, {Guildhall, 2, 1}, {Guildhall, 3, 1},
	} {
		before := sum()
		builtOn(s, 0, c.b, c.b, c.k-1)
		if got := sum() - before; got != c.gain {
			t.Errorf("building %s number %d adds %d icons, want %d", buildingNames[c.b], c.k, got, c.gain)
		}
	}
}

// Page 17: with the first Workshop every hire (bought or free) brings a
// discard; without it none.
func TestFirstWorkshopDiscardOnHire(t *testing.T) {
	for _, workshop := range []bool{false, true} {
		for _, kind := range []string{"recruit", "hire"} {
			s := table(t, 3)
			st := s.Seats[0]
			st.Space, st.Silver = space(1, slotLeft), 5
			if workshop {
				builtOn(s, 0, Workshop, 4, 0)
			}
			toFolk(t, s, 1, "miner")
			do(s, Task{Seat: 0, Kind: kind})
			answer(t, s, map[string]string{"recruit": "hire", "hire": "h1"}[kind])
			gotDiscard := len(s.Tasks) > 0 && s.Tasks[0].Kind == "discard"
			if gotDiscard != workshop {
				t.Errorf("%s with workshop %v: discard asked %v", kind, workshop, gotDiscard)
			}
		}
	}
}

// Page 17 and 19: the hand limit is 3, 4 with the third Workshop, one
// more for the Castle Leader; a hand at or over it draws nothing.
func TestHandLimit(t *testing.T) {
	for _, c := range []struct {
		workshops int
		leader    bool
		want      int
	}{
		{0, false, 3}, {2, false, 3}, {3, false, 4}, {0, true, 4}, {3, true, 5},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		for i := range c.workshops {
			builtOn(s, 0, Workshop, 4, i)
		}
		if c.leader {
			s.Leader = 1
		}
		st.Draw = append(st.Draw, st.Hand...)
		st.Hand = nil
		do(s, Task{Seat: 0, Kind: "refill"})
		if len(st.Hand) != c.want {
			t.Errorf("%d workshops, leader %v: drew to %d, want %d", c.workshops, c.leader, len(st.Hand), c.want)
		}
		over := len(st.Hand)
		s.Leader = 0
		do(s, Task{Seat: 0, Kind: "refill"})
		if len(st.Hand) != over {
			t.Errorf("a hand over the limit changed from %d to %d", over, len(st.Hand))
		}
	}
}

// Page 23: drawing from an empty draw pile shuffles the discards: 1
// Corruption with any criminal on the board (never more), else 1 Virtue.
func TestRefillShuffleVirtueOrCorruption(t *testing.T) {
	for _, c := range []struct {
		board      []string
		corruption int
		virtue     int
	}{
		{[]string{"abbot", "squire"}, 0, 1},
		{[]string{"thief", "antagonist"}, 1, 0},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		toBoard(t, s, 0, c.board...)
		st.Discard = append(st.Discard, st.Draw...)
		st.Discard = append(st.Discard, st.Hand...)
		st.Draw, st.Hand = nil, nil
		last := len(s.c.Track.Own) - 1
		do(s, Task{Seat: 0, Kind: "refill"})
		if len(st.Hand) != 3 || st.Corruption != c.corruption || last-st.Virtue != c.virtue {
			t.Errorf("board %v: hand %d, corruption %d, virtue %d; want 3, %d, %d", c.board, len(st.Hand), st.Corruption, last-st.Virtue, c.corruption, c.virtue)
		}
	}
}

// Page 18: 1, 3, 5 or 8 noble icons place 1 to 4 workers, only from the
// inside path and only as many as the supply holds.
func TestWorkerThresholdsAndSupply(t *testing.T) {
	for _, c := range []struct {
		gold, supply int
		want         int
	}{
		{0, 20, 0}, {1, 20, 1}, {2, 20, 1}, {3, 20, 2}, {4, 20, 2}, {5, 20, 3}, {7, 20, 3}, {8, 20, 4}, {20, 20, 4},
		{8, 2, 2}, {8, 0, 0},
	} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space, st.Res[Gold] = space(2, slotInner), c.gold
		for range workersEach - c.supply {
			s.Tiers[2][0] = append(s.Tiers[2][0], 0)
			st.Workers--
		}
		toFolk(t, s, 2, "priest")
		do(s, Task{Seat: 0, Kind: "action"})
		most := 0
		for _, id := range ids(s) {
			if n, ok := strings.CutPrefix(id, "workers."); ok {
				n, _, _ = strings.Cut(n, ".")
				most = max(most, atoi(t, n))
			}
		}
		if most != c.want {
			t.Errorf("%d gold, %d in supply: up to %d workers, want %d", c.gold, c.supply, most, c.want)
		}
	}
	// Free workers beyond the supply place what is left.
	s := table(t, 3)
	st := s.Seats[0]
	for range workersEach - 2 {
		s.Tiers[2][1] = append(s.Tiers[2][1], 0)
		st.Workers--
	}
	do(s, Task{Seat: 0, Kind: "workers", N: 3})
	answer(t, s, "w3")
	settled(t, s)
	if st.Workers != 0 || count(s.Tiers[0][3], 0) != 2 {
		t.Errorf("supply %d, section 3 %v: want the last 2 workers placed", st.Workers, s.Tiers[0][3])
	}
}

// Page 19: more than 3 workers in a first- or second-tier section: the
// current player bumps (any colour, their own too); 2 silver from the
// first tier, 1 Virtue and a resource from the second; never from the
// third.
func TestBumping(t *testing.T) {
	s := table(t, 3)
	s.Tiers[0][2] = []int{0, 1, 1, 2}
	s.Tiers[1][3] = []int{1, 1, 2, 2}
	s.Tiers[2][4] = []int{1, 1, 2, 2, 0}
	for _, x := range []int{0, 1, 1, 2, 1, 1, 2, 2, 1, 1, 2, 2, 0} {
		s.Seats[x].Workers--
	}
	do(s, Task{Seat: 0, Kind: "castle"})
	asked(t, s, 0, "bump")
	if got := ids(s); !slices.Equal(got, []string{"u.0.2.0", "u.0.2.1", "u.0.2.2", "u.1.3.1", "u.1.3.2"}) {
		t.Errorf("bump options %v: want every colour in the two crowded sections, nothing from the third tier", got)
	}
	answer(t, s, "u.0.2.1")
	if s.Seats[1].Silver != 2 || s.Seats[1].Workers != workersEach-6+1 {
		t.Errorf("Blue bumped from the first tier: silver %d, supply %d", s.Seats[1].Silver, s.Seats[1].Workers)
	}
	asked(t, s, 0, "bump")
	answer(t, s, "u.1.3.2")
	asked(t, s, 2, "resource")
	answer(t, s, "r2")
	settled(t, s)
	third := s.Seats[2]
	if third.Res[Stone] != 1 || third.Virtue != len(s.c.Track.Own)-2 {
		t.Errorf("bumped from the second tier: stone %d, virtue marker %d; want a resource and 1 Virtue", third.Res[Stone], third.Virtue)
	}
	if len(s.Tiers[2][4]) != 5 {
		t.Errorf("third tier %v: never bumped", s.Tiers[2][4])
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// Page 19: the first worker on the third tier takes the Castle Leader
// card; another player takes it only with strictly more there.
func TestCastleLeader(t *testing.T) {
	s := table(t, 3)
	up := func(seat, sec int) {
		s.Tiers[1][sec] = append(s.Tiers[1][sec], seat, seat, seat)
		s.Seats[seat].Workers -= 3
		s.Current = seat
		do(s, Task{Seat: seat, Kind: "castle"})
		answer(t, s, "r0")
		settled(t, s)
	}
	up(1, 0)
	if s.Leader != 2 {
		t.Fatalf("leader %d, want Blue (first on the third tier)", s.Leader-1)
	}
	up(0, 1)
	if s.Leader != 2 {
		t.Errorf("leader %d: Red's 1 ties Blue's 1, Blue keeps the card", s.Leader-1)
	}
	up(0, 2)
	if s.Leader != 1 {
		t.Errorf("leader %d: Red's 2 beat Blue's 1", s.Leader-1)
	}
	if s.handLimit(0) != 4 || s.handLimit(1) != 3 {
		t.Errorf("hand limits %d/%d, want 4 for the leader, 3 for Blue", s.handLimit(0), s.handLimit(1))
	}
}

// Page 19: another player's group of three (after a link or an effect)
// moves after the current player's.
func TestOtherPlayersGroupsAfterCurrent(t *testing.T) {
	for _, current := range []int{0, 1} {
		s := table(t, 3)
		s.Current = current
		s.Tiers[0][3] = []int{0, 0, 0} // flip: nothing to flip, resolves alone
		s.Tiers[0][1] = []int{1, 1, 1} // hire or destroy: a question
		s.Seats[0].Workers -= 3
		s.Seats[1].Workers -= 3
		do(s, Task{Seat: current, Kind: "castle"})
		asked(t, s, 1, "alt")
		redMoved := count(s.Tiers[1][3], 0) == 1
		if redMoved != (current == 0) {
			t.Errorf("current player %d: Red's group moved before Blue's question: %v", current, redMoved)
		}
	}
}

// Page 21: one manuscript a turn from the action.
func TestOneManuscriptPerTurn(t *testing.T) {
	for _, done := range []bool{false, true} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space, st.Res[Ink], st.Transcribed = space(2, slotInner), 9, done
		toFolk(t, s, 2, "squire")
		do(s, Task{Seat: 0, Kind: "action"})
		offered := slices.ContainsFunc(ids(s), func(id string) bool { return strings.HasPrefix(id, "script.") })
		if offered == done {
			t.Errorf("already transcribed %v: a manuscript offered %v", done, offered)
		}
	}
}

// Page 21: the first to hold 3 manuscripts of a ribbon takes its Cleric
// Bonus Card (a cleric icon); the next to 3 does not.
func TestClericBonusFirstToThree(t *testing.T) {
	s := table(t, 3)
	reds := []int{script(t, s, "red-2"), script(t, s, "red-3"), script(t, s, "red-4"), script(t, s, "red-5"), script(t, s, "red-6"), script(t, s, "red-7")}
	for q := range numSegments {
		s.Scripts[q] = slices.DeleteFunc(s.Scripts[q], func(m int) bool { return slices.Contains(reds, m) })
	}
	s.Seats[0].Scripts = slices.Clone(reds[:2])
	s.Seats[1].Scripts = slices.Clone(reds[2:4])
	s.Scripts[0] = append(s.Scripts[0], reds[5], reds[4])
	clerics := s.boardIcons(0)[Cleric]
	s.transcribe(1, 0)
	if s.ClericBonus[Red] != 2 || !slices.Equal(s.Seats[1].Bonus, []Ribbon{Red}) {
		t.Fatalf("bonus holder %d, Blue's bonus cards %v: want Blue's", s.ClericBonus[Red]-1, s.Seats[1].Bonus)
	}
	s.transcribe(0, 0)
	if s.ClericBonus[Red] != 2 || len(s.Seats[0].Bonus) != 0 || s.boardIcons(0)[Cleric] != clerics {
		t.Errorf("Red's third red manuscript took the bonus card too: %v", s.Seats[0].Bonus)
	}
	if got := s.boardIcons(1)[Cleric]; got != 1 {
		t.Errorf("Blue's cleric icons with the bonus card: %d, want 1", got)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// Page 10: markers move towards each other; once together they move
// together; at the ends further moves are lost.
func TestMarkerMovement(t *testing.T) {
	last := 7
	for _, c := range []struct {
		name               string
		corruption, virtue int
		moves              string // c: corruption, v: virtue
		wantC, wantV       int
	}{
		{"apart", 0, last, "cv", 1, last - 1},
		{"virtue onto corruption", 3, 4, "v", 3, 3},
		{"together, virtue", 3, 3, "v", 2, 2},
		{"together, corruption", 3, 3, "c", 4, 4},
		{"the rulebook's 2 Virtue", 3, 4, "vv", 2, 2},
		{"at the left end", 0, 0, "v", 0, 0},
		{"at the right end", last, last, "c", last, last},
		{"corruption walks onto virtue", last - 1, last, "c", last, last},
	} {
		s := table(t, 3)
		if len(s.c.Track.Own)-1 != last {
			t.Fatalf("track has %d spaces", len(s.c.Track.Own))
		}
		st := s.Seats[0]
		st.Corruption, st.Virtue = c.corruption, c.virtue
		for _, m := range c.moves {
			if m == 'c' {
				s.gainCorruption(0)
			} else {
				s.gainVirtue(0)
			}
		}
		if st.Corruption != c.wantC || st.Virtue != c.wantV {
			t.Errorf("%s: %d/%d, want %d/%d", c.name, st.Corruption, st.Virtue, c.wantC, c.wantV)
		}
	}
}

// Page 22: a collision resolves only in the current player's phase 5: not
// another player's, and not one made in phase 6 until the next turn.
func TestCollisionOnlyInPhaseFive(t *testing.T) {
	s := table(t, 3)
	s.Seats[1].Corruption, s.Seats[1].Virtue = 4, 4
	do(s, Task{Seat: 0, Kind: "collision"})
	settled(t, s)
	if b := s.Seats[1]; b.Corruption != 4 || b.Virtue != 4 || b.Debts+b.Deeds != 0 || s.Seats[0].Deeds+s.Seats[0].Debts != 0 {
		t.Errorf("Red's phase 5 resolved Blue's markers: %+v", b)
	}
	// A shuffle in phase 6 makes Red's markers meet: nothing happens yet.
	st := s.Seats[0]
	last := len(s.c.Track.Own) - 1
	st.Corruption = last - 1
	toBoard(t, s, 0, "thief")
	st.Discard = append(st.Discard, st.Draw...)
	st.Discard = append(st.Discard, st.Hand...)
	st.Draw, st.Hand = nil, nil
	do(s, Task{Seat: 0, Kind: "refill"}, Task{Seat: 0, Kind: "endturn"})
	if st.Corruption != last || st.Virtue != last || st.Debts != 0 {
		t.Errorf("after the shuffle: markers %d/%d, debts %d; want %d/%d and nothing resolved", st.Corruption, st.Virtue, st.Debts, last, last)
	}
	s.Tasks = nil
	s.Current = 0
	do(s, Task{Seat: 0, Kind: "collision"})
	settled(t, s)
	if st.Debts != 2 || st.Corruption != 0 || st.Virtue != last {
		t.Errorf("Red's next phase 5: debts %d, markers %d/%d; want 2 and reset", st.Debts, st.Corruption, st.Virtue)
	}
}

// endTurns ends turns until the game is over; it returns whose turns
// began, in order.
func endTurns(s *State) []int {
	var turns []int
	for range 20 {
		s.endTurn()
		s.Tasks = nil
		if s.Over() {
			return turns
		}
		turns = append(turns, s.Current)
	}
	return turns
}

// Page 9 and 23: revealing Poverty (the last Debt above it) or Prosperity
// ends the game after this round and one more: the player right of the
// start player has the last turn.
func TestEndAfterTheNextRound(t *testing.T) {
	for _, c := range []struct {
		name  string
		gain  func(s *State)
		debt  bool
		start int
	}{
		{"Poverty", func(s *State) { s.gainDebt(2) }, true, 1},
		{"Prosperity", func(s *State) { s.gainDeed(2) }, false, 0},
	} {
		s := table(t, 3)
		s.Start, s.Current, s.Round = c.start, 2, 3
		s.DebtsAbove, s.DeedsAbove = 2, 2
		c.gain(s)
		if s.Poverty || s.Prosperity || s.LastRound != 0 {
			t.Errorf("%s: revealed before the last card above it went", c.name)
		}
		c.gain(s)
		s.Tasks = nil
		if s.Poverty != c.debt || s.Prosperity == c.debt || s.LastRound != 4 {
			t.Errorf("%s: poverty %v, prosperity %v, last round %d; want round 4 the last", c.name, s.Poverty, s.Prosperity, s.LastRound)
		}
		c.gain(s) // more can still be taken
		if s.Seats[2].Debts+s.Seats[2].Deeds != 3 {
			t.Errorf("%s: taking from under the card: %d", c.name, s.Seats[2].Debts+s.Seats[2].Deeds)
		}
		turns := endTurns(s)
		right := (c.start + 2) % 3
		if len(turns) == 0 || turns[len(turns)-1] != right || len(turns) != (3-(2-c.start+3)%3-1)+3 {
			t.Errorf("%s, start %d: turns after the trigger %v; want the rest of round 3, all of round 4, %d last", c.name, c.start, turns, right)
		}
	}
}

// Page 23 and 24: Divided Kingdom: both cards score.
func TestDividedKingdom(t *testing.T) {
	s := table(t, 3)
	s.Poverty, s.Prosperity = true, true
	s.Seats[0].Approved, s.Seats[0].PaidDebts = 1, 2
	s.Seats[1].PaidDebts = 1
	sc := s.scores()
	if sc[0].Poverty != 12 || sc[0].Prosperity != 12 || sc[1].Prosperity != 8 || sc[1].Poverty != 0 {
		t.Errorf("Poverty %d/%d, Prosperity %d/%d: want 12/0 and 12/8", sc[0].Poverty, sc[1].Poverty, sc[0].Prosperity, sc[1].Prosperity)
	}
}

// Page 24: 12, 8 and 4 VP for the most, second and third most flipped
// cards (at least 1); ties split the places they cover (the rulebook's
// two examples); below 3 players the 8 is left out.
func TestMajorities(t *testing.T) {
	for _, c := range []struct {
		name    string
		value   []int
		players int
		want    []int
	}{
		{"plain", []int{3, 2, 1}, 3, []int{12, 8, 4}},
		{"two tied first: (12+8)/2, third 4", []int{4, 4, 1}, 3, []int{10, 10, 4}},
		{"three tied second: (8+4)/3", []int{5, 2, 2, 2}, 4, []int{12, 4, 4, 4}},
		{"fourth scores nothing", []int{4, 3, 2, 1}, 4, []int{12, 8, 4, 0}},
		{"none flipped, none scores", []int{2, 0, 0}, 3, []int{12, 0, 0}},
		{"nobody", []int{0, 0, 0, 0}, 4, []int{0, 0, 0, 0}},
		{"two players: 12 and 4", []int{1, 3}, 2, []int{4, 12}},
		{"two players tied: (12+4)/2", []int{2, 2}, 2, []int{8, 8}},
		{"all tied, four players", []int{1, 1, 1, 1}, 4, []int{6, 6, 6, 6}},
	} {
		if got := majority(c.value, c.players); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v gives %v, want %v", c.name, c.value, got, c.want)
		}
	}
}

// Page 24: equal scores are ranked by silver and resources left; equal in
// both, they share the rank.
func TestTiesBySilverAndResources(t *testing.T) {
	s := table(t, 3)
	for i := range s.Seats {
		builtOn(s, i, Workshop, i, 0) // 2 VP each
	}
	s.Seats[0].Silver = 3
	s.Seats[1].Res = [numResources]int{1, 1, 1}
	s.Seats[2].Silver, s.Seats[2].Res[Gold] = 1, 3
	st := s.Standings()
	ranks := map[int]int{}
	for _, x := range st {
		if x.Score != 2 {
			t.Errorf("seat %d scores %d, want 2", x.Seat, x.Score)
		}
		ranks[x.Seat] = x.Rank
	}
	if ranks[2] != 1 || ranks[0] != 2 || ranks[1] != 2 {
		t.Errorf("ranks %v: want seat 2 first (4 left), seats 0 and 1 sharing second (3 each)", ranks)
	}
}

// Page 9: flipping a Debt gains any 1 resource; flipping a Deed nothing.
func TestFlippingDebtGivesResource(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Debts, st.Deeds = 1, 1
	do(s, Task{Seat: 0, Kind: "flipdeed"}, Task{Seat: 0, Kind: "flipdebt"})
	asked(t, s, 0, "resource")
	if st.Approved != 1 || st.PaidDebts != 1 || st.Res != [numResources]int{} {
		t.Errorf("approved %d, paid %d, resources %v", st.Approved, st.PaidDebts, st.Res)
	}
	answer(t, s, "r1")
	settled(t, s)
	if st.Res != [numResources]int{Gold: 1} {
		t.Errorf("resources %v, want the gold chosen", st.Res)
	}
	do(s, Task{Seat: 0, Kind: "flipdebt"})
	settled(t, s)
	if st.PaidDebts != 1 || st.Res != [numResources]int{Gold: 1} {
		t.Error("flipping with no unpaid Debt did something")
	}
}

// Page 21: sets of n different ribbons score n², several sets allowed.
func TestSetScoring(t *testing.T) {
	for _, c := range []struct {
		ribbons [numRibbons]int
		want    int
	}{
		{[numRibbons]int{}, 0},
		{[numRibbons]int{1, 0, 0, 0}, 1},
		{[numRibbons]int{1, 1, 1, 0}, 9},
		{[numRibbons]int{1, 1, 1, 1}, 16},
		{[numRibbons]int{2, 0, 0, 0}, 2},
		{[numRibbons]int{3, 2, 2, 1}, 16 + 9 + 1},
		{[numRibbons]int{2, 2, 2, 2}, 32},
	} {
		if got := setScore(c.ribbons); got != c.want {
			t.Errorf("%v: %d, want %d", c.ribbons, got, c.want)
		}
	}
}

// Page 24: buildings score 2/5/9, 4/9/15 and 6/13/21 for 1/2/3 of a kind;
// castle workers their tier; unpaid debts -2, deeds 1, approved deeds 3.
func TestScoringCategories(t *testing.T) {
	for _, c := range []struct {
		b    int
		want [4]int
	}{{Workshop, [4]int{0, 2, 5, 9}}, {TradingPost, [4]int{0, 4, 9, 15}}, {Guildhall, [4]int{0, 6, 13, 21}}} {
		for k := 1; k <= 3; k++ {
			s := table(t, 3)
			for i := range k {
				builtOn(s, 0, c.b, i, 0)
			}
			if got := s.scores()[0].Buildings; got != c.want[k] {
				t.Errorf("%d %s: %d VP, want %d", k, buildingNames[c.b], got, c.want[k])
			}
		}
	}
	s := table(t, 3)
	s.Tiers[0][0] = []int{0, 1}
	s.Tiers[1][1] = []int{0}
	s.Tiers[2][2] = []int{0, 0}
	st := s.Seats[0]
	st.Debts, st.Deeds, st.Approved = 2, 3, 1
	sc := s.scores()[0]
	if sc.Castle != 1+2+6 || sc.Debts != -4 || sc.Deeds != 3 || sc.Approved != 3 || sc.Total != 9-4+3+3 {
		t.Errorf("castle %d, debts %d, deeds %d, approved %d, total %d", sc.Castle, sc.Debts, sc.Deeds, sc.Approved, sc.Total)
	}
}

func mapsEqual[K comparable, V comparable](a, b map[K]V) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("not a number: %q", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}
