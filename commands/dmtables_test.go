package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

// inDMOf turns i into the same interaction typed in user's DM with the bot.
func inDMOf(i *discordgo.Interaction, user string) *discordgo.Interaction {
	i.GuildID, i.GuildLocale, i.ChannelID = "", nil, "dm-"+user
	i.User, i.Member = i.Member.User, nil
	return i
}

// TestInfoInDM: /game status, hand and log typed in a DM answer about the
// player's one running table, offer a menu when there are several, and
// say so when there is none.
func TestInfoInDM(t *testing.T) {
	h := newHarness(t)
	dm := func(user, sub string) Result {
		return h.run(h.svc.Handle(context.Background(), inDMOf(slashInteraction(user, CmdGame, sub), user)))
	}
	h.wantReply(dm(ann, SubStatus), "en", tables.KeyDMNoTable)
	h.lobbyAndStart(ann, bo)
	for _, tc := range []struct{ user, sub string }{{ann, SubStatus}, {bo, SubHand}, {ann, SubLog}} {
		inChannel := h.slash(tc.user, CmdGame, tc.sub)
		got := dm(tc.user, tc.sub)
		if got.Reply == nil || inChannel.Reply == nil || got.Reply.Content != inChannel.Reply.Content ||
			len(got.Reply.Files) != len(inChannel.Reply.Files) {
			t.Fatalf("%s %s in a DM: %+v, want as in the channel: %+v", tc.user, tc.sub, got.Reply, inChannel.Reply)
		}
	}
	// A second table (a lobby) in another channel: the DM asks which.
	other := slashInteraction(ann, CmdGame, SubNew, OptGame, tabletest.ID)
	other.ChannelID = "c200"
	h.wantReply(h.run(h.svc.Handle(context.Background(), other)), "en", lobby.KeyOKNew)
	res := dm(ann, SubLog)
	ids, values := customIDs(res.Reply.Components), selectValues(res.Reply.Components)
	slices.Sort(values)
	if len(ids) != 1 || !slices.Equal(values, []string{chanA, "c200"}) {
		t.Fatalf("menu %v with %v, want one select of %s and c200", ids, values, chanA)
	}
	pick := func(channel string) Result {
		i := inDMOf(clickInteraction(ann, ids[0], channel), ann)
		return h.run(h.svc.Handle(context.Background(), i))
	}
	if got, want := pick(chanA), h.slash(ann, CmdGame, SubLog); got.Reply == nil || got.Reply.Content != want.Reply.Content {
		t.Errorf("picked %s: %+v, want %+v", chanA, got.Reply, want.Reply)
	}
	h.wantReply(pick("c999"), "en", tables.KeyDMNoTable) // a table ann does not sit at
	// Bo sits at one table only: no menu.
	if got := dm(bo, SubStatus); got.Reply == nil || len(selectValues(got.Reply.Components)) != 0 {
		t.Errorf("bo got a menu: %+v", got.Reply)
	}
}

// selectValues lists the option values of every select in rows.
func selectValues(rows []discordgo.MessageComponent) []string {
	var out []string
	for _, r := range rows {
		if row, ok := r.(discordgo.ActionsRow); ok {
			for _, c := range row.Components {
				if sel, ok := c.(discordgo.SelectMenu); ok {
					for _, o := range sel.Options {
						out = append(out, o.Value)
					}
				}
			}
		}
	}
	return out
}

// TestMyGames: /games lists every table the player sits at, wherever it is
// typed, those waiting for the player first, and says when there is none.
func TestMyGames(t *testing.T) {
	h := newHarness(t)
	list := func(user string, dm bool) string {
		t.Helper()
		i := slashInteraction(user, CmdGames, "")
		if dm {
			i = inDMOf(i, user)
		}
		res := h.run(h.svc.Handle(context.Background(), i))
		if res.Reply == nil {
			t.Fatal("no reply")
		}
		return res.Reply.Content
	}
	h.wantReply(h.run(h.svc.Handle(context.Background(), slashInteraction(cy, CmdGames, ""))), "en", tables.KeyDMNoTable)
	// A lobby in c200 first, then a game in chanA where someone must move.
	other := slashInteraction(cy, CmdGame, SubNew, OptGame, tabletest.ID)
	other.ChannelID = "c200"
	h.wantReply(h.run(h.svc.Handle(context.Background(), other)), "en", lobby.KeyOKNew)
	h.advance(time.Hour)
	h.lobbyAndStart(ann, cy)
	mine := h.promptsOf(cy)
	if len(mine) == 0 {
		t.Fatal("the fake race must start with cy's decision")
	}
	for _, dm := range []bool{false, true} {
		got := list(cy, dm)
		lines := strings.Split(got, "\n")
		if len(lines) != 3 || !strings.Contains(lines[1], "<#"+chanA+">") || !strings.Contains(lines[2], "<#c200>") {
			t.Fatalf("/games of cy (dm %v):\n%s\nwant the game in %s before the lobby in c200", dm, got, chanA)
		}
		yours := strings.HasPrefix(lines[1], "- "+h.text("en", mygames.KeyMyGameYours))
		if !yours {
			t.Errorf("cy's game line %q is not marked as cy's decision", lines[1])
		}
	}
	// Once cy has moved, nothing waits for cy: the older lobby comes first.
	h.advance(time.Hour)
	h.wantReply(h.slash(cy, CmdMove, "", OptOption, mine[0].Options[0].ID), "en", play.KeyOKMove)
	lines := strings.Split(list(cy, true), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "<#c200>") || !strings.HasPrefix(lines[2], "- "+h.text("en", mygames.KeyMyGameOthers)) {
		t.Errorf("/games after cy moved:\n%s\nwant the lobby first, then the game waiting for others", strings.Join(lines, "\n"))
	}
}
