package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
)

// DueBefore returns the channels with a due event at or before now,
// earliest first, each once, at most limit.
func (s tablesRole) DueBefore(ctx context.Context, now time.Time, limit int) ([]string, error) {
	out, err := s.store.strings(ctx, "due",
		`SELECT channel_id FROM tavern_due WHERE at <= $1 GROUP BY channel_id ORDER BY min(at), channel_id LIMIT $2`, now.UnixNano(), limit)
	if err != nil {
		return nil, fmt.Errorf("storage: due: %w", err)
	}
	return out, nil
}

// NextDue is the earliest due event of any table.
func (s tablesRole) NextDue(ctx context.Context) (time.Time, bool, error) {
	var at *int64
	err := s.store.retry(ctx, "next due", func(ctx context.Context) error {
		return s.store.pool.QueryRow(ctx, `SELECT min(at) FROM tavern_due`).Scan(&at)
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("storage: next due: %w", err)
	}
	if at == nil {
		return time.Time{}, false, nil
	}
	return time.Unix(0, *at).UTC(), true, nil
}

// TablesOf lists the channels of the active tables userID sits at.
func (s tablesRole) TablesOf(ctx context.Context, userID string) ([]string, error) {
	out, err := s.store.strings(ctx, "tables of "+userID, `SELECT channel_id FROM tavern_players WHERE user_id = $1 ORDER BY channel_id`, userID)
	if err != nil {
		return nil, fmt.Errorf("storage: tables of %s: %w", userID, err)
	}
	return out, nil
}

// GuildTables lists the channels of the server's active tables.
func (s settingsRole) GuildTables(ctx context.Context, guildID string) ([]string, error) {
	out, err := s.store.strings(ctx, "tables of server "+guildID, `SELECT channel_id FROM tavern_tables WHERE guild_id = $1 AND active ORDER BY channel_id`, guildID)
	if err != nil {
		return nil, fmt.Errorf("storage: tables of server %s: %w", guildID, err)
	}
	return out, nil
}

// strings runs a query of one text column.
func (s *Store) strings(ctx context.Context, what, sql string, args ...any) ([]string, error) {
	var out []string
	err := s.retry(ctx, what, func(ctx context.Context) error {
		rows, err := s.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	return out, err
}

// Outbox lists the undelivered items, oldest first.
func (s tablesRole) Outbox(ctx context.Context) ([]storage.OutboxItem, error) {
	var out []storage.OutboxItem
	err := s.store.retry(ctx, "outbox", func(ctx context.Context) error {
		rows, err := s.store.pool.Query(ctx, `SELECT id, channel_id, table_id, item FROM tavern_outbox ORDER BY id`)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, scanOutbox)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: outbox: %w", err)
	}
	return out, nil
}

// Delivered removes an outbox item; one already gone is fine.
func (s tablesRole) Delivered(ctx context.Context, key string) error {
	seq, err := storage.ParseOutboxKey(key)
	if err == nil {
		err = s.store.retry(ctx, "delivered "+key, func(ctx context.Context) error {
			_, err := s.store.pool.Exec(ctx, `DELETE FROM tavern_outbox WHERE id = $1`, int64(seq))
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("storage: delivered %s: %w", key, err)
	}
	return nil
}

// Heartbeat is the scheduler's last recorded sign of life.
func (s uptimeRole) Heartbeat(ctx context.Context) (time.Time, error) {
	var at int64
	err := s.store.retry(ctx, "heartbeat", func(ctx context.Context) error {
		err := s.store.pool.QueryRow(ctx, `SELECT at FROM tavern_heartbeat`).Scan(&at)
		if errors.Is(err, pgx.ErrNoRows) {
			at = 0
			return nil
		}
		return err
	})
	if err != nil {
		return time.Time{}, fmt.Errorf("storage: heartbeat: %w", err)
	}
	if at == 0 {
		return time.Time{}, nil
	}
	return time.Unix(0, at).UTC(), nil
}

// Beat records the scheduler's sign of life at at.
func (s uptimeRole) Beat(ctx context.Context, at time.Time) error {
	err := s.store.retry(ctx, "beat", func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `INSERT INTO tavern_heartbeat (one, at) VALUES (true, $1) ON CONFLICT (one) DO UPDATE SET at = excluded.at`, at.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: beat: %w", err)
	}
	return nil
}

// RecordOutage stores o unless an outage from the same moment is stored,
// keeps the newest storage.MaxOutages, and reports whether o was new.
func (s uptimeRole) RecordOutage(ctx context.Context, o clock.Span) (bool, error) {
	var added bool
	err := s.store.retry(ctx, "record outage", func(ctx context.Context) error {
		tag, err := s.store.pool.Exec(ctx, `INSERT INTO tavern_outages (from_ns, until_ns) VALUES ($1, $2) ON CONFLICT (from_ns) DO NOTHING`,
			o.From.UnixNano(), o.Until.UnixNano())
		if err != nil {
			return err
		}
		added = added || tag.RowsAffected() == 1
		_, err = s.store.pool.Exec(ctx, `DELETE FROM tavern_outages WHERE from_ns < (
				SELECT min(from_ns) FROM (SELECT from_ns FROM tavern_outages ORDER BY from_ns DESC LIMIT $1) newest)`, storage.MaxOutages)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("storage: record outage: %w", err)
	}
	return added, nil
}

// Outages lists the stored outages, oldest first.
func (s uptimeRole) Outages(ctx context.Context) ([]clock.Span, error) {
	var out []clock.Span
	err := s.store.retry(ctx, "outages", func(ctx context.Context) error {
		out = out[:0]
		rows, err := s.store.pool.Query(ctx, `SELECT from_ns, until_ns FROM tavern_outages ORDER BY from_ns`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var from, until int64
			if err := rows.Scan(&from, &until); err != nil {
				return err
			}
			out = append(out, clock.Span{From: time.Unix(0, from).UTC(), Until: time.Unix(0, until).UTC()})
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("storage: outages: %w", err)
	}
	return out, nil
}

// User returns userID's settings.
func (s settingsRole) User(ctx context.Context, userID string) (settings.User, error) {
	var u settings.User
	err := s.store.viewRecord(ctx, "tavern_users", "user_id", userID, &u)
	return u, err
}

// UpdateUser changes userID's settings in one transaction.
func (s settingsRole) UpdateUser(ctx context.Context, userID string, fn func(*settings.User) error) error {
	var u settings.User
	return s.store.updateRecord(ctx, "tavern_users", "user_id", userID, &u, func() error { u = settings.User{}; return nil }, func() error { return fn(&u) })
}

// Guild returns a server's settings.
func (s settingsRole) Guild(ctx context.Context, guildID string) (settings.Guild, error) {
	var g settings.Guild
	err := s.store.viewRecord(ctx, "tavern_guilds", "guild_id", guildID, &g)
	return g, err
}

// UpdateGuild changes a server's settings in one transaction.
func (s settingsRole) UpdateGuild(ctx context.Context, guildID string, fn func(*settings.Guild) error) error {
	var g settings.Guild
	return s.store.updateRecord(ctx, "tavern_guilds", "guild_id", guildID, &g, func() error { g = settings.Guild{}; return nil }, func() error { return fn(&g) })
}

// viewRecord reads the JSON settings of key in relation rel into v; none
// leaves v as it is.
func (s *Store) viewRecord(ctx context.Context, rel, col, key string, v any) error {
	err := s.retry(ctx, "read "+rel+" "+key, func(ctx context.Context) error {
		var data []byte
		err := s.pool.QueryRow(ctx, `SELECT settings FROM `+rel+` WHERE `+col+` = $1`, key).Scan(&data)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		return json.Unmarshal(data, v)
	})
	if err != nil {
		return fmt.Errorf("storage: read %s %s: %w", rel, key, err)
	}
	return nil
}

// updateRecord locks key's row of rel (made first if missing, so two first
// changes do not both start from nothing), reads it into v, runs fn and
// stores v, in one transaction. reset empties v before each attempt.
func (s *Store) updateRecord(ctx context.Context, rel, col, key string, v any, reset, fn func() error) error {
	err := s.tx(ctx, "update "+rel+" "+key, func(tx pgx.Tx, ran func()) error {
		if err := reset(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO `+rel+` (`+col+`, settings) VALUES ($1, 'null') ON CONFLICT DO NOTHING`, key); err != nil {
			return err
		}
		var data []byte
		if err := tx.QueryRow(ctx, `SELECT settings FROM `+rel+` WHERE `+col+` = $1 FOR UPDATE`, key).Scan(&data); err != nil {
			return err
		}
		if err := json.Unmarshal(data, v); err != nil {
			return fmt.Errorf("storage: read %s %s: %w", rel, key, err)
		}
		ran()
		if err := fn(); err != nil {
			return callerError{err}
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("storage: encode %s %s: %w", rel, key, err)
		}
		_, err = tx.Exec(ctx, `UPDATE `+rel+` SET settings = $2 WHERE `+col+` = $1`, key, data)
		return err
	})
	var ce callerError
	if errors.As(err, &ce) {
		return ce.err
	}
	if err != nil {
		return fmt.Errorf("storage: update %s %s: %w", rel, key, err)
	}
	return nil
}

// scanOutbox reads a row of id, channel, table and item.
func scanOutbox(row pgx.CollectableRow) (storage.OutboxItem, error) {
	var (
		it storage.OutboxItem
		id int64
	)
	err := row.Scan(&id, &it.ChannelID, &it.TableID, &it.Data)
	it.Key = storage.OutboxKey(uint64(id))
	return it, err
}
