package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestCountdownFollowsTheDeadline: a live DM's countdown (the Discord
// timestamp of its deadline) is edited in place when the deadline moves:
// a vacation beginning (the vacationer's DM only), ending early, and a
// pause over an outage (every seat's). Nothing else about the DM changes.
func TestCountdownFollowsTheDeadline(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=24", ann, bo)
	start := h.now()
	dm := func(user string) Message {
		t.Helper()
		h.mu.Lock()
		defer h.mu.Unlock()
		if len(h.dms[user]) != 1 {
			t.Fatalf("%s has %d DMs, want the one decision", user, len(h.dms[user]))
		}
		return h.dms[user][0]
	}
	wantDue := func(when string, user string, at time.Time) {
		t.Helper()
		if m := dm(user); !strings.Contains(m.Content, interact.Timestamp(at)) || len(m.Components) == 0 || len(m.Files) == 0 {
			t.Fatalf("%s: %s's DM %q (%d rows, %d files), want the countdown to %v with buttons and picture", when, user, m.Content, len(m.Components), len(m.Files), at.Sub(start))
		}
	}
	wantDue("at the start", bo, start.Add(24*time.Hour))
	annDM := dm(ann)

	h.advance(time.Hour)
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "3"), "de", settingsfeature.KeyVacationStarted)
	wantDue("on vacation", bo, start.Add(24*time.Hour+72*time.Hour))
	if m := dm(ann); m.Content != annDM.Content || h.dmEdits[ann] != 0 {
		t.Fatalf("Ann's DM changed with Bo's vacation: %q", m.Content)
	}

	h.advance(time.Hour)
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationEnd), "de", settingsfeature.KeyVacationEnded)
	// Two hours gone, one of them on vacation: a day less one hour left.
	wantDue("back early", bo, h.now().Add(23*time.Hour))

	ctx := context.Background()
	h.svc.play.Due().Beat(ctx, h.now())
	h.advance(10 * time.Hour)
	if _, recorded := h.svc.play.Due().ForgiveOutage(ctx); !recorded {
		t.Fatal("a 10-hour outage was not recorded")
	}
	if n := h.svc.play.Due().CreditSweep(ctx, func(res Result) { h.run(res) }); n != 1 {
		t.Fatalf("the sweep credited %d tables, want 1", n)
	}
	if n := h.svc.play.Due().CreditSweep(ctx, func(res Result) { h.run(res) }); n != 0 {
		t.Fatalf("a second sweep credited %d tables again", n)
	}
	wantDue("after an outage", bo, h.now().Add(23*time.Hour))
	wantDue("after an outage", ann, start.Add(24*time.Hour+10*time.Hour))
}
