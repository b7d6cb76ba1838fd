package commands

import (
	"context"
	"testing"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/table"
)

// TestEndedTablePostsNothingLive: a move's messages still queued when the
// game is abandoned are carried out (in order, before the end's) without
// controls, and its DM prompts are not sent: nothing live of an ended
// table reaches Discord.
func TestEndedTablePostsNothingLive(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	// Ann's move is stored; its board and prompts wait in the outbox.
	held := h.svc.Handle(context.Background(), clickInteraction(ann, findID(t, h.channelMsgs(), KindMove, "leap")))
	h.wantReply(held, "en", play.KeyOKMove)
	before := len(h.channelMsgs())
	dmsBefore := map[string]int{ann: len(h.dms[ann]), bo: len(h.dms[bo])}
	h.wantReply(h.slash(ann, CmdGame, SubAbandon, ""), "en", play.KeyOKAbandoned)
	h.run(held) // its carrier finds it carried out already
	if st := h.table().Status; st != table.StatusAbandoned {
		t.Fatalf("table %s, want abandoned", st)
	}
	msgs := h.channelMsgs()
	if len(msgs) <= before {
		t.Fatal("the queued board and the end were not posted")
	}
	h.nothingLive(dmsBefore)
}

// nothingLive fails for any channel message with controls and any DM
// with controls sent after before (each user's DM count then).
func (h *harness) nothingLive(before map[string]int) {
	h.t.Helper()
	for _, m := range h.channelMsgs() {
		if len(m.Components) > 0 {
			h.t.Errorf("after the end a channel message has live controls: %q", m.Content)
		}
	}
	for u, n := range before {
		for _, m := range h.dms[u][n:] {
			if len(m.Components) > 0 {
				h.t.Errorf("after the end %s got a DM with live controls: %q", u, m.Content)
			}
		}
	}
}

// TestEndCoversAMoveCarriedMeanwhile: the game is abandoned while an
// earlier move's messages are being posted (the game still on when they
// went out, so with controls), and the end is composed before that move's
// messages are remembered, so its clearing does not name them. Once the
// end is carried out and the scheduler has run, nothing of the table is
// live: the move's board and DMs, remembered after the end, are cleared.
func TestEndCoversAMoveCarriedMeanwhile(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	held := h.svc.Handle(context.Background(), clickInteraction(ann, findID(t, h.channelMsgs(), KindMove, "leap")))
	h.wantReply(held, "en", play.KeyOKMove)
	before := map[string]int{ann: len(h.dms[ann]), bo: len(h.dms[bo])}
	abandoned := false
	_ = held.Carry(context.Background(), func(_ context.Context, actions []Action) error {
		h.apply(actions)
		if !abandoned && hasLiveControls(actions) {
			abandoned = true // the move's controls are out; its ids not yet stored
			h.wantReply(h.slash(ann, CmdGame, SubAbandon, ""), "en", play.KeyOKAbandoned)
		}
		return nil
	})
	if !abandoned {
		t.Fatal("the move posted nothing live: the test shows nothing")
	}
	if st := h.table().Status; st != table.StatusAbandoned {
		t.Fatalf("table %s, want abandoned", st)
	}
	h.tick()
	h.nothingLive(before)
}

// hasLiveControls reports an action posting a message with controls.
func hasLiveControls(actions []Action) bool {
	for _, a := range actions {
		switch a := a.(type) {
		case ChannelPost:
			if len(a.Message.Components) > 0 {
				return true
			}
		case DirectMessage:
			if len(a.Message.Components) > 0 {
				return true
			}
		}
	}
	return false
}
