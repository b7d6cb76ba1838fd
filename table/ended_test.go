package table_test

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/table"
)

// TestEndDues: a table in a thread is due to have its thread archived a
// day after its game ends, however it ends; once taken, never again; a
// table in a channel has nothing due after its end.
func TestEndDues(t *testing.T) {
	end := now.Add(time.Hour)
	cases := []struct {
		name   string
		thread bool
		end    func(t *testing.T, tb *table.Table)
	}{
		{"abandoned by the host", true, func(t *testing.T, tb *table.Table) {
			if _, err := tb.Abandon("ann", false, end); err != nil {
				t.Fatal(err)
			}
		}},
		{"abandoned by a vote", true, func(t *testing.T, tb *table.Table) {
			for _, u := range []string{"bo", "cy"} {
				if _, err := tb.Abandon(u, false, end); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{"the lobby's last player left", true, func(t *testing.T, tb *table.Table) {
			*tb = *lobby(t, "ann")
			tb.Parent = "parent"
			if err := tb.Lobby().Leave("ann", end); err != nil {
				t.Fatal(err)
			}
		}},
		{"in a channel", false, func(t *testing.T, tb *table.Table) {
			if _, err := tb.Abandon("ann", false, end); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := started(t, "ann", "bo", "cy")
			if c.thread {
				tb.Parent = "parent"
			}
			c.end(t, tb)
			if tb.Active() || !tb.EndedAt.Equal(end) {
				t.Fatalf("status %s, ended at %v, want ended at %v", tb.Status, tb.EndedAt, end)
			}
			want := 0
			if c.thread {
				want = 1
			}
			if len(tb.Due) != want || want == 1 && (tb.Due[0].Kind != table.DueArchive || !tb.Due[0].At.Equal(end.Add(table.ArchiveAfter))) {
				t.Fatalf("due %+v, want %d archive a day after the end", tb.Due, want)
			}
			if tb.TakeEnded(table.DueReplay, end) {
				t.Fatal("the replay of an abandoned game fell due")
			}
			if tb.TakeEnded(table.DueArchive, end.Add(table.ArchiveAfter-time.Second)) || len(tb.Due) != want {
				t.Fatalf("a second early: archived %v, due %+v", tb.ThreadArchived, tb.Due)
			}
			if tb.TakeEnded(table.DueArchive, end.Add(table.ArchiveAfter)) != c.thread || len(tb.Due) != 0 {
				t.Fatalf("a day after: archived %v, due %+v", tb.ThreadArchived, tb.Due)
			}
			if tb.TakeEnded(table.DueArchive, end.Add(2*table.ArchiveAfter)) {
				t.Fatal("the thread was archived twice")
			}
		})
	}
}
