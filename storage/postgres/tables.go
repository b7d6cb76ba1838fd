package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Get returns the channel's current table with the log opts ask for, from
// one snapshot of the database.
func (s *Store) Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error) {
	var t *table.Table
	err := s.read(ctx, "get "+channelID, func(tx pgx.Tx) error {
		var err error
		t, _, err = load(ctx, tx, channelID, "", opts)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: get %s: %w", channelID, err)
	}
	return t, nil
}

// load reads the channel's table (with suffix, such as FOR UPDATE) and the
// log opts ask for, returning that log as stored.
func load(ctx context.Context, tx pgx.Tx, channelID, suffix string, opts []storage.LoadOption) (*table.Table, [][]byte, error) {
	var rec []byte
	err := tx.QueryRow(ctx, `SELECT record FROM tavern_tables WHERE channel_id = $1`+suffix, channelID).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, storage.ErrNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	t, err := storage.DecodeRecord(rec)
	if err != nil {
		return nil, nil, err
	}
	raw, err := loadLog(ctx, tx, t, storage.LogStart(t, opts))
	return t, raw, err
}

// loadLog fills t.Log with the entries from index from on.
func loadLog(ctx context.Context, tx pgx.Tx, t *table.Table, from int) ([][]byte, error) {
	t.Log, t.LogFrom = nil, t.Moves
	if from >= t.Moves {
		return nil, nil
	}
	rows, err := tx.Query(ctx, `SELECT entry FROM tavern_log WHERE channel_id = $1 AND table_id = $2 AND idx >= $3 ORDER BY idx`, t.ChannelID, t.ID, from)
	if err != nil {
		return nil, err
	}
	var raw [][]byte
	for rows.Next() {
		var data []byte
		if err := rows.Scan(&data); err != nil {
			return nil, err
		}
		var e table.Entry
		if err := json.Unmarshal(data, &e); err != nil {
			return nil, fmt.Errorf("table %s: decode log entry: %w", t.ID, err)
		}
		t.Log = append(t.Log, e)
		raw = append(raw, data)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(t.Log) != t.Moves-from {
		return nil, fmt.Errorf("table %s: %d log entries from %d, want %d", t.ID, len(t.Log), from, t.Moves-from)
	}
	t.LogFrom = from
	return raw, nil
}

// Create stores t as the channel's current table, archiving a finished one.
func (s *Store) Create(ctx context.Context, t *table.Table) error {
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return fmt.Errorf("storage: create in %s: a new table needs its whole log: %w", t.ChannelID, storage.ErrConflict)
	}
	err := s.tx(ctx, "create in "+t.ChannelID, func(tx pgx.Tx, _ func()) error {
		var prevRec []byte
		err := tx.QueryRow(ctx, `SELECT record FROM tavern_tables WHERE channel_id = $1 FOR UPDATE`, t.ChannelID).Scan(&prevRec)
		exists := err == nil
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		b := &pgx.Batch{}
		if exists {
			prev, err := storage.DecodeRecord(prevRec)
			if err != nil {
				return err
			}
			if prev.Active() {
				return storage.ErrActiveTable
			}
			b.Queue(`INSERT INTO tavern_archive (channel_id, table_id, record) VALUES ($1, $2, $3)
				ON CONFLICT (channel_id, table_id) DO UPDATE SET record = excluded.record`, prev.ChannelID, prev.ID, prevRec)
			b.Queue(`DELETE FROM tavern_due WHERE channel_id = $1`, prev.ChannelID)
			b.Queue(`DELETE FROM tavern_players WHERE channel_id = $1`, prev.ChannelID)
		}
		return save(ctx, tx, b, t, 0, storage.Loaded{}, exists)
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && strings.Contains(pe.ConstraintName, "tavern_tables") {
		err = storage.ErrActiveTable // another process created a table here at the same moment
	}
	if err != nil {
		return fmt.Errorf("storage: create in %s: %w", t.ChannelID, err)
	}
	return nil
}

// Update loads the channel's table locked, runs fn and saves what it
// changed, in one transaction.
func (s *Store) Update(ctx context.Context, channelID string, fn func(*table.Table) error, opts ...storage.LoadOption) error {
	err := s.tx(ctx, "update "+channelID, func(tx pgx.Tx, ran func()) error {
		t, raw, err := load(ctx, tx, channelID, " FOR UPDATE", opts)
		if err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		loaded := storage.Load(t, raw)
		ran()
		if err := fn(t); err != nil {
			return callerError{err}
		}
		from, err := loaded.Check(t)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		if cut := min(from, t.Moves); cut < loaded.Moves {
			b.Queue(`DELETE FROM tavern_log WHERE channel_id = $1 AND table_id = $2 AND idx >= $3`, t.ChannelID, t.ID, cut)
		}
		if err := save(ctx, tx, b, t, from, loaded, true); err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		return nil
	})
	var ce callerError
	if errors.As(err, &ce) {
		return ce.err // the caller's own error, passed through untouched
	}
	return err
}

// callerError carries fn's error through the transaction untouched.
type callerError struct{ err error }

func (e callerError) Error() string { return e.err.Error() }

// save queues on b, then sends in one round trip: t's log entries from
// index from on (entries at or past from must not exist, or be deleted by
// b already), its due events and players index where they changed from
// old, its outbox items and the removal of those it spent, and its record
// (an update of the row when exists, else an insert that fails if another
// process inserted one meanwhile). It fills t.OutboxKeys.
func save(ctx context.Context, tx pgx.Tx, b *pgx.Batch, t *table.Table, from int, old storage.Loaded, exists bool) error {
	for i := from; i < t.Moves; i++ {
		data, err := json.Marshal(t.Log[i-t.LogFrom])
		if err != nil {
			return fmt.Errorf("table %s: encode log entry: %w", t.ID, err)
		}
		b.Queue(`INSERT INTO tavern_log (channel_id, table_id, idx, entry) VALUES ($1, $2, $3, $4)`, t.ChannelID, t.ID, i, data)
	}
	queueIndexes(b, t, old)
	queueOutbox(b, t.ChannelID, t.ID, t.Outbox, &t.OutboxKeys)
	if len(t.SpentOutbox) > 0 {
		ids, err := outboxIDs(t.SpentOutbox)
		if err != nil {
			return err
		}
		b.Queue(`DELETE FROM tavern_outbox WHERE id = ANY($1)`, ids)
	}
	rec, err := storage.EncodeRecord(t)
	if err != nil {
		return err
	}
	if exists {
		b.Queue(`UPDATE tavern_tables SET table_id = $2, guild_id = $3, active = $4, version = $5, record = $6 WHERE channel_id = $1`,
			t.ChannelID, t.ID, t.GuildID, t.Active(), t.Version, rec)
	} else {
		b.Queue(`INSERT INTO tavern_tables (channel_id, table_id, guild_id, active, version, record) VALUES ($1, $2, $3, $4, $5, $6)`,
			t.ChannelID, t.ID, t.GuildID, t.Active(), t.Version, rec)
	}
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return err
	}
	t.Outbox, t.SpentOutbox = nil, nil
	return nil
}

// outboxIDs reads outbox keys back into row ids.
func outboxIDs(keys []string) ([]int64, error) {
	ids := make([]int64, 0, len(keys))
	for _, k := range keys {
		seq, err := storage.ParseOutboxKey(k)
		if err != nil {
			return nil, err
		}
		ids = append(ids, int64(seq))
	}
	return ids, nil
}

// queueIndexes queues on b the changes of t's due events and players index
// from old's.
func queueIndexes(b *pgx.Batch, t *table.Table, old storage.Loaded) {
	queueDue(b, t.ChannelID, t.ID, old.Due, t.Due)
	now := storage.PlayerKeys(t)
	for k := range old.Players {
		if !now[k] {
			user, _, _ := strings.Cut(k, "/")
			b.Queue(`DELETE FROM tavern_players WHERE user_id = $1 AND channel_id = $2`, user, t.ChannelID)
		}
	}
	for k := range now {
		if !old.Players[k] {
			user, _, _ := strings.Cut(k, "/")
			b.Queue(`INSERT INTO tavern_players (user_id, channel_id, table_id) VALUES ($1, $2, $3)
				ON CONFLICT (user_id, channel_id) DO UPDATE SET table_id = excluded.table_id`, user, t.ChannelID, t.ID)
		}
	}
}

// queueDue queues on b the replacement of the due entries old of key
// (a channel, or a tournament's storage.TournamentDue) by now, when they
// differ.
func queueDue(b *pgx.Batch, key, id string, old, now []table.Due) {
	if storage.DueEqual(old, now) {
		return
	}
	if len(old) > 0 {
		b.Queue(`DELETE FROM tavern_due WHERE channel_id = $1`, key)
	}
	for _, d := range now {
		b.Queue(`INSERT INTO tavern_due (channel_id, at, kind, table_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
			key, d.At.UnixNano(), string(d.Kind), id)
	}
}

// queueOutbox queues the insertion of items as the outbox items of the
// channel's table (or tournament) and sets *keys to their keys once sent.
func queueOutbox(b *pgx.Batch, channelID, tableID string, items [][]byte, keys *[]string) {
	*keys = nil
	for _, item := range items {
		b.Queue(`INSERT INTO tavern_outbox (channel_id, table_id, item) VALUES ($1, $2, $3) RETURNING id`, channelID, tableID, item).
			QueryRow(func(row pgx.Row) error {
				var id int64
				if err := row.Scan(&id); err != nil {
					return err
				}
				*keys = append(*keys, storage.OutboxKey(uint64(id)))
				return nil
			})
	}
}
