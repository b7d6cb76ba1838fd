package table

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func TestForfeited(t *testing.T) {
	for _, c := range []struct {
		name string
		seat Seat
		want bool
	}{
		{"a player who moved", Seat{UserID: "a", Answered: 2}, false},
		{"a player not asked yet", Seat{UserID: "a"}, false},
		{"every decision timed out", Seat{UserID: "a", Missed: 3}, true},
		{"answered once, then timed out", Seat{UserID: "a", Answered: 1, Missed: 3}, false},
		{"a bot took over (absent=bot)", Seat{UserID: "a", Answered: 5, Bot: true, Away: true}, true},
		{"bots finished the round after they moved", Seat{UserID: "a", Answered: 5, Bot: true, Away: true, RoundEnd: true}, false},
		{"bots finished the round before they moved", Seat{UserID: "a", Bot: true, Away: true, RoundEnd: true}, true},
		{"a lobby bot", Seat{UserID: BotUserID(1), Bot: true}, false},
	} {
		tb := &Table{Seats: []Seat{c.seat}}
		if got := tb.Forfeited(0); got != c.want {
			t.Errorf("%s: forfeited %v, want %v", c.name, got, c.want)
		}
	}
	if (&Table{}).Forfeited(3) {
		t.Error("a seat out of range forfeited")
	}
}

// Bots.FinishRound hands every person's seat to a bot at the round's end and
// counts a pending decision as missed; lobby bots stay as they are.
func TestFinishByBots(t *testing.T) {
	tb := &Table{Seats: []Seat{{UserID: "a"}, {UserID: "b"}, {UserID: BotUserID(1), Bot: true}}}
	tb.Bots().FinishRound([]games.Prompt{{Seat: 1}})
	for i, want := range []Seat{
		{UserID: "a", Bot: true, Away: true, RoundEnd: true},
		{UserID: "b", Bot: true, Away: true, RoundEnd: true, Missed: 1},
		{UserID: BotUserID(1), Bot: true},
	} {
		if s := tb.Seats[i]; s.Bot != want.Bot || s.Away != want.Away || s.RoundEnd != want.RoundEnd || s.Missed != want.Missed {
			t.Errorf("seat %d: %+v, want %+v", i, s, want)
		}
	}
}
