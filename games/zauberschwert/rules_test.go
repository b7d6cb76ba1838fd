package zauberschwert

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func TestSetup(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		s := fresh(t, players, uint64(players))
		if s.Step != stepPlace || s.Round != 1 {
			t.Fatalf("%d players: step %s round %d, want placement in round 1", players, s.Step, s.Round)
		}
		for i, st := range s.Seats {
			if st.Magic != 4 { // 2 at setup + 2 from phase B of round 1
				t.Errorf("seat %d magic %d, want 2+2", i, st.Magic)
			}
		}
		decks := ""
		for _, sl := range s.Display {
			decks += s.d.cardByID[sl.Card].Deck
		}
		for _, id := range s.Pile {
			decks += s.d.cardByID[id].Deck
		}
		want := "AAAAAAAA" + "BBBBBBBB" + "CCCCCCCCC"
		if decks != want {
			t.Errorf("adventure order %s, want A on top, C at the bottom", decks)
		}
		if len(s.ArtPile) != 28 || s.Start < 0 || s.Start >= players {
			t.Errorf("artifact pile %d, start %d", len(s.ArtPile), s.Start)
		}
	}
	a, b := fresh(t, 4, 1), fresh(t, 4, 2)
	if slices.Equal(a.Pile, b.Pile) && slices.Equal(a.ArtPile, b.ArtPile) {
		t.Error("different seeds must shuffle differently")
	}
	if _, err := newGame(t).New(games.Setup{Players: 5}); err == nil {
		t.Error("5 players must be refused")
	}
	if _, err := newGame(t).New(games.Setup{Players: 1}); err == nil {
		t.Error("1 player must be refused")
	}
}

func TestRefill(t *testing.T) {
	tests := []struct {
		name      string
		leftover  int
		pile      int
		wantDrawn int
		wantOver  bool
	}{
		{"empty display draws two", 0, 5, 2, false},
		{"one leftover draws one", 1, 5, 1, false},
		{"two leftovers draw none", 2, 5, 0, false},
		{"two leftovers and empty pile go on", 2, 0, 0, false},
		{"one leftover and empty pile end", 1, 0, 0, true},
		{"empty display and one card end", 0, 1, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := fresh(t, 2, 3)
			all := append(cardIDs(s.Display), s.Pile...)
			s.Display = nil
			for _, id := range all[:tc.leftover] {
				s.Display = append(s.Display, Slot{Card: id})
			}
			s.Pile = all[tc.leftover : tc.leftover+tc.pile]
			s.Removed = all[tc.leftover+tc.pile:]
			s.Step = stepRefill
			s.advance()
			if s.Ended != tc.wantOver {
				t.Fatalf("over = %v, want %v", s.Ended, tc.wantOver)
			}
			if drawn := tc.pile - len(s.Pile); !tc.wantOver && drawn != tc.wantDrawn {
				t.Errorf("drew %d, want %d", drawn, tc.wantDrawn)
			}
			if !tc.wantOver && len(s.Display) != 2 {
				t.Errorf("display %d cards", len(s.Display))
			}
			if err := s.Check(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestIncomeCap(t *testing.T) {
	for _, before := range []int{0, 27, 28, 29, 30} {
		s := fresh(t, 2, 4)
		s.Seats[0].Magic = before
		s.Step = stepIncome
		s.advance()
		if want := min(30, before+2); s.Seats[0].Magic != want {
			t.Errorf("magic %d + 2 = %d, want %d", before, s.Seats[0].Magic, want)
		}
	}
}

func TestPlacementOrderAndPass(t *testing.T) {
	s := atPlacement(t, 3, 2, []string{"a-orb-3", "b-holy-2"}, []int{5, 5, 30})
	for _, seat := range []int{2, 0, 1} {
		if got := seatsPending(s); !slices.Equal(got, []int{seat}) {
			t.Fatalf("pending %v, want seat %d (order from the start player)", got, seat)
		}
		if seat == 2 {
			apply(t, s, mv(seat, "pass"))
			continue
		}
		apply(t, s, mv(seat, "place:1"))
	}
	if s.Seats[2].Magic != 30 {
		t.Errorf("passing at 30 magic must stay at 30, got %d", s.Seats[2].Magic)
	}
	s2 := atPlacement(t, 2, 0, []string{"a-orb-3", "b-holy-2"}, []int{5, 5})
	apply(t, s2, mv(0, "pass"))
	if s2.Seats[0].Magic != 6 {
		t.Errorf("pass gives 1 magic: %d", s2.Seats[0].Magic)
	}
}

func TestResolveOrder(t *testing.T) {
	tests := []struct {
		name  string
		moves []string // seats 0, 1, 2 in order (start 0)
		first int      // slot resolved first
	}{
		{"start player's card first", []string{"place:1", "place:0", "place:0"}, 1},
		{"start player passed: next placed", []string{"pass", "place:1", "place:0"}, 1},
		{"start player and next passed", []string{"pass", "pass", "place:0"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Two orbs: order shows in the events.
			s := atPlacement(t, 3, 0, []string{"a-orb-3", "b-orb-4"}, []int{1, 1, 1})
			var events []games.Text
			for seat, m := range tc.moves {
				events = append(events, apply(t, s, mv(seat, m))...)
			}
			var amounts []string
			for _, e := range events {
				if e.Key == "zs.ev.orb" {
					amounts = append(amounts, e.Args[1].Val)
				}
			}
			want := map[int]string{0: "3", 1: "4"}[tc.first]
			if len(amounts) == 0 || amounts[0] != want {
				t.Errorf("first orb paid %v, want %s first", amounts, want)
			}
		})
	}
}

func TestUnchosenCards(t *testing.T) {
	tests := []struct {
		card  string
		stays bool
	}{
		{"a-spiders-1", true}, {"a-orb-3", false}, {"b-holy-2", false}, {"a-addus", false},
	}
	for _, tc := range tests {
		s := atPlacement(t, 2, 0, []string{tc.card, "b-orb-4"}, []int{3, 3})
		apply(t, s, mv(0, "place:1"), mv(1, "place:1"))
		stays := slices.Contains(cardIDs(s.Display), tc.card)
		if stays != tc.stays {
			t.Errorf("%s unchosen: stays = %v, want %v", tc.card, stays, tc.stays)
		}
		if !tc.stays && !slices.Contains(s.Removed, tc.card) {
			t.Errorf("%s must leave the game", tc.card)
		}
	}
}

func TestOrbAndHolySite(t *testing.T) {
	s := atPlacement(t, 3, 0, []string{"c-orb-5", "c-holy-3"}, []int{28, 2, 2})
	top := slices.Clone(s.ArtPile[:2])
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"), mv(2, "place:1"))
	if s.Seats[0].Magic != 30 {
		t.Errorf("orb magic must cap at 30: %d", s.Seats[0].Magic)
	}
	for i, seat := range []int{1, 2} {
		st := s.Seats[seat]
		if st.Stones != 3 || len(st.Hand) != 1 || st.Hand[0] != top[i] {
			t.Errorf("holy site seat %d: stones %d hand %v, want 3 and [%d] (dealt in seat order)", seat, st.Stones, st.Hand, top[i])
		}
	}
}

func TestSpellAloneIsFree(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-addus", "a-orb-3"}, []int{4, 4})
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	if len(s.Seats[0].Spells) != 1 || s.Seats[0].Spells[0].ID != spAddus || s.Seats[0].Magic != 4 {
		t.Errorf("lone wizard takes the spell for free: %+v", s.Seats[0])
	}
	if slices.Contains(cardIDs(s.Display), "a-addus") || slices.Contains(s.Removed, "a-addus") {
		t.Error("a won spell leaves the display and stays with its owner")
	}
}

func TestSpellAuction(t *testing.T) {
	// Start player 1 passes; seats 2, 0 contest: seat 2 opens (next clockwise).
	s := atPlacement(t, 3, 1, []string{"b-stonex", "a-orb-3"}, []int{6, 3, 4})
	holdPhaseE(s, 1, 2)
	apply(t, s, mv(1, "pass"), mv(2, "place:0"), mv(0, "place:0"))
	if s.Step != stepAuction || s.Auction.Bidders[s.Auction.Turn] != 2 {
		t.Fatalf("seat 2 must open, step %s", s.Step)
	}
	opts := promptSummary(s)[2]
	if slices.Contains(opts, "pass") || opts[0] != "bid:0" || opts[len(opts)-1] != "bid:4" {
		t.Fatalf("opener bids 0..own magic and must open: %v", opts)
	}
	apply(t, s, mv(2, "bid:2"))
	if opts := promptSummary(s)[0]; opts[0] != "bid:3" || opts[len(opts)-2] != "bid:6" || opts[len(opts)-1] != "pass" {
		t.Fatalf("raise from 3 up to own magic 6, or pass: %v", opts)
	}
	apply(t, s, mv(0, "bid:5"))
	// Seat 2 has 4 magic and cannot raise to 6: passes automatically.
	if s.Seats[0].Magic != 1 || s.Seats[2].Magic != 4 || len(s.Seats[0].Spells) != 1 {
		t.Errorf("winner pays 5, loser pays nothing: %+v %+v", s.Seats[0], s.Seats[2])
	}
}

func TestCreatureAloneCannotPay(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"b-goblins-3", "a-orb-3"}, []int{7, 4})
	holdPhaseE(s, 0, 1)
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	if s.Seats[0].Magic != 7 || s.Seats[0].Stones != 0 || len(s.Seats[0].Hand) != 1 {
		t.Errorf("too weak wizard pays and gains nothing: %+v", s.Seats[0])
	}
	if !slices.Contains(cardIDs(s.Display), "b-goblins-3") {
		t.Error("undefeated creature stays in the display")
	}
}

func TestJointFightDropOut(t *testing.T) {
	tests := []struct {
		name       string
		magic      []int
		wantMagic  []int
		wantStones []int
	}{
		// Strength 8 (goblins B, ■): shares 3 (of 3), then 4 (of 2), then 8.
		{"three pay 3 each", []int{3, 3, 3}, []int{0, 0, 0}, []int{2, 2, 2}},
		{"one drops, two pay 4", []int{4, 2, 4}, []int{0, 2, 0}, []int{2, 0, 2}},
		{"two drop, last pays all for the single reward", []int{9, 2, 3}, []int{1, 2, 3}, []int{5, 0, 0}},
		{"all drop, creature stays", []int{2, 2, 2}, []int{2, 2, 2}, []int{0, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := atPlacement(t, 3, 0, []string{"b-goblins-3", "a-orb-3"}, tc.magic)
			holdPhaseE(s, 0, 1)
			apply(t, s, mv(0, "place:0"), mv(1, "place:0"), mv(2, "place:0"))
			apply(t, s, mv(0, "together"), mv(1, "together"), mv(2, "together"))
			for i := range 3 {
				if s.Seats[i].Magic != tc.wantMagic[i] || s.Seats[i].Stones != tc.wantStones[i] {
					t.Errorf("seat %d magic %d stones %d, want %d %d", i, s.Seats[i].Magic, s.Seats[i].Stones, tc.wantMagic[i], tc.wantStones[i])
				}
			}
			stays := slices.Contains(cardIDs(s.Display), "b-goblins-3")
			if stays != (tc.wantStones[0] == 0) {
				t.Errorf("creature stays = %v", stays)
			}
		})
	}
}

func TestCreatureAuctionNobodyOpens(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"b-goblins-3", "a-orb-3"}, []int{7, 20})
	holdPhaseE(s, 0, 1)
	apply(t, s, mv(0, "place:0"), mv(1, "place:0"), mv(0, "alone"), mv(1, "alone"))
	// Seat 0 (7 magic) cannot open at 8: passes automatically; seat 1 may pass.
	if got := seatsPending(s); !slices.Equal(got, []int{1}) {
		t.Fatalf("pending %v, want seat 1", got)
	}
	apply(t, s, mv(1, "pass"))
	if !slices.Contains(cardIDs(s.Display), "b-goblins-3") || s.Seats[1].Magic != 20 {
		t.Error("creature nobody bids on stays; nobody pays")
	}
}

func TestBonusesAndChoice(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"b-goblins-3", "a-orb-3"}, []int{10, 4})
	layOut(t, s, 0, "wand-square", "crown", "potion-square", "ring-tri")
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	// wand 2 stones, crown 1 stone + 1 magic, ring ▶ nothing; potion asks.
	if s.Step != stepBonus || s.Seats[0].Stones != 5+2+1 || s.Seats[0].Magic != 10-8+1 {
		t.Fatalf("step %s, seat 0 %+v", s.Step, s.Seats[0])
	}
	apply(t, s, mv(0, "bonus:magic"))
	if s.Seats[0].Magic != 4 {
		t.Errorf("potion as magic: %d, want 4", s.Seats[0].Magic)
	}
}

func TestEmptyArtifactPile(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-spiders-1", "a-orb-3"}, []int{10, 4})
	keep := s.ArtPile[:1]
	s.Removed = s.Removed[:0]
	giveHand(s, 1, slices.Clone(s.ArtPile[1:])...)
	s.ArtPile = keep
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	if len(s.Seats[0].Hand) != 1 || len(s.ArtPile) != 0 {
		t.Errorf("only the one remaining card is dealt: hand %v pile %v", s.Seats[0].Hand, s.ArtPile)
	}
}

func TestSpellWindows(t *testing.T) {
	s := atPlacement(t, 3, 0, []string{"b-goblins-3", "a-orb-3"}, []int{5, 5, 5})
	ownSpell(t, s, 2, spFulmentus)
	ownSpell(t, s, 2, spAddus)
	ownSpell(t, s, 1, spHarpagarus)
	apply(t, s, mv(0, "pass"), mv(1, "pass"), mv(2, "place:0"))
	// Phase D: every owner may cast, in order from the start player: seat 1
	// passed but may steal before the fight; Fulmentus only for seat 2, the
	// wizard at the creature.
	if got := promptSummary(s)[1]; !slices.Equal(got, []string{"cast:harpagarus:0", "cast:harpagarus:2", "nospell"}) {
		t.Fatalf("window D for the passer: %v", got)
	}
	apply(t, s, mv(1, "nospell"))
	opts := promptSummary(s)[2]
	if !slices.Equal(opts, []string{"cast:fulmentus", "cast:addus", "nospell"}) {
		t.Fatalf("window D options %v", opts)
	}
	// Each cast asks every owner again from the start player: seat 1 may
	// answer Fulmentus and Addus, and declines each time.
	apply(t, s, mv(2, "cast:fulmentus"), mv(1, "nospell"), mv(2, "cast:addus"), mv(1, "nospell"))
	// Strength 8 - 2 = 6; 5 + 2 = 7 magic pays it.
	if s.Seats[2].Magic != 1 || s.Seats[2].Stones != 5 {
		t.Fatalf("after both spells the fight costs 6: %+v", s.Seats[2])
	}
	// Phase E window: seat 1 (passed) may steal; seat 2's spells are used.
	if got := seatsPending(s); !slices.Equal(got, []int{1}) {
		t.Fatalf("window E pending %v, want seat 1 only", got)
	}
	apply(t, s, mv(1, "cast:harpagarus:0"))
	if s.Seats[0].Magic != 4 || s.Seats[1].Magic != 8 {
		t.Errorf("Harpagarus takes 2: %d %d", s.Seats[0].Magic, s.Seats[1].Magic)
	}
	// Next round: used flags reset, window B asks from the new start player.
	for s.Step == stepTrade || s.Step == stepLay {
		p := s.Pending()[0]
		apply(t, s, mv(p.Seat, p.Options[len(p.Options)-1].ID))
	}
	if s.Round != 2 || s.Step != stepSpells || s.Win.Kind != winB {
		t.Fatalf("round %d step %s", s.Round, s.Step)
	}
	if got := seatsPending(s); !slices.Equal(got, []int{1}) {
		t.Fatalf("window B asks seat 1 (new start player) first, got %v", got)
	}
	apply(t, s, mv(1, "nospell"))
	if got := promptSummary(s)[2]; !slices.Equal(got, []string{"cast:addus", "nospell"}) {
		t.Errorf("Fulmentus is not offered outside a fight; got %v", got)
	}
}

func TestNoSpellOwnersNeverWait(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-orb-3", "b-orb-4"}, []int{3, 3})
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	if s.Step != stepPlace || s.Round != 2 {
		t.Errorf("without spells or cards a round runs straight to placement; step %s round %d", s.Step, s.Round)
	}
}

func TestSpellEffects(t *testing.T) {
	tests := []struct {
		spell              string
		magic, stones      int
		wantMagic, wantStn int
		wantHand           int
	}{
		{spStonex, 5, 0, 2, 1, 0},
		{spAddus, 29, 0, 30, 0, 0},
		{spRetransformus, 4, 2, 7, 1, 0},
		{spTransformus, 4, 0, 2, 0, 1},
	}
	for _, tc := range tests {
		s := atPlacement(t, 2, 0, []string{"a-orb-3", "b-orb-4"}, []int{tc.magic - 1, 1})
		s.Seats[0].Stones = tc.stones
		ownSpell(t, s, 0, tc.spell)
		holdPhaseE(s, 0, 1)
		apply(t, s, mv(0, "pass"), mv(1, "place:1"))
		// Passing gave 1 magic; the window E is open now.
		apply(t, s, mv(0, "cast:"+tc.spell))
		st := s.Seats[0]
		if st.Magic != tc.wantMagic || st.Stones != tc.wantStn || len(st.Hand) != tc.wantHand+1 {
			t.Errorf("%s: %+v, want magic %d stones %d hand %d", tc.spell, st, tc.wantMagic, tc.wantStn, tc.wantHand)
		}
	}
}

func TestLaidOutCountsFromNextRound(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-spiders-1", "a-orb-3"}, []int{3, 3})
	ring := cardsOf(s, "ring-circle")[0]
	giveHand(s, 0, ring)
	giveHand(s, 1, cardsOf(s, "wand-tri")[0])
	apply(t, s, mv(0, "place:1"), mv(1, "place:1"))
	if !slices.Contains(cardIDs(s.Display), "a-spiders-1") {
		t.Fatal("unchosen spiders must stay")
	}
	apply(t, s, mv(0, "done"), mv(0, "lay:all"), mv(1, "lay:none"))
	if len(s.Seats[0].Laid) != 1 || s.Round != 2 {
		t.Fatalf("ring laid out %v, round %d", s.Seats[0].Laid, s.Round)
	}
	// Round 2: seat 1 starts. Magic: 3 + 3 (orb) + 2 (phase B) = 8.
	slot := slices.Index(cardIDs(s.Display), "a-spiders-1")
	apply(t, s, mv(1, "place:"+string(rune('0'+1-slot))), mv(0, "place:"+string(rune('0'+slot))))
	if got := s.Seats[0].Magic; got != 8-4+2 {
		t.Errorf("seat 0 magic %d, want 6 (paid 4, ring +2)", got)
	}
}

// Rulebook page D 4 (Zaubersprüche): spells may be used in every phase but
// A ("In Phase A dürfen keine Zaubersprüche eingesetzt werden"), and when
// several players want to, in turn order from the start player. A wizard
// who declined and is then robbed by Harpagarus before the fight is asked
// again, and may answer with Addus to pay the creature after all.
func TestSpellWindowReopensAfterACast(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-spiders-1", "a-orb-3"}, []int{4, 5})
	ownSpell(t, s, 0, spAddus)
	ownSpell(t, s, 1, spHarpagarus)
	apply(t, s, mv(0, "place:0"), mv(1, "place:1"))
	// Window D before the Spiders (strength 4): seat 0 has 4 magic.
	apply(t, s, mv(0, "nospell"), mv(1, "cast:harpagarus:0"))
	if s.Seats[0].Magic != 2 {
		t.Fatalf("Harpagarus left seat 0 %d magic, want 2", s.Seats[0].Magic)
	}
	if s.Step != stepSpells || s.Win.Kind != winD {
		t.Fatalf("after Harpagarus the game is at step %s, want the window before the fight still open", s.Step)
	}
	if got := promptSummary(s)[0]; !slices.Equal(got, []string{"cast:addus", "nospell"}) {
		t.Fatalf("after Harpagarus seat 0 is offered %v, want to answer with Addus", got)
	}
	apply(t, s, mv(0, "cast:addus"))
	if s.Seats[0].Magic != 0 || len(s.Seats[0].Hand) != 3 {
		t.Errorf("seat 0 with Addus's 2 magic pays the Spiders' 4 and takes 3 artifact cards: magic %d, hand %v", s.Seats[0].Magic, s.Seats[0].Hand)
	}
}
