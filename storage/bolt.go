package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/tavern-bot/tavern/table"
)

// Schema is the version of the stored envelope around a table.
const Schema = 1

var (
	bucketTables  = []byte("tables")  // channel id -> current table
	bucketArchive = []byte("archive") // channel id + "/" + table id -> finished table
)

// envelope is the stored JSON value; its schema lets a later version migrate.
type envelope struct {
	Schema int          `json:"schema"`
	Table  *table.Table `json:"table"`
}

// Bolt is the bbolt-backed Store.
type Bolt struct{ db *bolt.DB }

var _ Store = (*Bolt)(nil)

// Open opens (or creates) the database file at path.
func Open(path string) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("storage: open database %q: %w", path, err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketTables, bucketArchive} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return fmt.Errorf("create bucket %s: %w", b, err)
			}
		}
		return nil
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("storage: initialise database %q: %w", path, err)
	}
	return &Bolt{db: db}, nil
}

func encode(t *table.Table) ([]byte, error) {
	data, err := json.Marshal(envelope{Schema: Schema, Table: t})
	if err != nil {
		return nil, fmt.Errorf("storage: encode table %s: %w", t.ID, err)
	}
	return data, nil
}

func decode(data []byte) (*table.Table, error) {
	var e envelope
	if err := json.Unmarshal(data, &e); err != nil {
		return nil, fmt.Errorf("storage: decode table: %w", err)
	}
	if e.Schema > Schema || e.Table == nil {
		return nil, fmt.Errorf("storage: unsupported record schema %d", e.Schema)
	}
	if e.Table.Schema > table.SchemaVersion {
		return nil, fmt.Errorf("storage: table %s has schema %d, newer than %d", e.Table.ID, e.Table.Schema, table.SchemaVersion)
	}
	return e.Table, nil
}

// Get returns the channel's current table.
func (b *Bolt) Get(ctx context.Context, channelID string) (*table.Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: get %s: %w", channelID, err)
	}
	var t *table.Table
	err := b.db.View(func(tx *bolt.Tx) error {
		data := tx.Bucket(bucketTables).Get([]byte(channelID))
		if data == nil {
			return ErrNotFound
		}
		var err error
		t, err = decode(data)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: get %s: %w", channelID, err)
	}
	return t, nil
}

// Create stores t as the channel's current table, archiving a finished one.
func (b *Bolt) Create(ctx context.Context, t *table.Table) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: create in %s: %w", t.ChannelID, err)
	}
	data, err := encode(t)
	if err != nil {
		return err
	}
	err = b.db.Update(func(tx *bolt.Tx) error {
		tables := tx.Bucket(bucketTables)
		key := []byte(t.ChannelID)
		if old := tables.Get(key); old != nil {
			prev, err := decode(old)
			if err != nil {
				return err
			}
			if prev.Active() {
				return ErrActiveTable
			}
			if err := tx.Bucket(bucketArchive).Put([]byte(prev.ChannelID+"/"+prev.ID), old); err != nil {
				return fmt.Errorf("archive %s: %w", prev.ID, err)
			}
		}
		return tables.Put(key, data)
	})
	if err != nil {
		return fmt.Errorf("storage: create in %s: %w", t.ChannelID, err)
	}
	return nil
}

// Update loads, changes and saves the channel's table in one transaction.
func (b *Bolt) Update(ctx context.Context, channelID string, fn func(*table.Table) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: update %s: %w", channelID, err)
	}
	return b.db.Update(func(tx *bolt.Tx) error {
		tables := tx.Bucket(bucketTables)
		data := tables.Get([]byte(channelID))
		if data == nil {
			return fmt.Errorf("storage: update %s: %w", channelID, ErrNotFound)
		}
		t, err := decode(data)
		if err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		if err := fn(t); err != nil {
			return err // the caller's own error, passed through untouched
		}
		if t.ChannelID != channelID {
			return fmt.Errorf("storage: update %s: table moved to channel %q", channelID, t.ChannelID)
		}
		out, err := encode(t)
		if err != nil {
			return err
		}
		if err := tables.Put([]byte(channelID), out); err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		return nil
	})
}

// List returns every active table.
func (b *Bolt) List(ctx context.Context) ([]*table.Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: list: %w", err)
	}
	var out []*table.Table
	err := b.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketTables).ForEach(func(_, v []byte) error {
			t, err := decode(v)
			if err != nil {
				return err
			}
			if t.Active() {
				out = append(out, t)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: list: %w", err)
	}
	return out, nil
}

// Backup streams a consistent snapshot of the database file to w.
func (b *Bolt) Backup(w io.Writer) error {
	err := b.db.View(func(tx *bolt.Tx) error {
		_, err := tx.WriteTo(w)
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: backup: %w", err)
	}
	return nil
}

// Close releases the database file.
func (b *Bolt) Close() error {
	if err := b.db.Close(); err != nil && !errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return fmt.Errorf("storage: close: %w", err)
	}
	return nil
}
