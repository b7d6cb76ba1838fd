package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
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
		m := h.svc.lobby.Message(tb, g)
		sels := selects(m.Components)
		if len(sels) == 0 {
			t.Fatalf("%s: the lobby has no selects", lang)
		}
		for _, sel := range sels {
			seen := map[string]bool{}
			for _, o := range sel.Options {
				choice := o.Value // a shared select's values are "option=choice"
				if c, _ := ParseCustomID(sel.CustomID); c.Arg == lobby.PackedOption {
					_, choice, _ = strings.Cut(o.Value, "=")
				}
				if len([]rune(o.Label)) > 100 || !strings.HasPrefix(o.Label, choice) || seen[o.Label] {
					t.Errorf("%s: choice %q of %s reads %q: longer than 100, not starting with its value, or like another", lang, o.Value, sel.CustomID, o.Label)
				}
				seen[o.Label] = true
			}
		}
	}
}

// lobbyPick is the custom id and value that pick option=choice in the
// newest message of msgs offering it: the option's own select, or a select
// its option shares with others.
func lobbyPick(t *testing.T, msgs []Message, option, choice string) (customID, value string) {
	t.Helper()
	for k := len(msgs) - 1; k >= 0; k-- {
		for _, sel := range selects(msgs[k].Components) {
			c, err := ParseCustomID(sel.CustomID)
			if err != nil || c.Kind != KindOption {
				continue
			}
			for _, o := range sel.Options {
				if (c.Arg == option && o.Value == choice) || (c.Arg == lobby.PackedOption && o.Value == option+"="+choice) {
					return sel.CustomID, o.Value
				}
			}
		}
	}
	t.Fatalf("no lobby select offers %s=%s", option, choice)
	return "", ""
}

// TestLobbySharedSelect: a lobby with more options than rows shares a
// select among the table's options with fewest choices; each choice names
// its option, the current ones say so, and a value that is not
// "option=choice" is refused, in the clicker's language, changing nothing.
func TestLobbySharedSelect(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
	id, value := lobbyPick(t, h.channelMsgs(), coreopt.Replay, coreopt.ReplayOff)
	if c, _ := ParseCustomID(id); c.Arg != lobby.PackedOption {
		t.Fatalf("replay has a select of its own (%s): the fake game's lobby has more options than rows", id)
	}
	var shared discordgo.SelectMenu
	for _, sel := range selects(h.channelMsgs()[len(h.channelMsgs())-1].Components) {
		if sel.CustomID == id {
			shared = sel
		}
	}
	chosen := 0
	for _, o := range shared.Options {
		option, choice, _ := strings.Cut(o.Value, "=")
		if o.Description == h.text("en", lobby.KeyLobbyChosen) {
			chosen++
			if h.table().Options[option] != choice {
				t.Errorf("%q is marked chosen", o.Label)
			}
		}
	}
	if chosen < 2 {
		t.Errorf("%d choices marked chosen in %+v", chosen, shared.Options)
	}
	before := h.table().Version
	for _, bad := range []string{"replay", "=off", "replay=", "nonsense=1"} {
		res := h.click(bo, id, bad)
		if res.Reply == nil || h.table().Version != before {
			t.Errorf("value %q: reply %+v, version %d → %d", bad, res.Reply, before, h.table().Version)
		}
	}
	h.wantReply(h.click(ann, id, value), "en", lobby.KeyOKOption)
	if h.table().Options[coreopt.Replay] != coreopt.ReplayOff {
		t.Errorf("replay = %q", h.table().Options[coreopt.Replay])
	}
}
