package bot_test

import (
	"bytes"
	"context"
	"image/gif"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// TestEndToEndTableInThread: /game new thread:true opens a public thread
// from a line in the channel (the thread takes the line's id), and the
// whole table lives there: lobby, boards, status. alice plays against a
// bot and never answers; when her time is up a bot plays her seat to the
// end, and its replay is posted there with a summary. The channel keeps
// one line, linking to the thread; a day after the end the thread is
// archived, once, across a restart.
func TestEndToEndTableInThread(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clk := clocktest.NewClock(start)
	w := newWorldAt(t, false, clk)
	alice := players()[0]
	newCmd := w.fake.Interactions.Command(alice.Actor, commands.CmdGame, fakediscord.SubCommand(commands.SubNew,
		fakediscord.StringOpt(commands.OptGame, "zauberschwert"),
		fakediscord.StringOpt(commands.OptOptions, "absent=bot,deadline=12"),
		fakediscord.BoolOpt(lobby.OptThread, true)))
	w.tr.deliver(t, newCmd)
	if r := w.fake.Interactions.Replies(newCmd.ID); len(r) != 1 || r[0].Content != w.svc.Localize(string(alice.Locale), lobby.KeyOKNewThread) {
		t.Fatalf("/game new thread:true replies %+v", r)
	}
	threads := w.fake.Channels.Threads(channelID)
	if len(threads) != 1 {
		t.Fatalf("%d threads opened in the channel, want 1", len(threads))
	}
	th := threads[0]
	if th.StarterID == "" || th.Name == "" || !strings.Contains(th.Name, "alice") {
		t.Fatalf("thread %+v: want one started from a message, named after the host", th)
	}
	lobby, ok := latestWith(w.fake.Channels.Messages(th.ID), commands.KindJoin)
	if !ok {
		t.Fatal("no lobby in the thread")
	}
	inThread := alice.Actor
	inThread.ChannelID = th.ID
	w.tr.deliver(t, w.fake.Interactions.Click(inThread, &lobby, controlOf(t, lobby, commands.KindAddBot).CustomID))
	lobby, _ = latestWith(w.fake.Channels.Messages(th.ID), commands.KindStart)
	w.tr.deliver(t, w.fake.Interactions.Click(inThread, &lobby, controlOf(t, lobby, commands.KindStart).CustomID))
	load := func() *table.Table {
		t.Helper()
		tb, err := w.store.Tables().Get(context.Background(), th.ID)
		if err != nil {
			t.Fatalf("no table in the thread: %v", err)
		}
		return tb
	}
	if tb := load(); tb.Status != table.StatusPlaying || tb.Parent != channelID || tb.StatusMessageID == "" {
		t.Fatalf("table in the thread: status %s, parent %q, status message %q", tb.Status, tb.Parent, tb.StatusMessageID)
	}

	clk.Advance(12 * time.Hour)
	for range 200 {
		if w.tick(t) == 0 {
			break
		}
	}
	tb := load()
	if tb.Status != table.StatusOver {
		t.Fatalf("status %s after alice's time ran out, want over (a bot played her seat)", tb.Status)
	}
	// The replay is staged at the end and drawn by the replay drawer, not
	// by the ticks: once, in the thread, a GIF that decodes.
	replays := func() []fakediscord.Message {
		var out []fakediscord.Message
		for _, m := range w.fake.Channels.Messages(th.ID) {
			if len(m.Attachments) == 1 && m.Attachments[0].Name == "replay.gif" {
				out = append(out, m)
			}
		}
		return out
	}
	if n := len(replays()); n != 0 {
		t.Fatalf("%d replays posted by the scheduler's ticks", n)
	}
	if n := w.drawReplays(t); n != 1 {
		t.Fatalf("%d replays drawn at the end, want 1", n)
	}
	if n := w.drawReplays(t); n != 0 {
		t.Fatalf("%d replays drawn again", n)
	}
	rp := replays()
	if len(rp) != 1 || !strings.Contains(rp[0].Content, "Replay of **Zauberschwert") || !strings.Contains(rp[0].Content, "Who led:") {
		t.Fatalf("replays in the thread %+v, want one with a summary", rp)
	}
	if g, err := gif.DecodeAll(bytes.NewReader(rp[0].Attachments[0].Data)); err != nil || len(g.Image) < 2 || len(g.Image) > 150 {
		t.Fatalf("the replay does not decode as an animation: %v", err)
	}
	t.Logf("replay post: %s", rp[0].Content)

	parent := w.fake.Channels.Messages(channelID)
	if len(parent) != 1 || parent[0].ID != th.StarterID || !strings.Contains(parent[0].Content, "<#"+th.ID+">") {
		t.Fatalf("the channel holds %d messages (%+v), want one line linking to the thread", len(parent), parent)
	}
	boards, withButtons := 0, 0
	for _, m := range w.fake.Channels.Messages(th.ID) {
		if len(m.Attachments) > 0 {
			boards++
		}
		if len(fakediscord.Controls(m)) > 0 {
			withButtons++
		}
	}
	if boards < 3 || withButtons != 0 {
		t.Fatalf("the thread has %d pictures and %d messages with buttons after the end", boards, withButtons)
	}

	clk.Advance(table.ArchiveAfter - time.Minute)
	w.tick(t)
	if got, _ := w.fake.Channels.Thread(th.ID); got.Archived {
		t.Fatal("the thread was archived before a day had passed")
	}
	w.restart(t)
	clk.Advance(time.Minute)
	w.tick(t)
	if n := w.tick(t); n != 0 {
		t.Fatalf("a second tick changed %d tables", n)
	}
	if got, _ := w.fake.Channels.Thread(th.ID); !got.Archived {
		t.Fatal("the thread is not archived a day after the end")
	}
	archived := 0
	for _, r := range w.fake.Requests() {
		if r.Method == "PATCH" && r.Path == "/channels/"+th.ID {
			archived++
		}
	}
	if tb, err := w.store.Tables().Get(context.Background(), th.ID, storage.WithRecentLog(1)); err != nil || !tb.ThreadArchived || archived != 1 {
		t.Fatalf("archived %d times; table says %v (%v)", archived, tb.ThreadArchived, err)
	}
}
