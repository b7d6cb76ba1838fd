package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestCreditOutages: a table's clocks pause over the part of each outage
// after its mark (its creation at first), once: crediting again changes
// nothing, and an outage from before the table existed is not its own.
func TestCreditOutages(t *testing.T) {
	g := tabletest.Game()
	h := time.Hour
	span := func(from, until time.Duration) clock.Span {
		return clock.Span{From: now.Add(from), Until: now.Add(until)}
	}
	tests := []struct {
		name    string
		outages []clock.Span
		paused  bool
		moved   time.Duration // how much later the deadline falls
	}{
		{"none", nil, false, 0},
		{"one outage", []clock.Span{span(2*h, 5*h)}, true, 3 * h},
		{"two, given newest first", []clock.Span{span(6*h, 7*h), span(2*h, 5*h)}, true, 4 * h},
		{"before the table existed", []clock.Span{span(-5*h, -2*h)}, false, 0},
		{"begun before the table existed", []clock.Span{span(-1*h, 2*h)}, true, 2 * h},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb := startedWith(t, g, "24")
			deadline, _ := clockDue(tb)
			paused, err := tb.Clocks().CreditOutages(g, tc.outages)
			if err != nil || paused != tc.paused {
				t.Fatalf("paused %v, %v; want %v", paused, err, tc.paused)
			}
			if got, _ := clockDue(tb); !got.Equal(deadline.Add(tc.moved)) {
				want := deadline.Add(tc.moved)
				t.Fatalf("deadline %v, want %v", got, want)
			}
			if tb.Clocks().TookCredit() != tc.paused || tb.Clocks().TookCredit() {
				t.Fatal("TookCredit must tell a pause once")
			}
			if again, err := tb.Clocks().CreditOutages(g, tc.outages); err != nil || again {
				t.Fatalf("credited again: %v, %v", again, err)
			}
			if got, _ := clockDue(tb); !got.Equal(deadline.Add(tc.moved)) {
				want := deadline.Add(tc.moved)
				t.Fatalf("deadline after crediting again %v, want %v", got, want)
			}
		})
	}
	t.Run("a lobby only moves its mark", func(t *testing.T) {
		tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Now: now})
		if paused, err := tb.Clocks().CreditOutages(g, []clock.Span{span(h, 2*h)}); err != nil || paused || !tb.Credited.Equal(now.Add(2*h)) {
			t.Fatalf("paused %v, %v, mark %v", paused, err, tb.Credited)
		}
	})
}
