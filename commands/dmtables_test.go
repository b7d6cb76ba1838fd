package commands

import (
	"context"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/table/tabletest"
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
	h.wantReply(dm(ann, SubStatus), "en", KeyDMNoTable)
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
	h.wantReply(h.run(h.svc.Handle(context.Background(), other)), "en", KeyOKNew)
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
	h.wantReply(pick("c999"), "en", KeyDMNoTable) // a table ann does not sit at
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
