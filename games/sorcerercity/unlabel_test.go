package sorcerercity

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestUnlabelChangesNoDecision plays games (the policy's moves, random
// ones and the sand timer's, at every player count, the solo expert
// variant and artifacts too) on a state and on an unlabelled twin
// (gamestest.PlaysAlikeUnlabelled): at every step both offer the same
// options by id (the twin without a text or label), the policy chooses the
// same, and the same move leaves the same state. The search plays out unlabelled
// worlds, so this shows that dropping the labels changes none of its
// decisions.
func TestUnlabelChangesNoDecision(t *testing.T) {
	g := New()
	type game struct {
		players int
		options map[string]string
	}
	var cases []game
	for n := MinPlayers; n <= MaxPlayers; n++ {
		cases = append(cases, game{n, nil})
	}
	cases = append(cases, game{1, map[string]string{"expert": "yes", "artifacts": "yes"}}, game{3, map[string]string{"artifacts": "yes"}})
	if raceBuild {
		cases = cases[:2]
	}
	for i, c := range cases {
		seed := uint64(40 + i)
		setup, err := games.SetupWith(g, c.players, seed, c.options)
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		full := st.(*State)
		bare := twin(t, full)
		bare.Unlabel()
		t.Run(fmt.Sprintf("%d players %v", c.players, c.options), func(t *testing.T) {
			gamestest.PlaysAlikeUnlabelled(t, full, bare, g.Policy(), seed, true)
		})
	}
}

// twin is a copy of s that shares nothing with it.
func twin(t *testing.T, s *State) *State {
	t.Helper()
	c, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
	if err != nil {
		t.Fatal(err)
	}
	return c
}
