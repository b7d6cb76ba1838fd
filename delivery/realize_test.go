package delivery

import (
	"testing"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// TestBoardLinkFill: the short DM names the board its delivery posted in
// the same channel; without one it keeps the channel's address.
func TestBoardLinkFill(t *testing.T) {
	const channel = "https://discord.com/channels/g1/c100"
	tests := []struct {
		name   string
		boards []table.MessageRef
		want   string
	}{
		{"board posted", []table.MessageRef{{Channel: "c100", ID: "7"}}, "go " + channel + "/7 now"},
		{"newest of two", []table.MessageRef{{Channel: "c100", ID: "7"}, {Channel: "c100", ID: "9"}}, "go " + channel + "/9 now"},
		{"board refused", nil, "go " + channel + " now"},
		{"another channel's board", []table.MessageRef{{Channel: "c1000", ID: "7"}}, "go " + channel + " now"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := interact.Message{Content: "go " + channel + " now"}
			boardLinkFill(channel, &sentIDs{boards: tc.boards})(&m)
			if m.Content != tc.want {
				t.Errorf("%q, want %q", m.Content, tc.want)
			}
		})
	}
}
