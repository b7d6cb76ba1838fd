package viscounts

import (
	"bytes"
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
