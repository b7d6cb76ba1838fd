package bot_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Sorcerer City's sand timer end to end, on a clock the test moves on:
// alice starts building and draws a tile, and her build clock (the
// default 90 seconds) runs out with the tile in her hand; bernd never
// starts and is taken as having stopped when the table's deadline passes.
// The channel hears each of them in a line and gets one board of the
// districts when the build phase ends.
func TestEndToEndSandTimer(t *testing.T) {
	t.Parallel()
	clk := clocktest.NewClock(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC))
	w := newWorldAt(t, false, clk)
	ps := players()[:2]
	alice, bernd := ps[0], ps[1]
	g := newGame(t, w, sorcererSpec(ps, map[string]string{coreopt.Deadline: "24"}))
	g.open()
	if got := w.table(t).Options[coreopt.Phase]; got != "90s" {
		t.Fatalf("the build clock is %q by default, want 90s", got)
	}
	boards := boardCount(w)

	// alice starts: one line in the channel, no board.
	seen := len(w.fake.Channels.Messages(channelID))
	clickDM(t, g, alice, "start")
	fresh := w.fake.Channels.Messages(channelID)[seen:]
	if !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool {
		return strings.Contains(m.Content, "alice") && strings.Contains(m.Content, "starts building") && len(m.Attachments) == 0
	}) || boardCount(w) != boards {
		t.Fatalf("alice's start told the channel %q; want a line without a board", contents(fresh))
	}
	// Her DM counts the 90 seconds down (a Discord timestamp).
	due := fmt.Sprintf("Your time runs out <t:%d:R>", clk.Now().Add(90*time.Second).Unix())
	if dms := w.fake.Channels.DMs(alice.UserID); !strings.Contains(dms[len(dms)-1].Content, due) {
		t.Fatalf("alice's DM after starting: %q; want %q", dms[len(dms)-1].Content, due)
	}
	clk.Advance(30 * time.Second)
	clickDM(t, g, alice, "draw")
	st := w.state(t, w.table(t))
	drawn := st.View(0).(sc.PrivateView).Drawn
	left := st.View(games.Public).(sc.View).Seats[0].Deck
	if drawn == "" {
		t.Fatal("alice drew no tile")
	}

	// 90 seconds after her start, not before, her time is up.
	clk.Advance(59 * time.Second)
	if n := w.tick(t); n != 0 {
		t.Fatalf("%d tables changed a second before alice's time is up", n)
	}
	seen = len(w.fake.Channels.Messages(channelID))
	clk.Advance(time.Second)
	if n := w.tick(t); n != 1 {
		t.Fatalf("%d tables changed when alice's time was up, want 1", n)
	}
	tb := w.table(t)
	if last, _ := tb.History().Last(); last.Move != "timeup" || last.Seat != 0 || !last.Timeout {
		t.Fatalf("the log ends with %+v, want alice's time-up", last)
	}
	st = w.state(t, tb)
	pub := st.View(games.Public).(sc.View)
	if !pub.Seats[0].Done || pub.Seats[1].Done || pub.Seats[0].Deck != left+1 || len(pub.Seats[0].District.Cells) != 0 {
		t.Fatalf("after alice's time ran out: done %v/%v, deck %d (was %d with the tile in hand), %d cells",
			pub.Seats[0].Done, pub.Seats[1].Done, pub.Seats[0].Deck, left, len(pub.Seats[0].District.Cells))
	}
	fresh = w.fake.Channels.Messages(channelID)[seen:]
	if !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool {
		return strings.Contains(m.Content, "building time ran out") && strings.Contains(m.Content, "loses the tile") && len(m.Attachments) == 0
	}) || boardCount(w) != boards {
		t.Fatalf("alice's time-up told the channel %q; want a line without a board", contents(fresh))
	}
	for _, m := range fresh {
		if strings.Contains(m.Content, drawn) {
			t.Fatalf("the channel names alice's lost tile: %q", m.Content)
		}
	}
	if live := liveDMs(w, alice); len(live) != 0 {
		t.Fatalf("alice's DMs still offer buttons after her time ran out: %q", live)
	}
	if dms := w.fake.Channels.DMs(alice.UserID); !strings.Contains(dms[len(dms)-1].Content, "This decision is over") {
		t.Fatalf("alice's DM after her time ran out: %q", dms[len(dms)-1].Content)
	}

	// bernd never started: the table's deadline (24 hours from the start
	// of the build phase) takes him as having stopped.
	if live := liveDMs(w, bernd); len(live) != 1 {
		t.Fatalf("bernd has %d live DMs before his deadline, want his start prompt: %q", len(live), live)
	}
	clk.Advance(24*time.Hour - 2*time.Minute)
	if n := w.tick(t); n != 0 && w.table(t).Moves != tb.Moves {
		t.Fatalf("bernd was answered for before his deadline")
	}
	seen = len(w.fake.Channels.Messages(channelID))
	clk.Advance(2 * time.Minute)
	if n := w.tick(t); n != 1 {
		t.Fatalf("%d tables changed at bernd's deadline, want 1", n)
	}
	tb = w.table(t)
	if last, _ := tb.History().Last(); last.Seat != 1 || !last.Timeout {
		t.Fatalf("the log ends with %+v, want bernd's answer by the table", last)
	}
	if pub := w.state(t, tb).View(games.Public).(sc.View); pub.Stage == "build" {
		t.Fatalf("the build phase goes on after everyone stopped")
	}
	if got := boardCount(w); got != boards+1 {
		t.Fatalf("%d boards in the channel since the build phase began, want exactly 1 at its end", got-boards)
	}
	fresh = w.fake.Channels.Messages(channelID)[seen:]
	if !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool {
		return hasPNG(m, "board.png") && strings.Contains(m.Content, "bernd")
	}) {
		t.Fatalf("the board at the end of building does not tell bernd's stop: %q", contents(fresh))
	}
	for _, m := range fresh {
		if strings.Contains(m.Content, drawn) {
			t.Fatalf("the channel names alice's lost tile: %q", m.Content)
		}
	}
}

// clickDM clicks the button for move in the newest DM of p that offers it.
func clickDM(t *testing.T, g *game, p player, move string) {
	t.Helper()
	w := g.w
	dms := w.fake.Channels.DMs(p.UserID)
	for i := len(dms) - 1; i >= 0; i-- {
		for _, c := range offered(t, dms[i]) {
			if c.move == move && c.value == "" {
				before := w.table(t).Moves
				w.tr.deliver(t, g.interact(p, dms[i], c))
				if w.table(t).Moves != before+1 {
					t.Fatalf("%s's %q was not applied", p.Username, move)
				}
				return
			}
		}
	}
	t.Fatalf("no DM of %s offers %q", p.Username, move)
}

// boardCount is how many boards the channel has had.
func boardCount(w *world) int {
	n := 0
	for _, m := range w.fake.Channels.Messages(channelID) {
		if hasPNG(m, "board.png") {
			n++
		}
	}
	return n
}

// liveDMs are p's DMs that still carry buttons.
func liveDMs(w *world, p player) []string {
	var out []string
	for _, m := range w.fake.Channels.DMs(p.UserID) {
		if len(fakediscord.Controls(m)) > 0 {
			out = append(out, m.Content)
		}
	}
	return out
}

func contents(ms []fakediscord.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Content
	}
	return out
}
