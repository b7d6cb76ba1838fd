package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// A change that makes a table (or tournament) due sooner than it was
// notifies every process (NOTIFY, delivered when the change commits, and
// not at all when it rolls back), so their schedulers wake at once
// instead of on their next look at the due index. A change that only
// moves its due moments later notifies nobody: every scheduler already
// planned to look by the earlier one.

var _ storage.DueListener = tablesRole{}

// dueChannel is the NOTIFY channel of due changes; the payload is the
// earliest due moment the change set, in Unix nanoseconds.
const dueChannel = "tavern_due"

// listenPing is how long the listening connection waits for a
// notification before it checks that the server is still there: a
// connection cut without a word (a network gone) is found within it.
const listenPing = 30 * time.Second

// listenBackoff bounds the wait between attempts to listen again.
const listenBackoff = 5 * time.Second

// queueDueNotify queues on b the notification of a change of due entries
// from old to now when it made one sooner (or the first).
func queueDueNotify(b *pgx.Batch, old, now []table.Due) {
	at, ok := earliest(now)
	if !ok {
		return
	}
	if before, had := earliest(old); had && !at.Before(before) {
		return
	}
	b.Queue(`SELECT pg_notify('`+dueChannel+`', $1)`, strconv.FormatInt(at.UnixNano(), 10))
}

// earliest is the soonest of dues.
func earliest(dues []table.Due) (time.Time, bool) {
	var at time.Time
	for i, d := range dues {
		if i == 0 || d.At.Before(at) {
			at = d.At
		}
	}
	return at, len(dues) > 0
}

// ListenDue listens on a connection of its own and calls woke with the
// earliest due moment of every committed change, by any process, that
// made a table or tournament due sooner, until ctx ends. After each
// (re)connection it calls woke with the zero time: changes made while
// it was not listening were missed. A lost connection is opened again
// with backoff, and a silent one is found within listenPing.
func (s tablesRole) ListenDue(ctx context.Context, woke func(at time.Time)) {
	wait := 50 * time.Millisecond
	for ctx.Err() == nil {
		listened, err := s.listenDue(ctx, woke)
		if ctx.Err() != nil {
			return
		}
		if listened {
			wait = 50 * time.Millisecond
		}
		s.store.o.Log.Warn("storage: listening for due changes failed, trying again", "wait", wait, "err", oneLine{err})
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, listenBackoff)
	}
}

// listenDue is one connection of ListenDue; listened is true once LISTEN
// succeeded.
func (s tablesRole) listenDue(ctx context.Context, woke func(at time.Time)) (listened bool, err error) {
	cfg := s.store.pool.Config().ConnConfig.Copy()
	cfg.Tracer = nil // not a change's round trips
	// A wait that times out only sets the socket's deadline (no cancel
	// request to the server), and the connection stays usable.
	cfg.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.DeadlineContextWatcherHandler{Conn: c.Conn()}
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, `LISTEN `+dueChannel); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	woke(time.Time{})
	for {
		wctx, cancel := context.WithTimeout(ctx, listenPing)
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			woke(parseDue(n.Payload))
		case ctx.Err() != nil:
			return true, nil
		case pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded):
			pctx, cancel := context.WithTimeout(ctx, s.store.o.ConnectTimeout)
			err = conn.Ping(pctx)
			cancel()
			if err != nil {
				return true, fmt.Errorf("ping: %w", err)
			}
		default:
			return true, fmt.Errorf("wait: %w", err)
		}
	}
}

// parseDue reads a notification's payload; a payload that does not parse
// (no process of this version sends one) wakes as a missed change does.
func parseDue(payload string) time.Time {
	ns, err := strconv.ParseInt(payload, 10, 64)
	if err != nil {
		return time.Time{}
	}
	return time.Unix(0, ns)
}
