package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// newInThread is /game new thread:true typed by user in channel, with the
// bot's permissions there (0: not told).
func newInThread(user, channel string, perms int64) *discordgo.Interaction {
	i := slashInteraction(user, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1")
	i.ChannelID, i.AppPermissions = channel, perms
	sub := i.Data.(discordgo.ApplicationCommandInteractionData).Options[0]
	sub.Options = append(sub.Options, &discordgo.ApplicationCommandInteractionDataOption{Name: lobby.OptThread, Type: discordgo.ApplicationCommandOptionBoolean, Value: true})
	return i
}

// threadOf is the one thread h opened.
func threadOf(t *testing.T, h *harness) string {
	t.Helper()
	if len(h.threads) != 1 {
		t.Fatalf("%d threads opened, want 1", len(h.threads))
	}
	for id := range h.threads {
		return id
	}
	return ""
}

// TestTableInThread: the table opens in a new thread (a line in the
// channel links to it, the lobby is in the thread, the thread is the
// table's channel), is played there to the end, and its thread is
// archived a day after the end, once, across a restart.
func TestTableInThread(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.run(h.svc.Handle(ctxBG, newInThread(ann, chanA, 0))), "en", lobby.KeyOKNewThread)
	thread := threadOf(t, h)
	if h.threads[thread] != chanA {
		t.Fatalf("thread %s opened in %q, want %s", thread, h.threads[thread], chanA)
	}
	tb, err := h.store.Tables().Get(ctxBG, thread)
	if err != nil {
		t.Fatalf("no table in the thread: %v", err)
	}
	if tb.ChannelID != thread || tb.Parent != chanA || tb.Status != table.StatusLobby || tb.LobbyMessageID == "" {
		t.Fatalf("table in channel %s, parent %s, status %s, lobby %q", tb.ChannelID, tb.Parent, tb.Status, tb.LobbyMessageID)
	}
	if _, err := h.store.Tables().Get(ctxBG, chanA); err == nil {
		t.Fatal("the channel itself holds a table too")
	}
	var inParent []string
	for _, id := range h.order {
		m := h.msgs[id]
		switch {
		case m.channel == chanA:
			inParent = append(inParent, m.msg.Content)
		case m.channel != thread:
			t.Fatalf("a message went to %s", m.channel)
		}
	}
	if len(inParent) != 1 || !strings.Contains(inParent[0], "<#"+thread+">") || !strings.Contains(inParent[0], "Ann") {
		t.Fatalf("the channel shows %q, want one line linking to the thread", inParent)
	}

	h.wantReply(h.click(bo, findID(t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	step := slashInteraction(bo, CmdMove, "", OptOption, "step")
	step.ChannelID = thread
	h.wantReply(h.run(h.svc.Handle(ctxBG, step)), "de", play.KeyOKMove)
	tb, err = h.store.Tables().Get(ctxBG, thread, storage.WithLog())
	if err != nil || tb.Status != table.StatusOver {
		t.Fatalf("status %v (%v), want over", tb.Status, err)
	}
	if in := h.channelOf(chanA); len(in) != 1 {
		t.Fatalf("the game posted %d messages in the channel, want only the line linking to the thread", len(in))
	}
	if !tb.EndedAt.Equal(h.now()) {
		t.Fatalf("ended at %v, want %v", tb.EndedAt, h.now())
	}

	tick := func() {
		for _, res := range h.svc.Tick(ctxBG) {
			h.run(res)
		}
	}
	h.advance(table.ArchiveAfter - time.Minute)
	tick()
	if h.archived[thread] != 0 {
		t.Fatal("the thread was archived before a day had passed")
	}
	h.restart()
	h.advance(time.Minute)
	tick()
	tick()
	if h.archived[thread] != 1 {
		t.Fatalf("the thread was archived %d times a day after the end, want once", h.archived[thread])
	}
	if tb, _ = h.store.Tables().Get(ctxBG, thread); !tb.ThreadArchived || len(tb.Due) != 0 {
		t.Fatalf("after archiving: archived %v, due %+v", tb.ThreadArchived, tb.Due)
	}
}

// channelOf lists the messages posted in channel, oldest first.
func (h *harness) channelOf(channel string) []Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []Message
	for _, id := range h.order {
		if m := h.msgs[id]; m.channel == channel {
			out = append(out, m.msg)
		}
	}
	return out
}

// TestThreadBadInput: where no thread can be opened the answer says why,
// only to the user, and nothing is posted or stored.
func TestThreadBadInput(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.run(h.svc.Handle(ctxBG, newInThread(ann, chanA, 0))), "en", lobby.KeyOKNewThread)
	thread := threadOf(t, h)
	inDM := newInThread(bo, "dm-"+bo, 0)
	inDM.GuildID, inDM.User, inDM.Member = "", inDM.Member.User, nil
	cases := []struct {
		name string
		i    *discordgo.Interaction
		lang string
		key  string
	}{
		{"in a DM", inDM, "de", lobby.KeyThreadNoGuild},
		{"without the thread permissions", newInThread(ann, chanA, discordgo.PermissionSendMessages|discordgo.PermissionCreatePublicThreads), "en", lobby.KeyThreadNoPermission},
		{"inside a table's thread", newInThread(bo, thread, 0), "de", lobby.KeyThreadInThread},
	}
	for _, c := range cases {
		before := len(h.order)
		res := h.run(h.svc.Handle(ctxBG, c.i))
		h.wantReply(res, c.lang, c.key)
		if len(res.Actions) != 0 || len(h.order) != before || len(h.threads) != 1 {
			t.Errorf("%s: %d actions, %d messages posted, %d threads", c.name, len(res.Actions), len(h.order)-before, len(h.threads))
		}
	}
	admin := newInThread(cy, chanA, discordgo.PermissionAdministrator)
	h.wantReply(h.run(h.svc.Handle(ctxBG, admin)), "en", lobby.KeyOKNewThread)
	if len(h.threads) != 2 {
		t.Fatalf("an administrator bot opened %d threads in all, want 2", len(h.threads))
	}
}
