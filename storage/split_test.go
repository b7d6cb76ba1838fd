package storage_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// What a move writes does not grow with the game: move 10 and move 1,000
// of the same table write within 20% of each other.
func TestBytesPerMoveConstant(t *testing.T) {
	s, _ := open(t)
	if err := s.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	written := func() int64 {
		before := s.Stats().BytesWritten
		storetest.AppendMoves(t, s, "c1", 1)
		return s.Stats().BytesWritten - before
	}
	storetest.AppendMoves(t, s, "c1", 9)
	at10 := written()
	storetest.AppendMoves(t, s, "c1", 989)
	at1000 := written()
	if at10 <= 0 || float64(at1000) > 1.2*float64(at10) || float64(at1000) < 0.8*float64(at10) {
		t.Fatalf("move 10 wrote %d bytes, move 1,000 wrote %d: not within 20%%", at10, at1000)
	}
	// Loading the whole log to append to it rewrites none of it.
	before := s.Stats().BytesWritten
	storetest.AppendMoves(t, s, "c1", 1, storage.WithLog())
	if withLog := s.Stats().BytesWritten - before; float64(withLog) > 1.2*float64(at10) {
		t.Fatalf("move 1,001 loaded with the whole log wrote %d bytes, move 10 %d", withLog, at10)
	}
}

// bulkTables stores n playing tables through CreateMany, 20,000 to a
// transaction, so that index tests at scale run in seconds and index what
// the store indexes itself; due lists which of them get a due event (at
// base + its index in seconds).
func bulkTables(t testing.TB, path string, n int, due map[int]bool, base time.Time) {
	t.Helper()
	s, err := storage.OpenWith(path, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for from := 0; from < n; from += 20000 {
		var batch []*table.Table
		for i := from; i < min(n, from+20000); i++ {
			tb := storetest.NewTable(fmt.Sprintf("c%06d", i), fmt.Sprintf("t%d", i))
			tb.Status = table.StatusPlaying
			if due[i] {
				tb.Due = []table.Due{{At: base.Add(time.Duration(i) * time.Second), Kind: table.DueClock}}
			}
			batch = append(batch, tb)
		}
		if err := s.CreateMany(ctx, batch); err != nil {
			t.Fatal(err)
		}
	}
}

// With 100,000 tables of which 50 are due, the due query finds exactly
// those 50, earliest first, without decoding a single table.
func TestDueIndexAt100k(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100,000 tables")
	}
	path := filepath.Join(t.TempDir(), "big.db")
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	due := map[int]bool{}
	for k := range 50 {
		due[k*1999+7] = true
	}
	bulkTables(t, path, 100000, due, base)
	s, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	loads := s.Stats().Loads
	got, err := s.Tables().DueBefore(ctx, base.Add(200000*time.Second), 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 50 {
		t.Fatalf("%d due channels, want 50", len(got))
	}
	for k, ch := range got {
		if want := fmt.Sprintf("c%06d", k*1999+7); ch != want {
			t.Errorf("due %d = %s, want %s", k, ch, want)
		}
	}
	if n := s.Stats().Loads - loads; n != 0 {
		t.Errorf("the due query decoded %d tables", n)
	}
	if few, _ := s.Tables().DueBefore(ctx, base.Add(3*1999*time.Second), 1000); len(few) != 3 {
		t.Errorf("%d due by the third event's time, want 3", len(few))
	}
	at, ok, err := s.Tables().NextDue(ctx)
	if err != nil || !ok || !at.Equal(base.Add(7*time.Second)) {
		t.Errorf("next due %v %v %v", at, ok, err)
	}
}

// A database written by the code before the log split (schema 1) opens,
// migrated: every table keeps its log, the running game its deadline as a
// due event, and play goes on.
func TestMigrateSchema1(t *testing.T) {
	// testdata/v1.db was written with the storage and table packages of
	// commit 1f7821b by a throwaway program: a lobby in c1; in c2 a finished
	// fake game (4 moves, archived) and a running one (7 moves, deadline 24h,
	// the last move at 2026-11-20 12:06 UTC).
	path := filepath.Join(t.TempDir(), "v1.db")
	copyFile(t, "testdata/v1.db", path)
	for round := range 2 { // the second open finds nothing to migrate
		s := openMigrating(t, path, round)
		lobby, err := s.Tables().Get(ctx, "c1", storage.WithLog())
		if err != nil || lobby.Status != table.StatusLobby || lobby.Moves != 0 || len(lobby.Due) != 0 {
			t.Fatalf("lobby %+v (%v)", lobby, err)
		}
		cur, err := s.Tables().Get(ctx, "c2", storage.WithLog())
		if err != nil {
			t.Fatal(err)
		}
		wantDue := time.Date(2026, 11, 21, 12, 6, 0, 0, time.UTC)
		if cur.ID != "play1" || cur.Moves != 7 || len(cur.Log) != 7 || cur.Schema != table.SchemaVersion ||
			len(cur.Due) != 1 || !cur.Due[0].At.Equal(wantDue) {
			t.Fatalf("running game: id %s, %d moves, %d entries, due %+v", cur.ID, cur.Moves, len(cur.Log), cur.Due)
		}
		if due, _ := s.Tables().DueBefore(ctx, wantDue, 10); len(due) != 1 || due[0] != "c2" {
			t.Errorf("due index after migration: %v", due)
		}
		// The players index is built for databases from before it.
		for _, tb := range []*table.Table{lobby, cur} {
			for _, seat := range tb.Seats {
				if chans, _ := s.Tables().TablesOf(ctx, seat.UserID); !slices.Contains(chans, tb.ChannelID) {
					t.Errorf("tables of %s: %v, want %s among them", seat.UserID, chans, tb.ChannelID)
				}
			}
		}
		g := tabletest.Game()
		replayed, err := cur.History().Rebuild(g)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := replayed.MarshalJSON()
		if string(data) != string(cur.State) {
			t.Error("the migrated log does not replay to the stored state")
		}
		if round == 1 {
			// Play goes on: one more move through the table.
			err := s.Tables().Update(ctx, "c2", func(tb *table.Table) error {
				st, err := tb.Load(g)
				if err != nil {
					return err
				}
				p := st.Pending()[0]
				_, err = tb.Move(g, tb.Seats[p.Seat].UserID, p.Options[0].ID, table.AnyVersion, wantDue)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if after, _ := s.Tables().Get(ctx, "c2", storage.WithLog()); after.Moves != 8 || len(after.Log) != 8 {
				t.Errorf("after a move: %d moves, %d entries", after.Moves, len(after.Log))
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		checkArchivedV1(t, path)
	}
}

// checkArchivedV1 checks, in the database file itself (Store reads only
// current tables), that v1.db's finished game was migrated: a current
// snapshot whose own log replays to its final state, and no due event.
func checkArchivedV1(t *testing.T, path string) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *bolt.Tx) error {
		raw := tx.Bucket([]byte("archive")).Get([]byte("c2/done1"))
		done, err := storage.DecodeRecord(raw)
		if err != nil {
			return fmt.Errorf("archived table: %w", err)
		}
		if raw[0] != storage.Schema || done.Schema != table.SchemaVersion || done.Status != table.StatusOver || done.Moves != 4 || len(done.Due) != 0 {
			return fmt.Errorf("archived table: schema %d/%d, status %s, %d moves, due %v", raw[0], done.Schema, done.Status, done.Moves, done.Due)
		}
		prefix := []byte("c2/done1/")
		c := tx.Bucket([]byte("log")).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var entry table.Entry
			if err := json.Unmarshal(v, &entry); err != nil {
				return fmt.Errorf("archived log entry %x: %w", k, err)
			}
			done.Log = append(done.Log, entry)
		}
		done.LogFrom = 0
		st, err := done.History().Rebuild(tabletest.Game())
		if err != nil {
			return fmt.Errorf("replay the archived log (%d entries): %w", len(done.Log), err)
		}
		if data, _ := st.MarshalJSON(); !bytes.Equal(data, done.State) {
			return errors.New("the archived log does not replay to the archived state")
		}
		return tx.Bucket([]byte("due")).ForEach(func(k, v []byte) error {
			if string(v) == done.ID {
				return fmt.Errorf("archived table has due event %x", k)
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openMigrating opens path for the round-th time: the first open
// migrates (writes), later ones find nothing to do.
func openMigrating(t *testing.T, path string, round int) *storage.Bolt {
	t.Helper()
	s, err := storage.Open(path)
	if err != nil {
		t.Fatalf("open %d: %v", round, err)
	}
	if written := s.Stats().BytesWritten; (round == 0) != (written > 0) {
		t.Fatalf("open %d wrote %d bytes", round, written)
	}
	return s
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
