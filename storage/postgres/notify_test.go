package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// TestDueNotifications: a process listening hears, once each committed,
// the changes of another process that made a table due sooner (the first
// due moment, an earlier one, a tournament's), in commit order, and
// nothing of a change that only moved its due moments later or that
// rolled back; it hears the zero time first, when it starts listening.
// Silence is asserted by order, not by waiting: what is heard next is the
// change after the silent ones.
func TestDueNotifications(t *testing.T) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	writer, listener := open(t, url), open(t, url)
	heard := make(chan time.Time, 16)
	lctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	l := dueListener(t, listener)
	go func() { defer close(done); l.ListenDue(lctx, func(at time.Time) { heard <- at }) }()
	t.Cleanup(func() { stop(); <-done })
	next := func(what string) time.Time {
		t.Helper()
		select {
		case at := <-heard:
			return at
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: nothing heard", what)
			return time.Time{}
		}
	}
	if at := next("listening"); !at.IsZero() {
		t.Fatalf("first heard %v, want the zero time (start of listening)", at)
	}
	base := time.Date(2026, 3, 1, 12, 0, 0, 7, time.UTC)
	if err := writer.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	set := func(due ...table.Due) error {
		return writer.Tables().Update(ctx, "c1", func(tb *table.Table) error { tb.Due = due; return nil })
	}
	steps := []struct {
		name  string
		due   []table.Due
		fail  bool
		heard bool
	}{
		{name: "first due moment", due: []table.Due{{At: base.Add(time.Hour), Kind: table.DueClock}}, heard: true},
		{name: "moved later", due: []table.Due{{At: base.Add(2 * time.Hour), Kind: table.DueClock}}},
		{name: "sooner, rolled back", due: []table.Due{{At: base, Kind: table.DueBot}}, fail: true},
		{name: "another event, later", due: []table.Due{{At: base.Add(2 * time.Hour), Kind: table.DueClock}, {At: base.Add(3 * time.Hour), Kind: table.DueRemind}}},
		{name: "sooner", due: []table.Due{{At: base.Add(time.Minute), Kind: table.DueBot}}, heard: true},
		{name: "none", due: nil},
		{name: "due again", due: []table.Due{{At: base.Add(time.Hour), Kind: table.DueClock}}, heard: true},
	}
	for _, st := range steps {
		err := writer.Tables().Update(ctx, "c1", func(tb *table.Table) error {
			tb.Due = st.due
			if st.fail {
				return errors.New("refused")
			}
			return nil
		})
		if st.fail != (err != nil) {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.heard {
			if at := next(st.name); !at.Equal(st.due[0].At) {
				t.Fatalf("%s: heard %v, want %v (the change's soonest; nothing of the changes before it)", st.name, at, st.due[0].At)
			}
		}
	}
	if err := set(); err != nil {
		t.Fatal(err)
	}
	// The listener's connection is cut (the server kills it): it listens
	// again, says changes may have been missed, and hears the next one.
	if n, err := writer.KillListeners(ctx); err != nil || n != 1 {
		t.Fatalf("%d listening connections killed (%v), want 1", n, err)
	}
	if at := next("after the connection was cut"); !at.IsZero() {
		t.Fatalf("heard %v after the connection was cut, want the zero time", at)
	}
	if err := set(table.Due{At: base, Kind: table.DueBot}); err != nil {
		t.Fatal(err)
	}
	if at := next("after listening again"); !at.Equal(base) {
		t.Fatalf("heard %v, want %v", at, base)
	}
}
