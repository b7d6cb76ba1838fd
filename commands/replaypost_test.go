package commands

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// finishGame plays the harness's one-round game to its end.
func finishGame(t *testing.T, h *harness) {
	t.Helper()
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", KeyOKMove)
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
	if !bytes.Equal(m.Files[0].Data, rp.gif) || !strings.Contains(m.Content, h.text("en", KeyStandings)) || m.Nonce == "" {
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

// TestSummarize: who led when and the biggest swing, by round or by turn,
// from the public scores; nothing without them or with one seat.
func TestSummarize(t *testing.T) {
	views := func(n int) []any { return make([]any, n) }
	cases := []struct {
		name      string
		course    games.Course
		byRound   bool
		lead      []leadSpan
		swing     *swing
		wantLines []string
	}{
		{name: "no public scores", course: games.Course{Views: views(3), Rounds: []int{1, 1, 2}}, byRound: true},
		{name: "one seat", course: games.Course{Views: views(2), Scores: [][]int{{0}, {4}}}},
		{name: "by turn", course: games.Course{Views: views(5), Scores: [][]int{{0, 0}, {2, 0}, {2, 3}, {2, 9}, {4, 9}}},
			lead:  []leadSpan{{1, 1, []int{0}}, {2, 4, []int{1}}},
			swing: &swing{Seat: 1, Before: 1, After: 7, When: 3},
			wantLines: []string{"Who led: Ann in turn 1, Bo in turns 2–4.",
				"Biggest swing: Bo, from 1 ahead to 7 ahead in turn 3."}},
		{name: "by round, a commit counts for the round it was made in, level and shared leads", byRound: true,
			course: games.Course{Views: views(7), Rounds: []int{1, 1, 2, 2, 3, 3, 4},
				Scores: [][]int{{0, 0, 0}, {1, 1, 0}, {1, 1, 1}, {5, 1, 1}, {5, 4, 1}, {5, 6, 6}, {5, 6, 6}}},
			lead:  []leadSpan{{1, 1, nil}, {2, 2, []int{0}}, {3, 3, []int{1, 2}}},
			swing: &swing{Seat: 0, Before: 0, After: 4, When: 2},
			wantLines: []string{"Who led: level in round 1, Ann in round 2, Bo & Cy in round 3.",
				"Biggest swing: Ann, from level to 4 ahead in round 2."}},
	}
	h := newHarness(t)
	for _, c := range cases {
		sm := summarize(c.course)
		if sm.byRound != c.byRound || !slices.EqualFunc(sm.lead, c.lead, func(a, b leadSpan) bool {
			return a.From == b.From && a.To == b.To && slices.Equal(a.Leaders, b.Leaders)
		}) {
			t.Errorf("%s: by round %v, lead %+v; want %v, %+v", c.name, sm.byRound, sm.lead, c.byRound, c.lead)
		}
		if (sm.swing == nil) != (c.swing == nil) || sm.swing != nil && *sm.swing != *c.swing {
			t.Errorf("%s: swing %+v, want %+v", c.name, sm.swing, c.swing)
		}
		if got := h.svc.summaryLines(sm, []string{"Ann", "Bo", "Cy"}, "en"); !slices.Equal(got, c.wantLines) {
			t.Errorf("%s: lines %q, want %q", c.name, got, c.wantLines)
		}
		if de := h.svc.summaryLines(sm, []string{"Ann", "Bo", "Cy"}, "de"); len(de) != len(c.wantLines) || len(de) > 0 && de[0] == c.wantLines[0] {
			t.Errorf("%s: German lines %q", c.name, de)
		}
	}
}
