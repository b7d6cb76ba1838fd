package storage_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// A database written by the code before the framed records (schema 2: the
// game state inside the table's JSON) opens, migrated: every table keeps
// its books, its state and its checkpoint byte for byte, the waiting outbox
// item is delivered as it was staged, and play goes on.
func TestMigrateSchema2(t *testing.T) {
	// testdata/v2.db was written with the storage and table packages of
	// commit ddfef10 by a throwaway test: a lobby (two seats) in c1; in c2
	// a finished fake game (archived) and a running turn game (deadline 24h)
	// in the middle of seat 1's turn (its checkpoint at move 1, two spots
	// marked), with one delivery waiting in the outbox.
	path := filepath.Join(t.TempDir(), "v2.db")
	copyFile(t, "testdata/v2.db", path)
	before := rawTablesV2(t, path)
	const item = `{"game":"turngame","table":"turn1","posts":[{"kind":"post","channel":"c2","msg":{"content":"hello \u003cworld\u003e"}}]}`
	for round := range 2 { // the second open finds nothing to migrate
		s := openMigrating(t, path, round)
		lobby, err := s.Tables().Get(ctx, "c1")
		if err != nil || lobby.ID != "lobby1" || lobby.Status != table.StatusLobby || len(lobby.Seats) != 2 || lobby.State != nil {
			t.Fatalf("lobby %+v (%v)", lobby, err)
		}
		cur, err := s.Tables().Get(ctx, "c2", storage.WithLog())
		if err != nil {
			t.Fatal(err)
		}
		want := before["tables/c2"]
		if cur.ID != "turn1" || cur.Moves != 3 || len(cur.Log) != 3 || cur.Version != want.Version || cur.CheckpointAt != 1 ||
			!bytes.Equal(cur.State, want.State) || !bytes.Equal(cur.Checkpoint, want.Checkpoint) || len(cur.Checkpoint) == 0 ||
			len(cur.Due) != 2 || cur.Options["deadline"] != "24" || cur.Seats[0].Lang != "de" {
			t.Fatalf("running game: %+v\nwant %+v", cur, want)
		}
		g := tabletest.TurnGame()
		replayed, err := cur.History().Rebuild(g)
		if err != nil {
			t.Fatal(err)
		}
		if data, _ := replayed.MarshalJSON(); !bytes.Equal(data, cur.State) {
			t.Error("the migrated log does not replay to the stored state")
		}
		if due, _ := s.Tables().DueBefore(ctx, cur.Due[0].At, 10); !slices.Contains(due, "c2") {
			t.Errorf("due index after migration: %v", due)
		}
		if chans, _ := s.Tables().TablesOf(ctx, "c"); !slices.Equal(chans, []string{"c2"}) {
			t.Errorf("tables of c: %v", chans)
		}
		items, err := s.Tables().Outbox(ctx)
		if err != nil || len(items) != 1 || items[0].ChannelID != "c2" || items[0].TableID != "turn1" || string(items[0].Data) != item {
			t.Fatalf("outbox %+v (%v)", items, err)
		}
		if round == 1 {
			// Play goes on: seat 1 steps back to its checkpoint's side of the
			// turn (which needs the migrated checkpoint), then ends its turn.
			err := s.Tables().Update(ctx, "c2", func(tb *table.Table) error {
				if _, err := tb.History().Back(g, "c", want.UpdatedAt); err != nil {
					return err
				}
				_, err := tb.Move(g, "c", tabletest.TurnEnd, table.AnyVersion, want.UpdatedAt)
				return err
			}, storage.WithOpenTurn())
			if err != nil {
				t.Fatal(err)
			}
			after, err := s.Tables().Get(ctx, "c2", storage.WithLog())
			if err != nil || after.Moves != 3 || after.Checkpoint != nil || after.Log[1].Move != "p2" || after.Log[2].Move != tabletest.TurnEnd {
				t.Fatalf("after stepping back and ending the turn: %+v (%v)", after, err)
			}
			if err := s.Tables().Delivered(ctx, items[0].Key); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	checkFramed(t, path, before)
}

// rawTablesV2 reads v2.db's JSON records as they are, by bucket/key.
func rawTablesV2(t *testing.T, path string) map[string]*table.Table {
	t.Helper()
	out := map[string]*table.Table{}
	withDB(t, path, func(tx *bolt.Tx) error {
		for _, name := range []string{"tables", "archive"} {
			err := tx.Bucket([]byte(name)).ForEach(func(k, v []byte) error {
				var e struct {
					Schema int          `json:"schema"`
					Table  *table.Table `json:"table"`
				}
				if err := json.Unmarshal(v, &e); err != nil || e.Schema != 2 {
					return fmt.Errorf("%s/%s: schema %d (%v)", name, k, e.Schema, err)
				}
				out[name+"/"+string(k)] = e.Table
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if len(out) != 3 {
		t.Fatalf("v2.db holds %d tables, want 3", len(out))
	}
	return out
}

// checkFramed checks in the file itself that every table record and the
// archived game were rewritten in the current schema with their state.
func checkFramed(t *testing.T, path string, before map[string]*table.Table) {
	t.Helper()
	withDB(t, path, func(tx *bolt.Tx) error {
		for key, want := range before {
			name, k, _ := bytes.Cut([]byte(key), []byte("/"))
			raw := tx.Bucket(name).Get(k)
			got, err := storage.DecodeRecord(raw)
			if err != nil {
				return fmt.Errorf("%s: %w", key, err)
			}
			if raw[0] != storage.Schema || got.ID != want.ID || got.Status != want.Status {
				return fmt.Errorf("%s: schema %d, table %s %s, want %s %s", key, raw[0], got.ID, got.Status, want.ID, want.Status)
			}
			if key == "archive/c2/done1" && (!bytes.Equal(got.State, want.State) || got.Status != table.StatusOver) {
				return fmt.Errorf("archived game: status %s, state %s, want %s", got.Status, got.State, want.State)
			}
		}
		return nil
	})
}

func withDB(t *testing.T, path string, fn func(*bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.View(fn); err != nil {
		t.Fatal(err)
	}
}
