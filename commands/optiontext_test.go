package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestChoicesShowWhatTellsThemApart: options become buttons only when a
// button shows all they say; an option with a detail, or a label longer
// than a button's 80 characters, puts its decision in a select whose
// choices show label and detail whole; and choices that would read the
// same name the steps of their paths that tell them apart.
func TestChoicesShowWhatTellsThemApart(t *testing.T) {
	h := newHarness(t)
	g := tabletest.Game()
	tb := table.New(table.Params{ID: "t1", ChannelID: chanA, GameID: g.Info().ID, Lang: "en",
		Host: table.Seat{UserID: ann, Name: "Ann"}, Seed: 1, Now: h.now()})
	long := strings.Repeat("x", 85)
	opt := func(id, label string, path ...games.Step) games.Option {
		return games.Option{ID: id, Label: games.T(label), Path: path}
	}
	step := func(id, label string) games.Step { return games.Step{ID: id, Label: games.T(label)} }
	type choice struct{ label, description string }
	for _, c := range []struct {
		name    string
		options []games.Option
		buttons []string // labels, when offered as buttons
		choices []choice // else the select's choices
	}{
		{name: "short", options: []games.Option{opt("a", "Pass"), opt("b", "Bid 1")}, buttons: []string{"Pass", "Bid 1"}},
		{name: "detail", options: []games.Option{opt("a", "Pass"), {ID: "b", Label: games.T("Section at Abbey"), Detail: games.T("second tier: 2 Gold")}},
			choices: []choice{{"Pass", ""}, {"Section at Abbey", "second tier: 2 Gold"}}},
		{name: "long label", options: []games.Option{opt("a", "Pass"), opt("b", long)}, choices: []choice{{"Pass", ""}, {long, ""}}},
		{name: "paths apart", options: []games.Option{opt("a", "To Bo", step("c4", "Goblin at C4")), opt("b", "To Cy", step("c4", "Goblin at C4")),
			opt("c", "To Bo", step("b2", "Orc at B2")), opt("d", "Done")},
			choices: []choice{{"To Bo", "Goblin at C4"}, {"To Cy", "Goblin at C4"}, {"To Bo", "Orc at B2"}, {"Done", ""}}},
		{name: "paths not needed", options: []games.Option{opt("a", "Goblin to Bo", step("c4", "Goblin at C4")), opt("d", "Done")},
			buttons: []string{"Goblin to Bo", "Done"}},
	} {
		for _, lang := range []string{"en", "de"} {
			rows, cut := h.svc.menus.PromptRows(tb, []games.Prompt{{Seat: 0, Text: games.T("Pick"), Options: c.options}}, lang, interact.MaxRows)
			if cut || len(rows) != 1 {
				t.Fatalf("%s, %s: %d rows (cut %v)", c.name, lang, len(rows), cut)
			}
			var buttons []string
			var choices []choice
			for _, comp := range rows[0].(discordgo.ActionsRow).Components {
				switch comp := comp.(type) {
				case discordgo.Button:
					buttons = append(buttons, comp.Label)
				case discordgo.SelectMenu:
					for _, o := range comp.Options {
						choices = append(choices, choice{o.Label, o.Description})
					}
				}
			}
			if strings.Join(buttons, "|") != strings.Join(c.buttons, "|") || len(choices) != len(c.choices) {
				t.Errorf("%s, %s: buttons %q and choices %q, want %q and %q", c.name, lang, buttons, choices, c.buttons, c.choices)
				continue
			}
			for k := range choices {
				if choices[k] != c.choices[k] {
					t.Errorf("%s, %s: choice %d reads %q, want %q", c.name, lang, k, choices[k], c.choices[k])
				}
			}
			// /move's autocomplete shows a detail after the label.
			for _, o := range c.options {
				if name := h.svc.menus.OptionName(tb, lang, o); !o.Detail.IsZero() && !strings.HasSuffix(name, " · "+o.Detail.Key) {
					t.Errorf("%s, %s: /move names %s %q, without its detail", c.name, lang, o.ID, name)
				}
			}
		}
	}
}
