package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// Rated: on by default for people without bots, never for one person.
func TestRated(t *testing.T) {
	people := []table.Seat{{UserID: "a"}, {UserID: "b"}}
	bot := table.Seat{UserID: table.BotUserID(1), Bot: true}
	away := table.Seat{UserID: "c", Bot: true, Away: true}
	tests := []struct {
		name  string
		seats []table.Seat
		opt   string
		want  bool
	}{
		{"two people, default", people, "", true},
		{"two people, auto", people, table.RatedAuto, true},
		{"two people, no", people, table.RatedNo, false},
		{"one person is never rated", people[:1], table.RatedYes, false},
		{"a bot seat: auto is unrated", append(people, bot), table.RatedAuto, false},
		{"a bot seat: yes rates the people", append(people, bot), table.RatedYes, true},
		{"one person and a bot: yes is still unrated", []table.Seat{people[0], bot}, table.RatedYes, false},
		{"a seat a bot took over is still a person", append(people, away), table.RatedAuto, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := &table.Table{Seats: tc.seats, Options: map[string]string{}}
			if tc.opt != "" {
				tb.Options[table.OptRated] = tc.opt
			}
			if got := tb.Rated(); got != tc.want {
				t.Errorf("Rated() = %v, want %v", got, tc.want)
			}
		})
	}
}

// Each seat counts the decisions its player answered (with the time from
// the decision's start) and those the table answered when time ran out.
func TestDecisionsCounted(t *testing.T) {
	g := tabletest.TurnGame()
	tb := turnTable(t, map[string]string{"rounds": "1", table.OptDeadline: "12"})
	move(t, tb, "a", tabletest.TurnSpot(6), 10*time.Minute)
	move(t, tb, "a", tabletest.TurnEnd, 25*time.Minute)
	if a := tb.Seats[0]; a.Answered != 2 || a.Think != 25*time.Minute || a.Missed != 0 {
		t.Fatalf("a: answered %d, think %v, missed %d", a.Answered, a.Think, a.Missed)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(25*time.Minute+12*time.Hour))
	if err != nil || len(res.Steps) != 1 || !res.Steps[0].Timeout {
		t.Fatalf("b's time ran out: %+v %v", res.Steps, err)
	}
	if b := tb.Seats[1]; b.Answered != 0 || b.Missed != 1 || b.Think != 0 {
		t.Errorf("b: answered %d, think %v, missed %d", b.Answered, b.Think, b.Missed)
	}
}
