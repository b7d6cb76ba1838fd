// Package storage persists tables and what the community features keep,
// behind small role interfaces (Tables, Settings, Uptime, Tournaments,
// Ratings, LiveAnswers, DMRefusals) that a distributed backend implements
// beside the bbolt one; Bolt is the embedded default (one file, one write
// transaction per change).
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

// Store is one database seen by its roles: each is a small interface a
// caller depends on alone (features/ratings needs Ratings, the scheduler
// Tables), and each backend provides it as a type of its own over the one
// database. A change that spans roles (a move and its outbox, a tournament
// and its due event) is still one transaction of one role's method.
type Store interface {
	// Tables are the channels' tables, their logs, due index, players
	// index and outbox.
	Tables() Tables
	// Settings are users' and servers' settings.
	Settings() Settings
	// Uptime is the scheduler's heartbeat and the outages it found.
	Uptime() Uptime
	// Tournaments are community tournaments and their due events.
	Tournaments() Tournaments
	// Ratings are players' ratings and stats.
	Ratings() Ratings
	// LiveAnswers are the ephemeral answers a game's end withdraws.
	LiveAnswers() LiveAnswers
	// DMRefusals are the users whose DMs Discord refused.
	DMRefusals() DMRefusals
	Close() error
}

// Tables keeps one current table per channel; finished tables are
// archived when a new one is created there.
type Tables interface {
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
}

// OutboxClaimer hands a table's undelivered outbox items to one delivery
// at a time, oldest first, so that the changes of a table are carried out
// in the order they were made, even by several processes (an edit of an
// older change must not land after a newer one). A claim is a token of
// the caller's choosing; it holds the items for a lease, after which a
// process killed while delivering no longer holds up its table. The
// PostgreSQL store implements it; a store of one process gets it from
// LocalClaims.
type OutboxClaimer interface {
	// ClaimTable claims for lease, under claim, every undelivered item of
	// the table tb and returns them oldest first, unless one of them is
	// held by another claim whose lease runs: then it returns none (that
	// delivery takes the items staged after it too). Claiming again under
	// the same claim renews the lease.
	ClaimTable(ctx context.Context, tb OutboxTable, claim string, lease time.Duration) ([]OutboxItem, error)
	// ReleaseClaim gives back the items of tb still held by claim (a
	// delivery that stopped early): the next claim of tb takes them at
	// once.
	ReleaseClaim(ctx context.Context, tb OutboxTable, claim string) error
	// RenewClaim extends to lease from now what claim holds of tb while
	// its lease still runs (a delivery that takes long beats its lease
	// with it). held is false when claim holds nothing of tb any more:
	// its lease ran out (another claim may have taken the items) or the
	// items are gone; the holder must then stop delivering.
	RenewClaim(ctx context.Context, tb OutboxTable, claim string, lease time.Duration) (held bool, err error)
	// StaleTables lists, oldest item first, at most limit tables with no
	// item held by a running lease and either an undelivered item staged
	// at least age ago (its delivery failed) or a claim whose lease ran
	// out without being given back (its process died).
	StaleTables(ctx context.Context, age time.Duration, limit int) ([]OutboxTable, error)
}

// DueListener is a store several processes share that tells each of them
// when another's change made a table or tournament due sooner, so that
// its scheduler wakes at once instead of on its next look at the due
// index. The PostgreSQL store implements it (LISTEN/NOTIFY); a store of
// one process needs none, since its own changes wake its scheduler.
type DueListener interface {
	// ListenDue calls woke, until ctx ends, with the earliest due moment
	// of each committed change that made a table or tournament due
	// sooner than it was (its own process's changes included), and with
	// the zero time whenever changes may have been missed (a connection
	// lost and made again).
	ListenDue(ctx context.Context, woke func(at time.Time))
}

// OutboxTable names the table of outbox items: its channel and id.
type OutboxTable struct {
	ChannelID string
	TableID   string
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
