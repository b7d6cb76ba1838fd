package bot_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	playfeature "github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// A player who never answers, end to end over the fake Discord (issue
// 12's test): a 3-player Zauberschwert with a day per decision and
// absent=bot, in which bernd never moves. alice and carol play through the
// components the bot posts; when only bernd is awaited the clock moves on:
// his reminders arrive at their moments, once each (the "last one" notice
// standing in for the half-time one where the others answered a
// simultaneous step; a restart between the nine-tenths reminder's moment
// and its sending sends it once), his time runs out after a day, a bot
// takes his seat
// (the channel is told), and the game is played to its end with no
// further reminder. In a second game at the same channel the same happens,
// and bernd takes his seat back with /game return (a stranger to the
// takeover is refused) and answers his next decision himself. The bot
// that takes a seat over plays at normal strength: it searches, thought
// out by the bots' pool as in production.
func TestEndToEndAbsentPlayerBot(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clk := clocktest.NewClock(start)
	w := newWorldAt(t, false, clk)
	w.thinks = true // booted again with the bots' pool
	w.restart(t)
	ps := players()
	alice, bernd := ps[0], ps[1]
	reminders := func() int {
		n := 0
		for _, m := range w.fake.Channels.DMs(bernd.UserID) {
			if strings.HasPrefix(m.Content, "⏰") {
				n++
			}
		}
		return n
	}
	// at moves the clock to when and ticks twice: the second tick must
	// find nothing more.
	at := func(when time.Time) {
		t.Helper()
		if d := when.Sub(clk.Now()); d > 0 {
			clk.Advance(d)
		}
		w.tick(t)
		if n := w.tick(t); n != 0 {
			t.Fatalf("at %v a second tick changed %d tables", when.Sub(start), n)
		}
	}
	settle := func() { settleBots(t, w) }
	others := func(g *game) bool { return playOthers(t, w, g, bernd) }
	// absent lets bernd's pending decision run out: reminders at half
	// (or the "last one" notice) and at nine tenths of his day, once each,
	// then the bot takes his seat, and the channel is told (the takeovers-th
	// time in this channel).
	absent := func(before, takeovers int) {
		t.Helper()
		tb := w.table(t)
		s := tb.Seats[tb.SeatOf(bernd.UserID)]
		since := s.PromptSince
		first := since.Add(12 * time.Hour)
		if s.Alone.V == s.PromptVersion && !s.Alone.Since.IsZero() {
			// Everyone else answered: the notice, not within 30 minutes of
			// the decision's start.
			first = since.Add(30 * time.Minute)
			if s.Alone.Since.After(first) {
				first = s.Alone.Since
			}
		}
		steps := []struct {
			when time.Time
			want int
			// restart: the bot restarts after the moment came, before
			// the scheduler got to it (a short restart: no outage pause).
			restart bool
		}{
			{first.Add(-time.Minute), before, false},
			{first, before + 1, false},
			{since.Add(21*time.Hour + 36*time.Minute - time.Minute), before + 1, false},
			{since.Add(21*time.Hour + 36*time.Minute), before + 2, true},
			{since.Add(24*time.Hour - time.Minute), before + 2, false},
		}
		for _, st := range steps {
			if st.restart {
				clk.Advance(st.when.Sub(clk.Now()))
				w.restart(t)
			}
			at(st.when)
			if got := reminders(); got != st.want {
				t.Fatalf("%v into bernd's decision: %d reminders, want %d", st.when.Sub(since), got, st.want)
			}
		}
		if tb := w.table(t); tb.Seats[tb.SeatOf(bernd.UserID)].Bot {
			t.Fatal("a bot took bernd's seat before his day was over")
		}
		at(since.Add(24 * time.Hour))
		tb = w.table(t)
		if s := tb.Seats[tb.SeatOf(bernd.UserID)]; !s.Bot || !s.Away {
			t.Fatalf("after bernd's day: seat %+v, want a bot playing it", s)
		}
		if got := tb.Bots().Strength(tb.SeatOf(bernd.UserID)); got != coreopt.BotNormal {
			t.Fatalf("the bot playing bernd's seat is %q, want %q", got, coreopt.BotNormal)
		}
		told := 0
		for _, m := range w.fake.Channels.Messages(channelID) {
			if strings.Contains(m.Content, "bernd's time ran out: a bot plays their seat") {
				told++
			}
		}
		if told != takeovers {
			t.Fatalf("the channel was told %d times that a bot took bernd's seat, want %d", told, takeovers)
		}
	}

	// The first game: bernd never comes back.
	opts := "deadline=24, absent=bot"
	g1 := newGame(t, w, spec{gameID: "zauberschwert", players: ps, typed: opts, rules: zauberschwertRules{}})
	g1.open()
	if !others(g1) {
		t.Fatal("the game ended before bernd was awaited alone")
	}
	absent(0, 1)
	if others(g1) {
		t.Fatal("bernd, played by the bot, is awaited")
	}
	tb := w.table(t)
	if tb.Status != table.StatusOver {
		t.Fatalf("first game: status %s, want over", tb.Status)
	}
	if n := reminders(); n != 2 {
		t.Fatalf("bernd got %d reminders in the first game, want 2 (none once the bot played)", n)
	}
	if w.thinker.Plans() == 0 {
		t.Fatal("the bot that took bernd's seat never searched: it did not play at normal strength")
	}

	t.Logf("first game over after %d moves", tb.Moves)

	// The second game: bernd takes his seat back.
	w.seed = 20261123 // a new table id
	g2 := newGame(t, w, spec{gameID: "zauberschwert", players: ps, typed: opts, rules: zauberschwertRules{}})
	g2.open()
	if !others(g2) {
		t.Fatal("the second game ended before bernd was awaited alone")
	}
	absent(2, 2)
	ret := func(p player) string {
		i := w.fake.Interactions.Command(p.Actor, commands.CmdGame, fakediscord.SubCommand(commands.SubReturn))
		w.tr.deliver(t, i)
		r := w.fake.Interactions.Replies(i.ID)
		if len(r) != 1 {
			t.Fatalf("/game return by %s: replies %+v", p.Username, r)
		}
		return r[0].Content
	}
	if got, want := ret(alice), w.svc.Localize(string(alice.Locale), table.ErrNotAway); got != want {
		t.Fatalf("/game return by alice, who plays her seat: %q, want %q", got, want)
	}
	if got, want := ret(bernd), w.svc.Localize(string(bernd.Locale), playfeature.KeyOKReturned); got != want {
		t.Fatalf("/game return by bernd: %q, want %q", got, want)
	}
	tb = w.table(t)
	if s := tb.Seats[tb.SeatOf(bernd.UserID)]; s.Bot || s.Away {
		t.Fatalf("after /game return: seat %+v, want bernd's own", s)
	}
	// bernd plays his own seat again: the next decision of his (the
	// others answer theirs meanwhile) comes to him and he answers it.
	b := tb.SeatOf(bernd.UserID)
	for moves := 0; ; moves++ {
		if moves > 5000 {
			t.Fatal("bernd was never asked again")
		}
		settle()
		tb = w.table(t)
		if tb.Status != table.StatusPlaying {
			t.Fatalf("the second game ended (%s) before bernd answered a decision himself", tb.Status)
		}
		mine := slices.ContainsFunc(w.state(t, tb).Pending(), func(p games.Prompt) bool { return p.Seat == b })
		a, ok := g2.plan()
		if !ok {
			t.Fatal("nothing to play")
		}
		if mine != (a.seat == b) {
			continue // plan again: bernd's decision first, the others' only while he has none
		}
		w.tr.deliver(t, a.i)
		last, ok := w.table(t).History().Last()
		if !ok || last.Move != a.choice.move || last.Seat != a.seat {
			t.Fatalf("%s's move %q was not applied (log ends %+v); replies %+v", a.who.Username, a.choice.move, last, w.fake.Interactions.Replies(a.i.ID))
		}
		if a.seat == b {
			if last.Bot || last.Timeout || w.table(t).Seats[b].Bot {
				t.Fatalf("bernd's move %+v after /game return was not his own", last)
			}
			return
		}
	}
}

// settleBots lets the scheduler play the bots' turns, which are due at
// once.
func settleBots(t *testing.T, w *world) {
	t.Helper()
	for n := 0; w.tick(t) > 0; n++ {
		if n > 500 {
			t.Fatal("the scheduler never settles")
		}
	}
}

// playOthers plays every decision but absent's through the components the
// bot posted (and lets a bot play absent's seat once it took over) until
// the game is over or only absent, not a bot, is awaited: it reports
// whether the game goes on.
func playOthers(t *testing.T, w *world, g *game, absent player) bool {
	t.Helper()
	for moves := 0; ; moves++ {
		if moves > 5000 {
			t.Fatal("no end after 5000 moves")
		}
		settleBots(t, w)
		tb := w.table(t)
		if tb.Status != table.StatusPlaying {
			return false
		}
		b := tb.SeatOf(absent.UserID)
		if !tb.Seats[b].Bot && !slices.ContainsFunc(w.state(t, tb).Pending(), func(p games.Prompt) bool { return p.Seat != b }) {
			return true
		}
		a, ok := g.plan()
		if !ok {
			return false
		}
		if a.seat == b {
			continue // the absent player never answers; plan again
		}
		w.tr.deliver(t, a.i)
		if w.table(t).Version <= tb.Version {
			t.Fatalf("%s's move %q was not applied; replies %+v", a.who.Username, a.choice.move, w.fake.Interactions.Replies(a.i.ID))
		}
	}
}

// The vote on an absent player over the fake Discord: a 3-player
// Zauberschwert with a day per decision and absent=vote in which bernd
// never answers. When his day is over the channel gets the vote with its
// buttons; alice's End is refused to bernd (it is about him), counted for
// alice (the message edited to the count), and carol's End ends the game:
// abandoned, the channel told, no message left with a button.
func TestEndToEndAbsentVote(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clk := clocktest.NewClock(start)
	w := newWorldAt(t, false, clk)
	ps := players()
	alice, bernd, carol := ps[0], ps[1], ps[2]
	g := newGame(t, w, spec{gameID: "zauberschwert", players: ps, typed: "deadline=24, absent=vote", rules: zauberschwertRules{}})
	g.open()
	if !playOthers(t, w, g, bernd) {
		t.Fatal("the game ended before bernd was awaited alone")
	}
	tb := w.table(t)
	since := tb.Seats[tb.SeatOf(bernd.UserID)].PromptSince
	clk.Advance(since.Add(24 * time.Hour).Sub(clk.Now()))
	w.tick(t)
	tb = w.table(t)
	if len(tb.Votes) != 1 || tb.Votes[0].Message.ID == "" || tb.Seats[tb.SeatOf(bernd.UserID)].Bot {
		t.Fatalf("after bernd's day: votes %+v, his seat %+v; want one vote with its message, his seat his", tb.Votes, tb.Seats[tb.SeatOf(bernd.UserID)])
	}
	vote, ok := w.fake.Channels.Message(channelID, tb.Votes[0].Message.ID)
	if !ok || !strings.Contains(vote.Content, "bernd's time ran out") {
		t.Fatalf("vote message %+v", vote)
	}
	click := func(p player, want string) {
		t.Helper()
		m, _ := w.fake.Channels.Message(channelID, vote.ID)
		var end string
		for _, c := range fakediscord.Controls(m) {
			if id, err := commands.ParseCustomID(c.CustomID); err == nil && id.Kind == commands.KindVote && id.Arg == "e" {
				end = c.CustomID
			}
		}
		if end == "" {
			t.Fatalf("the vote message %q has no End button", m.Content)
		}
		i := w.fake.Interactions.Click(p.Actor, &m, end)
		w.tr.deliver(t, i)
		if r := w.fake.Interactions.Replies(i.ID); len(r) != 1 || !strings.HasPrefix(r[0].Content, want) || r[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("%s's End: replies %+v, want an ephemeral %q", p.Username, r, want)
		}
	}
	prefix := func(p player, key string) string {
		s := w.svc.Localize(string(p.Locale), key)
		if i := strings.Index(s, "{"); i >= 0 {
			s = s[:i]
		}
		return s
	}
	click(bernd, prefix(bernd, table.ErrVoteAboutYou))
	click(alice, prefix(alice, playfeature.KeyOKVoteEnd))
	if m, _ := w.fake.Channels.Message(channelID, vote.ID); !strings.Contains(m.Content, "End: 1") {
		t.Fatalf("the vote message after alice's End: %q", m.Content)
	}
	click(carol, prefix(carol, playfeature.KeyOKVoteEnded))
	if tb = w.table(t); tb.Status != table.StatusAbandoned {
		t.Fatalf("after two Ends of two: status %s", tb.Status)
	}
	told := false
	for _, m := range w.fake.Channels.Messages(channelID) {
		told = told || strings.Contains(m.Content, "The players voted to end the game")
		if len(fakediscord.Controls(m)) > 0 {
			t.Errorf("message %q still has buttons after the end", m.Content)
		}
	}
	if !told {
		t.Error("the channel was not told that the vote ended the game")
	}
}
