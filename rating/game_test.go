package rating

import (
	"slices"
	"testing"
	"time"
)

func TestRanks(t *testing.T) {
	tests := []struct {
		name    string
		players []Player
		want    []int // of the people, in seat order
	}{
		{"plain order", []Player{{UserID: "a", Rank: 2}, {UserID: "b", Rank: 1}, {UserID: "c", Rank: 3}}, []int{2, 1, 3}},
		{"ties kept", []Player{{UserID: "a", Rank: 1}, {UserID: "b", Rank: 1}, {UserID: "c", Rank: 3}}, []int{1, 1, 3}},
		{"a quitter who led rates last", []Player{{UserID: "a", Rank: 1, Quit: true}, {UserID: "b", Rank: 2}, {UserID: "c", Rank: 3}}, []int{3, 1, 2}},
		{"two quitters share last", []Player{{UserID: "a", Rank: 1, Quit: true}, {UserID: "b", Rank: 3}, {UserID: "c", Rank: 2, Quit: true}}, []int{2, 1, 2}},
		{"bots drop out of the order", []Player{{UserID: "bot:1", Rank: 1, Bot: true}, {UserID: "b", Rank: 3}, {UserID: "c", Rank: 2}}, []int{2, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Game{Players: tc.players}).Ranks(); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestApply(t *testing.T) {
	think := 3 * time.Minute
	game := func(rated bool, guild string, players ...Player) Game {
		return Game{TableID: "t1", GameID: "zauberschwert", GuildID: guild, Rated: rated, Players: players}
	}
	server := Key{Game: "zauberschwert", Scope: "g1"}
	global := Key{Game: "zauberschwert", Scope: Global}
	tests := []struct {
		name  string
		game  Game
		check func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats)
	}{
		{"rated game: both scopes, winner up, loser down, stats counted",
			game(true, "g1", Player{UserID: "a", Name: "Ann", Rank: 1, Answered: 4, Missed: 1, Think: think}, Player{UserID: "b", Name: "Bo", Rank: 2}),
			func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats) {
				for _, k := range []Key{server, global} {
					a, b := records[k]["a"], records[k]["b"]
					if a.Rating.Mu <= DefaultMu || b.Rating.Mu >= DefaultMu || a.Games != 1 || a.Wins != 1 || b.Wins != 0 || a.Name != "Ann" {
						t.Errorf("%v: a %+v b %+v", k, a, b)
					}
				}
				if s := stats["a"]; s.Games != 1 || s.Wins != 1 || s.Answered != 4 || s.Missed != 1 || s.Think != think || len(s.Rated) != 2 {
					t.Errorf("stats of a: %+v", s)
				}
			}},
		{"unrated game: stats only",
			game(false, "g1", Player{UserID: "a", Rank: 1}, Player{UserID: "b", Rank: 2}),
			func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats) {
				if len(records) != 0 {
					t.Errorf("records: %+v", records)
				}
				if stats["a"].Games != 1 || stats["b"].Games != 1 || stats["a"].Wins != 1 || len(stats["a"].Rated) != 0 {
					t.Errorf("stats: %+v", stats)
				}
			}},
		{"solo game: counted, never rated",
			game(true, "g1", Player{UserID: "a", Rank: 2}),
			func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats) {
				if len(records) != 0 || stats["a"].Games != 1 || stats["a"].Wins != 0 {
					t.Errorf("records %+v stats %+v", records, stats)
				}
			}},
		{"a bot's seat is neither rated nor counted; a human beaten by it has not won",
			game(true, "", Player{UserID: "bot:1", Rank: 1, Bot: true}, Player{UserID: "a", Rank: 2}, Player{UserID: "b", Rank: 3}),
			func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats) {
				if _, ok := records[global]["bot:1"]; ok || len(records) != 1 {
					t.Errorf("records: %+v", records)
				}
				if _, ok := stats["bot:1"]; ok || stats["a"].Wins != 0 || records[global]["a"].Wins != 1 {
					t.Errorf("stats: %+v, a's record %+v", stats, records[global]["a"])
				}
			}},
		{"a quitter rates as last and has not won",
			game(true, "g1", Player{UserID: "a", Rank: 1, Quit: true}, Player{UserID: "b", Rank: 2}),
			func(t *testing.T, records map[Key]map[string]Record, stats map[string]Stats) {
				a, b := records[global]["a"], records[global]["b"]
				if a.Rating.Mu >= DefaultMu || b.Rating.Mu <= DefaultMu || a.Wins != 0 || b.Wins != 1 || stats["a"].Wins != 0 {
					t.Errorf("a %+v b %+v stats %+v", a, b, stats)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			records, stats := map[Key]map[string]Record{}, map[string]Stats{}
			tc.game.Apply(records, stats)
			tc.check(t, records, stats)
		})
	}
}

func TestApplyBuildsOnRecords(t *testing.T) {
	k := Key{Game: "g", Scope: Global}
	records := map[Key]map[string]Record{k: {"a": {UserID: "a", Rating: Rating{Mu: 30, Sigma: 2}, Games: 9, Wins: 4}}}
	stats := map[string]Stats{"a": {Games: 9, Rated: []Key{k}}}
	Game{GameID: "g", Rated: true, Players: []Player{{UserID: "a", Rank: 2}, {UserID: "b", Rank: 1}}}.Apply(records, stats)
	a := records[k]["a"]
	if a.Games != 10 || a.Wins != 4 || a.Rating.Mu >= 30 || a.Rating.Sigma > 2 || a.Provisional() {
		t.Errorf("a: %+v", a)
	}
	if b := records[k]["b"]; b.Games != 1 || !b.Provisional() {
		t.Errorf("b: %+v", b)
	}
	if s := stats["a"]; s.Games != 10 || len(s.Rated) != 1 {
		t.Errorf("stats: %+v", s)
	}
}

func TestStatsFigures(t *testing.T) {
	s := Stats{Answered: 3, Missed: 1, Think: 6 * time.Minute}
	if r, ok := s.Reliability(); !ok || r != 0.75 {
		t.Errorf("reliability %v %v", r, ok)
	}
	if m, ok := s.MoveTime(); !ok || m != 2*time.Minute {
		t.Errorf("move time %v %v", m, ok)
	}
	if _, ok := (Stats{}).Reliability(); ok {
		t.Error("reliability without decisions")
	}
	if _, ok := (Stats{}).MoveTime(); ok {
		t.Error("move time without answers")
	}
}
