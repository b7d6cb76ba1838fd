package viscounts

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestUnlabelChangesNoDecision plays games at every player count and solo
// against each opponent on a state and on an unlabelled twin
// (gamestest.PlaysAlikeUnlabelled: the same offers, choices and states
// throughout), and the twin tells no event: the search's worlds build
// none of the texts a lookahead or a playout never shows.
func TestUnlabelChangesNoDecision(t *testing.T) {
	g := New()
	var setups []games.Setup
	for n := MinPlayers; n <= MaxPlayers; n++ {
		setups = append(setups, games.DefaultSetup(g, n, uint64(40+n)))
	}
	for i, o := range g.c.Opponents {
		setup := games.DefaultSetup(g, 1, uint64(50+i))
		setup.Options[optOpponent] = o.ID
		setups = append(setups, setup)
	}
	if raceBuild {
		setups = setups[:2]
	}
	for _, setup := range setups {
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		full := st.(*State)
		data, err := full.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		bare, err := load(full.c, data)
		if err != nil {
			t.Fatal(err)
		}
		bare.Unlabel()
		for i, out := range gamestest.PlaysAlikeUnlabelled(t, full, bare, g.Policy(), setup.Seed, false) {
			if len(out.Events) > 0 {
				t.Fatalf("%d players, seed %d, move %d: the unlabelled twin told %d events", setup.Players, setup.Seed, i, len(out.Events))
			}
		}
	}
}
