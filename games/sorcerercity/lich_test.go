package sorcerercity

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// Sorcerer City rulebook, setup step 5 (notes on monsters: the Skeleton
// and the Lich may both be tier-1 monsters at up to 4 players), Cleanup:
// Monsters (after "Buying Tiles", page 10: a Skeleton year deals two
// Skeletons each; a Lich year makes the stack of Skeletons ready) and the
// Lich in "Monsters in Detail" (from page 15: each Lich placed brings a
// Skeleton from that stack). With both in a game the Lich still brings
// its Skeletons, and the Skeleton year deals from the same stack: the box
// holds one set.
func TestLichBringsSkeletonsBesideASkeletonYear(t *testing.T) {
	g := New()
	var s *State
	for seed := uint64(1); s == nil; seed++ {
		if seed > 500 {
			t.Fatal("no 4-player game with both the Lich and the Skeleton in 500 seeds")
		}
		st, err := g.New(games.DefaultSetup(g, 4, seed))
		if err != nil {
			t.Fatal(err)
		}
		if b := st.(*State).Beasts[:]; slices.Contains(b, "lich") && slices.Contains(b, "skeleton") {
			s = st.(*State)
		}
	}
	skeletons := 0
	for _, id := range s.c.ByKind[MonsterTile] {
		if s.c.Tile(id).Beast == "skeleton" {
			skeletons += len(s.c.copies([]string{id}))
		}
	}

	t.Run("the Lich brings a Skeleton", func(t *testing.T) {
		s := clone(t, s)
		s.Year = 2
		st := s.Seats[0]
		st.District, st.Deck, st.Tasks, st.Started = *district(t, "s02"), []string{"lich-1"}, nil, true
		for _, o := range s.Seats[1:] {
			o.Done, o.Deck, o.Tasks = true, nil, nil
		}
		play(t, s, 0, "draw", "at:1,0:0")
		if st.Drawn == "" || s.c.Tile(st.Drawn).Beast != "skeleton" {
			t.Fatalf("after the Lich seat 0 holds %q, want a Skeleton from the Lich's stack", st.Drawn)
		}
	})

	t.Run("the Skeleton year deals from the Lich's stack", func(t *testing.T) {
		s := clone(t, s)
		s.Year = slices.Index(s.Beasts[:], "skeleton")
		for _, st := range s.Seats {
			st.Deck = nil
		}
		s.cleanup(&games.Outcome{})
		dealt := 0
		for i, st := range s.Seats {
			n := 0
			for _, id := range st.Deck {
				if s.c.Tile(id).Beast == "skeleton" {
					n++
				}
			}
			if n != 2 {
				t.Errorf("seat %d was dealt %d Skeletons, want 2", i, n)
			}
			dealt += n
		}
		if len(s.Skeletons) != skeletons-dealt {
			t.Errorf("the Lich's stack holds %d Skeletons after the Skeleton year dealt %d of %d, want the other %d",
				len(s.Skeletons), dealt, skeletons, skeletons-dealt)
		}
	})
}

// clone copies s through its JSON form.
func clone(t *testing.T, s *State) *State {
	t.Helper()
	data, err := s.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	st, err := New().Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}
