package storage_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

var ctx = context.Background()

func open(t *testing.T) (*storage.Bolt, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tavern.db")
	s, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, path
}

func TestBackupAndReopen(t *testing.T) {
	s, path := open(t)
	for i, ch := range []string{"c1", "c2", "c3"} {
		tb := storetest.NewTable(ch, fmt.Sprint("t", i))
		if i == 2 {
			tb.Status = table.StatusOver
		}
		if err := s.Tables().Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := s.Backup(&buf); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if err := os.WriteFile(backup, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, backup} {
		re, err := storage.Open(p)
		if err != nil {
			t.Fatalf("open %s: %v", p, err)
		}
		for _, ch := range []string{"c1", "c2"} {
			if got, err := re.Tables().Get(ctx, ch); err != nil || !got.Active() {
				t.Errorf("%s: %s = %v, %v", p, ch, got, err)
			}
		}
		if got, err := re.Tables().Get(ctx, "c3"); err != nil || got.Status != table.StatusOver {
			t.Errorf("%s: c3 = %v, %v", p, got, err)
		}
		if err := re.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenUnwritable(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, path string }{
		{"missing directory", filepath.Join(dir, "no", "such", "dir", "x.db")},
		{"path is a directory", dir},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := storage.Open(tc.path)
			if err == nil {
				_ = s.Close()
				t.Fatal("Open succeeded")
			}
			if !bytes.Contains([]byte(err.Error()), []byte(tc.path)) {
				t.Errorf("error %q does not name the path", err)
			}
		})
	}
}

// TestBoltStore runs the shared store suite on bbolt.
func TestBoltStore(t *testing.T) {
	storetest.Run(t, storetest.Backend{Open: func(t *testing.T) (storage.Store, func(*testing.T) storage.Store) {
		s, path := open(t)
		reopen := func(t *testing.T) storage.Store {
			t.Helper()
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			var err error
			if s, err = storage.Open(path); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = s.Close() })
			return s
		}
		return s, reopen
	}, Claimed: func(t *testing.T, now func() time.Time) (storage.Store, storage.OutboxClaimer) {
		s, _ := open(t)
		return s, storage.NewLocalClaims(s.Tables(), now)
	}})
}

// TestPlayersIndexKept: reopening a database that has the players index
// rebuilds nothing, and the index reads as before.
func TestPlayersIndexKept(t *testing.T) {
	s, path := open(t)
	for _, ch := range []string{"c1", "c2"} {
		if err := s.Tables().Create(ctx, storetest.NewTable(ch, "t-"+ch)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s2.Close() })
	if w := s2.Stats().BytesWritten; w != 0 {
		t.Errorf("reopening wrote %d bytes", w)
	}
	got, err := s2.Tables().TablesOf(ctx, "a")
	slices.Sort(got)
	if err != nil || !slices.Equal(got, []string{"c1", "c2"}) {
		t.Errorf("tables of a after reopening: %v (%v)", got, err)
	}
}

// TestOutboxOfOneTable: OutboxOf lists one table's items, oldest first,
// and none of another table's.
func TestOutboxOfOneTable(t *testing.T) {
	s, _ := open(t)
	for _, ch := range []string{"c1", "c2"} {
		if err := s.Tables().Create(ctx, storetest.NewTable(ch, "t1")); err != nil {
			t.Fatal(err)
		}
	}
	stage := func(ch, item string) {
		t.Helper()
		if err := s.Tables().Update(ctx, ch, func(tb *table.Table) error {
			tb.Version++
			tb.Outbox = [][]byte{[]byte(item)}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	stage("c1", `"a"`)
	stage("c2", `"b"`)
	stage("c1", `"c"`)
	lister, ok := s.Tables().(storage.OutboxLister)
	if !ok {
		t.Fatal("bbolt's tables do not list one table's outbox (storage.OutboxLister)")
	}
	got, err := lister.OutboxOf(ctx, storage.OutboxTable{ChannelID: "c1", TableID: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	var data []string
	for _, it := range got {
		if it.ChannelID != "c1" || it.TableID != "t1" {
			t.Errorf("item %+v of another table", it)
		}
		data = append(data, string(it.Data))
	}
	if !slices.Equal(data, []string{`"a"`, `"c"`}) {
		t.Errorf("c1's items %v, want a then c", data)
	}
	if none, err := lister.OutboxOf(ctx, storage.OutboxTable{ChannelID: "c1", TableID: "other"}); err != nil || len(none) != 0 {
		t.Errorf("another table id in c1: %v, %v; want none", none, err)
	}
}
