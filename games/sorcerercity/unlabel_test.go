package sorcerercity

import (
	"bytes"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestUnlabelChangesNoDecision plays games (the policy's moves and random
// ones, at every player count, the solo expert variant and artifacts too) on a state
// and on an unlabelled twin: at every step both offer the same options by
// id (the twin without a label), the policy chooses the same, and the
// same move leaves the same state. The search plays out unlabelled
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
		rng := games.NewRNG(seed)
		for moves := 0; !full.Over(); moves++ {
			if moves > games.SimMaxMoves {
				t.Fatalf("game %d: no end after %d moves", i, moves)
			}
			pending := sameOffers(t, full, bare)
			p := pending[rng.IntN(len(pending))]
			move, ok := choose(full, p.Seat, uint64(moves))
			if bareMove, bareOK := choose(bare, p.Seat, uint64(moves)); bareMove != move || bareOK != ok {
				t.Fatalf("game %d, move %d: the policy chose %q (%v), unlabelled %q (%v)", i, moves, move, ok, bareMove, bareOK)
			}
			switch r := rng.IntN(20); {
			case r == 0:
				if up, _, ok := full.TimeUp(p.Seat); ok {
					move = up // the table's move, which Apply takes too
				}
			case r < 8:
				move = p.Options[rng.IntN(len(p.Options))].ID
			}
			outFull, errFull := full.Apply(p.Seat, move)
			outBare, errBare := bare.Apply(p.Seat, move)
			if errFull != nil || errBare != nil {
				t.Fatalf("game %d, move %d %q: %v / unlabelled %v", i, moves, move, errFull, errBare)
			}
			if outFull.Revealed != outBare.Revealed || outFull.Uncommitted != outBare.Uncommitted || outFull.Quiet != outBare.Quiet {
				t.Fatalf("game %d, move %d %q: outcome %+v, unlabelled %+v", i, moves, move, outFull, outBare)
			}
			a, _ := full.MarshalJSON()
			b, _ := bare.MarshalJSON()
			if !bytes.Equal(a, b) {
				t.Fatalf("game %d, move %d %q: the states differ", i, moves, move)
			}
		}
		if !bare.Over() || len(bare.Pending()) != 0 {
			t.Fatalf("game %d: the unlabelled twin is not over", i)
		}
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

// sameOffers fails t unless bare offers what full does, by seat, secrecy,
// phase, option ids and path ids, without a text; it returns full's
// prompts.
func sameOffers(t *testing.T, full, bare *State) []games.Prompt {
	t.Helper()
	pf, pb := full.Pending(), bare.Pending()
	ids := func(ps []games.Prompt) [][]string {
		var out [][]string
		for _, p := range ps {
			row := []string{string(rune('0' + p.Seat)), p.Phase}
			if p.Secret {
				row = append(row, "secret")
			}
			for _, o := range p.Options {
				row = append(row, o.ID)
				for _, s := range o.Path {
					row = append(row, "/"+s.ID)
				}
			}
			out = append(out, row)
		}
		return out
	}
	if a, b := ids(pf), ids(pb); !slices.EqualFunc(a, b, slices.Equal) {
		t.Fatalf("offers differ:\n%v\nunlabelled:\n%v", a, b)
	}
	for _, p := range pb {
		if !p.Text.IsZero() && p.Text.Key != "" {
			t.Fatalf("an unlabelled prompt says %q", p.Text.Key)
		}
		for _, o := range p.Options {
			if !o.Label.IsZero() || !o.Detail.IsZero() {
				t.Fatalf("unlabelled option %q is labelled %q", o.ID, o.Label.Key)
			}
		}
	}
	return pf
}
