package viscounts

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// soloState starts a solo game against opp and answers the draft with the
// first pair (and any setup choice with its first option), leaving the
// player's first card to play.
func soloState(t *testing.T, opp string, difficulty int, seed uint64) *State {
	t.Helper()
	st, err := New().New(games.Setup{Players: 1, Seed: seed,
		Options: map[string]string{optOpponent: opp, optDifficulty: strconv.Itoa(difficulty)}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Tasks[0].Kind != "play" {
		p := s.Pending()[0]
		if _, err := s.Apply(p.Seat, p.Options[0].ID); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// aiDo resolves tasks for the opponent; run stops at the player's next
// decision.
func aiDo(s *State, ts ...Task) {
	for i := range ts {
		ts[i].Seat = s.Solo.Seat
	}
	s.push(ts...)
	s.run()
}

// aiSeat is the opponent's seat.
func aiSeat(s *State) *Seat { return s.Seats[s.Solo.Seat] }

// noAIPrompt fails when the game asks the opponent anything.
func noAIPrompt(t *testing.T, s *State) {
	t.Helper()
	for _, p := range s.Pending() {
		if p.Seat == s.Solo.Seat {
			t.Fatalf("the opponent is asked %s", p.Text.Key)
		}
	}
}

func TestSoloSetup(t *testing.T) {
	c := New().c
	for _, o := range c.Opponents {
		for d := 0; d <= maxSoloDifficulty; d++ {
			st, err := New().New(games.Setup{Players: 1, Seed: uint64(d + 1), Options: map[string]string{optOpponent: o.ID, optDifficulty: strconv.Itoa(d)}})
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if s.Players != 2 || s.Solo.Seat != 1 || s.Start != 0 || len(s.DraftCards) != 2 {
				t.Fatalf("%s: seats %d, opponent %d, start %d, %d pairs", o.ID, s.Players, s.Solo.Seat, s.Start, len(s.DraftCards))
			}
			if p := s.Pending(); len(p) != 1 || p[0].Seat != 0 || len(p[0].Options) != 2 {
				t.Fatalf("%s: the player chooses from the 2 pairs first, got %+v", o.ID, p)
			}
			removedStart, removedFuture := 0, 0
			for _, i := range o.Removes {
				if c.Schemes[i].Future {
					removedFuture++
				} else {
					removedStart++
				}
			}
			if len(s.Solo.Draw) != numStartSchemes-removedStart+d || len(s.Solo.Future) != numFutureSchemes-removedFuture-d {
				t.Errorf("%s, difficulty %d: draw %d, future %d", o.ID, d, len(s.Solo.Draw), len(s.Solo.Future))
			}
			futures := 0
			for _, i := range s.Solo.Draw {
				if c.Schemes[i].Future {
					futures++
				}
			}
			if futures != d {
				t.Errorf("%s, difficulty %d: %d future schemes in the draw pile", o.ID, d, futures)
			}
			if len(s.Seats[1].Draw) != 0 {
				t.Errorf("%s: the opponent got townsfolk", o.ID)
			}
		}
	}
}

// TestSoloDraftPlacesTheOpponent: the opponent's viscount goes to the
// space of the card the player left; it gains its starting items and
// builds its Guildhall on the left-most free plot there.
func TestSoloDraftPlacesTheOpponent(t *testing.T) {
	for pick := range 2 {
		st, _ := New().New(games.Setup{Players: 1, Seed: 9, Options: map[string]string{optOpponent: "cleric"}})
		s := st.(*State)
		left := s.DraftCards[1-pick]
		debts, deeds := s.DebtsAbove, s.DeedsAbove
		if _, err := s.Apply(0, "p"+strconv.Itoa(pick)); err != nil {
			t.Fatal(err)
		}
		for s.Tasks[0].Kind != "play" {
			p := s.Pending()[0]
			s.Apply(p.Seat, p.Options[0].ID)
		}
		ai := aiSeat(s)
		if ai.Space != s.startSpace(left) || ai.PlayerCard != 0 || ai.Hero != -1 {
			t.Fatalf("the opponent is at %d with card %d, want the space of card %d (%d)", ai.Space, ai.PlayerCard, left, s.startSpace(left))
		}
		if ai.Built != [numBuildings]int{Guildhall: 1} || ai.Debts != 1 || ai.Deeds != 1 || ai.Res[Ink] < 1 || ai.Res[Stone] < 1 {
			t.Fatalf("the Cleric AI's start: %+v", ai)
		}
		p := ai.Space / 3
		bank := s.bankPlots(ai.Space)
		lo := 0
		if ai.Space%3 == slotRight {
			lo = s.side(p).West
		}
		found := -1
		for i, o := range s.Plots[p] {
			if o == 1*numBuildings+Guildhall {
				found = i
			}
		}
		if found < lo || slices.Contains(bank, found) || (len(bank) > 0 && bank[0] < found) {
			t.Errorf("the Guildhall is on plot %d, free plots of the bank after it %v", found, bank)
		}
		// Setup gains come from the supply: the piles above Poverty and
		// Prosperity are laid out after them (setup step 10, page 8).
		if s.DebtsAbove != debts || s.DeedsAbove != deeds {
			t.Errorf("debts above Poverty %d, deeds above Prosperity %d, want the whole piles %d and %d", s.DebtsAbove, s.DeedsAbove, debts, deeds)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAIChart(t *testing.T) {
	for _, tc := range []struct {
		opp  string
		res  [numResources]int
		want int
	}{
		{"cleric", [3]int{Ink: 5}, Ink},
		{"cleric", [3]int{Ink: 6, Stone: 3}, Stone},
		{"cleric", [3]int{Ink: 6, Stone: 4}, Gold},
		{"cleric", [3]int{Ink: 9, Gold: 9, Stone: 9}, Gold},
		{"cleric", [3]int{Ink: 2, Stone: 9}, Ink},
		{"noble", [3]int{Gold: 2}, Gold},
		{"noble", [3]int{Gold: 3}, Ink},
		{"builder", [3]int{Stone: 7}, Gold},
		// The card-focused AI: all one type; it fills the smallest heap.
		{"merchant", [3]int{Ink: 2, Gold: 1, Stone: 3}, Gold},
		{"merchant", [3]int{Ink: 1, Gold: 1, Stone: 1}, Ink},
	} {
		s := soloState(t, tc.opp, 0, 1)
		aiSeat(s).Res = tc.res
		if got := s.aiChartResource(); got != tc.want {
			t.Errorf("%s with %v takes %s, want %s", tc.opp, tc.res, resourceNames[got], resourceNames[tc.want])
		}
	}
}

// TestAIReferenceCard: the three columns of the AI reference card, the
// flip choice and the gain-a-card icons.
func TestAIReferenceCard(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(s *State, ai *Seat)
		task  Task
		check func(s *State, ai *Seat, before Seat, discards int) bool
	}{
		{"2 silver are a resource", nil, Task{Kind: "silver", N: 2},
			func(s *State, ai *Seat, b Seat, _ int) bool {
				return ai.Res[Ink] == b.Res[Ink]+1 && ai.Silver == b.Silver
			}},
		{"3 silver are a resource and a silver", nil, Task{Kind: "silver", N: 3},
			func(s *State, ai *Seat, b Seat, _ int) bool {
				return ai.Res[Ink] == b.Res[Ink]+1 && ai.Silver == b.Silver+1
			}},
		{"a rearrange is a resource", nil, Task{Kind: "rearrange"},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Res[Ink] == b.Res[Ink]+1 }},
		{"a destroy is a card flip", nil, Task{Kind: "destroy", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool {
				return ai.PaidDebts == b.PaidDebts+1 && ai.Res[Ink] == b.Res[Ink]+1
			}},
		{"an empty future pile is a card flip", func(s *State, _ *Seat) {
			s.Solo.Box = append(s.Solo.Box, s.Solo.Future...)
			s.Solo.Future = nil
		}, Task{Kind: "ai.future", N: 1},
			func(s *State, ai *Seat, b Seat, d int) bool {
				return ai.PaidDebts == b.PaidDebts+1 && len(s.Solo.Discard) == d
			}},
		{"a flip with nothing to flip is a virtue", func(s *State, ai *Seat) { ai.Debts, ai.Deeds = 0, 0 }, Task{Kind: "flip", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Virtue == b.Virtue-1 }},
		{"a debt flip with no debt is a virtue", func(s *State, ai *Seat) { ai.Debts = 0 }, Task{Kind: "flipdebt", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Virtue == b.Virtue-1 && ai.Deeds == b.Deeds }},
		{"a discard is a virtue", nil, Task{Kind: "discard", N: 1, Reward: &Atom{Kind: "silver", N: 2}},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Virtue == b.Virtue-1 && ai.Res == b.Res }},
		{"a castle move is a virtue", nil, Task{Kind: "castlemove"},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Virtue == b.Virtue-1 }},
		{"it flips what it flipped least of", func(s *State, ai *Seat) { ai.PaidDebts, ai.Approved = 1, 0 }, Task{Kind: "flip", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Approved == 1 && ai.Debts == b.Debts }},
		{"a tie flips a debt", func(s *State, ai *Seat) { ai.PaidDebts, ai.Approved = 2, 2 }, Task{Kind: "flip", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.PaidDebts == 3 && ai.Deeds == b.Deeds }},
		{"only deeds: a deed", func(s *State, ai *Seat) { ai.Debts, ai.PaidDebts, ai.Approved = 0, 0, 3 }, Task{Kind: "flip", N: 1},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Approved == 4 }},
		{"a hire adds a future scheme to its discards", nil, Task{Kind: "hire", N: 1},
			func(s *State, ai *Seat, b Seat, d int) bool {
				return len(s.Solo.Discard) == d+1 && s.c.Schemes[s.Solo.Discard[d]].Future
			}},
		{"a choice takes the first", nil, Task{Kind: "alt", Alts: Effect{{{Kind: "stone", N: 1}}, {{Kind: "gold", N: 1}}}},
			func(s *State, ai *Seat, b Seat, _ int) bool {
				return ai.Res[Stone] == b.Res[Stone]+1 && ai.Res[Gold] == b.Res[Gold]
			}},
		{"drawing does nothing", nil, Task{Kind: "draw", N: 2},
			func(s *State, ai *Seat, b Seat, _ int) bool { return ai.Res == b.Res && len(ai.Hand) == 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := soloState(t, "cleric", 0, 2)
			ai := aiSeat(s)
			ai.Res = [numResources]int{Ink: 1}
			ai.Corruption = 0
			if tc.setup != nil {
				tc.setup(s, ai)
			}
			before, discards := *ai, len(s.Solo.Discard)
			aiDo(s, tc.task)
			noAIPrompt(t, s)
			if !tc.check(s, ai, before, discards) {
				t.Fatalf("before %+v, after %+v", before, *ai)
			}
			if err := s.Check(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestAIDismissesForTheEffectOnly: the townsfolk beside its viscount
// leaves the game; it gains the card's immediate effect, not its icons.
func TestAIDismissesForTheEffectOnly(t *testing.T) {
	s := soloState(t, "cleric", 0, 3)
	ai := aiSeat(s)
	p := ai.Space / 3
	card := s.Folk[p][len(s.Folk[p])-1]
	icons := s.boardIcons(s.Solo.Seat)
	before, discards := *ai, len(s.Solo.Discard)
	aiDo(s, Task{Kind: "ai.dismiss"})
	if slices.Contains(s.Folk[p], card) || !slices.Contains(s.Gone, card) {
		t.Fatal("the dismissed card is not out of the game")
	}
	if s.boardIcons(s.Solo.Seat) != icons {
		t.Error("the opponent gained the dismissed card's icons")
	}
	same := ai.Res == before.Res && ai.Silver == before.Silver && ai.Virtue == before.Virtue && ai.Corruption == before.Corruption &&
		ai.Debts == before.Debts && ai.Deeds == before.Deeds && ai.PaidDebts == before.PaidDebts && ai.Approved == before.Approved &&
		len(s.Solo.Discard) == discards && ai.Built == before.Built && ai.Workers == before.Workers
	if hire := s.folk(card).Hire; len(hire) > 0 && same {
		t.Errorf("the opponent gained nothing from %s (%s)", s.folk(card).ID, hire)
	}
	// An empty pile: the printed card gives its effect and stays.
	s.Gone = append(s.Gone, s.Folk[p]...)
	s.Folk[p] = nil
	aiDo(s, Task{Kind: "ai.dismiss"})
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestAIMovesClockwiseOnTheOutsidePath(t *testing.T) {
	for _, tc := range []struct{ from, n, want int }{
		{0, 1, 2}, {0, 2, 3}, {2, 1, 3}, {3, 3, 8}, {14, 1, 0}, {12, 4, 3}, {5, 10, 5},
	} {
		s := soloState(t, "noble", 0, 4)
		ai := aiSeat(s)
		ai.Space = tc.from
		s.Seats[0].Space = 1 // inner: never on the opponent's path
		aiDo(s, Task{Kind: "ai.move", N: tc.n})
		if ai.Space != tc.want {
			t.Errorf("from %d, %d steps: at %d, want %d", tc.from, tc.n, ai.Space, tc.want)
		}
		if !outer(ai.Space) {
			t.Errorf("the opponent ended on the inside path (%d)", ai.Space)
		}
	}
}

// TestLandingOnEachOther: the opponent landing on the player's viscount
// lets the player rearrange; the player landing on the opponent's gives
// it a resource of its choice.
func TestLandingOnEachOther(t *testing.T) {
	s := soloState(t, "cleric", 0, 5)
	me, ai := s.Seats[0], aiSeat(s)
	me.Board = [boardSlots]int{-1, me.Hand[0], me.Hand[1]}
	me.Hand = me.Hand[2:]
	me.Space = aiNext(aiNext(ai.Space))
	aiDo(s, Task{Kind: "ai.move", N: 2})
	p := s.Pending()
	if len(p) != 1 || p[0].Seat != 0 || p[0].Text.Key != "vc.prompt.rearrange" {
		t.Fatalf("the player is not offered a rearrange: %+v", p)
	}
	s.Apply(0, "keep")
	before := ai.Res
	s.moveTo(0, ai.Space, 1, 0)
	s.run()
	if ai.Res[Ink] != before[Ink]+1 {
		t.Errorf("the opponent's resources %v, before %v: want 1 more Ink", ai.Res, before)
	}
	noAIPrompt(t, s)
}

// clearBoard empties the opponent's board of schemes (into its discards)
// and its goods, so a test sets exactly its icons and resources.
func clearBoard(s *State, schemes ...string) {
	so := s.Solo
	for i, c := range so.Board {
		if c >= 0 {
			so.Discard = append(so.Discard, c)
			so.Board[i] = -1
		}
	}
	for i, id := range schemes {
		so.Board[i] = takeScheme(s, id)
	}
	aiSeat(s).Res = [numResources]int{}
}

// takeScheme takes scheme id out of wherever it is, for a test to put it
// somewhere; -1 for no id.
func takeScheme(s *State, id string) int {
	so := s.Solo
	c := slices.IndexFunc(s.c.Schemes, func(sc Scheme) bool { return sc.ID == id })
	for _, zone := range []*[]int{&so.Draw, &so.Discard, &so.Future, &so.Box} {
		if k := slices.Index(*zone, c); k >= 0 {
			*zone = slices.Delete(*zone, k, k+1)
		}
	}
	for i, b := range so.Board {
		if b == c && c >= 0 {
			so.Board[i] = -1
		}
	}
	return c
}

func TestAIPlacesAsManyWorkersAsItCanNeverOne(t *testing.T) {
	for _, tc := range []struct {
		gold, supply, want int
	}{
		{0, 20, 0}, // 2 noble icons: one worker only, so none
		{1, 20, 2},
		{2, 20, 2},
		{3, 20, 3},
		{6, 20, 4},
		{9, 20, 4},
		{6, 3, 3},
		{6, 1, 0},
	} {
		s := soloState(t, "noble", 0, 6)
		ai := aiSeat(s)
		clearBoard(s, "s1") // 2 noble icons
		ai.Built = [numBuildings]int{}
		for p := range s.Plots {
			for i, o := range s.Plots[p] {
				if o >= 0 && o/numBuildings == 1 {
					s.Plots[p][i] = -1
				}
			}
		}
		for tier := range s.Tiers {
			for sec := range s.Tiers[tier] {
				s.Tiers[tier][sec] = removeAll(s.Tiers[tier][sec], 1)
			}
		}
		ai.Workers = tc.supply
		ai.Res[Gold] = tc.gold
		ai.Debts, ai.PaidDebts = 1, 0
		home := ai.Space / 3
		// A second tier paying no gold, so what it spent shows.
		for s.tier2(home).String() != "virtue2" {
			s.CastleTurn = (s.CastleTurn + 1) % numSegments
		}
		aiDo(s, Task{Kind: "ai.action", Where: aiWorkers, Alts: s.c.Schemes[0].Fallback})
		placed := tc.supply - ai.Workers
		if placed != tc.want {
			t.Errorf("%d gold, %d in supply: placed %d, want %d", tc.gold, tc.supply, placed, tc.want)
		}
		if tc.want > 0 {
			n := 0
			for tier := range 3 {
				for sec := range numSegments {
					n += count(s.Tiers[tier][sec], 1)
				}
			}
			if count(s.Tiers[0][home], 1)+count(s.Tiers[1][home], 1) == 0 || n != tc.want {
				t.Errorf("the workers are not at its segment's section: %v", s.Tiers)
			}
			if spent := tc.gold - ai.Res[Gold]; spent != max(0, workerSteps[tc.want-1]-2) {
				t.Errorf("spent %d gold for %d workers", spent, tc.want)
			}
		} else if ai.PaidDebts != 1 {
			t.Errorf("no fallback: %+v", ai)
		}
		noAIPrompt(t, s)
	}
}

// removeAll takes every worker of seat out of ws.
func removeAll(ws []int, seat int) []int {
	return slices.DeleteFunc(slices.Clone(ws), func(w int) bool { return w == seat })
}

func TestAIBuildsItsLeftmostAffordableBuilding(t *testing.T) {
	for _, tc := range []struct {
		funds    int // builder icons and stone
		fullBank bool
		want     int // building, -1 none
	}{
		{7, false, Guildhall},
		{6, false, TradingPost},
		{5, false, TradingPost},
		{4, false, Workshop},
		{3, false, Workshop},
		{2, false, -1},
		{7, true, -1}, // it never crosses the river
	} {
		s := soloState(t, "builder", 0, 7)
		ai := aiSeat(s)
		clearBoard(s)
		ai.Debts, ai.PaidDebts, ai.Deeds = 0, 0, 0
		ai.Space = 0 // the outer-left space of position 0
		// The Builder's first Guildhall uncovered a builder icon.
		icons, _ := s.aiFunds(Builder)
		ai.Res[Stone] = tc.funds - icons
		bank := s.bankPlots(0)
		if tc.fullBank {
			for _, i := range bank {
				s.Plots[0][i] = 0*numBuildings + Workshop
			}
		}
		built := ai.Built
		aiDo(s, Task{Kind: "ai.action", Where: aiBuild, Alts: Effect{{{Kind: "virtue", N: 1}}}})
		if tc.want < 0 {
			if ai.Built != built {
				t.Errorf("funds %d, full bank %v: built %v", tc.funds, tc.fullBank, ai.Built)
			}
			continue
		}
		if ai.Built[tc.want] != built[tc.want]+1 {
			t.Errorf("funds %d (%d icons): built %v, want a %s", tc.funds, icons, ai.Built, buildingNames[tc.want])
			continue
		}
		if s.Plots[0][bank[0]] != 1*numBuildings+tc.want {
			t.Errorf("not on the left-most free plot %d: %v", bank[0], s.Plots[0])
		}
	}
}

// TestAIFreeBuildingGoesClockwise: a free building takes the left-most
// free plot at its viscount, else the next clockwise, across rivers.
func TestAIFreeBuildingGoesClockwise(t *testing.T) {
	for _, tc := range []struct {
		name  string
		space int
		fill  func(s *State)
		want  [2]int // position, plot; -1: forfeited
	}{
		{"its own bank", 0, func(s *State) {}, [2]int{0, 0}},
		{"over the river", 0, func(s *State) { fillPlots(s, 0, 0, s.side(0).West) }, [2]int{0, -2}},
		{"on to the next segment", 2, func(s *State) { fillPlots(s, 0, s.side(0).West, len(s.Plots[0])) }, [2]int{1, 0}},
		{"round the board", 2, func(s *State) {
			for p := 1; p < numSegments; p++ {
				fillPlots(s, p, 0, len(s.Plots[p]))
			}
			fillPlots(s, 0, s.side(0).West, len(s.Plots[0]))
		}, [2]int{0, 0}},
		{"nowhere", 0, func(s *State) {
			for p := range numSegments {
				fillPlots(s, p, 0, len(s.Plots[p]))
			}
		}, [2]int{-1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := soloState(t, "cleric", 0, 8)
			for p := range numSegments {
				for i := range s.Plots[p] {
					s.Plots[p][i] = -1
				}
			}
			aiSeat(s).Built = [numBuildings]int{}
			aiSeat(s).Space = tc.space
			tc.fill(s)
			want := tc.want
			if want[1] == -2 {
				want[1] = s.side(0).West
			}
			aiDo(s, Task{Kind: "workshop", N: 1})
			got := [2]int{-1, -1}
			for p := range numSegments {
				for i, o := range s.Plots[p] {
					if o == 1*numBuildings+Workshop {
						got = [2]int{p, i}
					}
				}
			}
			if got != want {
				t.Fatalf("the free Workshop is at %v, want %v", got, want)
			}
		})
	}
}

// fillPlots puts the player's workshops on plots lo..hi-1 at p.
func fillPlots(s *State, p, lo, hi int) {
	for i := lo; i < hi; i++ {
		s.Plots[p][i] = 0*numBuildings + Workshop
	}
}

// TestAIBumpsThePlayer: the opponent bumps the player's workers, its own
// only when a section holds no worker of the player's.
func TestAIBumpsThePlayer(t *testing.T) {
	s := soloState(t, "noble", 0, 9)
	me, ai := s.Seats[0], aiSeat(s)
	home := ai.Space / 3
	s.Tiers[0][home] = []int{1, 0, 1, 1}
	me.Workers--
	ai.Workers -= 3
	silver := me.Silver
	s.Current = 1
	aiDo(s, Task{Kind: "bump"})
	if count(s.Tiers[0][home], 0) != 0 || count(s.Tiers[0][home], 1) != 3 || me.Silver != silver+2 {
		t.Fatalf("section %v, player's silver %d (was %d)", s.Tiers[0][home], me.Silver, silver)
	}
	s.Tiers[0][home] = []int{1, 1, 1, 1}
	ai.Workers--
	res := ai.Res
	aiDo(s, Task{Kind: "bump"})
	if count(s.Tiers[0][home], 1) != 3 || ai.Res == res {
		t.Fatalf("its own worker: section %v, resources %v (2 silver are a resource)", s.Tiers[0][home], ai.Res)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestAICascadesClockwiseFromItsViscount(t *testing.T) {
	for _, tc := range []struct {
		home  int
		three []int
		want  int
	}{
		{0, []int{2, 4}, 2},
		{3, []int{2, 4}, 4},
		{4, []int{0, 2}, 0},
		{1, []int{1, 0}, 1},
	} {
		s := soloState(t, "noble", 0, 10)
		aiSeat(s).Space = tc.home*3 + slotLeft
		for sec := range numSegments {
			s.Tiers[0][sec] = nil
		}
		for _, sec := range tc.three {
			s.Tiers[0][sec] = []int{1, 1, 1}
		}
		if got := s.aiCascadeSection(1); got != tc.want {
			t.Errorf("viscount at %d, threes at %v: first %d, want %d", tc.home, tc.three, got, tc.want)
		}
	}
}

// TestAITakesTheFirstSecondTierReward: the castle's "hire or destroy"
// gives it the hire, which adds a future scheme.
func TestAITakesTheFirstSecondTierReward(t *testing.T) {
	s := soloState(t, "noble", 0, 11)
	sec := -1
	for p := range numSegments {
		if s.tier2(p).String() == "hire|destroy" {
			sec = p
		}
	}
	ai := aiSeat(s)
	s.Tiers[0][sec] = append(s.Tiers[0][sec], 1, 1, 1)
	ai.Workers -= 3
	discards, paid := len(s.Solo.Discard), ai.PaidDebts
	s.cascade(1, sec)
	s.run()
	if len(s.Solo.Discard) != discards+1 || ai.PaidDebts != paid {
		t.Fatalf("discards %d (were %d), paid debts %d: want the hire's future scheme", len(s.Solo.Discard), discards, ai.PaidDebts)
	}
}

// setScript puts manuscript id on top of the pile at p, swapping it with
// the card there so every manuscript stays in one place.
func setScript(t *testing.T, s *State, p int, id string) int {
	t.Helper()
	m := slices.IndexFunc(s.c.Manuscripts, func(ms Manuscript) bool { return ms.ID == id })
	for q := range numSegments {
		if k := slices.Index(s.Scripts[q], m); k >= 0 {
			top := len(s.Scripts[p]) - 1
			s.Scripts[q][k], s.Scripts[p][top] = s.Scripts[p][top], s.Scripts[q][k]
			return m
		}
	}
	t.Fatalf("manuscript %s is not on the board", id)
	return -1
}

// scriptOfCost is a manuscript id of the given cost.
func scriptOfCost(s *State, cost int, not ...string) string {
	for _, ms := range s.c.Manuscripts {
		if ms.Cost == cost && !slices.Contains(not, ms.ID) {
			return ms.ID
		}
	}
	return ""
}

func TestAITranscribesAtItsSegment(t *testing.T) {
	for _, tc := range []struct {
		cost, ink int
		ok        bool
	}{
		{3, 0, true}, {4, 0, false}, {4, 1, true}, {6, 3, true}, {7, 3, false},
	} {
		s := soloState(t, "cleric", 0, 12)
		ai := aiSeat(s)
		clearBoard(s, "s2") // cleric + criminal; its Guildhall: a third cleric icon
		ai.Res[Ink] = tc.ink
		p := ai.Space / 3
		m := setScript(t, s, p, scriptOfCost(s, tc.cost))
		aiDo(s, Task{Kind: "ai.action", Where: aiTranscribe, Alts: Effect{{{Kind: "virtue", N: 1}}}})
		if got := slices.Contains(ai.Scripts, m); got != tc.ok {
			t.Errorf("cost %d with %d ink: transcribed %v", tc.cost, tc.ink, got)
		}
		if tc.ok && ai.Res[Ink] != max(0, tc.ink-(tc.cost-3)) {
			t.Errorf("cost %d: %d ink left of %d", tc.cost, ai.Res[Ink], tc.ink)
		}
	}
}

// TestAIFreeManuscriptGoesClockwise: a free manuscript (cost 3 or 4) is
// its segment's if it can, else the next clockwise it can take.
func TestAIFreeManuscriptGoesClockwise(t *testing.T) {
	s := soloState(t, "cleric", 0, 13)
	ai := aiSeat(s)
	home := ai.Space / 3
	expensive := []string{scriptOfCost(s, 6), scriptOfCost(s, 7), scriptOfCost(s, 5)}
	setScript(t, s, home, expensive[0])
	setScript(t, s, (home+1)%numSegments, expensive[1])
	setScript(t, s, (home+3)%numSegments, expensive[2])
	want := setScript(t, s, (home+2)%numSegments, scriptOfCost(s, 4))
	setScript(t, s, (home+4)%numSegments, scriptOfCost(s, 3))
	aiDo(s, Task{Kind: "manuscript", N: 1})
	if len(ai.Scripts) != 1 || ai.Scripts[0] != want {
		t.Fatalf("took %v, want %d", ai.Scripts, want)
	}
}

// TestAICollectsClericBonus: its third manuscript of a ribbon brings the
// cleric bonus card and its cleric icon.
func TestAICollectsClericBonus(t *testing.T) {
	s := soloState(t, "cleric", 0, 14)
	ai := aiSeat(s)
	var reds []int
	for i, ms := range s.c.Manuscripts {
		if ms.Ribbon == Red && ms.Cost == 3 {
			reds = append(reds, i)
		}
	}
	if len(reds) < 2 {
		t.Fatal("the data has fewer than two red manuscripts of cost 3")
	}
	p := ai.Space / 3
	icons := s.boardIcons(1)[Cleric]
	// Two red manuscripts held already (taken from the piles).
	for _, m := range reds[:2] {
		for q := range numSegments {
			if k := slices.Index(s.Scripts[q], m); k >= 0 {
				s.Scripts[q] = slices.Delete(s.Scripts[q], k, k+1)
			}
		}
		ai.Scripts = append(ai.Scripts, m)
	}
	for i, ms := range s.c.Manuscripts {
		if ms.Ribbon == Red && !slices.Contains(reds[:2], i) {
			setScript(t, s, p, ms.ID)
			break
		}
	}
	ai.Res[Ink] = 9
	s.Seats[0].Bonus, s.ClericBonus = nil, [numRibbons]int{}
	aiDo(s, Task{Kind: "ai.action", Where: aiTranscribe, Alts: Effect{{{Kind: "virtue", N: 1}}}})
	if s.ClericBonus[Red] != 2 || !slices.Contains(ai.Bonus, Red) || s.boardIcons(1)[Cleric] != icons+1 {
		t.Fatalf("bonus %v, held %v, cleric icons %d (were %d)", s.ClericBonus, ai.Bonus, s.boardIcons(1)[Cleric], icons)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestAIScoresItsLeftoverResources(t *testing.T) {
	s := soloState(t, "cleric", 0, 15)
	aiSeat(s).Res = [numResources]int{Ink: 2, Gold: 3, Stone: 4}
	s.Seats[0].Res = [numResources]int{Ink: 5}
	sc := s.scores()
	if sc[1].Resources != 9 || sc[0].Resources != 0 {
		t.Fatalf("resources scored %d and %d", sc[1].Resources, sc[0].Resources)
	}
	aiSeat(s).Res = [numResources]int{}
	if s.scores()[1].Total != sc[1].Total-9 {
		t.Fatal("the leftover resources are not in the total")
	}
}

// TestAITrades: the trade on its space as often as its merchant icons
// (criminals wild) allow, for every opponent; the fallback when they
// allow none.
func TestAITrades(t *testing.T) {
	for _, tc := range []struct {
		opp     string
		schemes []string
		trade   Trade
		check   func(ai *Seat, b Seat) bool
	}{
		// Merchant: s5 (2 merchant), s7 (builder, cleric), its Guildhall's
		// merchant: 3 merchant icons.
		{"merchant", []string{"s5", "s7"}, TradeSilver, func(ai *Seat, b Seat) bool { return res(ai)-res(&b) == 1 && ai.Silver == b.Silver+1 }},
		{"merchant", []string{"s5", "s7"}, TradeGold, func(ai *Seat, b Seat) bool { return ai.Res[Gold] == b.Res[Gold]+1 }},
		{"merchant", []string{"s5", "s7"}, TradeDestroy, func(ai *Seat, b Seat) bool { return ai.PaidDebts+ai.Approved == b.PaidDebts+b.Approved+1 }},
		{"merchant", []string{"s5", "s7"}, TradeFlip, func(ai *Seat, b Seat) bool { return ai.Virtue == b.Virtue-1 }}, // cannot: the fallback
		// s6's criminal makes the fourth.
		{"merchant", []string{"s5", "s6"}, TradeFlip, func(ai *Seat, b Seat) bool { return ai.PaidDebts+ai.Approved == b.PaidDebts+b.Approved+1 }},
		// Cleric: s8 (merchant, noble), s6 (noble, criminal): 2 icons.
		{"cleric", []string{"s8", "s6"}, TradeStone, func(ai *Seat, b Seat) bool { return ai.Res[Stone] == b.Res[Stone]+1 }},
		{"cleric", []string{"s8", "s6"}, TradeDestroy, func(ai *Seat, b Seat) bool { return ai.Virtue == b.Virtue-1 }}, // cannot: the fallback
	} {
		s := soloState(t, tc.opp, 0, 17)
		ai := aiSeat(s)
		clearBoard(s, tc.schemes...)
		ai.Debts, ai.Deeds, ai.Corruption = 2, 2, 0
		before := aiTradeAt(t, s, tc.trade)
		if !tc.check(ai, before) {
			t.Errorf("%s trading %s: before %+v, after %+v", tc.opp, tc.trade, before, *ai)
		}
	}
}

// aiTradeAt puts the opponent's viscount on the first outer space with
// trade and has it take its trade action (the fallback: 1 Virtue); it
// returns its seat as it was before.
func aiTradeAt(t *testing.T, s *State, trade Trade) Seat {
	t.Helper()
	ai := aiSeat(s)
	found := false
	for p := range numSegments {
		for slot, tr := range s.side(p).Trades {
			if tr == trade && !found {
				ai.Space = p*3 + []int{slotLeft, slotRight}[slot]
				found = true
			}
		}
	}
	if !found {
		t.Fatalf("no space trades %s", trade)
	}
	before := *ai
	aiDo(s, Task{Kind: "ai.action", Where: aiTrade, Alts: Effect{{{Kind: "virtue", N: 1}}}})
	return before
}

// res counts a seat's resources.
func res(st *Seat) int { return st.Res[Ink] + st.Res[Gold] + st.Res[Stone] }

// TestAISchemeSteps: a criminal scheme costs 1 Corruption per criminal
// icon on its board; the focus icon is its opponent's action.
func TestAISchemeSteps(t *testing.T) {
	s := soloState(t, "builder", 0, 18)
	ai := aiSeat(s)
	clearBoard(s)
	s.Solo.Board[1] = takeScheme(s, "s2")
	f8 := takeScheme(s, "f8")
	s.Solo.Draw = append(s.Solo.Draw, f8)
	ts := s.schemeTasks(f8)
	if ts[0].Kind != "ai.criminals" || ts[3].Kind != "ai.action" || ts[3].Where != aiBuild {
		t.Fatalf("f8's tasks %+v: the focus is the Builder's build", ts)
	}
	ai.Corruption, ai.Virtue = 0, len(s.c.Track.Own)-1
	s.events = nil
	aiTurn(s)
	// f8 has 2 criminals, s2 (shifted right) 1.
	want := games.T("vc.gain.corruption", "n", 3)
	if !slices.ContainsFunc(s.events, func(e games.Text) bool {
		return e.Key == "vc.ev.gained" && len(e.Args) == 2 && e.Args[1].Text != nil && e.Args[1].Text.Key == want.Key && e.Args[1].Text.Args[0] == want.Args[0]
	}) {
		t.Fatalf("no 3 Corruption for a scheme with 2 criminals beside one with 1: %v", s.events)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestAIReshuffles: an empty draw pile is made of its discards (the card
// that just dropped off included) with a player's Corruption or Virtue.
func TestAIReshuffles(t *testing.T) {
	for _, criminal := range []bool{false, true} {
		s := soloState(t, "cleric", 0, 19)
		ai := aiSeat(s)
		so := s.Solo
		so.Discard = append(so.Discard, so.Draw...)
		so.Draw = nil
		clearBoard(s)
		kept := "s4"
		if criminal {
			kept = "s6"
		}
		so.Board[1], so.Board[2] = takeScheme(s, kept), takeScheme(s, "s5")
		ai.Corruption, ai.Virtue = 0, len(s.c.Track.Own)-1
		total := len(so.Discard) + 1
		s.events = nil
		aiTurn(s)
		if len(so.Draw)+len(so.Discard)+1 != total {
			t.Errorf("draw %d + discard %d after the shuffle of %d", len(so.Draw), len(so.Discard), total)
		}
		key := "vc.ev.shuffled.virtue"
		if criminal {
			key = "vc.ev.shuffled.corrupt"
		}
		if !slices.ContainsFunc(s.events, func(e games.Text) bool { return e.Key == key }) {
			t.Errorf("criminal %v: no %s", criminal, key)
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
	}
}
