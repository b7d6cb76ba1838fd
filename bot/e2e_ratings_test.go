package bot_test

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Ratings end to end: two rated games of Sorcerer City (the shortest game
// to play through, 50-70 moves; phase=off so no sand timer runs while
// the test's clock moves a minute per move) are played to the end by the
// scripted users, and /leaderboard and /profile answer with the players
// in the order of the standings, their games, wins, reliability, time per
// move and a picture. The bot restarts between the end of the first game
// and the due event that records it: the game counts once.
func TestEndToEndRatings(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
	clk := clocktest.NewClock(start)
	w := newWorldAt(t, false, clk)
	ps := players()
	alice, bernd, carol := ps[0], ps[1], ps[2]

	first := playRated(t, w, clk, ps)
	if !first.Unrecorded {
		t.Fatal("the finished table is not waiting to be recorded")
	}
	// Before the record due event fires, nothing is rated.
	if r := askBoard(t, w, alice); !strings.Contains(r.Content, "No rated game of Sorcerer City has ended yet") {
		t.Fatalf("/leaderboard before the game was recorded: %q", r.Content)
	}
	w.restart(t)
	w.tick(t) // records the game: nothing to tell the channel
	w.restart(t)
	clk.Advance(time.Hour)
	if n := w.tick(t); n != 0 {
		t.Fatalf("after the record a tick changed %d tables", n)
	}
	if tb := w.table(t); tb.Unrecorded || slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueRecord }) {
		t.Fatalf("recorded table still unrecorded: %v, due %+v", tb.Unrecorded, tb.Due)
	}
	for i, p := range ps {
		st, err := w.store.Ratings().PlayerStats(context.Background(), p.UserID)
		if err != nil || st.Games != 1 {
			t.Fatalf("%s: %d games after one game recorded across two restarts (%v)", p.Username, st.Games, err)
		}
		checkProfile(t, w, alice, p, first.Seats[i], 1)
	}

	// The leaderboard lists the three in the order of the standings.
	ranks := finalRanks(t, w, first)
	rows := boardRows(t, askBoard(t, w, alice), "en")
	if len(rows) != 3 {
		t.Fatalf("leaderboard rows %+v, want 3", rows)
	}
	for k, row := range rows {
		rank := ranks[row.name]
		wins := 0
		if rank == 1 {
			wins = 1
		}
		if row.games != 1 || row.wins != wins {
			t.Errorf("%s (rank %d): %d played, %d won", row.name, rank, row.games, row.wins)
		}
		if k > 0 {
			prev := rows[k-1]
			if ranks[prev.name] > rank || (ranks[prev.name] < rank) != (prev.rating > row.rating) {
				t.Errorf("leaderboard lists %s (rank %d, %d) before %s (rank %d, %d)", prev.name, ranks[prev.name], prev.rating, row.name, rank, row.rating)
			}
		}
	}
	// bernd reads it in German, with his own place marked.
	if r := askBoard(t, w, bernd); !strings.Contains(r.Content, "Rangliste") || !strings.Contains(r.Content, "← du") || !hasPNG(r, "leaderboard.png") {
		t.Errorf("bernd's /rangliste: %q", r.Content)
	}

	// A second game, alice and bernd only, moves their ratings; carol's
	// stays.
	before := map[string]int{}
	for _, row := range rows {
		before[row.name] = row.rating
	}
	w.seed = 20261123 // a new table id
	second := playRated(t, w, clk, []player{alice, bernd})
	w.tick(t)
	ranks = finalRanks(t, w, second)
	after := boardRows(t, askBoard(t, w, alice), "en")
	if len(after) != 3 {
		t.Fatalf("leaderboard rows %+v, want 3", after)
	}
	for k, row := range after {
		switch row.name {
		case carol.Username:
			if row.games != 1 || row.rating != before[row.name] {
				t.Errorf("carol, who did not play, is at %d after %d games (was %d)", row.rating, row.games, before[row.name])
			}
		default:
			if row.games != 2 || row.rating == before[row.name] {
				t.Errorf("%s after a second game: %d played, rating %d (was %d)", row.name, row.games, row.rating, before[row.name])
			}
		}
		if k > 0 && after[k-1].rating < row.rating {
			t.Errorf("leaderboard not best first: %+v", after)
		}
	}
	for i, p := range []player{alice, bernd} {
		checkProfile(t, w, bernd, p, combined(first.Seats[i], second.Seats[i]), 2)
	}
	if r, ok := ranks[alice.Username]; !ok || r < 1 {
		t.Fatalf("alice has no rank in the second game: %v", ranks)
	}
}

// playRated opens a table with ps, plays it to the end moving clk a
// minute before every move, and returns the finished table.
func playRated(t *testing.T, w *world, clk *clocktest.Clock, ps []player) *table.Table {
	t.Helper()
	s := sorcererSpec(ps, nil)
	s.typed = coreopt.Phase + "=" + coreopt.DeadlineOff
	s.maxMoves = 400
	s.rules = quickSorcerer{&sorcererRules{}}
	g := newGame(t, w, s)
	for _, p := range players() {
		if _, ok := g.byUser[p.UserID]; !ok {
			g.byUser[p.UserID] = p // sat at the earlier table: their DM channel is open
		}
	}
	g.open()
	lobby, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindStart)
	if ok && !strings.Contains(lobby.Content, "Rated") {
		t.Errorf("the lobby does not say the game is rated: %q", lobby.Content)
	}
	for {
		clk.Advance(time.Minute)
		if !g.step() {
			break
		}
		if g.moves > s.maxMoves {
			t.Fatalf("no end after %d moves", s.maxMoves)
		}
	}
	tb := w.table(t)
	if tb.Status != table.StatusOver || !tb.Rated() {
		t.Fatalf("table %s, rated %v", tb.Status, tb.Rated())
	}
	return tb
}

// quickSorcerer picks among all answers at random (sorcererRules keeps
// drawing, for coverage), so a game ends in about 70 moves.
type quickSorcerer struct{ *sorcererRules }

func (quickSorcerer) prefer(_ *game, _ games.Prompt, cs []choice) []choice { return cs }

// finalRanks are the ranks of the finished table's players, by name.
func finalRanks(t *testing.T, w *world, tb *table.Table) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, s := range w.state(t, tb).Standings() {
		out[tb.Seats[s.Seat].Name] = s.Rank
	}
	return out
}

// combined adds up one player's seats at two tables.
func combined(a, b table.Seat) table.Seat {
	a.Answered += b.Answered
	a.Missed += b.Missed
	a.Think += b.Think
	return a
}

// askBoard is who's /leaderboard game:sorcerer-city in the server; it
// returns the one ephemeral reply.
func askBoard(t *testing.T, w *world, who player) fakediscord.Message {
	t.Helper()
	i := w.fake.Interactions.Command(who.Actor, ratings.CmdLeaderboard, fakediscord.StringOpt(commands.OptGame, "sorcerer-city"))
	w.tr.deliver(t, i)
	return onlyReply(t, w, i.ID)
}

func onlyReply(t *testing.T, w *world, id string) fakediscord.Message {
	t.Helper()
	r := w.fake.Interactions.Replies(id)
	if len(r) != 1 {
		t.Fatalf("%d replies, want 1: %+v", len(r), r)
	}
	return r[0]
}

// boardRow is one line of the leaderboard's words.
type boardRow struct {
	name                string
	rating, games, wins int
}

var boardLine = map[string]*regexp.Regexp{
	"en": regexp.MustCompile(`^\d+\. (\S+): \*\*(\d+)\*\* \(±\d+ · (\d+) played · (\d+) won`),
}

// boardRows reads a leaderboard reply, checking its picture.
func boardRows(t *testing.T, m fakediscord.Message, lang string) []boardRow {
	t.Helper()
	if !hasPNG(m, "leaderboard.png") {
		t.Errorf("leaderboard without its picture: %+v", m.Attachments)
	}
	var out []boardRow
	for _, line := range strings.Split(m.Content, "\n") {
		f := boardLine[lang].FindStringSubmatch(line)
		if f == nil {
			continue
		}
		n := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		out = append(out, boardRow{name: f[1], rating: n(f[2]), games: n(f[3]), wins: n(f[4])})
	}
	return out
}

// checkProfile asks /profile user:p as asker and checks it tells p's
// games, reliability and time per move as p's seats counted them, and a
// rating for the game in this server and across all.
func checkProfile(t *testing.T, w *world, asker, p player, seat table.Seat, games int) {
	t.Helper()
	i := w.fake.Interactions.Command(asker.Actor, ratings.CmdProfile, fakediscord.UserOpt(ratings.OptUser, p.UserID))
	w.tr.deliver(t, i)
	r := onlyReply(t, w, i.ID)
	if !hasPNG(r, "profile.png") {
		t.Errorf("%s's profile without its picture", p.Username)
	}
	if r.Flags == 0 {
		t.Errorf("%s's profile is not ephemeral", p.Username)
	}
	st, err := w.store.Ratings().PlayerStats(context.Background(), p.UserID)
	if err != nil {
		t.Fatal(err)
	}
	decisions := seat.Answered + seat.Missed
	if seat.Answered == 0 || st.Answered != seat.Answered || st.Missed != seat.Missed || st.Think != seat.Think {
		t.Fatalf("%s's stats %+v, seats counted %d answered, %d missed, %v", p.Username, st, seat.Answered, seat.Missed, seat.Think)
	}
	var want []string
	if asker.Locale == "de" {
		want = []string{
			fmt.Sprintf("Beendete Partien: %d · gewonnen: %d", games, st.Wins),
			fmt.Sprintf("Verlässlichkeit: %d %% (%d von %d Entscheidungen rechtzeitig)", int(math.Round(100*float64(seat.Answered)/float64(decisions))), seat.Answered, decisions),
			"Durchschnittliche Zeit pro Zug: " + clock.FormatDuration(seat.Think/time.Duration(seat.Answered)),
			"Sorcerer City (dieser Server): **", "Sorcerer City (alle Server): **",
		}
	} else {
		want = []string{
			fmt.Sprintf("Games finished: %d · won: %d", games, st.Wins),
			fmt.Sprintf("Reliability: %d%% (%d of %d decisions in time)", int(math.Round(100*float64(seat.Answered)/float64(decisions))), seat.Answered, decisions),
			// Every answer comes a minute or more after its decision
			// began, so the average reads as clocks are written.
			"Average time per move: " + clock.FormatDuration(seat.Think/time.Duration(seat.Answered)),
			"Sorcerer City (this server): **", "Sorcerer City (all servers): **",
		}
	}
	for _, s := range want {
		if !strings.Contains(r.Content, s) {
			t.Errorf("%s's profile for %s lacks %q:\n%s", p.Username, asker.Username, s, r.Content)
		}
	}
	if seat.Think <= 0 {
		t.Errorf("%s took no time for %d decisions", p.Username, seat.Answered)
	}
	if games < rating.ProvisionalGames && !strings.Contains(r.Content, "rovisional") && !strings.Contains(r.Content, "vorläufig") {
		t.Errorf("%s's rating after %d games is not marked provisional:\n%s", p.Username, games, r.Content)
	}
}
