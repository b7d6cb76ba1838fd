package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// postsContaining counts channel posts whose text contains s.
func (h *harness) postsContaining(s string) int {
	n := 0
	for _, m := range h.channelMsgs() {
		if strings.Contains(m.Content, s) {
			n++
		}
	}
	return n
}

// A move is stored, then the bot dies before anything is posted: the
// restarted bot posts the move's board, status and DMs, exactly once.
func TestOutboxDeliversAfterCrash(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	posts := len(h.channelMsgs())
	// Ann bids; the executor "fails": the Result is dropped unexecuted.
	res := h.svc.Handle(ctxBG, clickInteraction(ann, findID(t, h.dms[ann], KindMove, "bid"+tabletest.SecretMarker+"3")))
	if len(res.Actions) == 0 || res.Done == nil {
		t.Fatalf("the move made nothing to deliver: %+v", res)
	}
	res = h.svc.Handle(ctxBG, clickInteraction(bo, findID(t, h.dms[bo], KindMove, "bid"+tabletest.SecretMarker+"1")))
	if len(res.Actions) == 0 {
		t.Fatal("Bo's bid made nothing to deliver")
	}
	if got := len(h.channelMsgs()); got != posts {
		t.Fatalf("something was posted before the crash: %d messages, want %d", got, posts)
	}
	h.restart()
	redo := h.svc.Redeliver(ctxBG)
	if len(redo) != 1 {
		t.Fatalf("%d deliveries after the restart, want 1 (the channel's two stored moves, in order)", len(redo))
	}
	for _, r := range redo {
		h.run(r) // and confirms, as a transport does
	}
	// Bo's bid closed the bidding: exactly one board tells it, with a picture.
	if n := h.postsContaining("wins the bidding"); n != 1 {
		t.Errorf("%d posts tell the end of the bidding, want 1", n)
	}
	// The two moves queued are carried out as one: the newer board alone,
	// telling the older move's line first.
	if n := len(h.channelMsgs()) - posts; n != 1 {
		t.Errorf("%d new channel posts, want 1 (the newest board)", n)
	}
	if news := h.channelMsgs()[posts:]; len(news) > 0 {
		c := news[len(news)-1].Content
		if bid, won := strings.Index(c, "Ann has bid"), strings.Index(c, "wins the bidding"); bid < 0 || won < bid {
			t.Errorf("the board tells %q, want Ann's bid told before the end of the bidding", c)
		}
	}
	last := h.channelMsgs()[len(h.channelMsgs())-1]
	if len(last.Files) != 1 || last.Files[0].Name != "board.png" {
		t.Errorf("the redelivered board has no picture: %+v", last.Files)
	}
	h.restart()
	if again := h.svc.Redeliver(ctxBG); len(again) != 0 {
		t.Errorf("%d deliveries after a second restart, want none", len(again))
	}
	h.assertNoSecrets()
}

// A delivery carried out but not confirmed (the bot died after posting)
// comes again after the restart with the same nonces, so Discord, which
// enforces them, posts nothing twice.
func TestOutboxRedeliveryKeepsNonces(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	res := h.svc.Handle(ctxBG, clickInteraction(ann, findID(t, h.dms[ann], KindMove, "bid"+tabletest.SecretMarker+"3")))
	var first []string
	for _, a := range res.Actions {
		if n := nonceOf(a); n != "" {
			first = append(first, n)
		}
	}
	if len(first) == 0 {
		t.Fatal("no new message carries a nonce")
	}
	h.restart()
	redo := h.svc.Redeliver(ctxBG)
	if len(redo) != 1 {
		t.Fatalf("%d deliveries, want 1", len(redo))
	}
	var again []string
	for _, a := range redo[0].Actions {
		if n := nonceOf(a); n != "" {
			again = append(again, n)
		}
	}
	if fmt.Sprint(first) != fmt.Sprint(again) {
		t.Errorf("nonces changed across redelivery: %v, then %v", first, again)
	}
}

// A board that reached Discord before a crash, with more moves queued
// behind it, is told again by one coalesced board that carries its nonce:
// Discord hands back the message the crash left, and the transport makes
// it the new board (bot's executor) instead of posting a second one beside
// a board whose buttons nobody remembers.
func TestCoalescedRedeliveryKeepsTheFirstBoardsNonce(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	boardNonce := func(actions []Action, words string) string {
		t.Helper()
		for _, a := range actions {
			if p, ok := a.(ChannelPost); ok && strings.Contains(p.Message.Content, words) {
				return p.Message.Nonce
			}
		}
		t.Fatalf("no post tells %q in %d actions", words, len(actions))
		return ""
	}
	res := h.svc.Handle(ctxBG, clickInteraction(ann, findID(t, h.dms[ann], KindMove, "bid"+tabletest.SecretMarker+"3")))
	first := boardNonce(res.Actions, "Ann has bid")
	res = h.svc.Handle(ctxBG, clickInteraction(bo, findID(t, h.dms[bo], KindMove, "bid"+tabletest.SecretMarker+"1")))
	if second := boardNonce(res.Actions, "wins the bidding"); second == first {
		t.Fatalf("the two moves' boards share nonce %q before coalescing", first)
	}
	h.restart()
	redo := h.svc.Redeliver(ctxBG)
	if len(redo) != 1 {
		t.Fatalf("%d deliveries after the restart, want 1", len(redo))
	}
	if got := boardNonce(h.run(redo[0]).Actions, "wins the bidding"); got != first {
		t.Errorf("the coalesced board carries nonce %q, want the first board's %q", got, first)
	}
}

func nonceOf(a Action) string {
	switch a := a.(type) {
	case ChannelPost:
		return a.Message.Nonce
	case DirectMessage:
		return a.Message.Nonce
	}
	return ""
}

// With 100,000 tables stored and 50 of them due, one tick loads exactly
// those 50; a due event fires once, also across a restart.
func TestSchedulerLoadsOnlyDueTables(t *testing.T) {
	if testing.Short() {
		t.Skip("stores 100,000 tables")
	}
	h := newHarness(t)
	var many []*table.Table
	for i := range 100000 {
		many = append(many, table.New(table.Params{ID: fmt.Sprint("t", i), ChannelID: fmt.Sprint("bulk", i), GameID: tabletest.ID, Lang: "en",
			Host: table.Seat{UserID: ann, Name: "Ann"}, Seed: uint64(i), Now: h.now()}))
	}
	g := tabletest.Game()
	for i := range 50 {
		tb := table.New(table.Params{ID: fmt.Sprint("d", i), ChannelID: fmt.Sprint("due", i), GameID: tabletest.ID, Lang: "en",
			Host: table.Seat{UserID: ann, Name: "Ann"}, Seed: uint64(i), Now: h.now(), Options: map[string]string{"rounds": "1", coreopt.Deadline: "12"}})
		if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: bo, Name: "Bo"}, h.now()); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Lobby().Start(g, ann, h.now()); err != nil {
			t.Fatal(err)
		}
		many = append(many, tb)
	}
	if err := h.store.CreateMany(ctxBG, many); err != nil {
		t.Fatal(err)
	}
	h.advance(12 * time.Hour)
	loads := h.store.Stats().Loads
	results := h.svc.Tick(ctxBG)
	if n := h.store.Stats().Loads - loads; n != 50 {
		t.Errorf("one tick decoded %d tables, want the 50 due", n)
	}
	if len(results) != 50 {
		t.Fatalf("%d tables changed, want 50", len(results))
	}
	for _, r := range results {
		h.run(r)
	}
	h.restart()
	loads = h.store.Stats().Loads
	if again := h.svc.Tick(ctxBG); len(again) != 0 {
		t.Errorf("after a restart the same due events fired again for %d tables", len(again))
	}
	if n := h.store.Stats().Loads - loads; n != 0 {
		t.Errorf("a tick with nothing due decoded %d tables", n)
	}
}

// A delivery the transport could not carry out stays in the outbox; the
// scheduler delivers it again once it is older than delivery.Retry, never
// while it may still be on its way.
func TestOutboxRetriesFailedDelivery(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	posts := len(h.channelMsgs())
	res := h.svc.Handle(ctxBG, clickInteraction(ann, findID(t, h.dms[ann], KindMove, "bid"+tabletest.SecretMarker+"3")))
	if len(res.Actions) == 0 || res.Done == nil {
		t.Fatal("the move made nothing to deliver")
	}
	// The transport failed: no Done.
	if again := h.svc.out.Redeliver(ctxBG, h.now().Add(-delivery.Retry)); len(again) != 0 {
		t.Fatalf("a fresh delivery is retried at once: %d", len(again))
	}
	h.advance(2 * delivery.Retry)
	again := h.svc.out.Redeliver(ctxBG, h.now().Add(-delivery.Retry))
	if len(again) != 1 {
		t.Fatalf("%d deliveries retried, want 1", len(again))
	}
	h.run(again[0])
	if n := len(h.channelMsgs()) - posts; n != 1 {
		t.Errorf("%d new channel posts after the retry, want 1", n)
	}
	if left := h.svc.out.Redeliver(ctxBG, time.Time{}); len(left) != 0 {
		t.Errorf("%d deliveries left after a confirmed retry", len(left))
	}
}
