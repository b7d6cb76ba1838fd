package lineup

import (
	"bytes"
	"image/png"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
)

// TestWiring draws every listed game's boards, lobby and results through
// the adapter the command surface uses.
func TestWiring(t *testing.T) {
	for _, g := range Games() {
		t.Run(g.Rules.Info().ID, func(t *testing.T) { checkWiring(t, g.Rules) })
	}
}

// TestRegistry holds every listed game once, with a renderer each.
func TestRegistry(t *testing.T) {
	reg, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(reg.IDs()), len(Games()); got != want {
		t.Fatalf("%d games registered, %d listed", got, want)
	}
	for _, g := range Games() {
		if g.Board == nil {
			t.Errorf("%s has no board renderer", g.Rules.Info().ID)
		}
		if len(g.Rules.Info().Rules) == 0 {
			t.Errorf("%s has no rules summary for /rules", g.Rules.Info().ID)
		}
		if g.Rules.Info().RulesVersion == "" {
			t.Errorf("%s has no rules version", g.Rules.Info().ID)
		}
		if info := g.Rules.Info(); info.PhaseDefault != "" {
			if _, err := clock.ParsePhase(info.PhaseDefault); err != nil || !info.PhaseTimer {
				t.Errorf("%s: phase timer default %q (phase timer offered: %v): %v", info.ID, info.PhaseDefault, info.PhaseTimer, err)
			}
		}
		st, err := g.Rules.New(games.DefaultSetup(g.Rules, g.Rules.Info().MaxPlayers, 1))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := st.(games.Redealer); !ok {
			t.Errorf("%s cannot be re-dealt: the twin-deal check and fair bots need games.Redealer", g.Rules.Info().ID)
		}
	}
}

func checkWiring(t *testing.T, g games.Game) {
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Images(reg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	state, err := g.New(games.DefaultSetup(g, 3, 7))
	if err != nil {
		t.Fatalf("game New: %v", err)
	}
	m := commands.ImageMeta{Lang: "de", Catalog: g.Info().Catalog, Players: []string{"Ann", "Bo", "Cy"}, Viewer: games.Public}
	draw := map[string]func() ([]byte, error){
		"public board": func() ([]byte, error) { return b.Board(g.Info().ID, state.View(games.Public), m) },
		"private board": func() ([]byte, error) {
			pm := m
			pm.Viewer = 1
			return b.Board(g.Info().ID, state.View(1), pm)
		},
		"lobby": func() ([]byte, error) {
			return b.Lobby(g.Info().ID, commands.LobbyView{Host: "Ann", Players: []string{"Ann"}, MinPlayers: 2, MaxPlayers: 4}, m)
		},
		"results": func() ([]byte, error) {
			return b.Results(g.Info().ID, []games.Standing{{Seat: 0, Rank: 1, Score: 3}, {Seat: 1, Rank: 2, Score: 1}}, m)
		},
	}
	for name, f := range draw {
		data, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: not a PNG: %v", name, err)
		}
	}
	if !b.HasBoard(g.Info().ID) || b.HasBoard("nope") {
		t.Error("HasBoard is wrong")
	}
	if _, err := b.Lobby("nope", commands.LobbyView{}, m); err == nil {
		t.Error("unknown game lobby should fail")
	}
	if _, err := b.Board("nope", nil, m); err == nil {
		t.Error("unknown game board should fail")
	}
}

// TestRulesCoverVariants: /rules explains every variant a table can play
// (issue 28), in English and German: the 2-player Mystery Player, the solo
// opponents and the solo expert variant, Jael.
func TestRulesCoverVariants(t *testing.T) {
	want := map[string][]string{
		"sorcerer-city":    {"mystery", "solo", "expert", "artifacts"},
		"viscounts":        {"solo"},
		"dungeon-designer": {"twoplayer", "solo"},
		"zauberschwert":    nil, // 2 to 4 players, no variants
	}
	for _, g := range Games() {
		info := g.Rules.Info()
		ids, ok := want[info.ID]
		if !ok {
			t.Errorf("%s: which variants should /rules explain?", info.ID)
		}
		for _, id := range ids {
			i := slices.IndexFunc(info.Rules, func(rt games.RuleTopic) bool { return rt.ID == id })
			if i < 0 {
				t.Errorf("%s: no /rules topic %q", info.ID, id)
				continue
			}
			for _, lang := range []string{"en", "de"} {
				for _, key := range []string{info.Rules[i].Title.Key, info.Rules[i].Body.Key} {
					if info.Catalog[lang][key] == "" {
						t.Errorf("%s: topic %q has no %s text for %s", info.ID, id, lang, key)
					}
				}
			}
		}
	}
}
