package viscounts

import (
	"bytes"
	"reflect"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestRedealForgetsSchemeOrder: a solo opponent's scheme draw pile and
// Future Schemes lie face down, so worlds re-dealt from two states that
// differ only in their order are the same: a search never learns which
// scheme the opponent turns up next.
func TestRedealForgetsSchemeOrder(t *testing.T) {
	g := New()
	for i, o := range g.c.Opponents {
		setup := games.DefaultSetup(g, 1, uint64(60+i))
		setup.Options[optOpponent] = o.ID
		setup.Options[optDifficulty] = "1"
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		for m := 0; m < 12 && !st.Over(); m++ {
			p := st.Pending()[0]
			move, _ := g.Policy().Choose(st, p.Seat, uint64(m))
			if _, err := st.Apply(p.Seat, move); err != nil {
				t.Fatal(err)
			}
		}
		s := st.(*State)
		twin, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
		if err != nil {
			t.Fatal(err)
		}
		slices.Reverse(twin.Solo.Draw)
		slices.Reverse(twin.Solo.Future)
		if len(s.Solo.Draw) < 2 || slices.Equal(twin.Solo.Draw, s.Solo.Draw) {
			t.Fatalf("%s: the scheme draw pile %v does not tell orders apart", o.ID, s.Solo.Draw)
		}
		a, err := s.Redeal(0, games.NewRNG(5))
		if err != nil {
			t.Fatal(err)
		}
		b, err := twin.Redeal(0, games.NewRNG(5))
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := a.MarshalJSON()
		jb, _ := b.MarshalJSON()
		if !bytes.Equal(ja, jb) {
			t.Errorf("%s: worlds re-dealt from states differing only in the schemes' hidden order differ", o.ID)
		}
	}
}

// TestStoredIsLoaded: the copy Redeal starts from is the state as
// storing and loading gives it back, field for field (nil lists
// included), and shares nothing play writes: scrambling every number it
// holds leaves the original as it was. At positions of policy games of
// every player count and solo against each opponent.
func TestStoredIsLoaded(t *testing.T) {
	atPolicyPositions(t, 7, 5, func(t *testing.T, s *State, setup games.Setup, moves int) {
		loaded, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
		if err != nil {
			t.Fatal(err)
		}
		loaded.RNG = nil
		got := s.stored()
		if !reflect.DeepEqual(got, loaded) {
			t.Fatalf("%d players (seed %d), move %d: stored differs from stored and loaded", setup.Players, setup.Seed, moves)
		}
		before, _ := s.MarshalJSON()
		scramble(reflect.ValueOf(got))
		if after, _ := s.MarshalJSON(); !bytes.Equal(before, after) {
			t.Fatalf("%d players (seed %d), move %d: writing the stored copy changes the state", setup.Players, setup.Seed, moves)
		}
	})
}

// scramble writes -7 into every number v reaches through exported
// fields, but the tasks' effects (Alts, Reward: the catalog's, never
// written).
func scramble(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			scramble(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.IsExported() && f.Name != "Alts" && f.Name != "Reward" {
				scramble(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			scramble(v.Index(i))
		}
	case reflect.Int:
		v.SetInt(-7)
	}
}

// TestRedealtWorldsKeepEveryCard: a world re-dealt for one seat plays on
// with every card in exactly one place (Check), whichever seat draws: a
// hand dealt from the pool it shares with its draw pile must not grow
// into that pile when a card is drawn.
func TestRedealtWorldsKeepEveryCard(t *testing.T) {
	g := New()
	atPolicyPositions(t, 30, 25, func(t *testing.T, s *State, setup games.Setup, moves int) {
		for viewer := range setup.Players {
			world, err := s.Redeal(viewer, games.NewRNG(uint64(moves+viewer)))
			if err != nil {
				t.Fatal(err)
			}
			for w := 0; w < 40 && !world.Over(); w++ {
				p := world.Pending()[0]
				move, _ := g.Policy().Choose(world, p.Seat, uint64(w))
				if _, err := world.Apply(p.Seat, move); err != nil {
					t.Fatalf("%d players, move %d, world for seat %d, its move %d: %v", setup.Players, moves, viewer, w, err)
				}
				if err := world.(*State).Check(); err != nil {
					t.Fatalf("%d players, move %d, world for seat %d, after its move %d: %v", setup.Players, moves, viewer, w, err)
				}
			}
		}
	})
}
