package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Get returns the channel's current table with the log opts ask for, from
// one snapshot of the database.
func (s tablesRole) Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error) {
	var t *table.Table
	err := s.store.read(ctx, "get "+channelID, func(tx pgx.Tx) error {
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

// querier is a transaction or a connection.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// loadLog fills t.Log with the entries from index from on.
func loadLog(ctx context.Context, q querier, t *table.Table, from int) ([][]byte, error) {
	t.Log, t.LogFrom = nil, t.Moves
	if from >= t.Moves {
		return nil, nil
	}
	rows, err := q.Query(ctx, `SELECT entry FROM tavern_log WHERE channel_id = $1 AND table_id = $2 AND idx >= $3 ORDER BY idx`, t.ChannelID, t.ID, from)
	if err != nil {
		return nil, err
	}
	entries, err := pgx.CollectRows(rows, pgx.RowTo[[]byte])
	if err != nil {
		return nil, err
	}
	return takeLog(t, from, entries)
}

// takeLog fills t.Log with entries, the log from index from on as stored.
func takeLog(t *table.Table, from int, entries [][]byte) ([][]byte, error) {
	t.Log, t.LogFrom = nil, t.Moves
	if from >= t.Moves {
		return nil, nil
	}
	for _, data := range entries {
		var e table.Entry
		if err := json.Unmarshal(data, &e); err != nil {
			return nil, fmt.Errorf("table %s: decode log entry: %w", t.ID, err)
		}
		t.Log = append(t.Log, e)
	}
	if len(t.Log) != t.Moves-from {
		return nil, fmt.Errorf("table %s: %d log entries from %d, want %d", t.ID, len(t.Log), from, t.Moves-from)
	}
	t.LogFrom = from
	return entries, nil
}

// Create stores t as the channel's current table, archiving a finished one.
func (s tablesRole) Create(ctx context.Context, t *table.Table) error {
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return fmt.Errorf("storage: create in %s: a new table needs its whole log: %w", t.ChannelID, storage.ErrConflict)
	}
	err := s.store.tx(ctx, "create in "+t.ChannelID, func(tx pgx.Tx, _ func()) error {
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
// changed, in one transaction of two round trips on one connection: BEGIN
// with the locking read (and the whole log, when opts ask for it), then
// every write with COMMIT. A log range that depends on the table (recent
// moves, the open turn) takes a third. When the connection is lost while
// the writes and COMMIT are on their way, their fate is found out on
// another connection (see settle), so a change that was applied is not
// reported as failed.
func (s tablesRole) Update(ctx context.Context, channelID string, fn func(*table.Table) error, opts ...storage.LoadOption) error {
	err := s.store.retry(ctx, "update "+channelID, func(ctx context.Context) error {
		return s.update(ctx, channelID, fn, opts)
	})
	var ce callerError
	if errors.As(err, &ce) {
		return ce.err // the caller's own error, passed through untouched
	}
	return err
}

// update is one attempt of Update. It may be tried again while it fails
// as unavailable before fn ran; after that, a lost connection is settled.
func (s tablesRole) update(ctx context.Context, channelID string, fn func(*table.Table) error, opts []storage.LoadOption) error {
	conn, err := s.store.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// A connection left inside a transaction (an error, a lost commit) is
	// rolled back here or, if that fails too, closed by the pool.
	defer conn.Release()
	open := false
	defer func() {
		if open {
			_, _ = conn.Exec(context.WithoutCancel(ctx), "ROLLBACK")
		}
	}()
	whole := storage.LogStart(&table.Table{Moves: math.MaxInt32}, opts) == 0 // WithLog: every entry, whatever the table
	b := &pgx.Batch{}
	b.Queue(`BEGIN`)
	b.Queue(`SELECT record FROM tavern_tables WHERE channel_id = $1 FOR UPDATE`, channelID)
	if whole {
		b.Queue(`SELECT entry FROM tavern_log WHERE channel_id = $1
			AND table_id = (SELECT table_id FROM tavern_tables WHERE channel_id = $1) ORDER BY idx`, channelID)
	}
	br := conn.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		_ = br.Close()
		return err
	}
	open = true
	var rec []byte
	if err := br.QueryRow().Scan(&rec); err != nil {
		_ = br.Close()
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("storage: update %s: %w", channelID, storage.ErrNotFound)
		}
		return err
	}
	var entries [][]byte
	if whole {
		rows, err := br.Query()
		if err == nil {
			entries, err = pgx.CollectRows(rows, pgx.RowTo[[]byte])
		}
		if err != nil {
			_ = br.Close()
			return err
		}
	}
	if err := br.Close(); err != nil {
		return err
	}
	t, err := storage.DecodeRecord(rec)
	if err != nil {
		return fmt.Errorf("storage: update %s: %w", channelID, err)
	}
	var raw [][]byte
	if whole {
		raw, err = takeLog(t, 0, entries)
	} else {
		raw, err = loadLog(ctx, conn, t, storage.LogStart(t, opts))
	}
	if err != nil {
		return fmt.Errorf("storage: update %s: %w", channelID, err)
	}
	loaded := storage.Load(t, raw)
	if err := fn(t); err != nil {
		return errFnRan{callerError{err}}
	}
	from, err := loaded.Check(t)
	if err != nil {
		return errFnRan{err}
	}
	w := &pgx.Batch{}
	if cut := min(from, t.Moves); cut < loaded.Moves {
		w.Queue(`DELETE FROM tavern_log WHERE channel_id = $1 AND table_id = $2 AND idx >= $3`, t.ChannelID, t.ID, cut)
	}
	written, err := queueSave(w, t, from, loaded, true)
	if err != nil {
		return errFnRan{fmt.Errorf("storage: update %s: %w", channelID, err)}
	}
	w.Queue(`COMMIT`)
	err = conn.SendBatch(ctx, w).Close()
	switch {
	case err == nil:
		open = false
		t.Outbox, t.SpentOutbox = nil, nil
		return nil
	case unavailable(err):
		// The COMMIT may have been applied before the connection went.
		if applied, serr := s.settle(ctx, t, written); serr != nil || !applied {
			return fmt.Errorf("%w: %w", storage.ErrUnavailable, errFnRan{oneLine{err}})
		}
		t.Outbox, t.SpentOutbox = nil, nil
		return nil
	default:
		return errFnRan{fmt.Errorf("storage: update %s: %w", channelID, err)}
	}
}

// settle finds out, on another connection, whether the change w of t was
// applied when the answer to its COMMIT was lost: the table's record is
// the one w wrote, or (a newer change came since) w's last log entry is
// stored. A change that wrote no log entry and was overtaken cannot be
// told and counts as not applied. An applied change's outbox keys are
// looked up by the items' bytes (each holds its table's version in its
// nonces).
func (s tablesRole) settle(ctx context.Context, t *table.Table, w written) (bool, error) {
	var applied bool
	err := s.store.retry(ctx, "settle "+t.ChannelID, func(ctx context.Context) error {
		applied, t.OutboxKeys = false, nil
		var rec []byte
		err := s.store.pool.QueryRow(ctx, `SELECT record FROM tavern_tables WHERE channel_id = $1`, t.ChannelID).Scan(&rec)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		applied = bytes.Equal(rec, w.record)
		if !applied && len(w.log) > 0 {
			last := len(w.log) - 1
			var entry []byte
			err := s.store.pool.QueryRow(ctx, `SELECT entry FROM tavern_log WHERE channel_id = $1 AND table_id = $2 AND idx = $3`,
				t.ChannelID, t.ID, w.from+last).Scan(&entry)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			applied = bytes.Equal(entry, w.log[last])
		}
		if !applied || len(w.outbox) == 0 {
			return nil
		}
		rows, err := s.store.pool.Query(ctx, `SELECT id, channel_id, table_id, item FROM tavern_outbox WHERE channel_id = $1 AND table_id = $2 ORDER BY id`, t.ChannelID, t.ID)
		if err != nil {
			return err
		}
		items, err := pgx.CollectRows(rows, scanOutbox)
		if err != nil {
			return err
		}
		for _, it := range items {
			if slices.ContainsFunc(w.outbox, func(mine []byte) bool { return bytes.Equal(mine, it.Data) }) {
				t.OutboxKeys = append(t.OutboxKeys, it.Key)
			}
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("storage: settle %s: %w", t.ChannelID, err)
	}
	if applied {
		s.store.o.Log.Info("storage: a change whose commit went unanswered was applied", "channel", t.ChannelID, "table", t.ID, "version", t.Version)
	}
	return applied, nil
}

// callerError carries fn's error through the transaction untouched.
type callerError struct{ err error }

func (e callerError) Error() string { return e.err.Error() }

// written is what a change sent, to find out whether it was applied
// when its commit's answer was lost.
type written struct {
	record []byte
	from   int      // the index of log[0]
	log    [][]byte // the log entries written
	outbox [][]byte // the outbox items staged
}

// queueSave queues on b t's log entries from index from on (entries at or
// past from must not exist, or be deleted by b already), its due events
// and players index where they changed from old, its outbox items and the
// removal of those it spent, and its record (an update of the row when
// exists, else an insert that fails if another process inserted one
// meanwhile). Sending b fills t.OutboxKeys.
func queueSave(b *pgx.Batch, t *table.Table, from int, old storage.Loaded, exists bool) (written, error) {
	w := written{from: from, outbox: t.Outbox}
	for i := from; i < t.Moves; i++ {
		data, err := json.Marshal(t.Log[i-t.LogFrom])
		if err != nil {
			return w, fmt.Errorf("table %s: encode log entry: %w", t.ID, err)
		}
		w.log = append(w.log, data)
		b.Queue(`INSERT INTO tavern_log (channel_id, table_id, idx, entry) VALUES ($1, $2, $3, $4)`, t.ChannelID, t.ID, i, data)
	}
	queueIndexes(b, t, old)
	queueOutbox(b, t.ChannelID, t.ID, t.Outbox, &t.OutboxKeys)
	if len(t.SpentOutbox) > 0 {
		ids, err := outboxIDs(t.SpentOutbox)
		if err != nil {
			return w, err
		}
		b.Queue(`DELETE FROM tavern_outbox WHERE id = ANY($1)`, ids)
	}
	rec, err := storage.EncodeRecord(t)
	if err != nil {
		return w, err
	}
	w.record = rec
	if exists {
		b.Queue(`UPDATE tavern_tables SET table_id = $2, guild_id = $3, active = $4, version = $5, record = $6 WHERE channel_id = $1`,
			t.ChannelID, t.ID, t.GuildID, t.Active(), t.Version, rec)
	} else {
		b.Queue(`INSERT INTO tavern_tables (channel_id, table_id, guild_id, active, version, record) VALUES ($1, $2, $3, $4, $5, $6)`,
			t.ChannelID, t.ID, t.GuildID, t.Active(), t.Version, rec)
	}
	return w, nil
}

// save queues t's change on b (see queueSave) and sends it in one round
// trip of tx.
func save(ctx context.Context, tx pgx.Tx, b *pgx.Batch, t *table.Table, from int, old storage.Loaded, exists bool) error {
	if _, err := queueSave(b, t, from, old, exists); err != nil {
		return err
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
	queueDueNotify(b, old, now)
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
