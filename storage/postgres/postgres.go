// Package postgres is the Store over PostgreSQL (github.com/jackc/pgx/v5),
// for running many Tavern processes over one database. It keeps what the
// bbolt store keeps, in the same bytes: a table's record (its books as
// JSON, the game state and checkpoint as S2 blocks; see storage.EncodeRecord)
// as bytea, one row per log entry, the due index, the players index, the
// outbox, settings and the heartbeat.
//
// An Update is one transaction that locks the table's row (SELECT … FOR
// UPDATE): two processes racing on one table run one after the other, and
// the second sees the first's version, as a stale click does. Due events
// fire under that lock too: whoever fires first consumes them, the others
// find nothing due. The schema is created and migrated on Open under a
// transaction-scoped advisory lock, so processes starting together are safe.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tavern-bot/tavern/storage"
)

// Options configure the connection; zero fields take the defaults.
type Options struct {
	// URL is the connection string (postgres://user:pass@host:port/db?…).
	URL string
	// MaxConns bounds the pool (default 10).
	MaxConns int32
	// StatementTimeout ends a statement running longer (default 5 s).
	StatementTimeout time.Duration
	// ConnectTimeout bounds one connection attempt (default 2 s).
	ConnectTimeout time.Duration
	// RetryFor is how long a call keeps trying while the database cannot
	// be reached, with backoff, before it fails with storage.ErrUnavailable
	// (default 2 s: an interaction still gets its answer within Discord's
	// 3 seconds).
	RetryFor time.Duration
	// OpenWait is how long Open waits for a database that cannot be
	// reached yet, as when it starts beside Tavern (default 30 s).
	OpenWait time.Duration
	// Log receives retries (default: discard).
	Log *slog.Logger
	// NoMigrate makes Open check that the database holds this build's
	// schema instead of bringing it there: for a database only read from
	// (the source of `tavern migrate`), which must not change.
	NoMigrate bool
	// LeaseNow, when set, is the clock of outbox claims' leases in place
	// of the database's (tests: a lease runs out without waiting for it).
	// How long an item has waited stays the database's reckoning.
	LeaseNow func() time.Time
}

// Defaults of Options.
const (
	DefaultMaxConns         = 10
	DefaultStatementTimeout = 5 * time.Second
	DefaultConnectTimeout   = 2 * time.Second
	DefaultRetryFor         = 2 * time.Second
	DefaultOpenWait         = 30 * time.Second
)

func (o Options) withDefaults() Options {
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	if o.StatementTimeout <= 0 {
		o.StatementTimeout = DefaultStatementTimeout
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = DefaultConnectTimeout
	}
	if o.RetryFor <= 0 {
		o.RetryFor = DefaultRetryFor
	}
	if o.OpenWait <= 0 {
		o.OpenWait = DefaultOpenWait
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return o
}

// Store is the PostgreSQL-backed storage.Store.
type Store struct {
	pool  *pgxpool.Pool
	o     Options
	trips *tripCounter
}

var _ storage.Store = (*Store)(nil)

// The roles of a Store: each a small type over the pool they share, which
// keeps the transactions, the retries and the schema.
type (
	tablesRole      struct{ store *Store }
	settingsRole    struct{ store *Store }
	uptimeRole      struct{ store *Store }
	tournamentsRole struct{ store *Store }
	ratingsRole     struct{ store *Store }
	answersRole     struct{ store *Store }
	refusalsRole    struct{ store *Store }
)

// Tables are the channels' tables, logs, indexes and outbox.
func (s *Store) Tables() storage.Tables { return tablesRole{s} }

// Settings are users' and servers' settings.
func (s *Store) Settings() storage.Settings { return settingsRole{s} }

// Uptime is the scheduler's heartbeat and outages.
func (s *Store) Uptime() storage.Uptime { return uptimeRole{s} }

// Tournaments are the tournaments.
func (s *Store) Tournaments() storage.Tournaments { return tournamentsRole{s} }

// Ratings are the players' ratings and stats.
func (s *Store) Ratings() storage.Ratings { return ratingsRole{s} }

// LiveAnswers are the ephemeral answers with live controls.
func (s *Store) LiveAnswers() storage.LiveAnswers { return answersRole{s} }

// DMRefusals are the users whose DMs Discord refused.
func (s *Store) DMRefusals() storage.DMRefusals { return refusalsRole{s} }

// Open connects (retrying as Options say), creates or migrates the schema
// and returns the store. The URL's password never appears in an error.
func Open(ctx context.Context, o Options) (*Store, error) {
	o = o.withDefaults()
	cfg, err := pgxpool.ParseConfig(o.URL)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres: the database URL does not parse (%s)", redactParse(err))
	}
	cfg.MaxConns = o.MaxConns
	cfg.ConnConfig.ConnectTimeout = o.ConnectTimeout
	cfg.ConnConfig.RuntimeParams["statement_timeout"] = fmt.Sprint(o.StatementTimeout.Milliseconds())
	cfg.ConnConfig.RuntimeParams["application_name"] = "tavern"
	trips := &tripCounter{}
	cfg.ConnConfig.Tracer = trips
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("storage: postgres: %w", err)
	}
	// At start-up the database may still be starting (a deployment that
	// starts both at once): wait for it longer than a call would.
	s := &Store{pool: pool, o: o, trips: trips}
	s.o.RetryFor = o.OpenWait
	if o.NoMigrate {
		err = s.checkSchema(ctx)
	} else {
		err = s.migrate(ctx)
	}
	s.o.RetryFor = o.RetryFor
	if err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// redactParse keeps pgx's reason for a bad URL without the URL itself
// (which may hold a password).
func redactParse(err error) string {
	var pe *pgconn.ParseConfigError
	if errors.As(err, &pe) && pe.Unwrap() != nil {
		return pe.Unwrap().Error()
	}
	return "malformed connection string"
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// unavailable reports errors that mean the database could not be reached
// or went away (not a refused statement): worth trying again.
func unavailable(err error) bool {
	var (
		ce *pgconn.ConnectError
		pe *pgconn.PgError
		ne net.Error
	)
	switch {
	case err == nil:
		return false
	case errors.As(err, &pe):
		// 08: connection exceptions; 57P01-03: the server shuts down or
		// starts; 53300: too many connections.
		return pe.Code[:2] == "08" || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "53300"
	case errors.As(err, &ce), pgconn.SafeToRetry(err), errors.As(err, &ne),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
		return true
	}
	return false
}

// retry runs op until it succeeds, fails for another reason than an
// unreachable database, or RetryFor has passed (then the error wraps
// storage.ErrUnavailable). op must be safe to run again: it must not have
// run the caller's fn when it fails as unavailable (see tx).
func (s *Store) retry(ctx context.Context, what string, op func(context.Context) error) error {
	deadline := time.Now().Add(s.o.RetryFor)
	wait := 25 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := op(ctx)
		var late errFnRan
		if !unavailable(err) || errors.As(err, &late) {
			return err
		}
		if ctx.Err() != nil || time.Now().Add(wait).After(deadline) {
			return fmt.Errorf("%w after %d attempts: %w", storage.ErrUnavailable, attempt, oneLine{err})
		}
		s.o.Log.Warn("storage: database unreachable, trying again", "op", what, "attempt", attempt, "wait", wait, "err", oneLine{err})
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w: %w", storage.ErrUnavailable, ctx.Err())
		case <-time.After(wait):
		}
		wait = min(2*wait, 500*time.Millisecond)
	}
}

// oneLine is err on one line: pgx lists every address it tried on lines
// of their own, and a log line or start-up error is one line.
type oneLine struct{ err error }

func (e oneLine) Error() string { return strings.Join(strings.Fields(e.err.Error()), " ") }
func (e oneLine) Unwrap() error { return e.err }

// errFnRan marks an error that came after the caller's fn ran: the
// transaction is not tried again, since fn may have changed what it
// captured.
type errFnRan struct{ err error }

func (e errFnRan) Error() string { return e.err.Error() }
func (e errFnRan) Unwrap() error { return e.err }

// tx runs body in one read-write transaction, retrying while the database
// is unreachable until body calls ran (the caller's fn runs only after
// the row locks are taken); after that a lost connection fails the call
// with storage.ErrUnavailable, and the transaction is rolled back or its
// commit's fate is unknown, as with any database.
func (s *Store) tx(ctx context.Context, what string, body func(tx pgx.Tx, ran func()) error) error {
	return s.retry(ctx, what, func(ctx context.Context) error {
		tx, err := s.pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
		fnRan := false
		err = body(tx, func() { fnRan = true })
		if err == nil {
			err = tx.Commit(ctx)
		}
		if err != nil && fnRan && unavailable(err) {
			return fmt.Errorf("%w: %w", storage.ErrUnavailable, errFnRan{oneLine{err}})
		}
		return err
	})
}

// read runs body in a read-only transaction that sees one snapshot.
func (s *Store) read(ctx context.Context, what string, body func(tx pgx.Tx) error) error {
	return s.retry(ctx, what, func(ctx context.Context) error {
		tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
		if err := body(tx); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
}
