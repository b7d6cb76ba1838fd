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
	for _, m := range msgs {
		if len(m.Components) > 0 {
			t.Errorf("after the end a channel message has live controls: %q", m.Content)
		}
	}
	for _, u := range []string{ann, bo} {
		for _, m := range h.dms[u][dmsBefore[u]:] {
			if len(m.Components) > 0 {
				t.Errorf("after the end %s got a DM with live controls: %q", u, m.Content)
			}
		}
	}
}
