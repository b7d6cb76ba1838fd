package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
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
		{"two people, auto", people, coreopt.RatedAuto, true},
		{"two people, no", people, coreopt.RatedNo, false},
		{"one person is never rated", people[:1], coreopt.RatedYes, false},
		{"a bot seat: auto is unrated", append(people, bot), coreopt.RatedAuto, false},
		{"a bot seat: yes rates the people", append(people, bot), coreopt.RatedYes, true},
		{"one person and a bot: yes is still unrated", []table.Seat{people[0], bot}, coreopt.RatedYes, false},
		{"a seat a bot took over is still a person", append(people, away), coreopt.RatedAuto, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := &table.Table{Seats: tc.seats, Options: map[string]string{}}
			if tc.opt != "" {
				tb.Options[coreopt.Rated] = tc.opt
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
	tb := turnTable(t, map[string]string{"rounds": "1", coreopt.Deadline: "12"})
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

// A player's time per move counts as their clock does: only running time
// (playing hours, weekends off, vacations, outages taken off), timed
// table or not. The table starts on a Friday at 03:04:05 UTC; seat a
// answers its first decision at the given time after the start.
func TestThinkIsRunningTime(t *testing.T) {
	g := tabletest.TurnGame()
	calendar := func(from, to int, weekendsOff bool) func(*testing.T, *table.Table) {
		return func(t *testing.T, tb *table.Table) {
			cal, err := clock.NewCalendar("UTC", from, to, weekendsOff)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Clocks().SetCalendar(g, cal, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name     string
		deadline string
		setup    func(*testing.T, *table.Table)
		answer   time.Duration
		want     time.Duration
	}{
		{"always running", "", nil, 6 * hour, 6 * hour},
		{"timed, always running", "24", nil, 6 * hour, 6 * hour},
		{"night before the playing hours", "", calendar(8*60, 22*60, false), 6 * hour, hour + 4*time.Minute + 5*time.Second},
		{"weekend off", "", calendar(0, 0, true), 3 * day, day},
		{"weekend off, timed", "72", calendar(0, 0, true), 3 * day, day},
		{"vacation", "", func(t *testing.T, tb *table.Table) {
			if err := tb.Vacations().Start(g, "a", now.Add(3*hour), now.Add(hour)); err != nil {
				t.Fatal(err)
			}
		}, 5 * hour, 3 * hour},
		{"vacation ended early", "24", func(t *testing.T, tb *table.Table) {
			if err := tb.Vacations().Start(g, "a", now.Add(10*hour), now.Add(hour)); err != nil {
				t.Fatal(err)
			}
			if ok, err := tb.Vacations().End(g, "a", now.Add(2*hour)); !ok || err != nil {
				t.Fatalf("end vacation: %v %v", ok, err)
			}
		}, 4 * hour, 3 * hour},
		{"outage", "", func(t *testing.T, tb *table.Table) {
			if err := tb.Clocks().Outage(g, now.Add(hour), now.Add(2*hour)); err != nil {
				t.Fatal(err)
			}
		}, 3 * hour, 2 * hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := map[string]string{"rounds": "1"}
			if tc.deadline != "" {
				opts[coreopt.Deadline] = tc.deadline
			}
			tb := turnTable(t, opts)
			if tc.setup != nil {
				tc.setup(t, tb)
			}
			move(t, tb, "a", tabletest.TurnSpot(6), tc.answer)
			if a := tb.Seats[0]; a.Answered != 1 || a.Think != tc.want {
				t.Errorf("answered %d in %v, want 1 in %v", a.Answered, a.Think, tc.want)
			}
		})
	}
}

// Reliability counts a decision as missed only when its running time is
// up: twelve hours from a night start at 08:00 are up at 20:00, not at
// 15:04.
func TestMissedInRunningTime(t *testing.T) {
	g := tabletest.TurnGame()
	tb := turnTable(t, map[string]string{"rounds": "1", coreopt.Deadline: "12"})
	cal, err := clock.NewCalendar("UTC", 8*60, 22*60, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Clocks().SetCalendar(g, cal, now); err != nil {
		t.Fatal(err)
	}
	if res, err := tb.Fire(g, games.RandomPolicy, now.Add(12*hour)); err != nil || len(res.Steps) != 0 || tb.Seats[0].Missed != 0 {
		t.Fatalf("12 wall-clock hours: %+v, %v, missed %d", res.Steps, err, tb.Seats[0].Missed)
	}
	end := time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)
	if res, err := tb.Fire(g, games.RandomPolicy, end); err != nil || len(res.Steps) != 1 || !res.Steps[0].Timeout || tb.Seats[0].Missed != 1 {
		t.Fatalf("12 running hours: %+v, %v, missed %d", res.Steps, err, tb.Seats[0].Missed)
	}
	if a := tb.Seats[0]; a.Answered != 0 || a.Think != 0 {
		t.Errorf("a missed decision counted as answered: %d in %v", a.Answered, a.Think)
	}
}

// A game's own timer ending a phase (the time-up move, like Sorcerer
// City's sand timer) is no missed decision unless the seat's decision
// clock ran out too; a phase timer that only limits a turn (the game's
// safe answer) is one.
func TestMissedByGameTimer(t *testing.T) {
	tests := []struct {
		name      string
		g         games.Game
		deadline  string
		phase     string
		fireAt    time.Duration
		wantMoves string
		missed    int
	}{
		{"sand timer runs out", tabletest.TimeUp(tabletest.TurnGame(), ""), "", "2h", 2 * hour, "timeup", 0},
		{"sand timer, decision clock first", tabletest.TimeUp(tabletest.TurnGame(), ""), "12", "1d", 12 * hour, "timeup", 1},
		{"a turn's phase timer", tabletest.TurnGame(), "", "2h", 2 * hour, tabletest.TurnEnd, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opts := map[string]string{"rounds": "1", coreopt.Phase: tc.phase}
			if tc.deadline != "" {
				opts[coreopt.Deadline] = tc.deadline
			}
			tb := turnTable(t, opts)
			res, err := tb.Fire(tc.g, games.RandomPolicy, now.Add(tc.fireAt))
			if err != nil || len(res.Steps) != 1 || res.Steps[0].Move != tc.wantMoves || !res.Steps[0].Timeout {
				t.Fatalf("at %v: %+v, %v", tc.fireAt, res.Steps, err)
			}
			if a := tb.Seats[0]; a.Missed != tc.missed || a.Answered != 0 {
				t.Errorf("missed %d, answered %d; want missed %d", a.Missed, a.Answered, tc.missed)
			}
		})
	}
}
