package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestReminderLinksToTheDecision: a reminder by DM leads to the message to
// act on: the seat's live DM, by its Discord address.
func TestReminderLinksToTheDecision(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
	h.mu.Lock()
	ids := append([]string(nil), h.dmIDs[ann]...)
	h.mu.Unlock()
	if len(ids) != 1 {
		t.Fatalf("Ann has %d DMs, want her decision", len(ids))
	}
	h.advance(6 * time.Hour)
	h.tick()
	h.mu.Lock()
	dms := append([]Message(nil), h.dms[ann]...)
	h.mu.Unlock()
	want := "https://discord.com/channels/@me/" + dmPrefix + ann + "/" + ids[0]
	if len(dms) != 2 || !strings.HasPrefix(dms[1].Content, "⏰") || !strings.Contains(dms[1].Content, want) {
		t.Fatalf("Ann's DMs %+v: want a reminder linking to %s", dms, want)
	}

}
