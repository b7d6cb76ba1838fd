// Package storage persists tables. Store is deliberately small so that a
// distributed backend can stand beside the bbolt one; Bolt is the embedded
// default (one file, one write transaction per change).
//
// A table is kept as a snapshot (its current state and books) apart from
// its move log, one record per move: a move appends one entry and rewrites
// only the snapshot, so what a move writes does not grow with the game.
// Tables' due events are indexed by time, so the scheduler finds the tables
// that need it without loading any other. What a change must post waits in
// an outbox written in the same transaction.
package storage

import (
	"context"
	"errors"
	"time"

	"github.com/tavern-bot/tavern/table"
)

// ErrNotFound means the channel has no table (active or finished).
var ErrNotFound = errors.New("storage: no table in this channel")

// ErrActiveTable means Create found a lobby or game still running in the channel.
var ErrActiveTable = errors.New("storage: channel already has an active table")

// ErrConflict means a change would corrupt the table's books (a log cut
// below what was loaded, a version going backwards); nothing was saved.
var ErrConflict = errors.New("storage: inconsistent change refused")

// Store keeps one current table per channel; finished tables are archived
// when a new one is created there.
type Store interface {
	// Get returns the channel's current table (it may be over), or
	// ErrNotFound, with as much of the log as opts ask for (none by default).
	Get(ctx context.Context, channelID string, opts ...LoadOption) (*table.Table, error)
	// Create stores a new table, failing with ErrActiveTable if the
	// channel's current table is still active.
	Create(ctx context.Context, t *table.Table) error
	// Update runs fn on the channel's table inside one write transaction:
	// load (with the log opts ask for), fn, save. If fn returns an error
	// nothing is saved. fn must not do I/O (no rendering, no Discord calls).
	// fn may shorten the log (not below the loaded part) and append to it;
	// Update saves the snapshot, the log entries fn added or replaced, the
	// due events and the outbox items together, and fills t.OutboxKeys;
	// the outbox items fn lists in t.SpentOutbox are removed with them.
	Update(ctx context.Context, channelID string, fn func(*table.Table) error, opts ...LoadOption) error
	// DueBefore returns the channels whose tables have a due event at or
	// before now, earliest first, each once, at most limit.
	DueBefore(ctx context.Context, now time.Time, limit int) ([]string, error)
	// NextDue is the earliest due event of any table; ok is false when
	// none is due ever.
	NextDue(ctx context.Context) (at time.Time, ok bool, err error)
	// TablesOf lists the channels of the active tables (lobby or playing)
	// userID sits at, for commands typed where no table is (a DM).
	TablesOf(ctx context.Context, userID string) ([]string, error)
	// Outbox lists the undelivered items, oldest first.
	Outbox(ctx context.Context) ([]OutboxItem, error)
	// Delivered removes an outbox item; removing one already gone is fine.
	Delivered(ctx context.Context, key string) error
	// Settings are users' and servers' settings.
	Settings
	// Tournaments are community tournaments and their due events.
	Tournaments
	// Ratings are players' ratings and stats.
	Ratings
	Close() error
}

// OutboxClaimer is implemented by a store that several processes share
// (PostgreSQL): an undelivered outbox item is handed to one process at a
// time, so a change's messages are not delivered again by every process.
// A store of one process (bbolt) does not need it: Outbox lists all.
type OutboxClaimer interface {
	// ClaimOutbox returns the undelivered items staged at least age ago
	// that no process claimed within the last lease, oldest first, at most
	// limit, and claims them for lease (the database's clock measures both).
	ClaimOutbox(ctx context.Context, age, lease time.Duration, limit int) ([]OutboxItem, error)
}

// OutboxItem is what one change must post, as the command surface stored it.
type OutboxItem struct {
	Key       string
	ChannelID string
	TableID   string
	Data      []byte
}

// LoadOption says how much of a table's move log to load with it.
type LoadOption func(*loadOptions)

type loadOptions struct {
	all    bool
	recent int
	turn   bool
}

// WithLog loads the whole log (t.LogFrom == 0): for undo across a commit
// and for rebuilding from the seed.
func WithLog() LoadOption { return func(o *loadOptions) { o.all = true } }

// WithRecentLog loads the last n entries: for showing recent moves.
func WithRecentLog(n int) LoadOption { return func(o *loadOptions) { o.recent = max(o.recent, n) } }

// WithOpenTurn loads the entries of the open turn, from its checkpoint on:
// what stepping back within a turn needs.
func WithOpenTurn() LoadOption { return func(o *loadOptions) { o.turn = true } }

// from is the first log index to load for t.
func (o loadOptions) from(t *table.Table) int {
	from := t.Moves
	if o.all {
		return 0
	}
	if o.recent > 0 {
		from = max(0, t.Moves-o.recent)
	}
	if o.turn && t.Checkpoint != nil {
		from = min(from, t.CheckpointAt)
	}
	return from
}
