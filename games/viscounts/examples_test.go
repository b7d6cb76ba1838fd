package viscounts

import (
	"slices"
	"testing"
)

// The rulebook's worked examples, each played on a position built to
// match it. Red is seat 0, Blue seat 1, a third player seat 2.

// builtOn puts seat's building b on plot i at position p, as build would,
// without its rewards (for positions that already hold buildings).
func builtOn(s *State, seat, b, p, i int) {
	s.Plots[p][i] = seat*numBuildings + b
	s.Seats[seat].Built[b]++
}

// Trade (page 15): 4 merchant icons on the board and 2 silver make 6,
// three times the gold exchange; the Trader then pays 1 silver.
func TestExampleTrade(t *testing.T) {
	s := table(t, 3)
	p := segPos(t, s, "vineyard")
	if s.side(p).Trades[0] != TradeGold {
		t.Fatalf("vineyard's outer-left space trades %s, the test wants gold", s.side(p).Trades[0])
	}
	red := s.Seats[0]
	red.Space = space(p, slotLeft)
	red.Silver = 5
	toBoard(t, s, 0, "trader", "journeyman", "acolyte") // 1 + 2 + 1 merchant icons
	toFolk(t, s, p, "priest")                           // nothing to dismiss for a trade
	if got := s.freeIcons(0, Merchant, -1); got != 4 {
		t.Fatalf("merchant icons on the board: %d, want 4", got)
	}
	if got := s.payOptions(0, Merchant, 6); !slices.Equal(got, []pay{{Silver: 2}}) {
		t.Fatalf("ways to fund 6 merchant icons: %+v, want only 2 silver", got)
	}
	do(s, Task{Seat: 0, Kind: "action"})
	if got := ids(s); !slices.Contains(got, "trade.4.0") || slices.Contains(got, "trade.5.0") {
		t.Errorf("options %v: 4 icons and 5 silver afford 4 gold (8 icons), not 5 (10)", got)
	}
	answer(t, s, planOption(t, s, "trade", "3", Merchant, 6, pay{Silver: 2}))
	settled(t, s)
	if red.Res[Gold] != 3 {
		t.Errorf("gold %d, want 3", red.Res[Gold])
	}
	if red.Silver != 5-2+1 {
		t.Errorf("silver %d, want 4 (5 - 2 spent + 1 from the Trader)", red.Silver)
	}
}

// buildExample is the build example's position (page 17): Red on the
// outer-left space of the large Market side, whose only free plot on that
// bank rewards 1 Ink Well and links to Blue's Trading Post by a 2-silver
// link; the Mason on top of the pile; 2 stone and 1 silver.
func buildExample(t *testing.T) (s *State, p int) {
	s = table(t, 3)
	p = segPos(t, s, "market")
	side := s.side(p)
	if side.West != 3 || side.Plots[1].Reward.String() != "ink" || side.Links[0].A != 0 || side.Links[0].B != 1 || side.Links[0].Reward.String() != "silver2" {
		t.Fatalf("the large Market side changed: west %d, plots %+v, links %+v", side.West, side.Plots, side.Links)
	}
	builtOn(s, 1, TradingPost, p, 0) // Blue's Trading Post at the other end of the link
	builtOn(s, 2, Guildhall, p, 2)   // the bank's third plot is taken
	red := s.Seats[0]
	red.Space = space(p, slotLeft)
	red.Res[Stone], red.Silver = 2, 1
	toBoard(t, s, 0, "abbot", "squire", "lender") // no builder icons
	toFolk(t, s, p, "mason")
	return s, p
}

// Build (page 17): a Workshop (3 builder icons) for 2 stone and 1 silver
// dismissing the Mason; the Mason's rearrange; the plot's ink; the link
// pays 2 silver to Red and to Blue.
func TestExampleBuild(t *testing.T) {
	s, p := buildExample(t)
	red, blue := s.Seats[0], s.Seats[1]
	mason := card(t, s, "mason")
	if got := s.bankPlots(red.Space); !slices.Equal(got, []int{1}) {
		t.Fatalf("free plots on Red's bank: %v, want only plot 1", got)
	}
	do(s, Task{Seat: 0, Kind: "action"})
	if got := s.payOptions(0, Builder, 3); !slices.Equal(got, []pay{{Silver: 1, Res: [numResources]int{Stone: 2}, Dismiss: true}}) {
		t.Fatalf("ways to fund a workshop: %+v, want 2 stone and 1 silver dismissing the Mason", got)
	}
	answer(t, s, planOption(t, s, "build", "01", Builder, 3, pay{Silver: 1, Res: [numResources]int{Stone: 2}, Dismiss: true}))
	asked(t, s, 0, "rearrange")
	before := red.Board
	answer(t, s, "o210")
	if red.Board == before || !slices.Equal(slices.Sorted(slices.Values(red.Board[:])), slices.Sorted(slices.Values(before[:]))) {
		t.Errorf("rearranged board %v from %v", red.Board, before)
	}
	settled(t, s)
	if s.Plots[p][1] != 0*numBuildings+Workshop || red.Built[Workshop] != 1 {
		t.Errorf("plot 1 holds %d, Red built %v; want Red's workshop", s.Plots[p][1], red.Built)
	}
	if red.Res[Stone] != 0 || red.Res[Ink] != 1 {
		t.Errorf("Red's stone %d, ink %d; want 0 and 1 (the plot's Ink Well)", red.Res[Stone], red.Res[Ink])
	}
	if red.Silver != 2 || blue.Silver != 2 {
		t.Errorf("silver: Red %d, Blue %d; want 2 each (1 - 1 for the Mason + 2 from the link; 2 from the link)", red.Silver, blue.Silver)
	}
	if !slices.Contains(s.Gone, mason) || slices.Contains(s.Folk[p], mason) || !red.Dismissed {
		t.Errorf("the Mason is not out of the game after its dismissal")
	}
}

// A link between two of the builder's own buildings pays once.
func TestBuildOwnLinkPaysOnce(t *testing.T) {
	s, p := buildExample(t)
	s.Plots[p][0] = -1
	s.Seats[1].Built[TradingPost] = 0
	builtOn(s, 0, TradingPost, p, 0)
	red := s.Seats[0]
	red.Silver = 0
	s.build(0, Workshop, p, 1)
	s.run()
	settled(t, s)
	if red.Silver != 2 || red.Res[Ink] != 1 {
		t.Errorf("silver %d, ink %d; want 2 (the link once) and 1", red.Silver, red.Res[Ink])
	}
}

// castleExample is the castle example's position (page 20) with Red's
// viscount by the Ink Well/Stone section (0); the section counter-
// clockwise (4) gives 2 Virtue, the top-right (1) holds 2 Blue workers and
// a Green one; Blue leads with 1 third-tier worker.
func castleExample(t *testing.T) *State {
	s := table(t, 3)
	if s.tier2(0).String() != "ink+stone" || s.tier2(4).String() != "virtue2" || s.tier2(1).String() != "hire|destroy" {
		t.Fatalf("castle sections changed: %v", s.c.Castle.Tier2)
	}
	put := func(tier, sec, seat, n int) {
		for range n {
			s.Tiers[tier][sec] = append(s.Tiers[tier][sec], seat)
			s.Seats[seat].Workers--
		}
	}
	put(0, 0, 0, 1)
	put(0, 4, 0, 2)
	put(1, 0, 0, 2)
	put(0, 1, 1, 2)
	put(0, 1, 2, 1)
	put(2, 2, 1, 1)
	s.Leader = 1 + 1
	red := s.Seats[0]
	red.Space = space(0, slotInner)
	// Thief, Overseer, Benefactor on the board and a Guildhall built.
	toBoard(t, s, 0, "thief", "overseer-destroy-discard", "benefactor")
	builtOn(s, 0, Guildhall, 3, 0)
	toFolk(t, s, 0, "priest") // nothing to dismiss for a noble action
	toHand(t, s, 0, "squire")
	return s
}

// Castle cascade (page 20): 4 workers make 5 in the section; one moves in
// (Ink Well and Stone), one each way round; the counter-clockwise section
// then holds 3 (2 Virtue), which sends one back: 3 again, the same
// reward again; the second tier's 4 send two to the third (a resource
// each), the second taking the Castle Leader card from Blue (more, not
// just as many); Red bumps both Blue workers from the crowded top-right
// section (2 silver each); last, the Overseer's discard.
// Red has 5 noble icons (Thief, Overseer, Guildhall and 2 from the
// Benefactor's ability) and spends 3 gold.
func TestExampleCastleCascade(t *testing.T) {
	s := castleExample(t)
	red, blue, green := s.Seats[0], s.Seats[1], s.Seats[2]
	red.Res[Gold] = 3
	if got := s.freeIcons(0, Noble, -1); got != 5 {
		t.Fatalf("noble icons of Thief, Overseer, Guildhall and Benefactor: %d, want 5", got)
	}
	do(s, Task{Seat: 0, Kind: "action"})
	answer(t, s, planOption(t, s, "workers", "4", Noble, 8, pay{Res: [numResources]int{Gold: 3}}))
	// Both first-tier moves and the second-tier step happen without a
	// question; the third tier asks for a resource, twice.
	asked(t, s, 0, "resource")
	if red.Res[Ink] != 2 || red.Res[Stone] != 2 {
		t.Errorf("after the first tier: ink %d, stone %d; want 2 and 2 (the Ink Well/Stone section twice)", red.Res[Ink], red.Res[Stone])
	}
	if want := len(s.c.Track.Own) - 1 - 2; red.Virtue != want {
		t.Errorf("virtue marker on %d, want %d (2 Virtue)", red.Virtue, want)
	}
	if s.Leader != 2 {
		t.Errorf("after the first third-tier worker the leader is seat %d; Blue has as many and keeps it", s.Leader-1)
	}
	answer(t, s, "r1") // gold
	asked(t, s, 0, "resource")
	if s.Leader != 1 {
		t.Errorf("leader seat %d, want Red (2 third-tier workers against Blue's 1)", s.Leader-1)
	}
	answer(t, s, "r2") // stone
	asked(t, s, 0, "bump")
	if got := ids(s); !slices.Equal(got, []string{"u.0.1.0", "u.0.1.1", "u.0.1.2"}) {
		t.Errorf("bump options %v, want any of the three players' workers in the top-right section", got)
	}
	answer(t, s, "u.0.1.1")
	asked(t, s, 0, "bump")
	answer(t, s, "u.0.1.1")
	// The Overseer: destroy or discard, then which card.
	asked(t, s, 0, "alt")
	answer(t, s, "a1")
	asked(t, s, 0, "discard")
	squire := card(t, s, "squire")
	answer(t, s, "c"+itoa(squire))
	settled(t, s)

	for _, c := range []struct {
		what      string
		got, want []int
	}{
		{"first tier, Red's section", s.Tiers[0][0], nil},
		{"first tier, top-right", s.Tiers[0][1], []int{2, 0, 0}},
		{"first tier, section 3", s.Tiers[0][3], []int{0}},
		{"first tier, lower-left", s.Tiers[0][4], []int{0}},
		{"second tier, Red's section", s.Tiers[1][0], []int{0, 0}},
		{"second tier, lower-left", s.Tiers[1][4], []int{0}},
		{"third tier, Red's section", s.Tiers[2][0], []int{0, 0}},
	} {
		got := slices.Sorted(slices.Values(c.got))
		if !slices.Equal(got, slices.Sorted(slices.Values(c.want))) {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
	if red.Res != [numResources]int{Ink: 2, Gold: 1, Stone: 3} {
		t.Errorf("Red's resources %v, want ink 2, gold 1 (3 spent, 1 from the third tier), stone 3", red.Res)
	}
	if blue.Silver != 4 || blue.Workers != 20-1 {
		t.Errorf("Blue: silver %d, workers in supply %d; want 4 and 19 (two bumped back)", blue.Silver, blue.Workers)
	}
	if green.Silver != 0 || len(s.Tiers[0][1]) != 3 {
		t.Errorf("Green's silver %d, top-right section %v", green.Silver, s.Tiers[0][1])
	}
	if red.Workers != 20-5-4 || !slices.Contains(red.Discard, squire) || slices.Contains(red.Hand, squire) {
		t.Errorf("Red: %d workers in supply (want 11), discard %v", red.Workers, red.Discard)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// Transcribe (page 21): the grey manuscript costing 6 cleric icons: 1
// from the Acolyte, 1 from the Cleric Bonus Card, 3 Ink Wells and the
// Racketeer dismissed for 1 silver (a criminal: wild), whose Shuffle
// follows; the manuscript scores 1 VP per building.
func TestExampleTranscribe(t *testing.T) {
	s := table(t, 3)
	p := segPos(t, s, "port")
	m := script(t, s, "grey-6")
	if ms := s.c.Manuscripts[m]; ms.Ribbon != Grey || ms.Cost != 6 || ms.Per != "building" || ms.PerVP != 1 {
		t.Fatalf("grey-6 changed: %+v", ms)
	}
	// grey-6 on top of the pile at p.
	for q := range numSegments {
		if i := slices.Index(s.Scripts[q], m); i >= 0 {
			s.Scripts[q] = slices.Delete(s.Scripts[q], i, i+1)
		}
	}
	s.Scripts[p] = append(s.Scripts[p], m)
	red := s.Seats[0]
	red.Space = space(p, slotInner)
	red.Res[Ink], red.Silver = 3, 1
	red.Bonus = []Ribbon{Red}
	s.ClericBonus[Red] = 1
	toBoard(t, s, 0, "acolyte", "squire", "labourer")
	toFolk(t, s, p, "racketeer-rearrange-discard")
	toDiscard(t, s, 0, "trader")
	discards := len(red.Discard)
	if discards == 0 {
		t.Fatal("the shuffle needs a discard pile")
	}
	draw := len(red.Draw)
	do(s, Task{Seat: 0, Kind: "action"})
	want := pay{Silver: 1, Res: [numResources]int{Ink: 3}, Dismiss: true}
	if got := s.payOptions(0, Cleric, 6); !slices.Equal(got, []pay{want}) {
		t.Fatalf("ways to fund 6 cleric icons: %+v, want 3 ink and the Racketeer", got)
	}
	answer(t, s, planOption(t, s, "script", "0", Cleric, 6, want))
	settled(t, s)
	if !slices.Contains(red.Scripts, m) || slices.Contains(s.Scripts[p], m) {
		t.Errorf("Red's manuscripts %v, want grey-6 taken from the pile", red.Scripts)
	}
	if red.Res[Ink] != 0 || red.Silver != 0 || !slices.Contains(s.Gone, card(t, s, "racketeer-rearrange-discard")) {
		t.Errorf("ink %d, silver %d: want the 3 ink and 1 silver spent, the Racketeer gone", red.Res[Ink], red.Silver)
	}
	if len(red.Discard) != 0 || len(red.Draw) != draw+discards {
		t.Errorf("after the Shuffle: discard %d, draw %d; want 0 and %d", len(red.Discard), len(red.Draw), draw+discards)
	}
	if want := len(s.c.Track.Own) - 2; red.Virtue != want {
		t.Errorf("virtue marker %d, want %d: a shuffle with no criminal on the board gives 1 Virtue", red.Virtue, want)
	}
	builtOn(s, 0, Workshop, p, 0)
	builtOn(s, 0, Guildhall, p, 3)
	if got := s.scriptScore(0, &s.c.Manuscripts[m]); got != 2 {
		t.Errorf("grey-6 with 2 buildings scores %d, want 2", got)
	}
}

// collisionExample is the collision example's position (page 22): Red
// (seat 0) has built a second Workshop but has a Thief on the board, a
// Peddler (1 Ink Well in collisions), and both markers on the space
// printing 2 Debts and 3 Silver. Blue has two Workshops and no criminal,
// the third player no criminal, the fourth a Thief.
func collisionExample(t *testing.T) *State {
	s := table(t, 4)
	last := len(s.c.Track.Own) - 1
	if s.c.Track.Own[last].String() != "debt2+silver3" || s.c.Track.Others[last].String() != "virtue" {
		t.Fatalf("track space %d changed: %v / %v", last, s.c.Track.Own[last], s.c.Track.Others[last])
	}
	red := s.Seats[0]
	red.Corruption, red.Virtue = last, last
	builtOn(s, 0, Workshop, 0, 0)
	builtOn(s, 0, Workshop, 0, 1)
	toBoard(t, s, 0, "thief", "peddler-ink", "abbot")
	builtOn(s, 1, Workshop, 1, 0)
	builtOn(s, 1, Workshop, 1, 1)
	toBoard(t, s, 1, "squire", "abbot")
	toBoard(t, s, 2, "labourer")
	toBoard(t, s, 3, "labourer", "thief")
	return s
}

// Collision (page 22): no Virtue for Red's second Workshop (a criminal on
// the board); the Peddler's Ink Well; 2 Debts and 3 Silver; 1 Virtue for
// every other player without criminals (Blue also for its second
// Workshop), none for the fourth with its Thief; Red's markers back at
// the ends.
func TestExampleCollision(t *testing.T) {
	s := collisionExample(t)
	red, blue, third, fourth := s.Seats[0], s.Seats[1], s.Seats[2], s.Seats[3]
	last := len(s.c.Track.Own) - 1
	do(s, Task{Seat: 0, Kind: "collision"})
	settled(t, s)
	if red.Res[Ink] != 1 || red.Debts != 2 || red.Silver != 3 {
		t.Errorf("Red: ink %d, debts %d, silver %d; want 1, 2, 3", red.Res[Ink], red.Debts, red.Silver)
	}
	if red.Corruption != 0 || red.Virtue != last {
		t.Errorf("Red's markers %d/%d, want reset to 0/%d (no Virtue gained before the reset)", red.Corruption, red.Virtue, last)
	}
	if blue.Virtue != last-2 {
		t.Errorf("Blue's virtue marker %d, want %d (second Workshop + others' reward)", blue.Virtue, last-2)
	}
	if third.Virtue != last-1 {
		t.Errorf("third player's virtue marker %d, want %d (others' reward)", third.Virtue, last-1)
	}
	if fourth.Virtue != last {
		t.Errorf("fourth player's virtue marker %d, want %d (a criminal on the board: no reward)", fourth.Virtue, last)
	}
}

// Movement (page 13): from an outer-left space one step leads to the
// outer-right space or down to the inner one; two steps reach the next
// segment's outer-left or inner space, or the outer-right space through
// the inner one.
func TestExampleMovement(t *testing.T) {
	for p := range numSegments {
		from, nextP := space(p, slotLeft), (p+1)%numSegments
		for _, c := range []struct {
			steps int
			want  []int
		}{
			{1, []int{space(p, slotInner), space(p, slotRight)}},
			{2, []int{space(p, slotRight), space(nextP, slotLeft), space(nextP, slotInner)}},
		} {
			best := reachable(from, c.steps, c.steps)
			var got []int
			for sp, n := range best {
				if n >= 0 {
					got = append(got, sp)
				}
			}
			if !slices.Equal(got, slices.Sorted(slices.Values(c.want))) {
				t.Errorf("from %d in exactly %d steps: %v, want %v", from, c.steps, got, c.want)
			}
		}
	}
	// The same through the movement prompt: the Abbot (2) and no silver.
	s := table(t, 3)
	s.Seats[0].Space = space(1, slotLeft)
	s.Played = card(t, s, "abbot")
	do(s, Task{Seat: 0, Kind: "move"})
	want := []string{"m" + itoa(space(1, slotRight)), "m" + itoa(space(2, slotLeft)), "m" + itoa(space(2, slotInner))}
	if got := ids(s); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
		t.Errorf("moves with the Abbot: %v, want %v", got, want)
	}
}

// scoringExample builds Red's final position of the scoring example
// (page 25): 1 Trading Post, 2 Guildhalls, 3 Workshops; 19 VP of castle
// workers; 8 manuscripts in ribbons 3/2/2/1 (sets of 4, 3 and 1 different
// ribbons: 16 + 9 + 1) among them one per building (6), one per noble
// icon, one per criminal icon and one per flipped debt (3); the Castle
// Leader card; one cleric bonus card; 1 unpaid debt; 4 acquired and 2
// approved deeds; Poverty revealed, Red third in approved deeds.
// Red's townsfolk show 4 noble icons (5 with the first Guildhall's) and 4
// criminal icons, no merchant or builder icon, so the other manuscripts
// score nothing: red-1, blue-2, green-2 print no points, blue-9 counts
// merchant icons.
func scoringExample(t *testing.T) *State {
	s := table(t, 3)
	red := s.Seats[0]
	strip(s, 0)
	toBoard(t, s, 0, "enforcer", "antagonist", "thief") // 2 noble; 2 + 1 criminal
	toHand(t, s, 0, "squire", "conspirator")            // 1 noble; 1 criminal
	toDraw(t, s, 0, "princess")                         // 1 noble
	builtOn(s, 0, TradingPost, 0, 0)
	builtOn(s, 0, Guildhall, 0, 1)
	builtOn(s, 0, Guildhall, 0, 2)
	builtOn(s, 0, Workshop, 0, 3)
	builtOn(s, 0, Workshop, 0, 4)
	builtOn(s, 0, Workshop, 1, 0)
	// 19 VP of workers: 3 on the third tier, 3 on the second, 4 on the first.
	for i, n := range [3]int{4, 3, 3} {
		for k := range n {
			s.Tiers[i][k%numSegments] = append(s.Tiers[i][k%numSegments], 0)
			red.Workers--
		}
	}
	for _, id := range []string{"blue-2", "blue-3", "blue-9", "red-1", "red-4", "grey-3", "grey-6", "green-2"} {
		m := script(t, s, id)
		for q := range numSegments {
			if i := slices.Index(s.Scripts[q], m); i >= 0 {
				s.Scripts[q] = slices.Delete(s.Scripts[q], i, i+1)
			}
		}
		red.Scripts = append(red.Scripts, m)
	}
	s.Leader = 1
	red.Bonus = []Ribbon{Blue}
	s.ClericBonus[Blue] = 1
	red.Debts, red.PaidDebts, red.Deeds, red.Approved = 1, 3, 4, 2
	s.Seats[1].Approved, s.Seats[2].Approved = 5, 3
	s.Poverty = true
	return s
}

// Scoring (page 25): 109 VP for Red, category by category.
func TestExampleScoring109(t *testing.T) {
	s := scoringExample(t)
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	sc := s.scores()[0]
	for _, c := range []struct {
		what      string
		got, want int
	}{
		{"buildings (4 + 13 + 9)", sc.Buildings, 26},
		{"castle", sc.Castle, 19},
		{"manuscript sets (16 + 9 + 1)", sc.Sets, 26},
		{"leader", sc.Leader, 5},
		{"cleric bonus", sc.Bonus, 3},
		{"unpaid debts", sc.Debts, -2},
		{"acquired deeds", sc.Deeds, 4},
		{"approved deeds", sc.Approved, 6},
		{"Poverty, third-most flipped deeds", sc.Poverty, 4},
		{"Prosperity (not revealed)", sc.Prosperity, 0},
		{"grey-6 (per building)", s.scriptScore(0, &s.c.Manuscripts[script(t, s, "grey-6")]), 6},
		{"blue-3 (per flipped debt)", s.scriptScore(0, &s.c.Manuscripts[script(t, s, "blue-3")]), 3},
		{"blue-9 (no merchant icons)", s.scriptScore(0, &s.c.Manuscripts[script(t, s, "blue-9")]), 0},
		{"red-4 (per noble icon)", s.scriptScore(0, &s.c.Manuscripts[script(t, s, "red-4")]), 5},
		{"grey-3 (per criminal icon)", s.scriptScore(0, &s.c.Manuscripts[script(t, s, "grey-3")]), 4},
		{"manuscripts' own points (6 + 5 + 4 + 3)", sc.Scripts, 18},
		{"total", sc.Total, 109},
	} {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
}
