package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// playToEnd plays the fake game's one round: both bid, Ann leaps, Bo
// steps.
func (h *harness) playToEnd() {
	h.t.Helper()
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.advance(time.Minute)
	h.wantReply(h.click(ann, findID(h.t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)
	if tb := h.table(); tb.Status != table.StatusOver || !tb.Unrecorded {
		h.t.Fatalf("after the last move: status %s, unrecorded %v", tb.Status, tb.Unrecorded)
	}
}

// wantRanks are the final places of the harness's table by user.
func (h *harness) wantRanks() map[string]int {
	h.t.Helper()
	tb := h.table()
	g, _ := h.svc.games.Get(tb.GameID)
	st, err := tb.Load(g)
	if err != nil {
		h.t.Fatal(err)
	}
	out := map[string]int{}
	for _, s := range st.Standings() {
		out[tb.Seats[s.Seat].UserID] = s.Rank
	}
	return out
}

// A finished game goes into both players' ratings (server and global) and
// stats exactly once: on the scheduler's next tick, not again on later
// ticks, and not twice when a crash came between recording the game and
// dropping the table's due event.
func TestGameEndRecordedOnce(t *testing.T) {
	for _, crash := range []bool{false, true} {
		h := newHarness(t)
		h.lobbyAndStart(ann, bo)
		h.playToEnd()
		ranks := h.wantRanks()
		if crash {
			tb := h.table()
			g, _ := h.svc.games.Get(tb.GameID)
			st, _ := tb.Load(g)
			if ok, err := h.store.Ratings().RecordGame(ctxBG, ratings.GameOf(tb, st)); !ok || err != nil {
				t.Fatalf("recording by hand: %v %v", ok, err)
			}
			h.restart()
		}
		for range 3 {
			h.tick()
		}
		tb := h.table()
		if tb.Unrecorded || len(tb.Due) != 0 {
			t.Fatalf("crash %v: still due after the ticks: %+v", crash, tb.Due)
		}
		for _, scope := range []string{guildA, rating.Global} {
			for _, u := range []string{ann, bo} {
				r, ok, err := h.store.Ratings().Rating(ctxBG, rating.Key{Game: tabletest.ID, Scope: scope}, u)
				wins := 0
				if ranks[u] == 1 {
					wins = 1
				}
				if err != nil || !ok || r.Games != 1 || r.Wins != wins || r.Name != names[u] {
					t.Errorf("crash %v: %s in %s: %+v %v %v (rank %d)", crash, u, scope, r, ok, err, ranks[u])
				}
				if won := r.Rating.Mu > rating.DefaultMu; won != (ranks[u] == 1) && ranks[ann] != ranks[bo] {
					t.Errorf("crash %v: %s ranked %d has mu %.2f", crash, u, ranks[u], r.Rating.Mu)
				}
			}
		}
		s, err := h.store.Ratings().PlayerStats(ctxBG, ann)
		if err != nil || s.Games != 1 || s.Answered != 2 || s.Missed != 0 || s.Think < time.Minute {
			t.Errorf("crash %v: Ann's stats %+v %v", crash, s, err)
		}
	}
}

// The lobby says whether the game will be rated as seated now: two
// people are, a bot makes the table unrated unless rated=yes.
func TestLobbyShowsRated(t *testing.T) {
	h := newHarness(t)
	lobbyText := func() string {
		h.t.Helper()
		return h.msgs[h.table().LobbyMessageID].msg.Content
	}
	rated, unrated := h.text("en", lobby.KeyLobbyRated), h.text("en", lobby.KeyLobbyUnrated)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	if !strings.Contains(lobbyText(), unrated) {
		t.Errorf("one person's lobby: %q", lobbyText())
	}
	h.wantReply(h.click(bo, findID(t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	if !strings.Contains(lobbyText(), rated) {
		t.Errorf("two people's lobby: %q", lobbyText())
	}
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	if !strings.Contains(lobbyText(), unrated) {
		t.Errorf("lobby with a bot: %q", lobbyText())
	}
	pick, value := lobbyPick(t, h.channelMsgs(), coreopt.Rated, coreopt.RatedYes)
	h.wantReply(h.click(ann, pick, value), "en", lobby.KeyOKOption)
	if !strings.Contains(lobbyText(), rated) || h.table().Options[coreopt.Rated] != coreopt.RatedYes {
		t.Errorf("lobby with a bot and rated=yes: %q", lobbyText())
	}
}

// /leaderboard and /profile after a rated game, in both languages, and
// every bad input answered without a change.
func TestLeaderboardAndProfile(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.playToEnd()
	ranks := h.wantRanks()
	h.tick()
	winner, loser := ann, bo
	if ranks[bo] < ranks[ann] {
		winner, loser = bo, ann
	}
	res := h.slash(ann, ratings.CmdLeaderboard, "", OptGame, tabletest.ID)
	board := res.Reply.Content
	first, second := strings.Index(board, "1. "+names[winner]), strings.Index(board, "2. "+names[loser])
	if first < 0 || second < first || !strings.Contains(board, h.text("en", ratings.KeyBoardYou)) || !strings.Contains(board, "this server") {
		t.Errorf("leaderboard:\n%s", board)
	}
	if !strings.Contains(board, "provisional (1 of 5 games)") {
		t.Errorf("leaderboard lacks the provisional mark:\n%s", board)
	}
	if res := h.slash(bo, ratings.CmdLeaderboard, "", OptGame, tabletest.ID, ratings.OptScope, ratings.ScopeGlobal); !strings.Contains(res.Reply.Content, "Rangliste") || !strings.Contains(res.Reply.Content, "alle Server") {
		t.Errorf("German global leaderboard:\n%s", res.Reply.Content)
	}
	if res := h.slash(cy, ratings.CmdLeaderboard, "", OptGame, tabletest.ID); !strings.Contains(res.Reply.Content, h.text("en", ratings.KeyBoardNotYou)) {
		t.Errorf("a player without a rating is not told so:\n%s", res.Reply.Content)
	}
	prof := h.slash(ann, ratings.CmdProfile, "").Reply.Content
	for _, want := range []string{"Games finished: 1", "Reliability: 100% (2 of 2", "Average time per move", "(this server)", "(all servers)", "±"} {
		if !strings.Contains(prof, want) {
			t.Errorf("profile lacks %q:\n%s", want, prof)
		}
	}
	other := h.slash(ann, ratings.CmdProfile, "", ratings.OptUser, bo).Reply.Content
	if !strings.Contains(other, names[bo]) || !strings.Contains(other, "Games finished: 1") {
		t.Errorf("Bo's profile as Ann sees it:\n%s", other)
	}
	// The name Discord resolves in this server comes before the one Bo
	// had at his last table (maybe in another server).
	nick := slashInteraction(ann, ratings.CmdProfile, "", ratings.OptUser, bo)
	data := nick.Data.(discordgo.ApplicationCommandInteractionData)
	data.Resolved = &discordgo.ApplicationCommandInteractionDataResolved{Members: map[string]*discordgo.Member{bo: {Nick: "Bobby"}}}
	nick.Data = data
	if got := h.run(h.svc.Handle(ctxBG, nick)).Reply.Content; !strings.HasPrefix(got, "**Bobby**") {
		t.Errorf("Bo's profile under his nickname here:\n%s", got)
	}
	tests := []struct {
		name, user, lang, key string
		opts                  []string
		cmd                   string
	}{
		{"unknown game", ann, "en", interact.KeyUnknownGame, []string{OptGame, "chess"}, ratings.CmdLeaderboard},
		{"bad scope", bo, "de", ratings.KeyBoardBadScope, []string{OptGame, tabletest.ID, ratings.OptScope, "galaxy"}, ratings.CmdLeaderboard},
		{"no rated game of it yet", ann, "en", ratings.KeyBoardEmpty, []string{OptGame, tabletest.ID, ratings.OptScope, ratings.ScopeServer}, ratings.CmdLeaderboard},
		{"no game finished", cy, "en", ratings.KeyProfileNone, nil, ratings.CmdProfile},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.key == ratings.KeyBoardEmpty {
				defer h.useStore(emptyBoards{h.store})()
			}
			h.wantReply(h.slash(tc.user, tc.cmd, "", tc.opts...), tc.lang, tc.key)
		})
	}
	dm := slashInteraction(ann, ratings.CmdLeaderboard, "", OptGame, tabletest.ID, ratings.OptScope, ratings.ScopeServer)
	dm.GuildID, dm.Member, dm.User = "", nil, dm.Member.User
	h.wantReply(h.run(h.svc.Handle(ctxBG, dm)), "en", ratings.KeyBoardNoServer)
	dm = slashInteraction(ann, ratings.CmdLeaderboard, "", OptGame, tabletest.ID)
	dm.GuildID, dm.Member, dm.User = "", nil, dm.Member.User
	if res := h.run(h.svc.Handle(ctxBG, dm)); !strings.Contains(res.Reply.Content, "all servers") {
		t.Errorf("a leaderboard asked in a DM is not the global one:\n%s", res.Reply.Content)
	}
}

// emptyBoards is a store whose leaderboards are empty.
type emptyBoards struct{ *storage.Bolt }

func (e emptyBoards) Ratings() storage.Ratings { return emptyRatings{e.Bolt.Ratings()} }

type emptyRatings struct{ storage.Ratings }

func (emptyRatings) Leaderboard(context.Context, rating.Key) ([]rating.Record, error) {
	return nil, nil
}

// A new table in the channel archives the finished one with its due
// events: the finished game goes into the ratings first, even when the
// scheduler has not run since it ended.
func TestNewTableRecordsTheFinishedGame(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.playToEnd()
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	for _, u := range []string{ann, bo} {
		if r, ok, err := h.store.Ratings().Rating(ctxBG, rating.Key{Game: tabletest.ID, Scope: rating.Global}, u); !ok || err != nil || r.Games != 1 {
			t.Errorf("%s: %+v %v %v", u, r, ok, err)
		}
	}
	h.tick()
	if s, _ := h.store.Ratings().PlayerStats(ctxBG, ann); s.Games != 1 {
		t.Errorf("Ann's stats after the tick: %+v", s)
	}
}
