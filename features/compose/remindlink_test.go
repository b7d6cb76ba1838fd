package compose

import (
	"testing"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// TestActLink: a reminder leads to the seat's newest live DM, else the
// channel's notice standing in for closed DMs, else the newest board.
func TestActLink(t *testing.T) {
	cases := []struct {
		name string
		t    table.Table
		want string
	}{
		{"no server", table.Table{Seats: []table.Seat{{LiveDMs: []live.Ref{{Channel: "d", ID: "1"}}}}}, ""},
		{"a DM", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{LiveDMs: []live.Ref{{Channel: "d", ID: "1"}, {Channel: "d", ID: "2"}}}}},
			"https://discord.com/channels/@me/d/2"},
		{"the closed-DM notice", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{LiveDMs: []live.Ref{{Channel: "c", ID: "3"}}}}},
			"https://discord.com/channels/g/c/3"},
		{"the board", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{}}, LiveBoards: []live.Ref{{Channel: "c", ID: "4"}}},
			"https://discord.com/channels/g/c/4"},
		{"nothing posted", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{}}}, ""},
	}
	for _, c := range cases {
		if got := actLink(&c.t, 0); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
