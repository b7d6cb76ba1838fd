package storage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
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

func newTable(channel, id string) *table.Table {
	return table.New(table.Params{ID: id, ChannelID: channel, GameID: tabletest.ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "Ann"}, Seed: 3, Now: time.Unix(100, 0).UTC()})
}

func TestRoundTrip(t *testing.T) {
	s, _ := open(t)
	want := newTable("c1", "t1")
	if err := want.Join(tabletest.Game().Info(), table.Seat{UserID: "b", Name: "Bo", Lang: "de"}, time.Unix(200, 0).UTC()); err != nil {
		t.Fatal(err)
	}
	if _, err := want.Start(tabletest.Game(), "a", time.Unix(300, 0).UTC()); err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != want.ID || got.Version != want.Version || len(got.Seats) != 2 || got.Seats[1].Lang != "de" ||
		!bytes.Equal(got.State, want.State) || !got.CreatedAt.Equal(want.CreatedAt) || got.Options["rounds"] != "2" {
		t.Errorf("round trip changed the table:\n got %+v\nwant %+v", got, want)
	}
	if _, err := s.Get(ctx, "nope"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Get of empty channel: %v, want ErrNotFound", err)
	}
}

func TestCreateRules(t *testing.T) {
	tests := []struct {
		name    string
		first   func(*table.Table)
		wantErr error
	}{
		{name: "active lobby blocks", first: func(*table.Table) {}, wantErr: storage.ErrActiveTable},
		{name: "abandoned is archived", first: func(t *table.Table) { t.Status = table.StatusAbandoned }},
		{name: "over is archived", first: func(t *table.Table) { t.Status = table.StatusOver }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := open(t)
			first := newTable("c1", "t1")
			tc.first(first)
			if err := s.Create(ctx, first); err != nil {
				t.Fatal(err)
			}
			err := s.Create(ctx, newTable("c1", "t2"))
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("second Create: %v, want %v", err, tc.wantErr)
			}
			got, _ := s.Get(ctx, "c1")
			wantID := "t2"
			if tc.wantErr != nil {
				wantID = "t1"
			}
			if got.ID != wantID {
				t.Errorf("current table %s, want %s", got.ID, wantID)
			}
		})
	}
}

func TestUpdateErrorSavesNothing(t *testing.T) {
	s, _ := open(t)
	if err := s.Create(ctx, newTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := s.Update(ctx, "c1", func(tb *table.Table) error {
		tb.Version = 99
		tb.Host = "mallory"
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update error %v, want boom", err)
	}
	got, _ := s.Get(ctx, "c1")
	if got.Version != 0 || got.Host != "a" {
		t.Errorf("failed update was saved: version %d host %s", got.Version, got.Host)
	}
	if err := s.Update(ctx, "missing", func(*table.Table) error { return nil }); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Update of missing channel: %v", err)
	}
}

func TestConcurrentUpdatesSerialize(t *testing.T) {
	s, _ := open(t)
	if err := s.Create(ctx, newTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- s.Update(ctx, "c1", func(tb *table.Table) error {
				tb.Version++
				tb.AbandonVotes = append(tb.AbandonVotes, fmt.Sprint(i))
				tb.Log = append(tb.Log, table.Entry{Move: fmt.Sprint(i), Version: tb.Version})
				tb.Moves++
				tb.Due = []table.Due{{At: time.Unix(int64(i), 0), Kind: table.DueClock}}
				return nil
			}, storage.WithRecentLog(1))
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Get(ctx, "c1", storage.WithLog())
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != n || len(got.AbandonVotes) != n || got.Moves != n || len(got.Log) != n {
		t.Fatalf("version %d, %d votes, %d moves, %d entries; want %d each (lost update)", got.Version, len(got.AbandonVotes), got.Moves, len(got.Log), n)
	}
	for k, e := range got.Log {
		if e.Version != k+1 || e.Move != got.AbandonVotes[k] {
			t.Errorf("entry %d: %+v, want version %d and move %s (the vote of the same change)", k, e, k+1, got.AbandonVotes[k])
		}
	}
	// Only the last change's due event is left in the index.
	if at, ok, _ := s.NextDue(ctx); !ok || !at.Equal(got.Due[0].At) {
		t.Errorf("next due %v, want the stored table's %v", at, got.Due[0].At)
	}
}

func TestBackupAndReopen(t *testing.T) {
	s, path := open(t)
	for i, ch := range []string{"c1", "c2", "c3"} {
		tb := newTable(ch, fmt.Sprint("t", i))
		if i == 2 {
			tb.Status = table.StatusOver
		}
		if err := s.Create(ctx, tb); err != nil {
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
			if got, err := re.Get(ctx, ch); err != nil || !got.Active() {
				t.Errorf("%s: %s = %v, %v", p, ch, got, err)
			}
		}
		if got, err := re.Get(ctx, "c3"); err != nil || got.Status != table.StatusOver {
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

// TestPlayersIndex: TablesOf follows joins, leaves, bots and the end of a
// table, in every channel, and survives reopening without a rebuild.
func TestPlayersIndex(t *testing.T) {
	s, path := open(t)
	info := tabletest.Game().Info()
	at := time.Unix(200, 0).UTC()
	tablesOf := func(user string) []string {
		t.Helper()
		got, err := s.TablesOf(ctx, user)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got
	}
	check := func(step string, want map[string][]string) {
		t.Helper()
		for user, channels := range want {
			if got := tablesOf(user); !slices.Equal(got, channels) {
				t.Errorf("%s: tables of %s: %v, want %v", step, user, got, channels)
			}
		}
	}
	for _, ch := range []string{"c1", "c2"} {
		if err := s.Create(ctx, newTable(ch, "t-"+ch)); err != nil {
			t.Fatal(err)
		}
	}
	check("two lobbies", map[string][]string{"a": {"c1", "c2"}, "b": nil})
	update := func(ch string, fn func(*table.Table) error) {
		t.Helper()
		if err := s.Update(ctx, ch, fn); err != nil {
			t.Fatal(err)
		}
	}
	update("c1", func(tb *table.Table) error { return tb.Join(info, table.Seat{UserID: "b", Name: "Bo"}, at) })
	update("c1", func(tb *table.Table) error { return tb.AddBot(info, "a", "Bot", at) })
	check("b joined c1, a bot too", map[string][]string{"a": {"c1", "c2"}, "b": {"c1"}})
	update("c2", func(tb *table.Table) error { return tb.Join(info, table.Seat{UserID: "b", Name: "Bo"}, at) })
	update("c2", func(tb *table.Table) error { return tb.Leave("b", at) })
	check("b left c2", map[string][]string{"b": {"c1"}})
	update("c1", func(tb *table.Table) error { _, err := tb.Start(tabletest.Game(), "a", at); return err })
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Reopening an existing index rebuilds nothing.
	s2, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s2.Close() })
	if w := s2.Stats().BytesWritten; w != 0 {
		t.Errorf("reopening wrote %d bytes", w)
	}
	s = s2
	check("playing c1 after reopening", map[string][]string{"a": {"c1", "c2"}, "b": {"c1"}})
	update("c1", func(tb *table.Table) error {
		_, err := tb.Abandon("a", true, at)
		return err
	})
	check("c1 abandoned", map[string][]string{"a": {"c2"}, "b": nil})
}
