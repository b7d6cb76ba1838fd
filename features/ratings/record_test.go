package ratings

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/table"
)

// standingsOnly is a finished game's state as GameOf reads it: its
// standings alone.
type standingsOnly struct {
	games.State
	standings []games.Standing
}

func (s standingsOnly) Standings() []games.Standing { return s.standings }

// rivaled is a finished solo game's state: standings and the automa.
type rivaled struct {
	standingsOnly
	rivals []games.Rival
}

func (r rivaled) Rivals() []games.Rival { return r.rivals }

// A finished table as ratings see it: each seat's place, a seat the
// standings leave out (or give no place) last, never first; and an id
// that two tables sharing the eight characters of their own id do not
// share.
func TestRatingGame(t *testing.T) {
	at := time.Date(2026, 11, 26, 3, 0, 0, 0, time.UTC)
	tb := &table.Table{ID: "abc", ChannelID: "c1", GameID: "g", CreatedAt: at, Options: map[string]string{},
		Seats: []table.Seat{{UserID: "a"}, {UserID: "b"}, {UserID: "c"}}}
	tests := []struct {
		name      string
		standings []games.Standing
		want      []int
	}{
		{"every seat placed", []games.Standing{{Seat: 0, Rank: 2}, {Seat: 1, Rank: 1}, {Seat: 2, Rank: 3}}, []int{2, 1, 3}},
		{"a seat left out ranks last", []games.Standing{{Seat: 1, Rank: 1}, {Seat: 2, Rank: 2}}, []int{3, 1, 2}},
		{"no place and a seat out of range", []games.Standing{{Seat: 0, Rank: 0}, {Seat: 1, Rank: 1}, {Seat: 7, Rank: 1}, {Seat: 2, Rank: 9}}, []int{3, 1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := GameOf(tb, standingsOnly{standings: tc.standings})
			for i, p := range g.Players {
				if p.Rank != tc.want[i] {
					t.Errorf("seat %d ranks %d, want %d", i, p.Rank, tc.want[i])
				}
			}
		})
	}
	// A solo seat beaten by the game's opponent ranks 2 (issue 30): it is
	// no win in /profile, the leaderboard or any statistic.
	solo := &table.Table{ID: "solo", ChannelID: "c3", GameID: "g", CreatedAt: at, Options: map[string]string{}, Seats: []table.Seat{{UserID: "a"}}}
	for _, tc := range []struct {
		name string
		rank int
	}{{"lost to the rival", 2}, {"beat the rival", 1}} {
		g := GameOf(solo, rivaled{standingsOnly{standings: []games.Standing{{Seat: 0, Rank: tc.rank}}}, []games.Rival{{Rank: 3 - tc.rank}}})
		if got := g.Players[0].Rank; got != tc.rank {
			t.Errorf("%s: the solo seat ranks %d, want %d", tc.name, got, tc.rank)
		}
		stats := map[string]rating.Stats{}
		g.Apply(map[rating.Key]map[string]rating.Record{}, stats)
		if wins, want := stats["a"].Wins, map[bool]int{true: 1, false: 0}[tc.rank == 1]; wins != want {
			t.Errorf("%s: the profile counts %d wins, want %d", tc.name, wins, want)
		}
	}
	ids := map[string]bool{recordID(tb): true}
	for _, other := range []*table.Table{{ID: "abc", ChannelID: "c2", CreatedAt: at}, {ID: "abc", ChannelID: "c1", CreatedAt: at.Add(time.Hour)}} {
		if id := recordID(other); ids[id] {
			t.Errorf("two tables recorded as %q", id)
		} else {
			ids[id] = true
		}
	}
}
