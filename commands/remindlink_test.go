package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestReminderLinksToTheDecision: a reminder by DM leads to the message to
// act on: the seat's live DM, by its Discord address.
func TestReminderLinksToTheDecision(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
	h.mu.Lock()
	ids := append([]string(nil), h.dmIDs[ann]...)
	h.mu.Unlock()
	if len(ids) != 1 {
		t.Fatalf("Ann has %d DMs, want her decision", len(ids))
	}
	h.advance(6 * time.Hour)
	h.tick()
	h.mu.Lock()
	dms := append([]Message(nil), h.dms[ann]...)
	h.mu.Unlock()
	want := "https://discord.com/channels/@me/" + dmPrefix + ann + "/" + ids[0]
	if len(dms) != 2 || !strings.HasPrefix(dms[1].Content, "⏰") || !strings.Contains(dms[1].Content, want) {
		t.Fatalf("Ann's DMs %+v: want a reminder linking to %s", dms, want)
	}
	cases := []struct {
		name string
		t    table.Table
		want string
	}{
		{"no server", table.Table{Seats: []table.Seat{{LiveDMs: []table.MessageRef{{Channel: "d", ID: "1"}}}}}, ""},
		{"a DM", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{LiveDMs: []table.MessageRef{{Channel: "d", ID: "1"}, {Channel: "d", ID: "2"}}}}},
			"https://discord.com/channels/@me/d/2"},
		{"the closed-DM notice", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{LiveDMs: []table.MessageRef{{Channel: "c", ID: "3"}}}}},
			"https://discord.com/channels/g/c/3"},
		{"the board", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{}}, LiveBoards: []table.MessageRef{{Channel: "c", ID: "4"}}},
			"https://discord.com/channels/g/c/4"},
		{"nothing posted", table.Table{GuildID: "g", ChannelID: "c", Seats: []table.Seat{{}}}, ""},
	}
	for _, c := range cases {
		if got := actLink(&c.t, 0); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
