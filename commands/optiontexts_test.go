package commands_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// Discord's limits on a choice's texts, in characters.
const (
	buttonLabelLimit = 80
	selectLabelLimit = 100
	descriptionLimit = 100
)

// TestOptionTextsFit plays random whole games of every listed game, at
// every player count, with the default options and with every option at
// its last choice, and looks at every decision as the players get it, in
// English and German: its buttons or selects and every menu under its
// steps. It fails when a label or description is longer than Discord
// shows (so it would be cut), or when two choices of one decision read
// the same (label and description) while answering differently.
func TestOptionTextsFit(t *testing.T) {
	svc, _, reg := lineupService(t)
	seeds := uint64(8) // games per setup and player count
	switch {
	case testing.Short():
		seeds = 1
	case raceBuild: // ~10x slower; the texts do not depend on it
		seeds = 2
	}
	// Discord display names run to 32 characters; these are long ones.
	names := []string{"Maximiliane Oberhofer", "Bartholomäus K.", "Clementine", "Dario", "Evangelina Sørensen", "Frederik"}
	for _, id := range reg.IDs() {
		g, _ := reg.Get(id)
		t.Run(id, func(t *testing.T) {
			info := g.Info()
			found := map[string]bool{} // one report per problem and key
			decisions := 0
			for _, opts := range setups(info) {
				for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
					for seed := uint64(1); seed <= seeds; seed++ {
						setup := games.Setup{Players: players, Options: opts, Seed: seed}
						st, err := g.New(setup)
						if err != nil {
							continue // a combination the game refuses (a solo variant at a bigger table)
						}
						tb := seated(t, info, names[:players])
						rng := games.NewRNG(seed)
						for move := 0; !st.Over(); move++ {
							pending := st.Pending()
							if len(pending) == 0 || move > games.SimMaxMoves {
								t.Fatalf("%v: stalled at move %d", setup, move)
							}
							for _, p := range pending {
								decisions++
								for _, lang := range []string{"en", "de"} {
									for _, problem := range choiceProblems(svc.PromptMenus(tb, p, lang)) {
										key := lang + " " + problem.kind + " " + keyOf(p, problem.value)
										if !found[key] {
											found[key] = true
											t.Errorf("%s, %v, move %d, %s: %s", lang, setup, move, keyOf(p, problem.value), problem.text)
										}
									}
								}
							}
							p := pending[rng.IntN(len(pending))]
							if _, err := st.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID); err != nil {
								t.Fatal(err)
							}
						}
					}
				}
			}
			if decisions == 0 {
				t.Fatal("no decision looked at")
			}
		})
	}
}

// setups are the game's default options and, when it has any, every
// option at its last choice.
func setups(info games.Info) []map[string]string {
	def, last := map[string]string{}, map[string]string{}
	for _, o := range info.Options {
		def[o.ID] = o.Default
		last[o.ID] = o.Choices[len(o.Choices)-1]
	}
	if len(info.Options) == 0 {
		return []map[string]string{def}
	}
	return []map[string]string{def, last}
}

// seated is a table with names in its seats, as the menus name players.
func seated(t *testing.T, info games.Info, names []string) *table.Table {
	t.Helper()
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tb := table.New(table.Params{ID: "t1", ChannelID: "100", GameID: info.ID, Lang: "en",
		Host: table.Seat{UserID: "u0", Name: names[0]}, Seed: 1, Now: now})
	for k, n := range names[1:] {
		if err := tb.Lobby().Join(info, table.Seat{UserID: fmt.Sprint("u", k+1), Name: n}, now); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// keyOf names the option answered by value (a move id or a step path) by
// its label's key, so that one fault is reported once per kind of option.
func keyOf(p games.Prompt, value string) string {
	for _, o := range p.Options {
		if o.ID == value {
			return o.Label.Key
		}
		var ids []string
		for _, st := range o.Path {
			ids = append(ids, st.ID)
			if strings.Join(ids, "/") == value {
				return "step " + st.Label.Key
			}
		}
	}
	return value
}

// problem is one fault of a menu: what kind, the value of the choice it
// concerns, and a sentence for the report.
type problem struct{ kind, value, text string }

// choiceProblems checks every message's choices: buttons within 80
// characters, select labels and descriptions within 100 (truncated texts
// end in "…"), and no two choices of a message reading the same while
// answering differently.
func choiceProblems(menus [][]discordgo.MessageComponent) []problem {
	var out []problem
	for _, rows := range menus {
		if len(rows) > 5 {
			out = append(out, problem{"rows", "", fmt.Sprintf("%d rows, Discord allows 5", len(rows))})
		}
		read := map[string]string{} // what a choice reads → what it answers
		same := func(text, value string) {
			if prev, ok := read[text]; ok && prev != value {
				out = append(out, problem{"same", value, fmt.Sprintf("%q and %q both read %q", prev, value, text)})
			}
			read[text] = value
		}
		long := func(text, value string, limit int) {
			if n := utf8.RuneCountInString(text); n > limit || strings.HasSuffix(text, "…") {
				out = append(out, problem{"long", value, fmt.Sprintf("%q (%d characters) is cut at Discord's %d", text, n, limit)})
			}
		}
		for _, row := range rows {
			for _, c := range row.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					long(c.Label, c.CustomID, buttonLabelLimit)
					same(c.Label, moveOf(c.CustomID, ""))
				case discordgo.SelectMenu:
					if len(c.Options) > 25 {
						out = append(out, problem{"size", "", fmt.Sprintf("a select of %d choices, Discord allows 25", len(c.Options))})
					}
					for _, o := range c.Options {
						long(o.Label, o.Value, selectLabelLimit)
						long(o.Description, o.Value, descriptionLimit)
						same(o.Label+"\n"+o.Description, o.Value)
					}
				}
			}
		}
	}
	return out
}

// moveOf is the move a button answers (its custom id's argument), or def.
func moveOf(customID, def string) string {
	id, err := commands.ParseCustomID(customID)
	if err != nil {
		return def
	}
	return id.Arg
}

// lineupService is a Service over every listed game and a fresh store,
// without pictures.
func lineupService(t *testing.T) (*commands.Service, storage.Store, *games.Registry) {
	t.Helper()
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	store := storetest.Bolt(t)
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store})
	if err != nil {
		t.Fatal(err)
	}
	return svc, store, reg
}
