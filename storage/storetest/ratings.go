package storetest

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/rating"
)

// testRatings: a finished game is recorded once per table id, in the
// server's scope and the global one, with every person's stats; records
// survive a restart and the leaderboard is ordered.
func testRatings(t *testing.T, b Backend) {
	db, reopen := b.Open(t)
	server := rating.Key{Game: "zauberschwert", Scope: "g1"}
	global := rating.Key{Game: "zauberschwert", Scope: rating.Global}
	if _, ok, err := db.Ratings().Rating(ctx, global, "a"); ok || err != nil {
		t.Fatalf("rating before any game: %v %v", ok, err)
	}
	if board, err := db.Ratings().Leaderboard(ctx, global); len(board) != 0 || err != nil {
		t.Fatalf("leaderboard before any game: %v %v", board, err)
	}
	if s, err := db.Ratings().PlayerStats(ctx, "a"); s.Games != 0 || err != nil {
		t.Fatalf("stats before any game: %+v %v", s, err)
	}
	game := func(table, guild string, ranks ...int) rating.Game {
		g := rating.Game{TableID: table, GameID: "zauberschwert", GuildID: guild, Rated: true}
		for i, r := range ranks {
			g.Players = append(g.Players, rating.Player{UserID: string(rune('a' + i)), Name: "P" + string(rune('A'+i)), Rank: r, Answered: 2, Think: time.Minute})
		}
		return g
	}
	tests := []struct {
		name string
		game rating.Game
		want bool
	}{
		{"first game", game("t1", "g1", 1, 2, 3), true},
		{"the same table again changes nothing", game("t1", "g1", 3, 2, 1), false},
		{"another table of another server", game("t2", "g2", 1, 3, 2), true},
	}
	for _, tc := range tests {
		got, err := db.Ratings().RecordGame(ctx, tc.game)
		if err != nil || got != tc.want {
			t.Fatalf("%s: recorded %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	if _, err := db.Ratings().RecordGame(ctx, rating.Game{}); err == nil {
		t.Error("a game without a table id was recorded")
	}
	db = reopen(t)

	a, ok, err := db.Ratings().Rating(ctx, server, "a")
	if err != nil || !ok || a.Games != 1 || a.Wins != 1 || a.Name != "PA" || a.Rating.Mu <= rating.DefaultMu {
		t.Fatalf("a in g1: %+v %v %v", a, ok, err)
	}
	ga, _, _ := db.Ratings().Rating(ctx, global, "a")
	if ga.Games != 2 || ga.Wins != 2 || ga.Rating.Mu <= a.Rating.Mu {
		t.Errorf("a globally: %+v (in g1 %+v)", ga, a)
	}
	board, err := db.Ratings().Leaderboard(ctx, global)
	if err != nil || len(board) != 3 || board[0].UserID != "a" {
		t.Fatalf("global board: %+v %v", board, err)
	}
	for i := 1; i < len(board); i++ {
		if board[i].Rating.Display() > board[i-1].Rating.Display() {
			t.Errorf("board out of order at %d: %+v", i, board)
		}
	}
	if other, _ := db.Ratings().Leaderboard(ctx, rating.Key{Game: "viscounts", Scope: rating.Global}); len(other) != 0 {
		t.Errorf("another game's board: %+v", other)
	}
	s, err := db.Ratings().PlayerStats(ctx, "b")
	if err != nil || s.Games != 2 || s.Wins != 0 || s.Answered != 4 || s.Think != 2*time.Minute || len(s.Rated) != 3 {
		t.Errorf("stats of b: %+v %v", s, err)
	}
}

// testRecordGameOnce: a finished game recorded by several callers at once
// (the scheduler of each process finds it) counts exactly once.
func testRecordGameOnce(t *testing.T, b Backend) {
	db := b.open(t)
	g := rating.Game{TableID: "t1", GameID: "zauberschwert", GuildID: "g1", Rated: true,
		Players: []rating.Player{{UserID: "a", Name: "A", Rank: 1}, {UserID: "b", Name: "B", Rank: 2}, {Name: "Bot", Bot: true, Rank: 3}}}
	var (
		wg       sync.WaitGroup
		recorded atomic.Int32
	)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := db.Ratings().RecordGame(ctx, g)
			if err != nil {
				t.Error(err)
			}
			if ok {
				recorded.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := recorded.Load(); n != 1 {
		t.Fatalf("recorded %d times, want once", n)
	}
	if s, err := db.Ratings().PlayerStats(ctx, "a"); err != nil || s.Games != 1 || s.Wins != 1 {
		t.Errorf("stats of a: %+v %v", s, err)
	}
}
