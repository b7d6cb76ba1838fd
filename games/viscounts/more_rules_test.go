package viscounts

import (
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// Setup (pages 6 to 8): five townsfolk piles of the 68 neutral cards, five
// manuscript piles of 7 with a grey-backed one on top, the board side by
// player count, Debts and Deeds above Poverty and Prosperity, players + 1
// pairs chosen from the start player's right counter-clockwise, each
// player's goods and start space from its player card, a hand of 3, and
// the start player's first turn.
func TestSetup(t *testing.T) {
	for players := 2; players <= MaxPlayers; players++ { // solo: solo_test.go
		st, err := New().New(games.Setup{Players: players, Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		folk, least, most := 0, 99, 0
		for p := range numSegments {
			folk += len(s.Folk[p])
			least, most = min(least, len(s.Folk[p])), max(most, len(s.Folk[p]))
			if len(s.Scripts[p]) != 7 {
				t.Errorf("%d players: manuscript pile %d holds %d, want 7", players, p, len(s.Scripts[p]))
			}
			for i, m := range s.Scripts[p] {
				if s.c.Manuscripts[m].Grey != (i == len(s.Scripts[p])-1) {
					t.Errorf("%d players: pile %d: grey-backed %v at %d of 7", players, p, s.c.Manuscripts[m].Grey, i+1)
				}
			}
		}
		if folk != 68 || most-least > 1 {
			t.Errorf("%d players: %d neutral townsfolk in piles of %d to %d, want 68 in roughly equal piles", players, folk, least, most)
		}
		if s.Large != (players >= 3) {
			t.Errorf("%d players: large side %v", players, s.Large)
		}
		if s.DebtsAbove != s.c.Ending.Debts[players] || s.DeedsAbove != s.c.Ending.Deeds[players] {
			t.Errorf("%d players: %d debts and %d deeds above the cards", players, s.DebtsAbove, s.DeedsAbove)
		}
		if len(s.DraftCards) != players+1 || len(s.DraftHeroes) != players+1 {
			t.Errorf("%d players: %d pairs, want %d", players, len(s.DraftCards), players+1)
		}
		var order []int
		for s.Phase == phaseDraft {
			p := s.Pending()[0]
			if s.Tasks[0].Kind == "draft" {
				order = append(order, p.Seat)
			}
			if _, err := s.Apply(p.Seat, p.Options[0].ID); err != nil {
				t.Fatal(err)
			}
		}
		var want []int
		for i := range players {
			want = append(want, ((s.Start-1-i)%players+players)%players)
		}
		if !slices.Equal(order, want) {
			t.Errorf("%d players, start %d: draft order %v, want %v", players, s.Start, order, want)
		}
		for i, seat := range s.Seats {
			pc := s.playerCard(seat.PlayerCard)
			if seat.Space != s.startSpace(pc.Number) || !outer(seat.Space) {
				t.Errorf("%d players, seat %d: viscount on %d, want the space numbered %d", players, i, seat.Space, pc.Number)
			}
			if len(seat.Hand) != handStart || seat.Workers+s.workersIn(i) != workersEach {
				t.Errorf("%d players, seat %d: hand %d, workers %d", players, i, len(seat.Hand), seat.Workers)
			}
			if !slices.Contains(append(append(slices.Clone(seat.Hand), seat.Draw...), seat.Discard...), seat.Hero) {
				t.Errorf("%d players, seat %d: hero not in the deck", players, i)
			}
			if slices.Contains([]int{3, 4, 8}, pc.Number) {
				continue // a free building's plot or a free hire adds goods of its own
			}
			if seat.Debts+seat.PaidDebts != pc.Debts || seat.Deeds+seat.Approved != pc.Deeds {
				t.Errorf("%d players, seat %d: debts %d+%d, deeds %d+%d; card %d gives %d and %d", players, i,
					seat.Debts, seat.PaidDebts, seat.Deeds, seat.Approved, pc.Number, pc.Debts, pc.Deeds)
			}
			if got, want := seat.Res[Ink]+seat.Res[Gold]+seat.Res[Stone], pc.Ink+pc.Gold+pc.Stone+seat.PaidDebts; got != want {
				t.Errorf("%d players, seat %d: %d resources, card %d gives %d", players, i, got, pc.Number, want)
			}
		}
		if s.Current != s.Start || s.Round != 1 || s.Tasks[0].Kind != "play" || s.Tasks[0].Seat != s.Start {
			t.Errorf("%d players: after the draft seat %d is asked %q in round %d, want the start player's card", players, s.Tasks[0].Seat, s.Tasks[0].Kind, s.Round)
		}
		if err := s.Check(); err != nil {
			t.Error(err)
		}
	}
}

// workersIn counts seat's workers in the castle.
func (s *State) workersIn(seat int) int {
	n := 0
	for tier := range 3 {
		for sec := range numSegments {
			n += count(s.Tiers[tier][sec], seat)
		}
	}
	return n
}

// Page 8: player card 8 places its Workshop on the viscount's own space
// (its bank of the river); the others place anywhere free.
func TestFreeBuildingWhere(t *testing.T) {
	s := table(t, 3)
	p := segPos(t, s, "market")
	s.Seats[0].Space = space(p, slotRight)
	builtOn(s, 1, Guildhall, p, 4)
	_, _, here := s.freeBuildChoices(Task{Seat: 0, Kind: "workshop", Where: "here"})
	var got []string
	for _, c := range here {
		got = append(got, c.opt.ID)
	}
	if want := []string{joinIDs("b", "0", itoa(p), "3")}; !slices.Equal(got, want) {
		t.Errorf("a Workshop here: %v, want %v (the east bank's one free plot)", got, want)
	}
	_, _, anywhere := s.freeBuildChoices(Task{Seat: 0, Kind: "workshop"})
	free := 0
	for q := range numSegments {
		for _, o := range s.Plots[q] {
			if o < 0 {
				free++
			}
		}
	}
	if len(anywhere) != free {
		t.Errorf("a Workshop anywhere: %d plots offered, %d free", len(anywhere), free)
	}
}

// Page 8: player card 9 destroys any card of the deck before it is
// shuffled.
func TestDraftDestroyFromTheWholeDeck(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Draw = append(st.Draw, st.Hand...)
	st.Draw = append(st.Draw, st.Discard...)
	st.Hand, st.Discard = nil, nil
	s.Phase = phaseDraft
	do(s, Task{Seat: 0, Kind: "destroy"})
	want := len(slices.Compact(slices.Sorted(slices.Values(st.Draw)))) + 1
	if got := ids(s); len(got) != want || !slices.Contains(got, "skip") {
		t.Errorf("destroy before the shuffle: %v, want every distinct deck card and skip", got)
	}
}

// Page 22: only the townsfolk beside the viscount can be hired, for its
// silver, into the discard pile, with its hire effect; without the silver
// nothing is asked.
func TestRecruit(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Space, st.Silver = space(1, slotLeft), 1
	toFolk(t, s, 1, "friar", "miner") // miner on top: 2 silver, hire: 1 Virtue
	do(s, Task{Seat: 0, Kind: "recruit"})
	settled(t, s)
	st.Silver = 3
	do(s, Task{Seat: 0, Kind: "recruit"})
	if got := ids(s); !slices.Equal(got, []string{"hire", "skip"}) {
		t.Fatalf("recruit options %v", got)
	}
	answer(t, s, "hire")
	settled(t, s)
	miner := card(t, s, "miner")
	if st.Silver != 1 || !slices.Contains(st.Discard, miner) || st.Virtue != len(s.c.Track.Own)-2 || s.Folk[1][len(s.Folk[1])-1] != card(t, s, "friar") {
		t.Errorf("silver %d, discard %v, virtue marker %d: want 2 paid, the Miner discarded, 1 Virtue, the Friar on top", st.Silver, st.Discard, st.Virtue)
	}
}

// Pages 14 to 21: trade and build on the outside path, workers and
// manuscripts on the inside path.
func TestActionsByPath(t *testing.T) {
	for _, c := range []struct {
		slot  int
		kinds []string
	}{{slotLeft, []string{"build", "trade"}}, {slotRight, []string{"build", "trade"}}, {slotInner, []string{"script", "workers"}}} {
		s := table(t, 3)
		st := s.Seats[0]
		st.Space, st.Silver, st.Res = space(0, c.slot), 20, [numResources]int{9, 9, 9}
		toBoard(t, s, 0, "journeyman", "trader")
		do(s, Task{Seat: 0, Kind: "action"})
		kinds := map[string]bool{}
		for _, id := range ids(s) {
			kind, _, _ := strings.Cut(id, ".")
			if kind != "pass" {
				kinds[kind] = true
			}
		}
		got := slices.Sorted(func(yield func(string) bool) {
			for k := range kinds {
				if !yield(k) {
					return
				}
			}
		})
		if !slices.Equal(got, c.kinds) {
			t.Errorf("slot %d: actions %v, want %v", c.slot, got, c.kinds)
		}
	}
}

// Page 32: a discard or destroy from an empty draw pile shuffles the
// discards first (with the shuffle's Virtue or Corruption).
func TestDiscardTopShufflesEmptyDraw(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Discard = append(st.Discard, st.Draw...)
	st.Draw = nil
	n := len(st.Discard)
	do(s, Task{Seat: 0, Kind: "discard"})
	answer(t, s, "top")
	settled(t, s)
	if len(st.Draw) != n-1 || len(st.Discard) != 1 || st.Virtue != len(s.c.Track.Own)-2 {
		t.Errorf("draw %d, discard %d, virtue marker %d: want %d, 1 and 1 Virtue", len(st.Draw), len(st.Discard), st.Virtue, n-1)
	}
}

// Page 32: a free manuscript is one of cost 3 or 4 on view.
func TestFreeManuscriptCosts(t *testing.T) {
	s := table(t, 3)
	tops := []string{"red-1", "red-3", "red-5", "blue-9", "green-2"} // costs 3, 4, 5, 7, 3
	for p, id := range tops {
		m := script(t, s, id)
		for q := range numSegments {
			if i := slices.Index(s.Scripts[q], m); i >= 0 {
				s.Scripts[q] = slices.Delete(s.Scripts[q], i, i+1)
			}
		}
		s.Scripts[p] = append(s.Scripts[p], m)
	}
	do(s, Task{Seat: 0, Kind: "manuscript", N: 1})
	if got := ids(s); !slices.Equal(got, []string{"s0", "s1", "s4"}) {
		t.Errorf("free manuscripts %v, want those costing 3 or 4 (positions 0, 1, 4)", got)
	}
	answer(t, s, "s1")
	settled(t, s)
	if !slices.Contains(s.Seats[0].Scripts, script(t, s, "red-3")) || s.Seats[0].Res[Gold] != 1 {
		t.Errorf("took %v, gold %d: want red-3 and its Gold", s.Seats[0].Scripts, s.Seats[0].Res[Gold])
	}
}

// Page 23: the game ends one round after the first reveal; the other
// card showing later (Divided Kingdom) does not push the end back.
func TestSecondRevealKeepsTheEnd(t *testing.T) {
	s := table(t, 3)
	s.Round, s.DebtsAbove, s.DeedsAbove = 3, 1, 1
	s.gainDebt(1)
	s.Tasks = nil
	if s.LastRound != 4 {
		t.Fatalf("last round %d after Poverty in round 3, want 4", s.LastRound)
	}
	s.Round = 4
	s.gainDeed(2)
	if !s.Poverty || !s.Prosperity || s.LastRound != 4 {
		t.Errorf("after Prosperity in round 4: poverty %v, prosperity %v, last round %d; want both shown, still round 4", s.Poverty, s.Prosperity, s.LastRound)
	}
}

// Page 11: a turn runs through its six phases in order and passes to the
// player on the left, who starts with card management.
func TestWholeTurnInOrder(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Draw = append(st.Draw, st.Hand...)
	st.Hand = nil
	toHand(t, s, 0, "abbot", "squire")
	st.Space, st.Silver = space(0, slotLeft), 5
	toFolk(t, s, 1, "miner")
	do(s, Task{Seat: 0, Kind: "turn"})
	var kinds []string
	step := func(kind, id string) {
		t.Helper()
		asked(t, s, 0, kind)
		kinds = append(kinds, kind)
		answer(t, s, id)
	}
	step("play", "c"+itoa(card(t, s, "abbot")))
	step("move", "m"+itoa(space(1, slotLeft)))
	step("action", "pass")
	step("recruit", "hire")
	if !slices.Equal(kinds, []string{"play", "move", "action", "recruit"}) {
		t.Errorf("phases %v", kinds)
	}
	if len(st.Hand) != 3 || st.Silver != 5-2 || !slices.Contains(st.Discard, card(t, s, "miner")) {
		t.Errorf("after the turn: hand %d, silver %d, discard %v: want 3 drawn, the Miner hired for 2", len(st.Hand), st.Silver, st.Discard)
	}
	if s.Current != 1 {
		t.Fatalf("current seat %d, want 1 (the left neighbour)", s.Current)
	}
	asked(t, s, 1, "play")
}

// Page 23, over whole random games: the game ends only after Poverty or
// Prosperity showed, every player has had the same number of turns, and
// the player right of the start player had the last one.
func TestWholeGamesEndWithEqualTurns(t *testing.T) {
	g := New()
	for players := 2; players <= MaxPlayers; players++ {
		seed := uint64(40 + players)
		st, err := g.New(games.Setup{Players: players, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		rng := games.NewRNG(seed)
		turns := make([]int, players)
		last := -1
		for moves := 0; !s.Over(); moves++ {
			if moves > 50000 {
				t.Fatalf("%d players: no end after %d moves", players, moves)
			}
			if s.Phase == phaseTurn && s.Current != last {
				turns[s.Current]++
				last = s.Current
			}
			p := s.Pending()[0]
			if _, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID); err != nil {
				t.Fatal(err)
			}
		}
		if !s.Poverty && !s.Prosperity {
			t.Errorf("%d players: over with neither card shown", players)
		}
		if slices.Min(turns) != slices.Max(turns) {
			t.Errorf("%d players: turns %v, want equal", players, turns)
		}
		if right := (s.Start + players - 1) % players; last != right {
			t.Errorf("%d players, start %d: last turn by %d, want %d", players, s.Start, last, right)
		}
	}
}
