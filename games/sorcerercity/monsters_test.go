package sorcerercity

import (
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// monsterTable is a 2-player game in year 2 whose seat 0 has built rows,
// holds deck (drawn first to last) and has started building; seat 1 has
// stopped building.
func monsterTable(t *testing.T, rows []string, deck ...string) *State {
	t.Helper()
	g := New()
	st, err := g.New(games.DefaultSetup(g, 2, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.Year = 2
	s.Seats[0].District = *district(t, rows...)
	s.Seats[0].Deck = slices.Clone(deck)
	slices.Reverse(s.Seats[0].Deck)
	s.Seats[0].Started = true
	s.Seats[1].Done, s.Seats[1].Deck = true, nil
	return s
}

// options lists seat's option ids.
func options(s *State, seat int) []string {
	var out []string
	for _, p := range s.Pending() {
		if p.Seat == seat {
			for _, o := range p.Options {
				out = append(out, o.ID)
			}
		}
	}
	return out
}

// cells reduces option ids to their cells: "at:1,0:2" -> "at:1,0".
func cells(ids []string) []string {
	var out []string
	for _, id := range ids {
		if i := strings.LastIndex(id, ":"); strings.Count(id, ":") == 2 {
			id = id[:i]
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return out
}

func play(t *testing.T, s *State, seat int, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("%s: %v (options %v)", m, err, options(s, seat))
		}
	}
}

func TestMonstersWhenDrawn(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		deck  []string
		moves []string // after the draw
		want  []string // the cells offered next
		check func(t *testing.T, s *State)
	}{
		{name: "golem caps the longest open line", rows: []string{"s02 s02 s02", "s04 . .", "s04 . ."},
			deck: []string{"golem-1"}, want: []string{"at:-1,0", "at:3,0"}},
		{name: "golem anywhere without a line", rows: []string{"s02 s04"},
			deck: []string{"golem-1"}, want: []string{"at:-1,0", "at:0,-1", "at:0,1", "at:1,-1", "at:1,1", "at:2,0"}},
		{name: "pixie on a goal tile", rows: []string{"s01 s02"}, deck: []string{"pixie-1"}, want: []string{"on:0,0"}},
		{name: "giant on a bought tile", rows: []string{"s02 v1-02"}, deck: []string{"giant-1"}, want: []string{"on:1,0"}},
		{name: "giant without bought tiles", rows: []string{"s02"}, deck: []string{"giant-1"},
			want: []string{"at:-1,0", "at:0,-1", "at:0,1", "at:1,0"}},
		{name: "dragon destroys a neighbour", rows: []string{"s02 s02 s02"}, deck: []string{"dragon-1"},
			moves: []string{"at:3,0:0"}, want: []string{"rm:2,0"},
			check: func(t *testing.T, s *State) {
				play(t, s, 0, "rm:2,0")
				if d := s.Seats[0].District; d.Len() != 3 || len(s.Seats[0].Deck) > 0 || len(s.Seats[0].Out) > 0 {
					t.Fatalf("after the dragon: %d cells, deck %v, beside %v: the tile must be gone", d.Len(), s.Seats[0].Deck, s.Seats[0].Out)
				}
			}},
		{name: "kraken takes a small district whole", rows: []string{"s02 s03 s05"}, deck: []string{"kraken-1"},
			want: []string{"at:0,0"},
			check: func(t *testing.T, s *State) {
				if d := s.Seats[0].District; d.Len() != 0 || len(s.Seats[0].Deck) != 3 {
					t.Fatalf("district %d cells, deck %v", d.Len(), s.Seats[0].Deck)
				}
			}},
		{name: "kraken takes three of five", rows: []string{"s02 s03 s05 s07 s09"}, deck: []string{"kraken-1", "s08"},
			moves: []string{"rm:0,0", "rm:1,0"}, want: []string{"rm:2,0", "rm:3,0", "rm:4,0"},
			check: func(t *testing.T, s *State) {
				play(t, s, 0, "rm:4,0")
				if got := s.Seats[0].Deck[:3]; !slices.Equal(got, []string{"s09", "s03", "s02"}) {
					t.Fatalf("under the deck: %v", got)
				}
				if opts := cells(options(s, 0)); !slices.Contains(opts, "at:2,1") {
					t.Fatalf("the kraken is placed next: %v", opts)
				}
			}},
		{name: "gelatinous cube takes a shield tile", rows: []string{"s01 s02 s12"}, deck: []string{"gelatinous-cube-1"},
			want: []string{"rm:0,0", "rm:2,0"}},
		{name: "gelatinous cube without shields", rows: []string{"s02 s04"}, deck: []string{"gelatinous-cube-1"},
			want: []string{"at:-1,0", "at:0,-1", "at:0,1", "at:1,-1", "at:1,1", "at:2,0"}},
		{name: "demon discards red tiles", rows: []string{"s03 s02 s09 s04"}, deck: []string{"demon-1"},
			want: []string{"rm:0,0", "rm:2,0", "rm:3,0"},
			check: func(t *testing.T, s *State) {
				play(t, s, 0, "rm:0,0", "rm:3,0")
				if out := s.Seats[0].Out; !slices.Equal(out, []string{"s03", "s04"}) {
					t.Fatalf("discarded %v", out)
				}
			}},
		{name: "goblin discards yellow tiles", rows: []string{"s03 s02 s09 s04"}, deck: []string{"goblin-1"},
			want: []string{"rm:1,0", "rm:2,0"}},
		{name: "lich brings a skeleton", rows: []string{"s02"}, deck: []string{"lich-1"},
			moves: []string{"at:1,0:0"}, want: []string{"at:-1,0", "at:0,-1", "at:0,1", "at:1,-1", "at:1,1", "at:2,0"},
			check: func(t *testing.T, s *State) {
				if s.Seats[0].Drawn != "skeleton-1" || len(s.Skeletons) != 0 {
					t.Fatalf("drawn %q, stack %v", s.Seats[0].Drawn, s.Skeletons)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := monsterTable(t, tc.rows, tc.deck...)
			s.Skeletons = []string{"skeleton-1"}
			play(t, s, 0, "draw")
			play(t, s, 0, tc.moves...)
			if got := cells(options(s, 0)); !slices.Equal(got, tc.want) {
				t.Fatalf("offered %v, want %v", got, tc.want)
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}

// TestInvisibleStalker: the two tiles after the Stalker go face down,
// unseen by anyone, and are turned up, to be turned at will, before
// scoring.
func TestInvisibleStalker(t *testing.T) {
	s := monsterTable(t, []string{"s02"}, "invisible-stalker-1", "s03", "s05", "s07", "s08")
	play(t, s, 0, "draw", "at:1,0:0", "draw")
	if v := s.View(0).(PrivateView); v.Seats[0].Drawn != "" || v.Drawn != "" {
		t.Fatalf("the owner sees the face-down tile %q", v.Seats[0].Drawn+v.Drawn)
	}
	got := options(s, 0)
	if !slices.Equal(cells(got), []string{"at:-1,0", "at:0,-1", "at:0,1", "at:1,-1", "at:1,1", "at:2,0"}) || len(got) != len(cells(got)) {
		t.Fatalf("face-down tile offered as %v, want every spot once, unturned", got)
	}
	play(t, s, 0, "at:2,0:0", "draw", "at:3,0:0", "draw")
	if s.Seats[0].DrawnDown {
		t.Fatal("the third tile after the Stalker is face down")
	}
	play(t, s, 0, "at:4,0:0")
	for _, viewer := range []int{games.Public, 0, 1} {
		v := s.publicView(viewer)
		if pv, ok := s.View(viewer).(PrivateView); ok {
			v = pv.View
		}
		for _, c := range v.Seats[0].District.Cells {
			if (c.At == Pos{2, 0} || c.At == Pos{3, 0}) && c.Stack[0].Tile != "" {
				t.Fatalf("viewer %d sees face-down tile %q", viewer, c.Stack[0].Tile)
			}
		}
	}
	play(t, s, 0, "stop")
	if s.Stage != stageScore {
		t.Fatalf("stage %s", s.Stage)
	}
	if got := cells(options(s, 0)); len(got) != 1 || got[0] != "turn:2,0" {
		t.Fatalf("offered %v, want turning the first flipped tile", got)
	}
	play(t, s, 0, options(s, 0)[0])
	if got := cells(options(s, 0)); len(got) != 1 || got[0] != "turn:3,0" {
		t.Fatalf("offered %v, want turning the second flipped tile", got)
	}
}

func TestMonstersBeforeScoring(t *testing.T) {
	t.Run("chimera destroys a goal tile in its row or column", func(t *testing.T) {
		s := monsterTable(t, []string{"chimera-1 s02 s01", "s03 . .", ". s05 ."}, "s08")
		play(t, s, 0, "stop")
		if got := cells(options(s, 0)); !slices.Equal(got, []string{"rm:0,1", "rm:2,0"}) {
			t.Fatalf("offered %v", got)
		}
		play(t, s, 0, "rm:2,0")
		if _, ok := s.Seats[0].District.Top(Pos{2, 0}); ok || s.Stage != stageTransform && s.Stage != stageBuy {
			t.Fatalf("goal tile still there or stage %s", s.Stage)
		}
	})
	t.Run("genie moves every monster onto tiles", func(t *testing.T) {
		s := monsterTable(t, []string{"genie-1 s02", "pixie-1/s01 s04"}, "s08")
		play(t, s, 0, "stop")
		if got := cells(options(s, 0)); !slices.Equal(got, []string{"on:1,0", "on:1,1"}) {
			t.Fatalf("genie offered %v", got)
		}
		play(t, s, 0, "on:1,0:0")
		if got := cells(options(s, 0)); !slices.Contains(got, "on:0,1") {
			t.Fatalf("pixie offered %v, want the tile it uncovers too", got)
		}
	})
	// The owner orders the score-phase monsters: a Chimera acting first
	// destroys along its own row and column; moved by a Genie first, it
	// acts from where the Genie put it.
	ordered := func(t *testing.T) *State {
		s := monsterTable(t, []string{"chimera-1 s02 s01", "s03 genie-1 ."}, "s08")
		play(t, s, 0, "stop")
		if got := options(s, 0); !slices.Equal(got, []string{"first:0,0", "first:1,1"}) {
			t.Fatalf("asked %v, want which of the Chimera and the Genie acts first", got)
		}
		return s
	}
	allGenie := func(t *testing.T, s *State) {
		t.Helper()
		for _, id := range options(s, 0) {
			if !strings.HasPrefix(id, "on:") {
				t.Fatalf("offered %v, want only the Genie's moves", options(s, 0))
			}
		}
	}
	t.Run("chimera first", func(t *testing.T) {
		s := ordered(t)
		play(t, s, 0, "first:0,0")
		if got := cells(options(s, 0)); !slices.Equal(got, []string{"rm:0,1", "rm:2,0"}) {
			t.Fatalf("the Chimera may take %v", got)
		}
		play(t, s, 0, "rm:0,1")
		allGenie(t, s) // the Genie is the last one left: no question
	})
	t.Run("two alike chimeras each act", func(t *testing.T) {
		s := monsterTable(t, []string{"chimera-1 s01 chimera-1", "s03 . s05"}, "s08")
		play(t, s, 0, "stop")
		if got := options(s, 0); !slices.Equal(got, []string{"first:0,0", "first:2,0"}) {
			t.Fatalf("asked %v", got)
		}
		play(t, s, 0, "first:2,0", "rm:2,1")
		if got := cells(options(s, 0)); !slices.Equal(got, []string{"rm:0,1", "rm:1,0"}) {
			t.Fatalf("the other Chimera may take %v, want its own lines", got)
		}
	})
	t.Run("genie first", func(t *testing.T) {
		s := ordered(t)
		play(t, s, 0, "first:1,1")
		allGenie(t, s)
		play(t, s, 0, "on:2,0:0") // the Chimera onto s01
		allGenie(t, s)
		play(t, s, 0, options(s, 0)[0]) // the Genie itself
		if s.Stage == stageScore && len(s.Seats[0].Tasks) > 0 {
			t.Fatalf("still asked %v: from (2,0) the Chimera has no goal tile in line", options(s, 0))
		}
		if top, ok := s.Seats[0].District.Top(Pos{0, 1}); !ok || top.Tile != "s03" {
			t.Fatalf("s03 left the Chimera's old column: %v %v", top, ok)
		}
	})
}

// TestFlippedDragonTakesAFlippedTile: a Dragon turned up before scoring
// may destroy the other face-down tile before that one is turned; its
// turning is then skipped.
func TestFlippedDragonTakesAFlippedTile(t *testing.T) {
	s := monsterTable(t, []string{"s02 dragon-1 s04"}, "s08")
	for _, p := range []Pos{{1, 0}, {2, 0}} {
		i := s.Seats[0].District.index(p)
		s.Seats[0].District.Cells[i].Stack[0].FaceDown = true
	}
	play(t, s, 0, "stop")
	if got := cells(options(s, 0)); !slices.Equal(got, []string{"turn:1,0"}) {
		t.Fatalf("offered %v", got)
	}
	play(t, s, 0, "turn:1,0:0")
	if got := options(s, 0); !slices.Equal(got, []string{"rm:0,0", "rm:2,0"}) {
		t.Fatalf("the dragon may take %v", got)
	}
	play(t, s, 0, "rm:2,0")
	if s.Stage == stageScore && len(s.Seats[0].Tasks) > 0 {
		t.Fatalf("still asked %v", options(s, 0))
	}
}

// TestSandTimer: building starts with "start" (which starts the seat's
// phase timer), and when the time is up the seat stops and the tile in
// hand is lost for the year, back in the deck unseen.
func TestSandTimer(t *testing.T) {
	s := monsterTable(t, []string{"s02 s03 s05 s07"}, "kraken-1", "s04")
	s.Seats[0].Started = false
	if _, _, ok := s.TimeUp(0); ok {
		t.Fatal("time is up before the seat started")
	}
	p, _ := s.promptOf(0)
	if p.Phase != "" || !slices.Equal(options(s, 0), []string{"start", "stop"}) {
		t.Fatalf("before starting: phase %q, options %v", p.Phase, options(s, 0))
	}
	play(t, s, 0, "start", "draw")
	if p, _ := s.promptOf(0); p.Phase == "" {
		t.Fatal("no phase timer once started")
	}
	for _, o := range options(s, 0) {
		if o == moveTimeUp {
			t.Fatal("the time-up move is offered to the player")
		}
	}
	if _, err := s.Apply(0, moveTimeUp); err != nil {
		t.Fatal(err)
	}
	st := s.Seats[0]
	if !st.Done || st.Drawn != "" || len(st.Tasks) != 0 || st.District.Len() != 4 || !slices.Contains(st.Deck, "kraken-1") {
		t.Fatalf("after time-up: done %v, drawn %q, tasks %v, %d cells, deck %v", st.Done, st.Drawn, st.Tasks, st.District.Len(), st.Deck)
	}
	if s.Stage == stageBuild {
		t.Fatal("everyone stopped, yet still building")
	}
	if _, err := s.Apply(0, moveTimeUp); err == nil {
		t.Fatal("time-up accepted after building")
	}
}
