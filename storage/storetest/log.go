package storetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

func testLogOptions(t *testing.T, b Backend) {
	s := b.open(t)
	create(t, s, NewTable("c1", "t1"))
	AppendMoves(t, s, "c1", 30)
	tests := []struct {
		name     string
		opts     []storage.LoadOption
		from, of int
	}{
		{"default: none", nil, 30, 0},
		{"whole", []storage.LoadOption{storage.WithLog()}, 0, 30},
		{"recent 10", []storage.LoadOption{storage.WithRecentLog(10)}, 20, 10},
		{"recent more than all", []storage.LoadOption{storage.WithRecentLog(99)}, 0, 30},
		{"open turn without one", []storage.LoadOption{storage.WithOpenTurn()}, 30, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Tables().Get(ctx, "c1", tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if got.Moves != 30 || got.LogFrom != tc.from || len(got.Log) != tc.of {
				t.Fatalf("moves %d, log from %d with %d entries; want 30, %d, %d", got.Moves, got.LogFrom, len(got.Log), tc.from, tc.of)
			}
			for k, e := range got.Log {
				if want := SyntheticEntry(tc.from+k, tc.from+k+1); e.Move != want.Move || e.Version != want.Version || !e.At.Equal(want.At) || len(e.Events) != 1 {
					t.Errorf("entry %d = %+v, want %+v", tc.from+k, e, want)
				}
			}
		})
	}
	// An open turn loads from its checkpoint.
	if err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
		tb.Checkpoint, tb.CheckpointAt = []byte(`{}`), 25
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Tables().Get(ctx, "c1", storage.WithOpenTurn())
	if err != nil || got.LogFrom != 25 || len(got.Log) != 5 {
		t.Fatalf("open turn: from %d, %d entries (%v)", got.LogFrom, len(got.Log), err)
	}
}

// moveNames lists the moves of the channel's whole log.
func moveNames(t *testing.T, s storage.Store, channel string) []string {
	t.Helper()
	got, err := s.Tables().Get(ctx, channel, storage.WithLog())
	if err != nil {
		t.Fatal(err)
	}
	if got.Moves != len(got.Log) {
		t.Fatalf("%d moves, %d entries", got.Moves, len(got.Log))
	}
	var names []string
	for _, e := range got.Log {
		names = append(names, e.Move)
	}
	return names
}

// testShortenLog: an undo shortens the log: the entries past the end are
// gone for good, and entries fn replaced (an undo and a new move in one
// change) are stored as replaced.
func testShortenLog(t *testing.T, b Backend) {
	undo := func(n int) func(tb *table.Table) {
		return func(tb *table.Table) {
			tb.Log, tb.Moves = slices.Clone(tb.Log[:len(tb.Log)-n]), tb.Moves-n
		}
	}
	play := func(move string) func(tb *table.Table) {
		return func(tb *table.Table) {
			tb.Log = append(tb.Log, table.Entry{Move: move, Version: tb.Version})
			tb.Moves++
		}
	}
	tests := []struct {
		name    string
		opts    []storage.LoadOption
		changes []func(tb *table.Table)
		want    []string
	}{
		{"undo two", []storage.LoadOption{storage.WithRecentLog(3)}, []func(*table.Table){undo(2)},
			[]string{"bid0", "bid1", "bid2"}},
		{"undo all loaded", []storage.LoadOption{storage.WithRecentLog(2)}, []func(*table.Table){undo(2)},
			[]string{"bid0", "bid1", "bid2"}},
		{"undo two, then a move", []storage.LoadOption{storage.WithRecentLog(3)}, []func(*table.Table){undo(2), play("new")},
			[]string{"bid0", "bid1", "bid2", "new"}},
		{"undo one, then two moves", []storage.LoadOption{storage.WithLog()}, []func(*table.Table){undo(1), play("x"), play("y")},
			[]string{"bid0", "bid1", "bid2", "bid0", "x", "y"}},
		{"undo in place, then a move", []storage.LoadOption{storage.WithRecentLog(1)},
			[]func(*table.Table){func(tb *table.Table) { tb.Log, tb.Moves = tb.Log[:0], tb.Moves-1 }, play("z")},
			[]string{"bid0", "bid1", "bid2", "bid0", "z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := b.open(t)
			create(t, s, NewTable("c1", "t1"))
			AppendMoves(t, s, "c1", 5)
			err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
				for _, change := range tc.changes {
					change(tb)
				}
				tb.Version++
				return nil
			}, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if got := moveNames(t, s, "c1"); !slices.Equal(got, tc.want) {
				t.Fatalf("log %v, want %v", got, tc.want)
			}
			// The next move lands right after.
			AppendMoves(t, s, "c1", 1)
			want := append(slices.Clone(tc.want), fmt.Sprint("bid", len(tc.want)%3))
			if got := moveNames(t, s, "c1"); !slices.Equal(got, want) {
				t.Fatalf("after one more move: log %v, want %v", got, want)
			}
		})
	}
}

// testInconsistentChangesRefused: a change that would corrupt the books is
// refused and saves nothing.
func testInconsistentChangesRefused(t *testing.T, b Backend) {
	tests := []struct {
		name string
		fn   func(tb *table.Table)
	}{
		{"moves without entries", func(tb *table.Table) { tb.Moves++ }},
		{"cut below the loaded log", func(tb *table.Table) { tb.Log, tb.LogFrom, tb.Moves = nil, 0, 0 }},
		{"version back", func(tb *table.Table) { tb.Version-- }},
		{"other table id", func(tb *table.Table) { tb.ID = "other" }},
		{"other channel", func(tb *table.Table) { tb.ChannelID = "c2" }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := b.open(t)
			create(t, s, NewTable("c1", "t1"))
			AppendMoves(t, s, "c1", 3)
			before, _ := s.Tables().Get(ctx, "c1", storage.WithLog())
			err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
				tc.fn(tb)
				tb.Outbox = [][]byte{[]byte(`"x"`)}
				return nil
			}, storage.WithRecentLog(1))
			if !errors.Is(err, storage.ErrConflict) {
				t.Fatalf("err %v, want ErrConflict", err)
			}
			after, _ := s.Tables().Get(ctx, "c1", storage.WithLog())
			if after.Version != before.Version || after.Moves != before.Moves || len(after.Log) != len(before.Log) {
				t.Errorf("refused change saved something: %+v", after)
			}
			if items, _ := s.Tables().Outbox(ctx); len(items) != 0 {
				t.Errorf("refused change left %d outbox items", len(items))
			}
			if _, err := s.Tables().Get(ctx, "c2"); !errors.Is(err, storage.ErrNotFound) {
				t.Errorf("refused change created a table in c2: %v", err)
			}
		})
	}
}

func testOutbox(t *testing.T, b Backend) {
	s := b.open(t)
	create(t, s, NewTable("c1", "t1"))
	var keys []string
	for _, item := range []string{`"one"`, `"two"`} {
		err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
			tb.Outbox = append(tb.Outbox, []byte(item))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	failed := errors.New("rule error")
	if err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
		tb.Outbox = append(tb.Outbox, []byte(`"never"`))
		return failed
	}); !errors.Is(err, failed) {
		t.Fatal(err)
	}
	items, err := s.Tables().Outbox(ctx)
	if err != nil || len(items) != 2 || string(items[0].Data) != `"one"` || string(items[1].Data) != `"two"` || items[0].ChannelID != "c1" || items[0].TableID != "t1" {
		t.Fatalf("outbox %+v (%v)", items, err)
	}
	for _, it := range items {
		keys = append(keys, it.Key)
	}
	for range 2 { // idempotent
		if err := s.Tables().Delivered(ctx, keys[0]); err != nil {
			t.Fatal(err)
		}
	}
	if items, _ := s.Tables().Outbox(ctx); len(items) != 1 || items[0].Key != keys[1] {
		t.Fatalf("after delivering the first: %+v", items)
	}
	if err := s.Tables().Delivered(ctx, "nonsense"); err == nil {
		t.Error("a malformed key is accepted")
	}
	// Update fills OutboxKeys with the keys Outbox lists, and removes the
	// items it is told are spent in the same change.
	var changed *table.Table
	if err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
		tb.Outbox = [][]byte{[]byte(`"three"`), []byte(`"four"`)}
		tb.SpentOutbox = []string{keys[1]}
		changed = tb
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	items, err = s.Tables().Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var staged, listed []string
	for _, it := range items {
		staged = append(staged, string(it.Data))
		listed = append(listed, it.Key)
	}
	if !slices.Equal(staged, []string{`"three"`, `"four"`}) {
		t.Errorf("outbox after a change that spent %s: %v", keys[1], staged)
	}
	if !slices.Equal(changed.OutboxKeys, listed) || len(changed.Outbox) != 0 || len(changed.SpentOutbox) != 0 {
		t.Errorf("the change's outbox keys %v, outbox %d, spent %v; Outbox lists %v", changed.OutboxKeys, len(changed.Outbox), changed.SpentOutbox, listed)
	}
}
