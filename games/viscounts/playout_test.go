package viscounts

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestSoloEndIsPlayedOut: a solo game's forecast stops once its end is
// triggered, so a search scores the real end with its prizes; before
// that, and in games of several seats, it forecasts.
func TestSoloEndIsPlayedOut(t *testing.T) {
	s := soloState(t, "noble", 0, 7)
	if _, _, ok := s.Estimate(); !ok {
		t.Fatal("no forecast before the end is triggered")
	}
	s.triggerEnd("poverty")
	if _, _, ok := s.Estimate(); ok {
		t.Error("a forecast once the end is triggered")
	}
	st, err := New().New(games.DefaultSetup(New(), 2, 7))
	if err != nil {
		t.Fatal(err)
	}
	two := st.(*State)
	two.triggerEnd("poverty")
	if _, _, ok := two.Estimate(); !ok {
		t.Error("no forecast in a game of two once the end is triggered")
	}
}

// TestPlayoutPolicyDepth: solo playouts look soloPlayoutLookahead
// decisions ahead, games of several seats as far as the bot's policy,
// at every position of a game.
func TestPlayoutPolicyDepth(t *testing.T) {
	g := New()
	solo := games.DefaultSetup(g, 1, 8)
	solo.Options[optOpponent] = "builder"
	for _, tc := range []struct {
		setup games.Setup
		depth int
	}{{solo, soloPlayoutLookahead}, {games.DefaultSetup(g, 2, 8), lookahead}} {
		st, err := g.New(tc.setup)
		if err != nil {
			t.Fatal(err)
		}
		want, play := lookingAhead(tc.depth), g.PlayoutPolicy()
		for m := 0; !st.Over(); m++ {
			p := st.Pending()[0]
			a, _ := play.Choose(st, p.Seat, uint64(m))
			b, _ := want.Choose(st, p.Seat, uint64(m))
			if a != b {
				t.Fatalf("%d players, move %d: the playout policy chose %q, looking %d ahead %q", tc.setup.Players, m, a, tc.depth, b)
			}
			if _, err := st.Apply(p.Seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
}
