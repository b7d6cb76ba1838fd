package delivery

import (
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// TestBoardLinkFill: the short DM names the board its delivery posted in
// the same channel; without one it keeps the channel's address.
func TestBoardLinkFill(t *testing.T) {
	const channel = "https://discord.com/channels/g1/c100"
	tests := []struct {
		name   string
		boards []live.Ref
		want   string
	}{
		{"board posted", []live.Ref{{Channel: "c100", ID: "7"}}, "go " + channel + "/7 now"},
		{"newest of two", []live.Ref{{Channel: "c100", ID: "7"}, {Channel: "c100", ID: "9"}}, "go " + channel + "/9 now"},
		{"board refused", nil, "go " + channel + " now"},
		{"another channel's board", []live.Ref{{Channel: "c1000", ID: "7"}}, "go " + channel + " now"},
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

// TestResurfacedDecisionFollowed: a DM decision edited with Resurface
// carries an OnSent that, once the transport posted it anew, makes the
// table's live DM the new message (a later edit, countdown or clearing
// must reach the one the player sees, not the deleted one).
func TestResurfacedDecisionFollowed(t *testing.T) {
	old := live.Ref{Channel: "dm1", ID: "5", Version: 3}
	other := live.Ref{Channel: "dm2", ID: "6", Version: 3}
	tb := &table.Table{Seats: []table.Seat{{UserID: "u1", LiveDMs: []live.Ref{old}}, {UserID: "u2", LiveDMs: []live.Ref{other}}}}
	sent := &sentIDs{}
	var c Carrier
	a := c.action(outbox.Delivery{}, outbox.Post{Kind: outbox.KindEdit, ChannelID: old.Channel, MessageID: old.ID, Resurface: true}, &interact.Message{Content: "decide"}, nil, sent)
	e, ok := a.(interact.ChannelEdit)
	if !ok || !e.Resurface || e.OnSent == nil {
		t.Fatalf("action %#v, want a resurfacing edit that hears of a new message", a)
	}
	e.OnSent("9")
	sent.apply(tb, time.Time{})
	want := []live.Ref{{Channel: "dm1", ID: "9", Version: 3}}
	if got := tb.Seats[0].LiveDMs; !slices.Equal(got, want) {
		t.Errorf("seat 0's live DMs %v, want %v", got, want)
	}
	if got := tb.Seats[1].LiveDMs; !slices.Equal(got, []live.Ref{other}) {
		t.Errorf("seat 1's live DMs %v, want %v unchanged", got, other)
	}
}
