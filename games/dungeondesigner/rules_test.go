package dungeondesigner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func TestSetupByPlayerCount(t *testing.T) {
	tests := []struct{ players, tasks, stalls int }{{1, 3, 2}, {2, 3, 2}, {3, 4, 2}, {4, 5, 3}, {5, 6, 4}}
	for _, tc := range tests {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newTest(t, tc.players, seed, nil)
			if len(s.TaskOpen) != tc.tasks || len(s.Stalls) != tc.stalls {
				t.Fatalf("%dp: %d tasks, %d stalls; want %d, %d", tc.players, len(s.TaskOpen), len(s.Stalls), tc.tasks, tc.stalls)
			}
			for _, slot := range s.Stalls {
				st := testComps.Stall(slot.ID)
				for k, id := range slot.Upper {
					if testComps.Tile(id).Shape != st.Upper.Shapes[k] {
						t.Fatalf("stall %d upper spot %d: shape mismatch", slot.ID, k)
					}
				}
				for k, id := range slot.Lower {
					if testComps.Tile(id).Shape != st.Lower.Shapes[k] {
						t.Fatalf("stall %d lower spot %d: shape mismatch", slot.ID, k)
					}
				}
				if len(slot.Upper) != len(st.Upper.Shapes) || len(slot.Lower) != len(st.Lower.Shapes) {
					t.Fatalf("stall %d not filled", slot.ID)
				}
			}
			bps := map[int]bool{}
			for rank, i := range s.Order {
				st := s.Seats[i]
				want := []int{0, 1, 1, 2, 2}[rank]
				if tc.players == 1 {
					want = 0
				}
				if len(st.Hand) != 5 || st.Gold != want || bps[st.Blueprint] {
					t.Fatalf("%dp seat %d: hand %d gold %d (want 5, %d) blueprint %d", tc.players, i, len(st.Hand), st.Gold, want, st.Blueprint)
				}
				bps[st.Blueprint] = true
				if st.Dungeon.Entrance != testComps.Blueprint(st.Blueprint).Entrance {
					t.Fatalf("entrance not where the blueprint shows it")
				}
			}
			if s.Goal < 1 || s.Goal > 8 || len(s.Deck) != 100-5*tc.players {
				t.Fatalf("goal %d, deck %d", s.Goal, len(s.Deck))
			}
		}
	}
	if _, err := New().New(games.Setup{Players: 6}); err == nil {
		t.Error("6 players accepted")
	}
	if _, err := New().New(games.Setup{Players: 1, Options: map[string]string{"solo": "easy"}}); err == nil {
		t.Error("unknown difficulty accepted")
	}
}

func TestJaelDeckByDifficulty(t *testing.T) {
	for diff, extra := range map[string]string{"normal": "diamond", "legendary": "crown"} {
		s := newTest(t, 1, 5, map[string]string{"solo": diff})
		tiers := map[string]int{}
		for _, id := range append(append([]int(nil), s.Jael.Deck...), s.Jael.Cards...) {
			tiers[testComps.JaelCard(id).Tier]++
		}
		if tiers["plain"] != 3 || tiers[extra] != 3 || len(tiers) != 2 || len(s.Jael.Cards) != 1 {
			t.Errorf("%s: deck tiers %v, revealed %d", diff, tiers, len(s.Jael.Cards))
		}
	}
}

func firstPick(t *testing.T, s *State, seat int) string {
	t.Helper()
	p, ok := games.PromptFor(s, seat)
	if !ok || !p.Secret {
		t.Fatalf("seat %d has no secret prompt", seat)
	}
	return p.Options[0].ID
}

func TestBuildSimultaneousAndHidden(t *testing.T) {
	s := newTest(t, 3, 9, nil)
	if n := len(s.Pending()); n != 3 {
		t.Fatalf("%d prompts, want one per seat", n)
	}
	hands := [][]int{}
	for _, st := range s.Seats {
		hands = append(hands, append([]int(nil), st.Hand...))
	}
	var picks []int
	for i := range 3 {
		p, _ := games.PromptFor(s, i)
		for _, o := range p.Options {
			if len(o.ID) > 40 {
				t.Fatalf("long id %q", o.ID)
			}
		}
		move := fmt.Sprintf("pick:%d:c%d", s.Seats[i].Hand[1], i+1)
		picks = append(picks, s.Seats[i].Hand[1])
		out := mustApply(t, s, i, move)
		if out.Revealed != (i == 2) {
			t.Fatalf("pick %d: Revealed = %v", i, out.Revealed)
		}
		if i < 2 {
			pub := s.View(games.Public).(PublicView)
			if pub.Seats[i].Dungeon.Rooms[0][i] != nil || !pub.Seats[i].Picked {
				t.Fatalf("pick shown before the reveal")
			}
			if priv := s.View(i).(PrivateView); priv.Pick == nil || priv.Pick.ID != picks[i] {
				t.Fatalf("own pick missing from the private view")
			}
			if _, err := s.Apply(i, move); err == nil {
				t.Fatalf("second pick accepted")
			}
		}
	}
	// Revealed: every room at row 1 in its column; hands passed left (i -> i+1).
	for i := range 3 {
		if got := s.Seats[i].Dungeon.Grid[0][i].Room; got != picks[i] {
			t.Errorf("seat %d: room %d at column %d, want %d", i, got, i+1, picks[i])
		}
		from := (i + 2) % 3
		want := removeInt(hands[from], picks[from])
		if fmt.Sprint(s.Seats[i].Hand) != fmt.Sprint(want) {
			t.Errorf("seat %d hand %v, want %v from seat %d", i, s.Seats[i].Hand, want, from)
		}
	}
	// Column taken this year is no longer offered.
	if hasOption(s, 0, fmt.Sprintf("pick:%d:c1", s.Seats[0].Hand[0])) {
		t.Error("occupied column offered")
	}
	if s.Pass != 2 {
		t.Errorf("pass %d, want 2", s.Pass)
	}
}

func TestPassDirectionByYear(t *testing.T) {
	for year, wantFrom := range map[int][]int{1: {3, 0, 1, 2}, 2: {1, 2, 3, 0}, 3: {3, 0, 1, 2}, 4: {1, 2, 3, 0}} {
		s := newTest(t, 4, 1, nil)
		s.Year = year
		for i, st := range s.Seats {
			st.Hand = []int{i + 1}
		}
		s.passHands()
		for i, st := range s.Seats {
			if st.Hand[0] != wantFrom[i]+1 {
				t.Errorf("year %d: seat %d got the hand of seat %d", year, i, st.Hand[0]-1)
			}
		}
	}
}

// playBuild answers every build prompt with its first option until the
// market opens.
func playBuild(t *testing.T, s *State) {
	t.Helper()
	for s.Phase == PhaseBuild {
		p := s.Pending()[0]
		mustApply(t, s, p.Seat, p.Options[0].ID)
	}
}

func TestFullBuildYear(t *testing.T) {
	for _, players := range []int{2, 3, 5} {
		s := newTest(t, players, 4, nil)
		deck := len(s.Deck)
		playBuild(t, s)
		for i, st := range s.Seats {
			if st.Dungeon.Rooms() != 4 || len(st.Hand) != 0 || len(st.Played) != 4 {
				t.Errorf("%dp seat %d: %d rooms, %d in hand after the build", players, i, st.Dungeon.Rooms(), len(st.Hand))
			}
		}
		wantDiscard := players // the last card of each hand
		wantDeck := deck
		if players == 2 {
			wantDiscard = 2 * 4 // one discard per pass, the last one automatic
			wantDeck = deck - 2*3
		}
		if len(s.Discard) != wantDiscard || len(s.Deck) != wantDeck {
			t.Errorf("%dp: discard %d deck %d, want %d and %d", players, len(s.Discard), len(s.Deck), wantDiscard, wantDeck)
		}
		if s.Phase != PhaseImprove {
			t.Errorf("%dp: phase %s after the build", players, s.Phase)
		}
	}
}

func TestTwoPlayerDiscardAndDraw(t *testing.T) {
	s := newTest(t, 2, 8, nil)
	for pass, want := range []int{4, 3, 2} {
		for i := range 2 {
			mustApply(t, s, i, firstPick(t, s, i))
			p, _ := games.PromptFor(s, i)
			if p.Text.Key != "dd.prompt.discard" {
				t.Fatalf("pass %d: no discard prompt", pass+1)
			}
			mustApply(t, s, i, p.Options[0].ID)
		}
		for i, st := range s.Seats {
			if len(st.Hand) != want {
				t.Errorf("pass %d seat %d: hand %d, want %d", pass+1, i, len(st.Hand), want)
			}
		}
	}
	for i := range 2 {
		mustApply(t, s, i, firstPick(t, s, i))
	}
	if s.Phase != PhaseImprove {
		t.Fatalf("pass 4 asked for a discard")
	}
}

func TestGoldIncome(t *testing.T) {
	s := newTest(t, 3, 2, nil)
	playBuild(t, s)
	for _, i := range s.Order {
		st := s.Seats[i]
		rank := indexInt(s.Order, i)
		want := []int{0, 1, 1}[rank] + st.Dungeon.Count(testComps, "treasure")
		for _, id := range st.Played {
			want += testComps.Room(id).Gold
		}
		if st.Gold != min(30, want) {
			t.Errorf("seat %d gold %d, want %d", i, st.Gold, want)
		}
	}
	// Cap at 30.
	st := s.Seats[0]
	st.Gold = 25
	st.Played = []int{roomNamed(t, "Crossroads"), roomNamed(t, "Cell")} // 8 + 7
	s.startImprove()
	if st.Gold != 30 {
		t.Errorf("gold %d, want capped 30", st.Gold)
	}
}

func indexInt(list []int, x int) int {
	for i, v := range list {
		if v == x {
			return i
		}
	}
	return -1
}

func TestMarketTurnOrder(t *testing.T) {
	s := newTest(t, 3, 2, nil)
	playBuild(t, s)
	s.Order = []int{2, 0, 1}
	s.Seats[0].Gold, s.Seats[1].Gold, s.Seats[2].Gold = 7, 9, 9
	if got := s.acting(); got != 2 {
		t.Fatalf("acting %d, want 2 (tie, further left)", got)
	}
	s.Seats[1].Gold = 10
	if got := s.acting(); got != 1 {
		t.Fatalf("acting %d, want 1 (most gold)", got)
	}
	if p := s.Pending(); len(p) != 1 || p[0].Seat != 1 || p[0].Secret {
		t.Fatalf("market prompt %+v", p)
	}
	// Buying is limited to what the seat can afford.
	for _, o := range s.Pending()[0].Options {
		var k int
		var part string
		if _, err := fmt.Sscanf(o.ID, "buy:%d:%s", &k, &part); err == nil {
			if testComps.Stall(s.Stalls[k-1].ID).Part(part == "l").Cost > 10 {
				t.Errorf("unaffordable %s offered", o.ID)
			}
		}
	}
}

func TestBuyPlaceAndPass(t *testing.T) {
	s := newTest(t, 3, 2, nil)
	playBuild(t, s)
	i := s.acting()
	st := s.Seats[i]
	st.Gold = 30
	slot := s.Stalls[0]
	tiles := append([]int(nil), slot.Lower...)
	cost := testComps.Stall(slot.ID).Lower.Cost
	mustApply(t, s, i, "buy:1:l")
	if st.Gold != 30-cost || len(s.Stalls[0].Lower) != 0 {
		t.Fatalf("gold %d after buying for %d", st.Gold, cost)
	}
	if hasOption(s, i, "buy:1:l") || s.Placing == nil {
		t.Fatalf("placement not pending")
	}
	for range tiles {
		p := s.Pending()[0]
		if p.Seat != i || p.Secret {
			t.Fatalf("placement prompt %+v", p)
		}
		for _, o := range p.Options {
			var r, c int
			var w string
			if _, err := fmt.Sscanf(o.ID, "put:r%dc%d:%s", &r, &c, &w); err != nil {
				t.Fatalf("odd option %q", o.ID)
			}
			if st.Dungeon.Grid[r-1][c-1].Room == 0 {
				t.Fatalf("%q is not on a room", o.ID)
			}
			if q := indexOf(quadCodes, w); q >= 0 && testComps.Room(st.Dungeon.Grid[r-1][c-1].Room).Spots[q] != "" {
				t.Fatalf("%q covers a printed element", o.ID)
			}
		}
		mustApply(t, s, i, p.Options[0].ID)
	}
	if s.Placing != nil {
		t.Fatal("placement not finished")
	}
	// Pass: gold 0, task taken, next place in the new order.
	for s.acting() != i {
		j := s.acting()
		mustApply(t, s, j, fmt.Sprintf("pass:t%d", s.TaskOpen[0]))
	}
	task := s.TaskOpen[0]
	before := len(s.NewOrder)
	mustApply(t, s, i, fmt.Sprintf("pass:t%d", task))
	if st.Gold != 0 || !containsInt(st.Tasks, task) || containsInt(s.TaskOpen, task) {
		t.Fatalf("pass: gold %d tasks %v", st.Gold, st.Tasks)
	}
	if s.Phase == PhaseImprove && s.NewOrder[before] != i {
		t.Fatalf("new order %v", s.NewOrder)
	}
}

func TestSecretPassagePlacement(t *testing.T) {
	s := newTest(t, 3, 2, nil)
	playBuild(t, s)
	i := s.acting()
	d := &s.Seats[i].Dungeon
	s.Placing = &placing{Seat: i, Tiles: tilesOf(t, "passage", 2)}
	p := s.Pending()[0]
	// Only row 1 is built: 4 rooms have 4 top, 4 bottom and 5 vertical
	// edges; the 3 edges two rooms share are offered under both rooms.
	if len(p.Options) != 16 || d.passageEdges() != 13 {
		t.Fatalf("%d passage options on %d edges, want 16 on 13", len(p.Options), d.passageEdges())
	}
	under := map[string]string{}
	for _, o := range p.Options {
		under[o.ID] = o.Path[0].ID
	}
	if under["put:r1c1:r"] != "r1c1" || under["put:r1c2:l"] != "r1c2" {
		t.Fatalf("the edge between r1c1 and r1c2 is filed under %q and %q", under["put:r1c1:r"], under["put:r1c2:l"])
	}
	out := mustApply(t, s, i, "put:r1c2:b") // a bottom edge without a neighbour yet
	if !d.hasPassage(Edge{R: 1, C: 1}) {
		t.Fatal("passage not on the bottom edge")
	}
	if len(out.Events) == 0 || out.Events[0].Key != "dd.ev.passage" || !slices.ContainsFunc(out.Events[0].Args, func(a games.Arg) bool { return a.Key == "dd.side.b" }) {
		t.Fatalf("narration %+v does not name the bottom edge", out.Events)
	}
	if hasOption(s, i, "put:r1c2:b") {
		t.Fatal("occupied edge offered again")
	}
	mustApply(t, s, i, "put:r1c1:r")
	if !d.hasPassage(edgeOf(0, 1, Left)) {
		t.Fatal("shared edge not stored once")
	}
	s.Placing = &placing{Seat: i, Tiles: tilesOf(t, "passage", 1)}
	if hasOption(s, i, "put:r1c2:l") || hasOption(s, i, "put:r1c1:r") {
		t.Fatal("a shared edge with a passage is still offered under one of its rooms")
	}
	// Next year's room below links through the passage without doors.
	d.Grid[1][1].Room = roomWithDoors(t, "RL")
	d.Grid[0][1].Room = roomWithDoors(t, "TR")
	if !d.linked(testComps, 0, 1, Bottom) {
		t.Error("passage does not link next year's room")
	}
}

// marketWithFullDungeon is a 3-player game in the market whose acting seat
// i has a dungeon d with no free element spot (one row of full rooms).
func marketWithFullDungeon(t *testing.T) (*State, int, *Dungeon) {
	t.Helper()
	s := newTest(t, 3, 2, nil)
	playBuild(t, s)
	i := s.acting()
	d := &s.Seats[i].Dungeon
	full := roomNamed(t, "Mudroom")
	for c := range 4 {
		d.Grid[0][c].Room = full
	}
	return s, i, d
}

func TestDropWhenNoSpot(t *testing.T) {
	s, i, _ := marketWithFullDungeon(t)
	s.Placing = &placing{Seat: i, Tiles: tilesOf(t, "gnoll", 1)}
	p := s.Pending()[0]
	if len(p.Options) != 1 || p.Options[0].ID != "drop" {
		t.Fatalf("options %+v, want only drop", p.Options)
	}
	mustApply(t, s, i, "drop")
	if len(s.TileDiscard) != 1 || s.Placing != nil {
		t.Fatal("tile not discarded")
	}
}

// passAll lets every seat pass with the first offered task until the year ends.
func passAll(t *testing.T, s *State) {
	t.Helper()
	for s.Phase == PhaseImprove {
		p := s.Pending()[0]
		last := p.Options[len(p.Options)-1].ID
		if s.Placing != nil {
			last = p.Options[0].ID
		}
		mustApply(t, s, p.Seat, last)
	}
}

func TestCleanUp(t *testing.T) {
	s := newTest(t, 4, 6, nil)
	usedStalls := map[int]bool{}
	for year := 1; year <= 4; year++ {
		for _, slot := range s.Stalls {
			if usedStalls[slot.ID] {
				t.Fatalf("stall %d reused", slot.ID)
			}
			usedStalls[slot.ID] = true
		}
		tasksBefore := append([]int(nil), s.TaskOpen...)
		playBuild(t, s)
		passOrder := []int{}
		for s.Phase == PhaseImprove {
			p := s.Pending()[0]
			passOrder = append(passOrder, p.Seat)
			mustApply(t, s, p.Seat, p.Options[len(p.Options)-1].ID)
		}
		if fmt.Sprint(s.Order) != fmt.Sprint(passOrder) {
			t.Errorf("year %d: order %v, want the pass order %v", year, s.Order, passOrder)
		}
		if year == 4 {
			if !s.Over() || s.Scores == nil {
				t.Fatal("no scoring after year 4")
			}
			break
		}
		if s.Year != year+1 || len(s.Stalls) != 3 {
			t.Fatalf("year %d, %d stalls", s.Year, len(s.Stalls))
		}
		wantTasks := 5
		if year == 3 {
			wantTasks = len(tasksBefore) - 4 // nothing new after year 3
		}
		if len(s.TaskOpen) != wantTasks {
			t.Errorf("after year %d: %d tasks open, want %d", year, len(s.TaskOpen), wantTasks)
		}
		for _, st := range s.Seats {
			if len(st.Hand) != 5 || st.Gold != 0 {
				t.Fatalf("after year %d: hand %d gold %d", year, len(st.Hand), st.Gold)
			}
		}
	}
	for _, st := range s.Seats {
		if len(st.Tasks) != 3 {
			t.Errorf("%d tasks at the end, want 3", len(st.Tasks))
		}
	}
}

func TestYearFourPassTakesNoTask(t *testing.T) {
	s := newTest(t, 2, 6, nil)
	for s.Year < 4 || s.Phase != PhaseImprove {
		if s.Phase == PhaseBuild {
			playBuild(t, s)
		} else {
			passAll(t, s)
		}
	}
	p := s.Pending()[0]
	if !hasOption(s, p.Seat, "pass") {
		t.Fatalf("year 4: plain pass not offered: %+v", p.Options)
	}
	for _, o := range p.Options {
		if len(o.ID) > 6 && o.ID[:6] == "pass:t" {
			t.Fatalf("year 4 offers a task: %s", o.ID)
		}
	}
}

func TestIncomeRulebookExample(t *testing.T) {
	// Rooms worth 3+2+2+3 played this year and 3 treasure chests: 13 gold.
	s := newTest(t, 3, 2, nil)
	st := s.Seats[0]
	noTreasure := func(gold int) int {
		return roomWhere(t, func(r Room) bool { return r.Gold == gold && !hasAny(r, "treasure") })
	}
	st.Played = []int{noTreasure(3), noTreasure(2), noTreasure(2), noTreasure(3)}
	for c, id := range st.Played {
		st.Dungeon.Grid[0][c].Room = id
	}
	for k, id := range tilesOf(t, "treasure", 3) {
		for q := range 4 {
			if testComps.Room(st.Dungeon.Grid[0][k].Room).Spots[q] == "" {
				st.Dungeon.Grid[0][k].Tiles[q] = id
				break
			}
		}
	}
	if got := s.income(st); got != 13 {
		t.Fatalf("income %d, want 13", got)
	}
}

// A stall part is for sale only if all its tiles can be placed: they are
// placed at once and elements may not be covered.
func TestPartThatDoesNotFitIsNotForSale(t *testing.T) {
	s, i, d := marketWithFullDungeon(t)
	if n := len(d.freeSpots(testComps)); n != 0 {
		t.Fatalf("setup: %d free element spots left", n)
	}
	s.Seats[i].Gold = 30
	offered := map[string]bool{}
	for _, o := range s.Pending()[0].Options {
		offered[o.ID] = true
	}
	refused := 0
	for k, slot := range s.Stalls {
		for pi, lower := range []bool{false, true} {
			tiles := *slot.part(lower)
			if len(tiles) == 0 {
				continue
			}
			hasElement := false
			for _, id := range tiles {
				hasElement = hasElement || testComps.Tile(id).Element != "passage"
			}
			id := fmt.Sprintf("buy:%d:%s", k+1, partNames[pi])
			if hasElement && offered[id] {
				t.Errorf("%s offered although its elements have no free spot", id)
			}
			if !hasElement && !offered[id] {
				t.Errorf("%s (passages only) not offered although edges are free", id)
			}
			if hasElement {
				refused++
			}
		}
	}
	if refused == 0 {
		t.Fatal("setup: no stall part with an element to refuse")
	}
}
