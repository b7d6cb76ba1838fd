package commands

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestLobbySelectChoicesDiffer: in both languages, every choice of a lobby
// select reads differently from the others within Discord's 100
// characters and starts with the value itself, however long the option's
// name (the absent option's explains its choices and filled the label).
func TestLobbySelectChoicesDiffer(t *testing.T) {
	h := newHarness(t)
	g := tabletest.Game()
	for _, lang := range []string{"en", "de"} {
		tb := table.New(table.Params{ID: "t1", ChannelID: chanA, GameID: g.Info().ID, Lang: lang,
			Host: table.Seat{UserID: ann, Name: "Ann"}, Seed: 1, Now: h.now()})
		m := h.svc.lobbyMessage(tb, g)
		sels := selects(m.Components)
		if len(sels) == 0 {
			t.Fatalf("%s: the lobby has no selects", lang)
		}
		for _, sel := range sels {
			seen := map[string]bool{}
			for _, o := range sel.Options {
				if len([]rune(o.Label)) > 100 || !strings.HasPrefix(o.Label, o.Value) || seen[o.Label] {
					t.Errorf("%s: choice %q of %s reads %q: longer than 100, not starting with its value, or like another", lang, o.Value, sel.CustomID, o.Label)
				}
				seen[o.Label] = true
			}
		}
	}
}
