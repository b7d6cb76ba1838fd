package dungeondesigner

import "testing"

// jessyGrid is a hand-built dungeon shaped like the rulebook's network
// example: rows 1–2 form one network through the entrance (column 3), rows
// 3–4 columns 1–3 one through the exit (column 1), column 4 of rows 3–4 a
// pair reaching neither gate.
func jessyGrid(t *testing.T) *Dungeon {
	d := func(s string) int { return roomWithDoors(t, s) }
	return gridOf([4][4]int{
		{d("RB"), d("RBL"), d("TRBL"), d("BL")},
		{d("TR"), d("TRL"), d("TRL"), d("TL")},
		{d("RB"), d("RBL"), d("BL"), d("TB")},
		{d("TRB"), d("TRL"), d("TL"), d("T")},
	}, 2, 0)
}

func TestNetworks(t *testing.T) {
	passage := func(d *Dungeon, r, c, side int) {
		d.Passages = append(d.Passages, Passage{Tile: 53, Edge: edgeOf(r, c, side)})
	}
	tests := []struct {
		name            string
		build           func(*Dungeon)
		entrance, exitN int
	}{
		{"rulebook example 8 + 6", func(*Dungeon) {}, 8, 6},
		{"secret passage joins both networks", func(d *Dungeon) { passage(d, 1, 1, Bottom) }, 14, 14},
		{"passage on the shared edge counts from either room", func(d *Dungeon) { passage(d, 2, 1, Top) }, 14, 14},
		{"passage links the isolated pair", func(d *Dungeon) { passage(d, 2, 2, Right) }, 8, 8},
		{"entrance room without a door facing the gate", func(d *Dungeon) { d.Grid[0][2].Room = roomWithDoors(t, "RBL") }, 0, 6},
		{"passage facing the entrance opens it", func(d *Dungeon) {
			d.Grid[0][2].Room = roomWithDoors(t, "RBL")
			passage(d, 0, 2, Top)
		}, 8, 6},
		{"exit room without a bottom door", func(d *Dungeon) { d.Grid[3][0].Room = roomWithDoors(t, "TR") }, 8, 0},
		{"door on one side only does not link", func(d *Dungeon) { d.Grid[0][3].Room = roomWithDoors(t, "T") }, 7, 6},
		{"empty entrance cell", func(d *Dungeon) { d.Grid[0][2].Room = 0 }, 0, 6},
	}
	for _, tc := range tests {
		d := jessyGrid(t)
		tc.build(d)
		if got := d.EntranceNetwork(testComps); got != tc.entrance {
			t.Errorf("%s: entrance network %d, want %d", tc.name, got, tc.entrance)
		}
		if got := d.ExitNetwork(testComps); got != tc.exitN {
			t.Errorf("%s: exit network %d, want %d", tc.name, got, tc.exitN)
		}
	}
}

func TestJessyNetworkScore(t *testing.T) {
	d := jessyGrid(t)
	if got := d.EntranceNetwork(testComps) + d.ExitNetwork(testComps); got != 14 {
		t.Fatalf("networks score %d, want 8 + 6 = 14", got)
	}
}

func TestLongestPathAndGroups(t *testing.T) {
	d := jessyGrid(t)
	// Rows 1–2 are a 2×4 block of linked rooms: a snake visits all 8.
	if got := d.LongestPath(testComps); got != 8 {
		t.Errorf("longest path %d, want 8", got)
	}
	all := func(id int) *Dungeon {
		var g [4][4]int
		for r := range 4 {
			for c := range 4 {
				g[r][c] = id
			}
		}
		return gridOf(g, 0, 0)
	}
	cave := roomWhere(t, func(r Room) bool { return r.Type == "cave" })
	mas := roomWhere(t, func(r Room) bool { return r.Type == "masonry" })
	d = all(cave)
	d.Grid[1][0].Room, d.Grid[1][1].Room, d.Grid[1][2].Room, d.Grid[1][3].Room = mas, mas, mas, mas
	if got := d.LargestGroup(testComps, "cave"); got != 8 {
		t.Errorf("largest cave group %d, want 8 (rows 3-4)", got)
	}
	if got := d.LargestGroup(testComps, "masonry"); got != 4 {
		t.Errorf("largest masonry group %d, want 4", got)
	}
}

func TestBlueprintExample(t *testing.T) {
	// Blueprint 2 has 4 caves, a trap at the right of row 2, a treasure in
	// row 4, a star and a goblin. Meet the 3 caves, the trap and the treasure.
	bp := testComps.Blueprint(2)
	plain := roomNamed(t, "Junction") // masonry, no elements
	emptyCave := roomWhere(t, func(r Room) bool {
		return r.Type == "cave" && !hasAny(r, "star+1", "goblin")
	})
	var g [4][4]int
	for r := range 4 {
		for c := range 4 {
			g[r][c] = plain
		}
	}
	g[0][1], g[1][0], g[2][3] = emptyCave, emptyCave, emptyCave
	d := gridOf(g, 2, 0)
	d.Grid[1][3].Tiles[TopLeft] = tilesOf(t, "spike", 1)[0]
	d.Grid[3][1].Tiles[TopLeft] = tilesOf(t, "treasure", 1)[0]
	met := BlueprintMet(testComps, bp, d)
	if met != 5 || testComps.Table[met] != 7 {
		t.Fatalf("met %d (prestige %d), want 5 conditions for 7 prestige", met, testComps.Table[met])
	}
	// A negative star does not meet a star condition; a positive one does.
	d.Grid[0][0].Room = roomNamed(t, "Smokehouse") // star-1
	if got := BlueprintMet(testComps, bp, d); got != 5 {
		t.Errorf("negative star counted: %d", got)
	}
	d.Grid[0][0].Room = roomNamed(t, "Ruins") // star+1 ×3
	if got := BlueprintMet(testComps, bp, d); got != 6 {
		t.Errorf("positive star not counted: %d", got)
	}
}

func hasAny(r Room, els ...string) bool {
	for _, s := range r.Spots {
		if contains(els, s) {
			return true
		}
	}
	return false
}

func TestTaskPoints(t *testing.T) {
	d := jessyGrid(t)
	count := func(what string) int { return d.Count(testComps, what) }
	rowsWith := func(what string) int {
		n := 0
		for r := range 4 {
			for c := range 4 {
				if d.roomCount(testComps, r, c, what) > 0 {
					n++
					break
				}
			}
		}
		return n
	}
	d.Passages = []Passage{{Tile: 53, Edge: edgeOf(0, 0, Left)}}
	for n := 1; n <= 30; n++ {
		task := testComps.Task(n)
		got := TaskPoints(testComps, task, d)
		if got < 0 || got%task.Pts != 0 {
			t.Errorf("task %d: %d is not a multiple of %d", n, got, task.Pts)
		}
		var want int
		switch task.Kind {
		case "each":
			want = task.Pts * count(task.Of[0])
		case "set":
			m := 99
			for _, w := range task.Of {
				m = min(m, count(w))
			}
			want = task.Pts * m
		case "rows":
			want = task.Pts * rowsWith(task.Of[0])
		case "path":
			want = task.Pts * 8
		default:
			continue
		}
		if got != want {
			t.Errorf("task %d (%s %v): %d, want %d", n, task.Kind, task.Of, got, want)
		}
	}
	// corners, same-type rows and the full-room rule on a hand-built grid.
	cave := roomWhere(t, func(r Room) bool { return r.Type == "cave" })
	mas := roomWhere(t, func(r Room) bool { return r.Type == "masonry" })
	full := roomNamed(t, "Mudroom") // four printed monsters
	var g [4][4]int
	for r := range 4 {
		for c := range 4 {
			g[r][c] = mas
		}
	}
	g[0][0], g[0][3], g[3][3] = cave, cave, full
	d = gridOf(g, 0, 0)
	tests := []struct {
		task Task
		want int
	}{
		{Task{Kind: "corner", Of: []string{"cave"}, Pts: 3}, 6},
		{Task{Kind: "corner", Of: []string{"masonry"}, Pts: 3}, 6},
		{Task{Kind: "samerows", Pts: 5}, 15},
		{Task{Kind: "samecols", Pts: 5}, 10},
		{Task{Kind: "full", Pts: 3}, 3},
		{Task{Kind: "both", Of: []string{"slime", "ooze"}, Pts: 3}, 3},
		{Task{Kind: "without", Of: []string{"monster"}, Pts: 2}, 2 * (16 - 1 - countMonsterRooms(d))},
		{Task{Kind: "cols", Of: []string{"slime"}, Pts: 3}, 3 * colsWithSlime(d)},
	}
	for _, tc := range tests {
		if got := TaskPoints(testComps, tc.task, d); got != tc.want {
			t.Errorf("task %s %v: %d, want %d", tc.task.Kind, tc.task.Of, got, tc.want)
		}
	}
}

func countMonsterRooms(d *Dungeon) int {
	n := 0
	for r := range 4 {
		for c := range 4 {
			if (r != 3 || c != 3) && d.roomCount(testComps, r, c, "monster") > 0 {
				n++
			}
		}
	}
	return n
}

func colsWithSlime(d *Dungeon) int {
	n := 0
	for c := range 4 {
		for r := range 4 {
			if d.roomCount(testComps, r, c, "slime") > 0 {
				n++
				break
			}
		}
	}
	return n
}

func TestRankGoal(t *testing.T) {
	order := []int{2, 0, 1, 3}
	tests := []struct {
		name   string
		kind   string
		counts map[int]int
		places int
		want   map[int]int
	}{
		{"most, ties by order", "most", map[int]int{0: 3, 1: 5, 2: 3, 3: 1}, 3, map[int]int{1: 0, 2: 1, 0: 2, 3: -1}},
		{"most needs at least one", "most", map[int]int{0: 0, 1: 2, 2: 0, 3: 0}, 3, map[int]int{1: 0, 0: -1, 2: -1, 3: -1}},
		{"fewest counts zero", "fewest", map[int]int{0: 0, 1: 2, 2: 0, 3: 4}, 3, map[int]int{2: 0, 0: 1, 1: 2, 3: -1}},
		{"two players: no third place", "fewest", map[int]int{0: 1, 1: 2, 2: 3, 3: 4}, 2, map[int]int{0: 0, 1: 1, 2: -1, 3: -1}},
	}
	for _, tc := range tests {
		got := rankGoal(tc.kind, tc.counts, order, tc.places)
		for seat, want := range tc.want {
			if got[seat] != want {
				t.Errorf("%s: seat %d place %d, want %d", tc.name, seat, got[seat], want)
			}
		}
	}
}

func TestFinalScoring(t *testing.T) {
	for _, players := range []int{2, 3, 5} {
		s := newTest(t, players, 11, nil)
		s.Goal = 7 // fewest monsters: every empty dungeon ties at zero
		s.Order = make([]int, players)
		for i := range s.Order {
			s.Order[i] = players - 1 - i
		}
		s.score()
		wantOrder := []int{9, 6, 3, 0, 0}
		wantGoal := []int{15, 9, 5, 0, 0}
		if players == 2 {
			wantOrder[2], wantGoal[2] = 0, 0
		}
		for pos, sc := range s.Scores {
			if sc.Seat != s.Order[pos] || sc.Order != wantOrder[pos] || sc.Goal != wantGoal[pos] {
				t.Errorf("%dp position %d: %+v, want order %d goal %d", players, pos, sc, wantOrder[pos], wantGoal[pos])
			}
			if sc.Total != sc.Order+sc.Goal+sc.Blueprint {
				t.Errorf("%dp: total %d does not add up", players, sc.Total)
			}
		}
		st := s.Standings()
		if st[0].Seat != s.Order[0] || st[0].Rank != 1 {
			t.Errorf("%dp: tie not won by the leftmost seat: %+v", players, st)
		}
	}
}

func TestStarsCountNegative(t *testing.T) {
	d := gridOf([4][4]int{{roomNamed(t, "Smokehouse"), roomNamed(t, "Ruins"), roomNamed(t, "Crossroads")}}, 0, 0)
	d.Grid[0][0].Tiles[BottomLeft] = tilesOf(t, "star+1", 1)[0]
	if got := d.Stars(testComps); got != -1+3-3+1 {
		t.Errorf("stars %d, want 0", got)
	}
}

func TestJaelExample(t *testing.T) {
	s := newTest(t, 1, 3, map[string]string{"solo": "normal"})
	s.Goal = 1 // most goblins: Jael has none
	s.Jael.Cards = []int{1, 2, 3, 4}
	s.Seats[0].Gold = 3
	for _, en := range []string{"Ruins", "Sanctuary", "Decrepit Hall", "Gnoll Hideout", "Passage", "Encampment",
		"Kobold Quarters", "Treasury", "Mudroom", "Slime Trail", "Sludge Room"} {
		s.Jael.Pile = append(s.Jael.Pile, roomNamed(t, en))
	}
	for el, n := range map[string]int{"star+1": 1, "treasure": 1, "slime": 3, "ooze": 2} {
		s.Jael.Tiles = append(s.Jael.Tiles, tilesOf(t, el, n)...)
	}
	s.score()
	j := *s.JaelScore
	want := JaelScore{Gold: 9, Goal: 0, Stars: 5, Base: 53, Bonus: 65, Total: 132}
	if j != want {
		t.Fatalf("Jael scores %+v, want %+v", j, want)
	}
	if s.Scores[0].Order != 6 {
		t.Errorf("player final gold prestige %d, want 6", s.Scores[0].Order)
	}
	if st := s.Standings(); s.SoloWon() || st[0].Rank != 2 || st[0].Detail.Key != "dd.standing.solo_lost" {
		t.Errorf("player below Jael: %+v", st[0])
	}
}

func TestJaelWinsTies(t *testing.T) {
	s := newTest(t, 1, 3, map[string]string{"solo": "normal"})
	s.Jael.Cards = []int{1}
	s.Seats[0].Gold = testComps.JaelCard(1).Gold
	s.score()
	if s.JaelScore.Gold != 9 || s.Scores[0].Order != 6 {
		t.Errorf("equal gold: Jael %d, player %d; want 9 and 6", s.JaelScore.Gold, s.Scores[0].Order)
	}
	s.Seats[0].Gold++
	s.score()
	if s.JaelScore.Gold != 6 || s.Scores[0].Order != 9 {
		t.Errorf("more gold: Jael %d, player %d; want 6 and 9", s.JaelScore.Gold, s.Scores[0].Order)
	}
}
