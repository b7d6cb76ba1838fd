package gamestest

import (
	"bytes"
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// PlaysAlikeUnlabelled plays one game on full and on bare, a twin that
// builds no texts for people (a search.Unlabeller the caller has
// unlabelled), to the end: at every step both offer the same prompts by
// seat, phase, secrecy and option and path ids (with textless, the twin's
// with no text or label at all: a game whose Unlabel drops every one), pol chooses the same on both, and the same move (pol's, one in
// three about a random option, one in twenty the table's time-is-up move
// where the game has one: games.TimeUpper) has the same outcome and leaves
// the same stored state. The search plays out
// unlabelled worlds, so this shows dropping their texts changes none of
// its decisions. It returns bare's outcomes, for what a game checks of
// them beyond this.
func PlaysAlikeUnlabelled(t *testing.T, full, bare games.State, pol games.Policy, seed uint64, textless bool) []games.Outcome {
	t.Helper()
	rng := games.NewRNG(seed)
	var outs []games.Outcome
	for moves := 0; !full.Over(); moves++ {
		if moves > games.SimMaxMoves {
			t.Fatalf("no end after %d moves", moves)
		}
		pf, pb := full.Pending(), bare.Pending()
		if a, b := offerIDs(pf), offerIDs(pb); !slices.Equal(a, b) {
			t.Fatalf("move %d: offers differ:\n%v\nunlabelled:\n%v", moves, a, b)
		}
		if textless {
			noTexts(t, moves, pb)
		}
		p := pf[rng.IntN(len(pf))]
		move, ok := pol.Choose(full, p.Seat, uint64(moves))
		if bareMove, bareOK := pol.Choose(bare, p.Seat, uint64(moves)); bareMove != move || bareOK != ok {
			t.Fatalf("move %d: the policy chose %q (%v), unlabelled %q (%v)", moves, move, ok, bareMove, bareOK)
		}
		switch r := rng.IntN(20); {
		case r == 0:
			if tu, isTU := full.(games.TimeUpper); isTU {
				if up, _, ok := tu.TimeUp(p.Seat); ok {
					move = up // the table's move, which Apply takes too
				}
			}
		case r < 8 || !ok:
			move = p.Options[rng.IntN(len(p.Options))].ID
		}
		outFull, errFull := full.Apply(p.Seat, move)
		outBare, errBare := bare.Apply(p.Seat, move)
		if errFull != nil || errBare != nil {
			t.Fatalf("move %d %q: %v / unlabelled %v", moves, move, errFull, errBare)
		}
		if outFull.Revealed != outBare.Revealed || outFull.Uncommitted != outBare.Uncommitted || outFull.Quiet != outBare.Quiet {
			t.Fatalf("move %d %q: outcome %+v, unlabelled %+v", moves, move, outFull, outBare)
		}
		a, _ := full.MarshalJSON()
		b, _ := bare.MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Fatalf("move %d %q: the states differ", moves, move)
		}
		outs = append(outs, outBare)
	}
	if !bare.Over() || len(bare.Pending()) != 0 {
		t.Fatal("the unlabelled twin is not over")
	}
	return outs
}

// offerIDs lists prompts by seat, secrecy and option and path ids.
func offerIDs(ps []games.Prompt) []string {
	var out []string
	for _, p := range ps {
		out = append(out, "seat "+strconv.Itoa(p.Seat), "phase "+p.Phase)
		if p.Secret {
			out = append(out, "secret")
		}
		for _, o := range p.Options {
			out = append(out, o.ID)
			for _, s := range o.Path {
				out = append(out, "/"+s.ID)
			}
		}
	}
	return out
}

// noTexts fails t if an unlabelled prompt has a text or an option a label.
func noTexts(t *testing.T, moves int, ps []games.Prompt) {
	t.Helper()
	for _, p := range ps {
		if !p.Text.IsZero() && p.Text.Key != "" {
			t.Fatalf("move %d: an unlabelled prompt says %q", moves, p.Text.Key)
		}
		for _, o := range p.Options {
			if !o.Label.IsZero() || !o.Detail.IsZero() {
				t.Fatalf("move %d: unlabelled option %q is labelled %q", moves, o.ID, o.Label.Key)
			}
		}
	}
}
