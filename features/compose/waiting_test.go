package compose

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

func TestWaitingOnPerson(t *testing.T) {
	tb := &table.Table{Seats: []table.Seat{{UserID: "a"}, {Bot: true}}}
	tests := []struct {
		name    string
		pending []games.Prompt
		want    bool
	}{
		{"nobody asked", nil, false},
		{"a bot asked", []games.Prompt{{Seat: 1}}, false},
		{"a person asked", []games.Prompt{{Seat: 0}}, true},
		{"both", []games.Prompt{{Seat: 1}, {Seat: 0}}, true},
	}
	for _, tc := range tests {
		if got := waitingOnPerson(tb, tc.pending); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
