// Package storage persists tables. Store is deliberately small so that a
// distributed backend can stand beside the bbolt one later; Bolt is the
// embedded default (one file, one write transaction per change).
package storage

import (
	"context"
	"errors"
	"io"

	"github.com/tavern-bot/tavern/table"
)

// ErrNotFound means the channel has no table (active or finished).
var ErrNotFound = errors.New("storage: no table in this channel")

// ErrActiveTable means Create found a lobby or game still running in the channel.
var ErrActiveTable = errors.New("storage: channel already has an active table")

// Store keeps one current table per channel; finished tables are archived
// when a new one is created there.
type Store interface {
	// Get returns the channel's current table (it may be over), or ErrNotFound.
	Get(ctx context.Context, channelID string) (*table.Table, error)
	// Create stores a new table, failing with ErrActiveTable if the
	// channel's current table is still active.
	Create(ctx context.Context, t *table.Table) error
	// Update runs fn on the channel's table inside one write transaction:
	// load, fn, save. If fn returns an error nothing is saved. fn must not
	// do I/O (no rendering, no Discord calls): it only mutates the table.
	Update(ctx context.Context, channelID string, fn func(*table.Table) error) error
	// List returns every active table.
	List(ctx context.Context) ([]*table.Table, error)
	// Backup writes a consistent copy of the whole database to w while
	// the store stays in use.
	Backup(w io.Writer) error
	Close() error
}
