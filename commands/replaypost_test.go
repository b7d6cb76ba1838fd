package commands

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/table"
)

// finishGame plays the harness's one-round game to its end.
func finishGame(t *testing.T, h *harness) {
	t.Helper()
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)
	if tb := h.table(); tb.Status != table.StatusOver {
		t.Fatalf("status %s, want over", tb.Status)
	}
}

// replaysPosted are the channel's posts carrying a replay GIF.
func replaysPosted(h *harness) []Message {
	var out []Message
	for _, m := range h.channelOf(chanA) {
		for _, f := range m.Files {
			if f.Name == "replay.gif" {
				out = append(out, m)
			}
		}
	}
	return out
}

// TestReplayPostedAtTheEnd: a game played to its end gets its replay
// posted by itself: staged by the scheduler (which draws nothing), drawn
// by the replay drawer at low priority, with the standings; once, across
// a restart between staging and drawing, and never by the outbox's
// redelivery.
func TestReplayPostedAtTheEnd(t *testing.T) {
	h, rp := newReplayHarness(t)
	finishGame(t, h)
	if tb := h.table(); !slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueReplay && d.At.Equal(tb.EndedAt) }) {
		t.Fatalf("due after the end %+v, want the replay", tb.Due)
	}
	for _, res := range h.svc.Tick(ctxBG) {
		h.run(res)
	}
	if len(rp.asked) != 0 || len(replaysPosted(h)) != 0 {
		t.Fatal("the scheduler's tick drew or posted the replay")
	}
	if tb := h.table(); !tb.ReplayStaged || len(tb.Due) != 0 {
		t.Fatalf("after the tick: staged %v, due %+v", tb.ReplayStaged, tb.Due)
	}
	h.restart()
	rp.fakeImages = h.images
	if got := h.svc.Redeliver(ctxBG); len(got) != 0 {
		t.Fatalf("the outbox's redelivery took %d changes, want none (the replay drawer posts replays)", len(got))
	}
	for _, res := range h.svc.DrawReplays(ctxBG) {
		h.run(res)
	}
	posted := replaysPosted(h)
	if len(posted) != 1 {
		t.Fatalf("%d replays posted, want 1", len(posted))
	}
	m := posted[0]
	if !bytes.Equal(m.Files[0].Data, rp.gif) || !strings.Contains(m.Content, h.text("en", compose.KeyStandings)) || m.Nonce == "" {
		t.Fatalf("replay post %q (%d bytes, nonce %q): want the GIF, the standings and a nonce", m.Content, len(m.Files[0].Data), m.Nonce)
	}
	if rp.drawn == 0 || len(rp.asked) != 1 {
		t.Fatalf("%d replays asked, %d frames drawn through the pool", len(rp.asked), rp.drawn)
	}
	for _, res := range append(h.svc.DrawReplays(ctxBG), h.svc.Tick(ctxBG)...) {
		h.run(res)
	}
	if n := len(replaysPosted(h)); n != 1 {
		t.Fatalf("%d replays posted after drawing again, want 1", n)
	}
}

// TestReplayAtTheEndWithoutPictures: a bot that draws no replays counts
// the replay as done and posts nothing.
func TestReplayAtTheEndWithoutPictures(t *testing.T) {
	h := newHarness(t)
	finishGame(t, h)
	for _, res := range h.svc.Tick(ctxBG) {
		h.run(res)
	}
	if got := h.svc.DrawReplays(ctxBG); len(got) != 0 {
		t.Fatalf("%d replays to draw, want none", len(got))
	}
	if tb := h.table(); !tb.ReplayStaged || len(tb.Due) != 0 || len(replaysPosted(h)) != 0 {
		t.Fatalf("staged %v, due %+v, %d posted", tb.ReplayStaged, tb.Due, len(replaysPosted(h)))
	}
}
