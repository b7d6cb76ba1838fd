package bot_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// TestEndToEndTournament runs a swiss tournament of Zauberschwert over the
// fake Discord from sign-up to podium: nine scripted players (English and
// German) sign up with the button, the organiser starts it, every round's
// tables open in threads of the channel with the game started and their
// players mentioned once, the players play by typing /move in their
// thread, one player drops out after round 1 (with the confirmation
// button), the bot restarts in the middle of round 2, and rounds advance
// by themselves on the scheduler's ticks until the podium.
func TestEndToEndTournament(t *testing.T) {
	t.Parallel()
	clk := clocktest.NewClock(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	w := newWorldAt(t, false, clk)
	ctx := context.Background()
	var field []fakediscord.Actor
	for i := range 9 {
		loc := discordgo.EnglishUS
		if i%3 == 1 {
			loc = discordgo.German
		}
		field = append(field, fakediscord.Actor{UserID: "80000000000000010" + strconv.Itoa(i), Username: "player" + strconv.Itoa(i+1),
			ChannelID: channelID, GuildID: guildID, Locale: loc})
	}
	org := fakediscord.Actor{UserID: "800000000000000200", Username: "organiser", ChannelID: channelID, GuildID: guildID, Locale: discordgo.EnglishUS}
	byID := map[string]fakediscord.Actor{}
	for _, a := range field {
		byID[a.UserID] = a
	}

	newCmd := w.fake.Interactions.Command(org, tournaments.CmdTournament, fakediscord.SubCommand(tournaments.SubTourNew,
		fakediscord.StringOpt(commands.OptGame, "zauberschwert"), fakediscord.StringOpt(tournaments.OptTourFormat, "swiss"),
		fakediscord.IntOpt(tournaments.OptTourSize, 3), fakediscord.IntOpt(tournaments.OptTourRounds, 3), fakediscord.IntOpt(tournaments.OptTourDays, 2)))
	newCmd.Member.Permissions = discordgo.PermissionManageGuild
	w.tr.deliver(t, newCmd)
	if r := w.fake.Interactions.Replies(newCmd.ID); len(r) != 1 || r[0].Content != w.svc.Localize("en", tournaments.KeyTourOKNew) {
		t.Fatalf("/tournament new replies %+v", r)
	}
	for _, a := range field {
		signup, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindTourJoin)
		if !ok {
			t.Fatal("no sign-up message with a Join button")
		}
		w.tr.deliver(t, w.fake.Interactions.Click(a, &signup, controlOf(t, signup, commands.KindTourJoin).CustomID))
	}
	signup, _ := latestWith(w.fake.Channels.Messages(channelID), commands.KindTourStart)
	if !strings.Contains(signup.Content, "(9)") || !strings.Contains(signup.Content, "player9") {
		t.Fatalf("sign-up %q does not count and list the nine", signup.Content)
	}
	again := w.fake.Interactions.Click(field[0], &signup, controlOf(t, signup, commands.KindTourJoin).CustomID)
	w.tr.deliver(t, again)
	if r := w.fake.Interactions.Replies(again.ID); len(r) != 1 || !strings.Contains(r[0].Content, "already") {
		t.Fatalf("joining twice replies %+v", r)
	}
	notOrg := w.fake.Interactions.Click(field[1], &signup, controlOf(t, signup, commands.KindTourStart).CustomID)
	w.tr.deliver(t, notOrg)
	if r := w.fake.Interactions.Replies(notOrg.ID); len(r) != 1 || r[0].Content != w.svc.Localize("de", tournaments.KeyTourNotOrganiser) {
		t.Fatalf("a player starting replies %+v", r)
	}
	w.tr.deliver(t, w.fake.Interactions.Click(org, &signup, controlOf(t, signup, commands.KindTourStart).CustomID))

	load := func() *tournament.Tournament {
		t.Helper()
		tr, err := w.store.Tournaments().ChannelTournament(ctx, channelID)
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	g, _ := w.reg.Get("zauberschwert")
	policy := games.PolicyOf(g)
	dropper := field[4]
	restarted := false
	seen := map[string]bool{} // threads checked
	for round := 0; round < 3; round++ {
		tr := load()
		if tr.Current() != round {
			t.Fatalf("round %d expected, the tournament is at %d", round+1, tr.Current()+1)
		}
		checkPairing(t, tr, round, dropper.UserID)
		// Each table's thread: the game started, its players mentioned
		// once in the line that starts it.
		for i, tb := range tr.Rounds[round].Tables {
			th, ok := w.fake.Channels.Thread(tb.Ref)
			if !ok || th.ParentID != channelID || seen[tb.Ref] {
				t.Fatalf("round %d table %d: thread %q (%+v)", round+1, i+1, tb.Ref, th)
			}
			seen[tb.Ref] = true
			starter, _ := w.fake.Channels.Message(channelID, th.StarterID)
			for _, p := range tb.Seats {
				id := tr.Players[p].ID
				if strings.Count(starter.Content, "<@"+id+">") != 1 || starter.AllowedMentions == nil || !slices.Contains(starter.AllowedMentions.Users, id) {
					t.Fatalf("round %d table %d: starter %q does not mention %s once", round+1, i+1, starter.Content, id)
				}
			}
			if tb, err := w.store.Tables().Get(ctx, tb.Ref); err != nil || tb.Status != table.StatusPlaying || tb.Parent != channelID {
				t.Fatalf("round %d table %d: %+v %v", round+1, i+1, tb, err)
			}
			// The game's first board, posted as the thread opened, shows
			// the board.
			if !slices.ContainsFunc(w.fake.Channels.Messages(tb.Ref), func(m fakediscord.Message) bool { return hasPNG(m, "board.png") }) {
				t.Fatalf("round %d table %d: no board picture in the thread: %+v", round+1, i+1, w.fake.Channels.Messages(tb.Ref))
			}
		}
		// The players play every game to its end, by /move in the thread.
		moves := 0
		for {
			progressed := false
			tr = load()
			for _, tb := range tr.Rounds[round].Tables {
				tbl, err := w.store.Tables().Get(ctx, tb.Ref)
				if err != nil {
					t.Fatal(err)
				}
				if tbl.Status != table.StatusPlaying {
					continue
				}
				st, err := tbl.Load(g)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range st.Pending() {
					if tbl.Seats[p.Seat].Bot {
						continue
					}
					move, ok := policy.Choose(st, p.Seat, uint64(moves))
					if !ok {
						t.Fatalf("no move for seat %d", p.Seat)
					}
					who := byID[tbl.Seats[p.Seat].UserID]
					who.ChannelID = tb.Ref
					i := w.fake.Interactions.Command(who, commands.CmdMove, fakediscord.StringOpt(commands.OptOption, move))
					w.tr.deliver(t, i)
					moves++
					progressed = true
					break // the state changed: look again
				}
			}
			if round == 1 && !restarted && moves >= 40 {
				w.restart(t)
				restarted = true
			}
			if !progressed {
				break
			}
			if moves > 5000 {
				t.Fatal("the games do not end")
			}
		}
		// Results are recorded as each game ends.
		tr = load()
		if !tr.Rounds[round].Done() {
			t.Fatalf("round %d: every game is over but not every result recorded: %+v", round+1, tr.Rounds[round].Tables)
		}
		for i, tb := range tr.Rounds[round].Tables {
			if tb.Result.By != "" {
				t.Errorf("round %d table %d settled by %q, not by its game", round+1, i+1, tb.Result.By)
			}
		}
		if round == 0 {
			drop := w.fake.Interactions.Command(dropper, tournaments.CmdTournament, fakediscord.SubCommand(tournaments.SubTourDrop))
			w.tr.deliver(t, drop)
			ask := w.fake.Interactions.Replies(drop.ID)
			if len(ask) != 1 {
				t.Fatalf("drop replies %+v", ask)
			}
			w.tr.deliver(t, w.fake.Interactions.Click(dropper, &ask[0], controlOf(t, ask[0], commands.KindTourConfirm).CustomID))
			if tr := load(); tr.Players[tr.PlayerIndex(dropper.UserID)].Status != tournament.Dropped {
				t.Fatal("the player did not drop out")
			}
		}
		// The scheduler pairs the next round (or ends the tournament) on
		// its own, once.
		w.tick(t)
		w.tick(t)
	}
	tr := load()
	if tr.Status != tournament.StatusOver || len(tr.Rounds) != 3 {
		t.Fatalf("after three rounds: %s with %d rounds", tr.Status, len(tr.Rounds))
	}
	if !restarted {
		t.Fatal("the bot never restarted in round 2")
	}
	var standings, podium int
	for _, m := range w.fake.Channels.Messages(channelID) {
		if hasPNG(m, "standings.png") {
			standings++
		}
		if hasPNG(m, "podium.png") {
			podium++
			if !strings.Contains(m.Content, tr.Players[tr.Standings()[0].Player].Name) {
				t.Errorf("the podium's words %q do not name the winner", m.Content)
			}
		}
	}
	if standings != 3 || podium != 1 {
		t.Fatalf("%d standings pictures (want one after each round) and %d podiums (want 1)", standings, podium)
	}
	if w.tick(t) != 0 {
		t.Fatal("an ended tournament still does something")
	}
}

// checkPairing: every active player sits at exactly one table of the
// round, the dropped player at none, tables of 2 or 3.
func checkPairing(t *testing.T, tr *tournament.Tournament, round int, dropped string) {
	t.Helper()
	seated := map[string]int{}
	for _, tb := range tr.Rounds[round].Tables {
		if len(tb.Seats) < 2 || len(tb.Seats) > 3 {
			t.Fatalf("round %d: a table of %d", round+1, len(tb.Seats))
		}
		for _, p := range tb.Seats {
			seated[tr.Players[p].ID]++
		}
	}
	for _, p := range tr.Players {
		want := 1
		if p.ID == dropped && round > 0 {
			want = 0
		}
		if seated[p.ID] != want {
			t.Fatalf("round %d: %s seated %d times, want %d", round+1, p.Name, seated[p.ID], want)
		}
	}
}

// The tiny pictures stand in for the tournament's too.
func (ti tinyImages) TournamentStandings(v tournaments.Sheet) ([]byte, error) {
	return ti.draw(v, games.Public)
}

func (ti tinyImages) TournamentPodium(v tournaments.Sheet) ([]byte, error) {
	return ti.draw(v, games.Public)
}
