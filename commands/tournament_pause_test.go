package commands

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/features/tournaments"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tournament"
)

// startClockedTour opens and starts a swiss tournament of six whose games
// give each decision 24 hours.
func (h *harness) startClockedTour() *tournament.Tournament {
	h.t.Helper()
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss",
		tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "3", OptOptions, "rounds=1, deadline=24"), "en", tournaments.KeyTourOKNew)
	for _, p := range sixPlayers {
		h.wantReply(h.click(p, findID(h.t, h.channelMsgs(), KindTourJoin, "")), "en", tournaments.KeyTourOKJoined)
	}
	h.wantReply(h.click(manager, findID(h.t, h.channelMsgs(), KindTourStart, "")), "en", tournaments.KeyTourOKStarted)
	tr := h.stored()
	if len(tr.Rounds) != 1 || len(h.threads) != 2 {
		h.t.Fatalf("after the start: %d rounds, %d threads", len(tr.Rounds), len(h.threads))
	}
	return tr
}

// organiserDoes asks for an organiser's command and confirms it.
func (h *harness) organiserDoes(sub, askKey string) {
	h.t.Helper()
	ask := h.tour(manager, manageServer, sub)
	h.wantReply(ask, "en", askKey)
	h.wantReply(h.click(manager, findID(h.t, []Message{*ask.Reply}, KindTourConfirm, "")), "en", tournaments.KeyTourOKDone)
}

// tourTables are the current round's stored tables.
func (h *harness) tourTables() []*table.Table {
	h.t.Helper()
	tr := h.stored()
	var out []*table.Table
	for i, tb := range tr.Rounds[tr.Current()].Tables {
		t, err := h.store.Tables().Get(ctxBG, tb.Ref)
		if err != nil || t.ID != tournaments.TableID(tr.ID, tr.Current(), i) {
			h.t.Fatalf("table %d: %v", i, err)
		}
		out = append(out, t)
	}
	return out
}

// clockDue is when a table's decision runs out (zero: never).
func clockDue(t *table.Table) time.Time {
	for _, d := range t.Due {
		if d.Kind == table.DueClock {
			return d.At
		}
	}
	return time.Time{}
}

// Pausing a tournament stops every running game's clocks (told in each
// thread, once); nothing times out while paused, however long; resuming
// restarts them with the paused time charged to nobody.
func TestTournamentPauseStopsGames(t *testing.T) {
	h := newHarness(t)
	h.startClockedTour()
	var due []time.Time
	for _, tb := range h.tourTables() {
		if clockDue(tb).IsZero() {
			t.Fatalf("table %s has no clock running", tb.ID)
		}
		due = append(due, clockDue(tb))
	}
	h.advance(2 * time.Hour)
	h.organiserDoes(tournaments.SubTourPause, tournaments.KeyTourAskPause)
	h.tick()
	h.tick() // a second wake-up changes nothing
	for i, tb := range h.tourTables() {
		if !tb.Clocks().Paused() || !clockDue(tb).IsZero() {
			t.Errorf("table %d not paused: due %v", i, tb.Due)
		}
		if !h.stored().Rounds[0].Tables[i].Paused {
			t.Errorf("table %d's pause not recorded", i)
		}
	}
	if n := h.postsStarting("en", tournaments.KeyTourTablePaused); n != 2 {
		t.Fatalf("%d threads told of the pause, want 2", n)
	}
	// Days pass: nothing runs out, the round does not end.
	h.advance(5 * 24 * time.Hour)
	for range 3 {
		h.tick()
	}
	for i, tb := range h.tourTables() {
		if tb.Status != table.StatusPlaying || tb.Moves != 0 {
			t.Fatalf("table %d moved on while paused: %s, %d moves", i, tb.Status, tb.Moves)
		}
	}
	if tr := h.stored(); tr.Rounds[0].Settled || tr.Status != tournament.StatusPaused {
		t.Fatalf("the round ended while paused: %+v", tr.Rounds[0])
	}
	h.organiserDoes(tournaments.SubTourPause, tournaments.KeyTourAskResume)
	h.tick()
	for i, tb := range h.tourTables() {
		if tb.Clocks().Paused() {
			t.Errorf("table %d still paused", i)
		}
		// 2h were used before the pause, which lasted 5 days.
		if want := due[i].Add(5 * 24 * time.Hour); !clockDue(tb).Equal(want) {
			t.Errorf("table %d's clock due %v, want %v", i, clockDue(tb), want)
		}
		if h.stored().Rounds[0].Tables[i].Paused {
			t.Errorf("table %d's resumption not recorded", i)
		}
	}
	if n := h.postsStarting("en", tournaments.KeyTourTableResumed); n != 2 {
		t.Errorf("%d threads told of the resumption, want 2", n)
	}
}

// The pause's change of a table lost to a crash (the tournament stored
// paused, the games not yet): the tournament's next wake-up pauses them.
func TestTournamentPauseLostIsRedone(t *testing.T) {
	h := newHarness(t)
	tr := h.startClockedTour()
	h.organiserDoes(tournaments.SubTourPause, tournaments.KeyTourAskPause)
	// The scheduler's transaction on the tournament runs, then the bot
	// dies before the tables are changed.
	if err := h.store.Tournaments().UpdateTournament(ctxBG, tr.ID, func(t *tournament.Tournament) error {
		tournaments.Advance(t, h.clock.Now(), false)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	h.restart()
	h.tick()
	if tb := h.tourTables()[0]; tb.Clocks().Paused() {
		t.Fatal("paused before the tournament woke again")
	}
	h.advance(tournaments.ReopenAfter + time.Second)
	h.tick()
	for i, tb := range h.tourTables() {
		if !tb.Clocks().Paused() {
			t.Errorf("table %d was not paused on the next wake-up", i)
		}
	}
}

// Ending a tournament whose games still run asks first, saying so; then
// bots finish the games at once, their results count, and the tournament
// ends with the final standings and podium, once, even when it was paused.
func TestTournamentEndFinishesGames(t *testing.T) {
	for _, paused := range []bool{false, true} {
		t.Run("paused="+strconv.FormatBool(paused), func(t *testing.T) {
			h := newHarness(t)
			h.startClockedTour()
			if paused {
				h.organiserDoes(tournaments.SubTourPause, tournaments.KeyTourAskPause)
				h.tick()
			}
			ask := h.tour(manager, manageServer, tournaments.SubTourEnd)
			h.wantReply(ask, "en", tournaments.KeyTourAskEndGames)
			if !strings.Contains(ask.Reply.Content, "2 games") {
				t.Errorf("the question does not count the running games: %q", ask.Reply.Content)
			}
			h.wantReply(h.click(manager, findID(t, []Message{*ask.Reply}, KindTourConfirm, "")), "en", tournaments.KeyTourOKDone)
			if n := h.postsStarting("en", tournaments.KeyTourEnding); n != 1 {
				t.Fatalf("%d notices of the end, want 1", n)
			}
			if tr := h.stored(); tr.Status == tournament.StatusOver || !tr.Closing {
				t.Fatalf("over before its games ended: %s", tr.Status)
			}
			h.wantReply(h.tour(manager, manageServer, tournaments.SubTourEnd), "en", tournaments.KeyTourAlreadyEnding)
			h.wantReply(h.click(manager, findID(t, []Message{*ask.Reply}, KindTourConfirm, "")), "en", tournaments.KeyTourAlreadyEnding)
			if n := h.postsStarting("en", tournaments.KeyTourEnding); n != 1 {
				t.Fatalf("ending twice told %d times", n)
			}
			for range 20 {
				h.tick()
				if h.stored().Status == tournament.StatusOver {
					break
				}
			}
			tr := h.stored()
			if tr.Status != tournament.StatusOver || len(tr.Rounds) != 1 {
				t.Fatalf("after the bots: %s, %d rounds", tr.Status, len(tr.Rounds))
			}
			for i, tb := range tr.Rounds[0].Tables {
				if tb.Result == nil || tb.Result.By != "" {
					t.Errorf("table %d's result %+v, want the game's", i, tb.Result)
				}
			}
			for i, tb := range h.tourTables() {
				if tb.Status != table.StatusOver || tb.Clocks().Paused() {
					t.Errorf("table %d: %s, paused %v", i, tb.Status, tb.Clocks().Paused())
				}
			}
			h.tick()
			if n := h.postsStarting("en", tournaments.KeyTourOver); n != 1 {
				t.Errorf("%d end posts, want 1", n)
			}
			h.wantReply(h.tour(manager, manageServer, tournaments.SubTourEnd), "en", tournament.ErrOver)
		})
	}
}

// An abandoned tournament game ranks like a forfeit: those who left it
// last, the others ahead; when nobody (or everybody) left, all tie.
func TestAbandonedResult(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1", ann, bo, cy)
	base := h.table()
	for _, c := range []struct {
		name     string
		by       string
		away     []int
		votedOut []int
		ranks    []int
	}{
		{"the host ended it alone", ann, nil, nil, []int{3, 1, 1}},
		{"a player's seat went to a bot", "", []int{1}, nil, []int{1, 3, 1}},
		{"two left", "", []int{0, 2}, nil, []int{2, 1, 2}},
		{"the others voted to end it over an absent player", "", nil, []int{2}, []int{1, 1, 3}},
		{"an organiser ended it", "", nil, nil, []int{1, 1, 1}},
		{"someone not seated ended it", nobody, nil, nil, []int{1, 1, 1}},
		{"everyone left", ann, []int{1, 2}, nil, []int{1, 1, 1}},
	} {
		tb, err := base.Clone()
		if err != nil {
			t.Fatal(err)
		}
		tb.Status, tb.AbandonedBy, tb.VotedOut = table.StatusAbandoned, c.by, c.votedOut
		for _, i := range c.away {
			tb.Seats[i].Bot, tb.Seats[i].Away = true, true
		}
		res, ok := h.svc.tournaments.Result(tb)
		if !ok || res.By != "abandoned" || !slices.Equal(res.Ranks, c.ranks) {
			t.Errorf("%s: %+v, %v; want ranks %v", c.name, res, ok, c.ranks)
		}
	}
}

// A tournament game the round's end handed to bots ranks a seat whose
// player never answered a decision last, as Board Game Arena ranks a
// zombie seat, and the others by the game's standings; the ratings rank
// the same seats last (issue 30: a player who never moved won tables).
func TestRoundEndForfeit(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1", ann, bo, cy)
	base := h.table()
	g, _ := h.svc.games.Get(base.GameID)
	for _, c := range []struct {
		name     string
		answered []int
		ranks    []int
		quit     []bool
	}{
		{"one never moved", []int{3, 0, 2}, []int{1, 3, 1}, []bool{false, true, false}},
		{"everyone moved", []int{1, 1, 1}, []int{1, 1, 1}, []bool{false, false, false}},
		{"nobody moved", []int{0, 0, 0}, []int{1, 1, 1}, []bool{true, true, true}},
	} {
		tb, err := base.Clone()
		if err != nil {
			t.Fatal(err)
		}
		st, err := tb.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range c.answered {
			tb.Seats[i].Answered = n
		}
		tb.Bots().FinishRound(st.Pending())
		tb.Status = table.StatusOver
		res, ok := h.svc.tournaments.Result(tb)
		if !ok || !slices.Equal(res.Ranks, c.ranks) {
			t.Errorf("%s: tournament result %+v, %v; want ranks %v", c.name, res, ok, c.ranks)
		}
		for i, p := range ratings.GameOf(tb, st).Players {
			if p.Quit != c.quit[i] {
				t.Errorf("%s: seat %d rates as a quitter: %v, want %v", c.name, i, p.Quit, c.quit[i])
			}
		}
	}
}
