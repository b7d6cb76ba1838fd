package bot_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/table"
)

// TestEndToEndNoLiveControlsTwoSecondsAfterTheEnd measures issue 31's
// bound over the fake Discord, on the service's clock: "no message with
// live controls of a table exists 2 s after the table's end". A 3-player
// Zauberschwert is played until DM decisions, ephemeral answers ("Show my
// hand", pressed before every move by the player whose DMs are closed) and
// the board's buttons are all live;
// then the table ends, by its last move or by the host's abandon. The
// clock moves on 2 s and whatever is due then runs, as the scheduler
// would; then no channel message, DM or ephemeral answer may offer the
// table's controls, also when Discord fails each edit that takes an
// answer's or a DM's controls away once; nor may a Dungeon Designer
// board's "Look at a player" select stay live. The check is not vacuous: held
// back (Discord fails every try to withdraw one answer), the answer is
// found live.
func TestEndToEndNoLiveControlsTwoSecondsAfterTheEnd(t *testing.T) {
	for _, tc := range []struct {
		name    string
		abandon bool // the host ends the table; else it is played to its end
		hold    bool // Discord fails the withdrawal of one ephemeral answer
		// failOnce makes Discord fail, once each, the edits that take
		// the controls of an answer and of the DMs away.
		failOnce bool
		// look plays Dungeon Designer, whose board offers "Look at a
		// player" besides its buttons, instead of Zauberschwert.
		look bool
	}{
		{"the last move", false, false, false, false},
		{"the host abandons", true, false, false, false},
		{"the host abandons, Discord failing each withdrawal once", true, false, true, false},
		{"the host abandons, one answer's withdrawal held back", true, true, false, false},
		{"Dungeon Designer, the host abandons with Look at a player live", true, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			clk := clocktest.NewClock(time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC))
			w := newWorldAt(t, false, clk)
			s := zauberschwertSpec()
			if tc.look {
				s = dungeonSpec(players(), nil)
			}
			s.restartAt = 0
			g := newGame(t, w, s)
			g.open()
			tb := w.table(t)
			var held string // the token whose answer's withdrawal fails
			showHands := func() {
				for _, p := range g.players {
					if !p.dmClosed {
						continue // the others decide in their DMs (and see one answer at most)
					}
					notice, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindHand)
					if !ok {
						t.Fatal("no Show my hand button in the channel")
					}
					i := w.fake.Interactions.Click(p.Actor, &notice, controlOf(t, notice, commands.KindHand).CustomID)
					w.tr.deliver(t, i)
					if held == "" && len(liveControlsOf(w, g, tb.ID)["ephemeral"]) > 0 {
						held = i.Token
					}
				}
			}
			// Until every kind of message offers the table's controls
			// (pressing Show my hand before each move), or to the end.
			var before map[string][]string
			for w.table(t).Status == table.StatusPlaying {
				showHands()
				before = liveControlsOf(w, g, tb.ID)
				if tc.abandon && len(before) == 3 {
					break
				}
				if !g.step() {
					break
				}
				if g.moves > s.maxMoves {
					t.Fatalf("no end after %d moves", g.moves)
				}
			}
			if _, offered := latestWith(w.fake.Channels.Messages(channelID), commands.KindLook); tc.look && !offered {
				t.Fatal("before the end the board offered no Look at a player")
			}
			if tc.abandon {
				if (tc.hold || tc.failOnce) && held == "" {
					t.Fatal("no ephemeral answer with controls to hold back")
				}
				if tc.hold {
					for range 10 { // more than the executor tries
						w.fake.FailOnce(http.MethodPatch, held)
					}
				}
				if tc.failOnce {
					w.fake.FailOnce(http.MethodPatch, held)
					for _, p := range g.players {
						for _, m := range w.fake.Channels.DMs(p.UserID) {
							if len(fakediscord.Controls(m)) > 0 {
								w.fake.FailOnce(http.MethodPatch, "/messages/"+m.ID)
							}
						}
					}
				}
				host := g.players[0]
				i := w.fake.Interactions.Command(host.Actor, commands.CmdGame, fakediscord.SubCommand(commands.SubAbandon))
				w.tr.deliver(t, i)
			}
			if got := w.table(t).Status; got != table.StatusOver && got != table.StatusAbandoned {
				t.Fatalf("the table is %s, want ended", got)
			}
			for _, kind := range []string{"channel", "DM", "ephemeral"} {
				if tc.abandon && len(before[kind]) == 0 {
					t.Fatalf("before the end no %s offered the table's controls (live: %v)", kind, before)
				}
			}
			if len(before["channel"]) == 0 || len(before["ephemeral"]) == 0 {
				t.Fatalf("before the last move no board and no answer offered controls (live: %v)", before)
			}

			clk.Advance(2 * time.Second)
			w.tick(t)
			live := liveControlsOf(w, g, tb.ID)
			switch {
			case tc.hold && len(live["ephemeral"]) == 0:
				t.Errorf("the withdrawal of an answer was held back, yet 2 s after the end no answer is found live (live before: %v)", before)
			case !tc.hold && len(live) > 0:
				t.Errorf("2 s after the end, messages still offer the table's controls: %v", live)
			}
		})
	}
}

// liveControlsOf lists, by kind ("channel", "DM", "ephemeral"), the
// messages every player of g sees that offer a control of table tableID.
func liveControlsOf(w *world, g *game, tableID string) map[string][]string {
	out := map[string][]string{}
	add := func(kind string, ms []fakediscord.Message) {
		for _, m := range ms {
			for _, c := range fakediscord.Controls(m) {
				if id, err := commands.ParseCustomID(c.CustomID); err == nil && id.Table == tableID {
					out[kind] = append(out[kind], fmt.Sprintf("%s %q", m.ID, m.Content))
					break
				}
			}
		}
	}
	add("channel", w.fake.Channels.Messages(channelID))
	for _, p := range g.players {
		add("DM", w.fake.Channels.DMs(p.UserID))
		add("ephemeral", w.fake.Interactions.Ephemerals(p.UserID))
	}
	return out
}
