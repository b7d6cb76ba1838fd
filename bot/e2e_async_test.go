package bot_test

import (
	"strings"
	"testing"
	"time"

	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/table/coreopt"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
)

// Reminders and a vacation end to end, on a clock the test moves on, in
// Sorcerer City's first build phase (every seat must start building: a
// simultaneous step; a day per decision; the sand timer starts only with
// building, which nobody does). bernd goes on
// vacation for two days at the start; alice and carol (DMs closed) never
// answer. Each reminder arrives once, at its moment: alice by DM and
// carol by a mention at half and nine tenths of their day; their time
// runs out after a day while bernd's clock stands still; when bernd is
// back (the channel is told once) he hears that the table waits only for
// him, then at nine tenths of his running time, and his time runs out a
// day of running time after the start: three days on the wall. A restart
// in between sends nothing twice.
func TestEndToEndRemindersAndVacation(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clk := clocktest.NewClock(start)
	w := newWorldAt(t, false, clk)
	ps := players()
	alice, bernd, carol := ps[0], ps[1], ps[2]
	g := newGame(t, w, sorcererSpec(ps, map[string]string{coreopt.Deadline: "24"}))
	g.open()

	vac := w.fake.Interactions.Command(bernd.Actor, settingsfeature.CmdVacation,
		fakediscord.SubCommand(settingsfeature.SubVacationStart, fakediscord.IntOpt(settingsfeature.OptDays, 2)))
	w.tr.deliver(t, vac)
	if r := w.fake.Interactions.Replies(vac.ID); len(r) != 1 || !strings.HasPrefix(r[0].Content, "🧳 Schönen Urlaub") {
		t.Fatalf("/vacation replies %+v", r)
	}
	if tb := w.table(t); tb.Seats[1].Vacation == nil {
		t.Fatal("the table does not show bernd's vacation")
	}
	status := func() string {
		t.Helper()
		m, ok := w.fake.Channels.Message(channelID, w.table(t).StatusMessageID)
		if !ok {
			t.Fatal("no status message")
		}
		return m.Content
	}
	if s := status(); !strings.Contains(s, "bernd is on vacation until") {
		t.Fatalf("status %q does not show the vacation", s)
	}

	// seen counts, per user, the reminders received so far: alice's and
	// bernd's DMs, carol's mentions in the channel.
	type counts map[string]int
	reminders := func() counts {
		c := counts{}
		for _, p := range []player{alice, bernd} {
			for _, m := range w.fake.Channels.DMs(p.UserID) {
				if strings.HasPrefix(m.Content, "⏰") {
					c[p.Username]++
				}
			}
		}
		for _, m := range w.fake.Channels.Messages(channelID) {
			if strings.HasPrefix(m.Content, "⏰") && strings.Contains(m.Content, "<@"+carol.UserID+">") {
				c[carol.Username]++
			}
			if strings.HasPrefix(m.Content, "⏰") && strings.Contains(m.Content, "<@"+bernd.UserID+">") {
				c["bernd in the channel"]++
			}
		}
		return c
	}
	backLines := func() int {
		n := 0
		for _, m := range w.fake.Channels.Messages(channelID) {
			if strings.Contains(m.Content, "bernd is back from vacation") {
				n++
			}
		}
		return n
	}
	// at moves the clock to start+at and ticks twice: the second tick must
	// find nothing more.
	at := func(d time.Duration) {
		t.Helper()
		clk.Advance(start.Add(d).Sub(clk.Now()))
		w.tick(t)
		if n := w.tick(t); n != 0 {
			t.Fatalf("at %v a second tick changed %d tables", d, n)
		}
	}
	want := func(when string, c counts) {
		t.Helper()
		if got := reminders(); len(got) != len(c) || got["alice"] != c["alice"] || got["bernd"] != c["bernd"] || got["carol"] != c["carol"] {
			t.Fatalf("%s: reminders %v, want %v", when, got, c)
		}
	}

	at(12*time.Hour - time.Minute)
	want("just before half a day", counts{})
	at(12 * time.Hour)
	want("at half a day", counts{"alice": 1, "carol": 1})
	at(21*time.Hour + 36*time.Minute - time.Minute)
	want("before nine tenths", counts{"alice": 1, "carol": 1})
	w.restart(t)
	at(21*time.Hour + 36*time.Minute)
	want("at nine tenths", counts{"alice": 2, "carol": 2})

	// After a day alice and carol are out of time; bernd's clock stands.
	moves := w.table(t).Moves
	at(24 * time.Hour)
	tb := w.table(t)
	if tb.Moves != moves+2 {
		t.Fatalf("%d moves at the end of the day, want alice's and carol's time-ups", tb.Moves-moves)
	}
	for _, e := range tb.Log[len(tb.Log)-1:] {
		if e.Seat == 1 {
			t.Fatal("bernd's time ran out on vacation")
		}
	}
	want("after a day", counts{"alice": 2, "carol": 2}) // bernd, now the last one, is on vacation

	// Two days in, bernd is back: told once, and bernd hears (in German)
	// that the table waits only for him.
	at(48*time.Hour - time.Minute)
	if backLines() != 0 {
		t.Fatal("bernd is back before his vacation ends")
	}
	at(48 * time.Hour)
	if n := backLines(); n != 1 {
		t.Fatalf("the channel heard %d times that bernd is back, want once", n)
	}
	want("when bernd is back", counts{"alice": 2, "carol": 2, "bernd": 1})
	if dms := w.fake.Channels.DMs(bernd.UserID); !strings.Contains(dms[len(dms)-1].Content, "wartet nur noch auf dich") {
		t.Fatalf("bernd's reminder %q", dms[len(dms)-1].Content)
	}
	if s := status(); strings.Contains(s, "Urlaub") || strings.Contains(s, "vacation") {
		t.Fatalf("the status still shows the vacation: %q", s)
	}
	w.restart(t)
	at(48*time.Hour + time.Minute)
	if backLines() != 1 {
		t.Fatal("told again after a restart")
	}

	// His running time: 24h from the start, 48h of it off. The notice
	// stood in for his half-time reminder; nine tenths fall at 21h36m of
	// running time.
	at(48*time.Hour + 21*time.Hour + 36*time.Minute - time.Minute)
	want("before bernd's nine tenths", counts{"alice": 2, "carol": 2, "bernd": 1})
	at(48*time.Hour + 21*time.Hour + 36*time.Minute)
	want("at bernd's nine tenths", counts{"alice": 2, "carol": 2, "bernd": 2})
	moves = w.table(t).Moves
	at(72*time.Hour - time.Minute)
	if w.table(t).Moves != moves {
		t.Fatal("bernd's time ran out before a day of running time")
	}
	at(72 * time.Hour)
	if tb := w.table(t); tb.Moves == moves || tb.Log[len(tb.Log)-1].Seat != 1 || !tb.Log[len(tb.Log)-1].Timeout {
		t.Fatalf("bernd's time did not run out after a day of running time: %+v", tb.Log[len(tb.Log)-1])
	}
	if got := reminders(); got["bernd in the channel"] != 0 {
		t.Errorf("bernd (DMs open) was mentioned in the channel: %v", got)
	}
}
