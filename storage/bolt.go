package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/tavern-bot/tavern/table"
)

// Schema is the version of the stored records: 1 held the whole log
// inside a table's JSON (see table.MigrateV1), 2 kept it apart, 3 frames
// the game state and the checkpoint beside the table's JSON (see
// record.go). It is the first byte of every record.
const Schema = 3

var (
	bucketTables  = []byte("tables")  // channel id -> current table snapshot
	bucketArchive = []byte("archive") // channel id + "/" + table id -> finished table snapshot
	bucketLog     = []byte("log")     // channel id + "/" + table id + "/" + index (8 bytes) -> entry
	bucketDue     = []byte("due")     // unix nanos (8 bytes) + channel id + "/" + kind -> table id
	bucketOutbox  = []byte("outbox")  // sequence (8 bytes) -> outbox record
	bucketPlayers = []byte("players") // user id + "/" + channel id -> table id, for active tables the user sits at
)

// Stats count what the store did since it was opened, for tests and
// benchmarks.
type Stats struct {
	// Loads counts table snapshots decoded.
	Loads int64
	// BytesWritten counts the bytes of keys and values put.
	BytesWritten int64
	// Pages counts the pages write transactions allocated: what their
	// commits wrote and synced, besides the meta page.
	Pages int64
}

// Bolt is the bbolt-backed Store: one file. It keeps what the roles
// share (the records' encoding, the due index, the players index and the
// outbox staging, so that a tournament's change writes its due event and
// its outbox in its own transaction); each role is a small type over it.
type Bolt struct {
	db      *bolt.DB
	loads   atomic.Int64
	written atomic.Int64
	scratch sync.Pool // *[]byte: working memory for encoding records
}

var _ Store = (*Bolt)(nil)

// The roles of a Bolt: each reads and writes its own buckets through
// the database they share.
type (
	boltTables      struct{ store *Bolt }
	boltSettings    struct{ store *Bolt }
	boltUptime      struct{ store *Bolt }
	boltTournaments struct{ store *Bolt }
	boltRatings     struct{ store *Bolt }
	boltAnswers     struct{ store *Bolt }
	boltRefusals    struct{ store *Bolt }
)

// Tables are the channels' tables, logs, indexes and outbox.
func (b *Bolt) Tables() Tables { return boltTables{b} }

// Settings are users' and servers' settings.
func (b *Bolt) Settings() Settings { return boltSettings{b} }

// Uptime is the scheduler's heartbeat and outages.
func (b *Bolt) Uptime() Uptime { return boltUptime{b} }

// Tournaments are the tournaments.
func (b *Bolt) Tournaments() Tournaments { return boltTournaments{b} }

// Ratings are the players' ratings and stats.
func (b *Bolt) Ratings() Ratings { return boltRatings{b} }

// LiveAnswers are the ephemeral answers with live controls.
func (b *Bolt) LiveAnswers() LiveAnswers { return boltAnswers{b} }

// DMRefusals are the users whose DMs Discord refused.
func (b *Bolt) DMRefusals() DMRefusals { return boltRefusals{b} }

// Options tune a database. The zero value is what serving uses.
type Options struct {
	// NoSync skips the fsync of each commit: a crash may lose the last
	// changes. Only for benchmarks that measure everything but the disk,
	// and for bulk imports; never for serving.
	NoSync bool
}

// Open opens (or creates) the database file at path and migrates records
// written by earlier versions.
func Open(path string) (*Bolt, error) { return OpenWith(path, Options{}) }

// OpenWith is Open with options.
func OpenWith(path string, o Options) (*Bolt, error) {
	db, err := bolt.Open(path, 0o600, boltOptions(o))
	if err != nil {
		return nil, fmt.Errorf("storage: open database %q: %w", path, err)
	}
	b := &Bolt{db: db}
	err = db.Update(func(tx *bolt.Tx) error {
		indexPlayers := tx.Bucket(bucketPlayers) == nil
		for _, name := range [][]byte{bucketTables, bucketArchive, bucketLog, bucketDue, bucketOutbox, bucketPlayers} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("create bucket %s: %w", name, err)
			}
		}
		if err := b.migrate(tx); err != nil {
			return err
		}
		if indexPlayers { // a database from before the index
			return b.indexAllPlayers(tx)
		}
		return nil
	})
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("storage: initialise database %q: %w", path, err)
	}
	return b, nil
}

// boltOptions are the bbolt options of a database opened with o.
func boltOptions(o Options) *bolt.Options {
	return &bolt.Options{Timeout: 2 * time.Second, NoSync: o.NoSync,
		// The freelist is not written by each commit: it is derived data (the
		// pages no tree reaches), which Open rebuilds by walking the trees.
		// Every commit still syncs its pages and then its meta page, so what
		// a committed change wrote is on disk exactly as before; a commit
		// writes one page fewer, and the hash map finds free runs in O(1).
		NoFreelistSync: true, FreelistType: bolt.FreelistMapType,
	}
}

// Stats reports the counters.
func (b *Bolt) Stats() Stats {
	db := b.db.Stats()
	return Stats{Loads: b.loads.Load(), BytesWritten: b.written.Load(), Pages: db.TxStats.GetPageCount()}
}

func (b *Bolt) put(bk *bolt.Bucket, k, v []byte) error {
	b.written.Add(int64(len(k) + len(v)))
	return bk.Put(k, v)
}

// migrate rewrites every record written before schema 3: a schema-1
// table becomes a snapshot, its log entries and its due events; a schema-2
// table (the same books, its state inside its JSON) is framed; a JSON
// outbox record is framed. Opening again finds nothing to do.
func (b *Bolt) migrate(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketTables, bucketArchive} {
		todo, err := legacyRecords(tx.Bucket(name))
		if err != nil {
			return err
		}
		for _, o := range todo {
			if err := b.migrateTable(tx, name, o.key, o.raw); err != nil {
				return fmt.Errorf("migrate %s/%s: %w", name, o.key, err)
			}
		}
	}
	bk := tx.Bucket(bucketOutbox)
	todo, err := legacyRecords(bk)
	if err != nil {
		return err
	}
	for _, o := range todo {
		var r struct {
			Channel string          `json:"channel"`
			Table   string          `json:"table"`
			Data    json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(o.raw, &r); err != nil {
			return fmt.Errorf("migrate outbox item %x: %w", o.key, err)
		}
		if err := b.put(bk, o.key, outboxValue(r.Channel, r.Table, r.Data)); err != nil {
			return fmt.Errorf("migrate outbox item %x: %w", o.key, err)
		}
	}
	return nil
}

type record struct{ key, raw []byte }

// legacyRecords copies out bk's JSON records (written before schema 3).
func legacyRecords(bk *bolt.Bucket) ([]record, error) {
	var out []record
	err := bk.ForEach(func(k, v []byte) error {
		if isLegacy(v) {
			out = append(out, record{bytes.Clone(k), bytes.Clone(v)})
		}
		return nil
	})
	return out, err
}

// migrateTable rewrites one JSON table record of bucket name as schema 3.
func (b *Bolt) migrateTable(tx *bolt.Tx, name, key, raw []byte) error {
	var e legacy
	if err := json.Unmarshal(raw, &e); err != nil {
		return err
	}
	var t *table.Table
	switch e.Schema {
	case 1:
		var log []table.Entry
		var err error
		if t, log, err = table.MigrateV1(e.Table); err != nil {
			return err
		}
		if err := b.putLog(tx, t, 0, log); err != nil {
			return err
		}
		if string(name) == string(bucketTables) {
			if err := b.putDue(tx, t.ChannelID, t.ID, nil, t.Due); err != nil {
				return err
			}
		}
	case 2:
		t = &table.Table{}
		if err := json.Unmarshal(e.Table, t); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unsupported record schema %d", e.Schema)
	}
	data, err := b.encode(t)
	if err != nil {
		return err
	}
	return b.put(tx.Bucket(name), key, data)
}

func logPrefix(channelID, tableID string) []byte {
	return []byte(channelID + "/" + tableID + "/")
}

func logKey(prefix []byte, index int) []byte {
	return binary.BigEndian.AppendUint64(bytes.Clone(prefix), uint64(index))
}

// loadLog fills t.Log with the entries from index from on and returns
// them as stored (valid until the transaction writes).
func (b *Bolt) loadLog(tx *bolt.Tx, t *table.Table, from int) ([][]byte, error) {
	t.Log, t.LogFrom = nil, t.Moves
	if from >= t.Moves {
		return nil, nil
	}
	prefix := logPrefix(t.ChannelID, t.ID)
	c := tx.Bucket(bucketLog).Cursor()
	var raw [][]byte
	for k, v := c.Seek(logKey(prefix, from)); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var e table.Entry
		if err := json.Unmarshal(v, &e); err != nil {
			return nil, fmt.Errorf("storage: table %s: decode log entry: %w", t.ID, err)
		}
		t.Log = append(t.Log, e)
		raw = append(raw, v)
	}
	if len(t.Log) != t.Moves-from {
		return nil, fmt.Errorf("storage: table %s: %d log entries from %d, want %d", t.ID, len(t.Log), from, t.Moves-from)
	}
	t.LogFrom = from
	return raw, nil
}

// firstChanged is the first log index below end whose loaded entry fn
// replaced (an undo followed by a new move in one change), or end. raw
// holds the entries as loaded, from t.LogFrom on.
func firstChanged(t *table.Table, raw [][]byte, end int) (int, error) {
	for i := t.LogFrom; i < end; i++ {
		data, err := json.Marshal(t.Log[i-t.LogFrom])
		if err != nil {
			return 0, fmt.Errorf("storage: table %s: encode log entry: %w", t.ID, err)
		}
		if !bytes.Equal(data, raw[i-t.LogFrom]) {
			return i, nil
		}
	}
	return end, nil
}

// putLog stores entries as the log from index from on.
func (b *Bolt) putLog(tx *bolt.Tx, t *table.Table, from int, entries []table.Entry) error {
	bk := tx.Bucket(bucketLog)
	prefix := logPrefix(t.ChannelID, t.ID)
	for k, e := range entries {
		data, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("storage: table %s: encode log entry: %w", t.ID, err)
		}
		if err := b.put(bk, logKey(prefix, from+k), data); err != nil {
			return fmt.Errorf("storage: table %s: log: %w", t.ID, err)
		}
	}
	return nil
}

func dueKey(d table.Due, channelID string) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(d.At.UnixNano()))
	return append(k, channelID+"/"+string(d.Kind)...)
}

// putDue replaces a table's index entries old by now.
func (b *Bolt) putDue(tx *bolt.Tx, channelID, tableID string, old, now []table.Due) error {
	bk := tx.Bucket(bucketDue)
	for _, d := range old {
		if err := bk.Delete(dueKey(d, channelID)); err != nil {
			return fmt.Errorf("storage: due index: %w", err)
		}
	}
	for _, d := range now {
		if err := b.put(bk, dueKey(d, channelID), []byte(tableID)); err != nil {
			return fmt.Errorf("storage: due index: %w", err)
		}
	}
	return nil
}

// playerKeys are the players index's keys of t: one per person seated at
// it while it is active.
func playerKeys(t *table.Table) map[string]bool {
	keys := map[string]bool{}
	if t == nil || !t.Active() {
		return keys
	}
	for _, s := range t.Seats {
		if s.UserID != "" && (!s.Bot || s.Away) { // a person, even while a bot plays for them
			keys[s.UserID+"/"+t.ChannelID] = true
		}
	}
	return keys
}

// putPlayers brings the players index from old's keys to t's, writing
// nothing when they are the same (most moves).
func (b *Bolt) putPlayers(tx *bolt.Tx, old map[string]bool, t *table.Table) error {
	bk := tx.Bucket(bucketPlayers)
	now := playerKeys(t)
	for k := range old {
		if !now[k] {
			if err := bk.Delete([]byte(k)); err != nil {
				return fmt.Errorf("storage: players index: %w", err)
			}
		}
	}
	for k := range now {
		if !old[k] {
			if err := b.put(bk, []byte(k), []byte(t.ID)); err != nil {
				return fmt.Errorf("storage: players index: %w", err)
			}
		}
	}
	return nil
}

// indexAllPlayers fills the players index from every current table.
func (b *Bolt) indexAllPlayers(tx *bolt.Tx) error {
	return tx.Bucket(bucketTables).ForEach(func(_, v []byte) error {
		t, err := b.decode(v)
		if err != nil {
			return err
		}
		return b.putPlayers(tx, nil, t)
	})
}

// TablesOf lists the channels of the active tables userID sits at.
func (b boltTables) TablesOf(ctx context.Context, userID string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: tables of %s: %w", userID, err)
	}
	var out []string
	prefix := []byte(userID + "/")
	err := b.store.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketPlayers).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			out = append(out, string(k[len(prefix):]))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tables of %s: %w", userID, err)
	}
	return out, nil
}

// putOutbox stores t.Outbox, fills t.OutboxKeys and empties t.Outbox.
func (b *Bolt) putOutbox(tx *bolt.Tx, t *table.Table) error {
	keys, err := b.stageOutbox(tx, t.ChannelID, t.ID, t.Outbox)
	t.OutboxKeys, t.Outbox = keys, nil
	return err
}

// stageOutbox stores items as the outbox items of the channel's table (or
// of a tournament: its TournamentDue name in place of a table id) and
// returns their keys.
func (b *Bolt) stageOutbox(tx *bolt.Tx, channelID, tableID string, items [][]byte) ([]string, error) {
	var keys []string
	bk := tx.Bucket(bucketOutbox)
	// Keys are a sequence: every item goes after the last, so leaves are
	// split full (bbolt's advice for sequential inserts). A backlog (Discord
	// down) then needs half the leaves, and each insert reads a branch with
	// half the children. The log is not like this: its keys start with the
	// channel, so tables append in the middle of the tree.
	bk.FillPercent = 1
	for _, item := range items {
		seq, err := bk.NextSequence()
		if err != nil {
			return nil, fmt.Errorf("storage: outbox: %w", err)
		}
		key := binary.BigEndian.AppendUint64(nil, seq)
		if err := b.put(bk, key, outboxValue(channelID, tableID, item)); err != nil {
			return nil, fmt.Errorf("storage: outbox: %w", err)
		}
		keys = append(keys, OutboxKey(seq))
	}
	return keys, nil
}

// Get returns the channel's current table.
func (b boltTables) Get(ctx context.Context, channelID string, opts ...LoadOption) (*table.Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: get %s: %w", channelID, err)
	}
	var t *table.Table
	err := b.store.db.View(func(tx *bolt.Tx) error {
		var err error
		t, _, err = b.load(tx, channelID, opts)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: get %s: %w", channelID, err)
	}
	return t, nil
}

// load reads the channel's table with the log opts ask for, and that log
// as stored.
func (b boltTables) load(tx *bolt.Tx, channelID string, opts []LoadOption) (*table.Table, [][]byte, error) {
	data := tx.Bucket(bucketTables).Get([]byte(channelID))
	if data == nil {
		return nil, nil, ErrNotFound
	}
	t, err := b.store.decode(data)
	if err != nil {
		return nil, nil, err
	}
	var o loadOptions
	for _, opt := range opts {
		opt(&o)
	}
	raw, err := b.store.loadLog(tx, t, o.from(t))
	if err != nil {
		return nil, nil, err
	}
	return t, raw, nil
}

// Create stores t as the channel's current table, archiving a finished one.
func (b boltTables) Create(ctx context.Context, t *table.Table) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: create in %s: %w", t.ChannelID, err)
	}
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return fmt.Errorf("storage: create in %s: a new table needs its whole log: %w", t.ChannelID, ErrConflict)
	}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		tables := tx.Bucket(bucketTables)
		key := []byte(t.ChannelID)
		if old := tables.Get(key); old != nil {
			prev, err := b.store.decode(old)
			if err != nil {
				return err
			}
			if prev.Active() {
				return ErrActiveTable
			}
			if err := b.store.put(tx.Bucket(bucketArchive), []byte(prev.ChannelID+"/"+prev.ID), bytes.Clone(old)); err != nil {
				return fmt.Errorf("archive %s: %w", prev.ID, err)
			}
			if err := b.store.putDue(tx, prev.ChannelID, prev.ID, prev.Due, nil); err != nil {
				return err
			}
		}
		return b.store.save(tx, t, 0, nil, nil)
	})
	if err != nil {
		return fmt.Errorf("storage: create in %s: %w", t.ChannelID, err)
	}
	return nil
}

// CreateMany stores new tables in channels that hold none, all in one
// transaction: for imports and for building large databases in tests and
// benchmarks. It fails, storing nothing, if any channel has a table.
func (b *Bolt) CreateMany(ctx context.Context, ts []*table.Table) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: create many: %w", err)
	}
	err := b.db.Update(func(tx *bolt.Tx) error {
		for _, t := range ts {
			if t.LogFrom != 0 || len(t.Log) != t.Moves {
				return fmt.Errorf("table %s: a new table needs its whole log: %w", t.ID, ErrConflict)
			}
			if tx.Bucket(bucketTables).Get([]byte(t.ChannelID)) != nil {
				return fmt.Errorf("channel %s: %w", t.ChannelID, ErrActiveTable)
			}
			if err := b.save(tx, t, 0, nil, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: create many: %w", err)
	}
	return nil
}

// save writes t's snapshot, its log entries from index from on, its due
// events (replacing oldDue), its players index entries (replacing
// oldPlayers) and its outbox.
func (b *Bolt) save(tx *bolt.Tx, t *table.Table, from int, oldDue []table.Due, oldPlayers map[string]bool) error {
	if err := b.putLog(tx, t, from, t.Log[from-t.LogFrom:]); err != nil {
		return err
	}
	if err := b.putDue(tx, t.ChannelID, t.ID, oldDue, t.Due); err != nil {
		return err
	}
	if err := b.putPlayers(tx, oldPlayers, t); err != nil {
		return err
	}
	if err := b.putOutbox(tx, t); err != nil {
		return err
	}
	for _, k := range t.SpentOutbox {
		if err := b.deleteOutbox(tx, k); err != nil {
			return err
		}
	}
	t.SpentOutbox = nil
	data, err := b.encode(t)
	if err != nil {
		return err
	}
	return b.put(tx.Bucket(bucketTables), []byte(t.ChannelID), data)
}

// Update loads, changes and saves the channel's table in one transaction.
func (b boltTables) Update(ctx context.Context, channelID string, fn func(*table.Table) error, opts ...LoadOption) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: update %s: %w", channelID, err)
	}
	return b.store.db.Update(func(tx *bolt.Tx) error {
		t, raw, err := b.load(tx, channelID, opts)
		if err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		loaded := Load(t, raw)
		stored := t.Moves
		if err := fn(t); err != nil {
			return err // the caller's own error, passed through untouched
		}
		// Checked before anything is written: raw points into the database.
		from, err := loaded.Check(t)
		if err != nil {
			return err
		}
		if t.Moves < stored {
			prefix := logPrefix(t.ChannelID, t.ID)
			bk := tx.Bucket(bucketLog)
			for i := t.Moves; i < stored; i++ {
				if err := bk.Delete(logKey(prefix, i)); err != nil {
					return fmt.Errorf("storage: update %s: shorten log: %w", channelID, err)
				}
			}
		}
		if err := b.store.save(tx, t, from, loaded.Due, loaded.Players); err != nil {
			return fmt.Errorf("storage: update %s: %w", channelID, err)
		}
		return nil
	})
}

// DueBefore returns the channels due at or before now, earliest first.
func (b boltTables) DueBefore(ctx context.Context, now time.Time, limit int) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: due: %w", err)
	}
	var out []string
	err := b.store.db.View(func(tx *bolt.Tx) error {
		seen := map[string]bool{}
		c := tx.Bucket(bucketDue).Cursor()
		for k, _ := c.First(); k != nil && len(out) < limit; k, _ = c.Next() {
			at, channel, ok := parseDueKey(k)
			if !ok {
				return fmt.Errorf("malformed due key %x", k)
			}
			if at.After(now) {
				break
			}
			if !seen[channel] {
				seen[channel] = true
				out = append(out, channel)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("storage: due: %w", err)
	}
	return out, nil
}

func parseDueKey(k []byte) (time.Time, string, bool) {
	if len(k) < 9 {
		return time.Time{}, "", false
	}
	at := time.Unix(0, int64(binary.BigEndian.Uint64(k[:8]))).UTC()
	channel, _, ok := strings.Cut(string(k[8:]), "/")
	return at, channel, ok
}

// NextDue is the earliest due event.
func (b boltTables) NextDue(ctx context.Context) (time.Time, bool, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, false, fmt.Errorf("storage: next due: %w", err)
	}
	var (
		at time.Time
		ok bool
	)
	err := b.store.db.View(func(tx *bolt.Tx) error {
		k, _ := tx.Bucket(bucketDue).Cursor().First()
		if k == nil {
			return nil
		}
		var valid bool
		if at, _, valid = parseDueKey(k); !valid {
			return fmt.Errorf("malformed due key %x", k)
		}
		ok = true
		return nil
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("storage: next due: %w", err)
	}
	return at, ok, nil
}

// Outbox lists undelivered items, oldest first.
func (b boltTables) Outbox(ctx context.Context) ([]OutboxItem, error) {
	return b.listOutbox(ctx, nil)
}

// OutboxOf lists the outbox items of one table, oldest first. It reads
// every item's header but copies only that table's items, so a claim
// before each delivery costs little even while Discord is away and the
// outbox holds thousands of others.
func (b boltTables) OutboxOf(ctx context.Context, tb OutboxTable) ([]OutboxItem, error) {
	return b.listOutbox(ctx, &tb)
}

// listOutbox lists the outbox items of only (all of them when nil),
// oldest first, copying only those.
func (b boltTables) listOutbox(ctx context.Context, only *OutboxTable) ([]OutboxItem, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: outbox: %w", err)
	}
	var out []OutboxItem
	err := b.store.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketOutbox).ForEach(func(k, v []byte) error {
			channel, tableID, data, err := outboxFields(v)
			if err != nil {
				return fmt.Errorf("decode outbox item %x: %w", k, err)
			}
			if only != nil && (string(channel) != only.ChannelID || string(tableID) != only.TableID) {
				return nil
			}
			out = append(out, OutboxItem{Key: OutboxKey(binary.BigEndian.Uint64(k)), ChannelID: string(channel), TableID: string(tableID), Data: bytes.Clone(data)})
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: outbox: %w", err)
	}
	return out, nil
}

// Delivered removes one outbox item.
func (b boltTables) Delivered(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: delivered %s: %w", key, err)
	}
	if err := b.store.db.Update(func(tx *bolt.Tx) error { return b.store.deleteOutbox(tx, key) }); err != nil {
		return fmt.Errorf("storage: delivered %s: %w", key, err)
	}
	return nil
}

// deleteOutbox removes the outbox item key (as putOutbox wrote it into
// OutboxKeys); one already gone is fine.
func (b *Bolt) deleteOutbox(tx *bolt.Tx, key string) error {
	seq, err := ParseOutboxKey(key)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketOutbox).Delete(binary.BigEndian.AppendUint64(nil, seq))
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
