package postgres

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/storage"
)

var _ storage.OutboxClaimer = tablesRole{}

// Claims hand each table's outbox to one delivery at a time across every
// process; the Tables role is the same claimer (storage.OutboxClaimer),
// which is how delivery finds it.
func (s *Store) Claims() storage.OutboxClaimer { return tablesRole{s} }

// claimLockClass is the first key of the advisory lock that orders the
// claims of one channel (the second is the channel's hash); it differs
// from every one-key lock (migrateLock).
const claimLockClass = 0x74617600 // "tav"

// leaseClock is the SQL for the moment leases are measured at, with the
// lease clock (Store.leaseNow) as statement argument arg: Options.LeaseNow's
// reading, else the database's clock.
func leaseClock(arg int) string {
	return `coalesce($` + strconv.Itoa(arg) + `::timestamptz, now())`
}

// leaseNow is the lease clock's reading to pass, or nil for the
// database's clock.
func (s *Store) leaseNow() *time.Time {
	if s.o.LeaseNow == nil {
		return nil
	}
	now := s.o.LeaseNow()
	return &now
}

// ClaimTable claims tb's undelivered items unless another claim holds
// one, in one round trip: an implicit transaction that takes the table's
// advisory lock, then claims under a snapshot taken after it, so two
// claims of one table never both succeed.
func (s tablesRole) ClaimTable(ctx context.Context, tb storage.OutboxTable, claim string, lease time.Duration) ([]storage.OutboxItem, error) {
	var out []storage.OutboxItem
	err := s.store.retry(ctx, "claim outbox of "+tb.ChannelID, func(ctx context.Context) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT pg_advisory_xact_lock($1, hashtext($2 || '/' || $3))`, int32(claimLockClass), tb.ChannelID, tb.TableID)
		b.Queue(`UPDATE tavern_outbox SET claimed_until = `+leaseClock(5)+` + make_interval(secs => $4), claimed_by = $3
			WHERE channel_id = $1 AND table_id = $2 AND NOT EXISTS (SELECT 1 FROM tavern_outbox o
				WHERE o.channel_id = $1 AND o.table_id = $2 AND o.claimed_until > `+leaseClock(5)+` AND o.claimed_by <> $3)
			RETURNING id, channel_id, table_id, item`, tb.ChannelID, tb.TableID, claim, lease.Seconds(), s.store.leaseNow())
		br := s.store.pool.SendBatch(ctx, b)
		defer br.Close()
		if _, err := br.Exec(); err != nil {
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if out, err = pgx.CollectRows(rows, scanOutbox); err != nil {
			return err
		}
		return br.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("storage: claim outbox of %s: %w", tb.ChannelID, err)
	}
	slices.SortFunc(out, func(a, b storage.OutboxItem) int { return strings.Compare(a.Key, b.Key) }) // keys are fixed-width hex
	return out, nil
}

// ReleaseClaim gives back what claim holds of tb.
func (s tablesRole) ReleaseClaim(ctx context.Context, tb storage.OutboxTable, claim string) error {
	err := s.store.retry(ctx, "release outbox of "+tb.ChannelID, func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `UPDATE tavern_outbox SET claimed_until = '-infinity'
			WHERE channel_id = $1 AND table_id = $2 AND claimed_by = $3 AND claimed_until > `+leaseClock(4), tb.ChannelID, tb.TableID, claim, s.store.leaseNow())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: release outbox of %s: %w", tb.ChannelID, err)
	}
	return nil
}

// RenewClaim extends to lease from now what claim holds of tb while its
// lease runs, in one statement.
func (s tablesRole) RenewClaim(ctx context.Context, tb storage.OutboxTable, claim string, lease time.Duration) (bool, error) {
	var held bool
	err := s.store.retry(ctx, "renew claim of "+tb.ChannelID, func(ctx context.Context) error {
		tag, err := s.store.pool.Exec(ctx, `UPDATE tavern_outbox SET claimed_until = `+leaseClock(5)+` + make_interval(secs => $4)
			WHERE channel_id = $1 AND table_id = $2 AND claimed_by = $3 AND claimed_until > `+leaseClock(5),
			tb.ChannelID, tb.TableID, claim, lease.Seconds(), s.store.leaseNow())
		held = tag.RowsAffected() > 0
		return err
	})
	if err != nil {
		return false, fmt.Errorf("storage: renew claim of %s: %w", tb.ChannelID, err)
	}
	return held, nil
}

// StaleTables lists the tables with no item under a running lease and
// either an item staged at least age ago or a claim that ran out without
// being given back (its process died), oldest item first (the database's
// clock measures both).
func (s tablesRole) StaleTables(ctx context.Context, age time.Duration, limit int) ([]storage.OutboxTable, error) {
	var out []storage.OutboxTable
	err := s.store.retry(ctx, "stale outbox", func(ctx context.Context) error {
		rows, err := s.store.pool.Query(ctx, `SELECT channel_id, table_id FROM tavern_outbox GROUP BY channel_id, table_id
			HAVING max(claimed_until) <= `+leaseClock(3)+`
				AND (min(staged_at) <= now() - make_interval(secs => $1) OR max(claimed_until) > '-infinity')
			ORDER BY min(id) LIMIT $2`, age.Seconds(), limit, s.store.leaseNow())
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowToStructByPos[storage.OutboxTable])
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: stale outbox: %w", err)
	}
	return out, nil
}
