package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
)

// Settings keeps what players and servers chose (package settings), one
// record per user and per server.
type Settings interface {
	// User returns userID's settings; the zero value when none are stored.
	User(ctx context.Context, userID string) (settings.User, error)
	// UpdateUser runs fn on userID's settings in one write transaction and
	// stores them; nothing is stored when fn fails.
	UpdateUser(ctx context.Context, userID string, fn func(*settings.User) error) error
	// Guild returns a server's settings; the zero value when none are stored.
	Guild(ctx context.Context, guildID string) (settings.Guild, error)
	// UpdateGuild runs fn on a server's settings as UpdateUser does.
	UpdateGuild(ctx context.Context, guildID string, fn func(*settings.Guild) error) error
	// GuildTables lists the channels of the server's active tables (lobby
	// or playing), for a change of its settings that reaches them.
	GuildTables(ctx context.Context, guildID string) ([]string, error)
}

// Uptime keeps the scheduler's signs of life and the outages between
// them, which every table is credited for (table.CreditOutages).
type Uptime interface {
	// Heartbeat is the last moment the scheduler said it was alive (zero
	// when it never did); Beat records one.
	Heartbeat(ctx context.Context) (time.Time, error)
	Beat(ctx context.Context, at time.Time) error
	// RecordOutage stores a span in which no scheduler ran, once per start
	// (a span with the same From is kept as first recorded: processes
	// starting together record one outage); Outages lists the last
	// MaxOutages of them, oldest first, for the tables to be credited
	// lazily (table.CreditOutages).
	// It reports whether o was new.
	RecordOutage(ctx context.Context, o clock.Span) (bool, error)
	Outages(ctx context.Context) ([]clock.Span, error)
}

// MaxOutages is how many outages storage keeps: a table left untouched
// over more of them than that is credited for the newest only.
const MaxOutages = 32

var (
	bucketUsers  = []byte("users")  // user id -> settings.User
	bucketGuilds = []byte("guilds") // guild id -> settings.Guild
	bucketMeta   = []byte("meta")   // the scheduler's heartbeat
)

// heartbeat is the record of the scheduler's last sign of life.
type heartbeat struct {
	At time.Time `json:"at"`
}

// Heartbeat returns the scheduler's last recorded sign of life.
func (b boltUptime) Heartbeat(ctx context.Context) (time.Time, error) {
	var h heartbeat
	err := b.store.viewRecord(ctx, bucketMeta, "heartbeat", &h)
	return h.At, err
}

// Beat records the scheduler's sign of life at at.
func (b boltUptime) Beat(ctx context.Context, at time.Time) error {
	var h heartbeat
	return b.store.updateRecord(ctx, bucketMeta, "heartbeat", &h, func() error { h.At = at; return nil })
}

// outageList is the record of the outages (RecordOutage), oldest first.
type outageList struct {
	Spans []clock.Span `json:"spans"`
}

// RecordOutage stores o unless an outage from the same moment is stored.
func (b boltUptime) RecordOutage(ctx context.Context, o clock.Span) (bool, error) {
	var (
		l     outageList
		added bool
	)
	err := b.store.updateRecord(ctx, bucketMeta, "outages", &l, func() error {
		l.Spans, added = addOutage(l.Spans, o)
		return nil
	})
	return added && err == nil, err
}

// Outages lists the stored outages, oldest first.
func (b boltUptime) Outages(ctx context.Context) ([]clock.Span, error) {
	var l outageList
	err := b.store.viewRecord(ctx, bucketMeta, "outages", &l)
	return l.Spans, err
}

// addOutage adds o to spans (oldest first) unless one starts at the same
// moment, keeping the newest MaxOutages, and reports whether it did.
func addOutage(spans []clock.Span, o clock.Span) ([]clock.Span, bool) {
	for _, s := range spans {
		if s.From.Equal(o.From) {
			return spans, false
		}
	}
	spans = append(spans, o)
	slices.SortFunc(spans, func(a, b clock.Span) int { return a.From.Compare(b.From) })
	if n := len(spans); n > MaxOutages {
		spans = spans[n-MaxOutages:]
	}
	return spans, true
}

// User returns userID's settings.
func (b boltSettings) User(ctx context.Context, userID string) (settings.User, error) {
	var u settings.User
	err := b.store.viewRecord(ctx, bucketUsers, userID, &u)
	return u, err
}

// UpdateUser changes userID's settings in one transaction.
func (b boltSettings) UpdateUser(ctx context.Context, userID string, fn func(*settings.User) error) error {
	var u settings.User
	return b.store.updateRecord(ctx, bucketUsers, userID, &u, func() error { return fn(&u) })
}

// Guild returns a server's settings.
func (b boltSettings) Guild(ctx context.Context, guildID string) (settings.Guild, error) {
	var g settings.Guild
	err := b.store.viewRecord(ctx, bucketGuilds, guildID, &g)
	return g, err
}

// UpdateGuild changes a server's settings in one transaction.
func (b boltSettings) UpdateGuild(ctx context.Context, guildID string, fn func(*settings.Guild) error) error {
	var g settings.Guild
	return b.store.updateRecord(ctx, bucketGuilds, guildID, &g, func() error { return fn(&g) })
}

// viewRecord reads the JSON record key of bucket into v; a missing
// bucket or key leaves v as it is.
func (b *Bolt) viewRecord(ctx context.Context, bucket []byte, key string, v any) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: read %s %s: %w", bucket, key, err)
	}
	err := b.db.View(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucket)
		if bk == nil {
			return nil
		}
		if data := bk.Get([]byte(key)); data != nil {
			return json.Unmarshal(data, v)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: read %s %s: %w", bucket, key, err)
	}
	return nil
}

// updateRecord loads key of bucket into v, runs fn and stores v, in one
// write transaction.
func (b *Bolt) updateRecord(ctx context.Context, bucket []byte, key string, v any, fn func() error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: update %s %s: %w", bucket, key, err)
	}
	return b.db.Update(func(tx *bolt.Tx) error {
		bk, err := tx.CreateBucketIfNotExists(bucket)
		if err != nil {
			return fmt.Errorf("storage: bucket %s: %w", bucket, err)
		}
		if data := bk.Get([]byte(key)); data != nil {
			if err := json.Unmarshal(data, v); err != nil {
				return fmt.Errorf("storage: read %s %s: %w", bucket, key, err)
			}
		}
		if err := fn(); err != nil {
			return err
		}
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("storage: encode %s %s: %w", bucket, key, err)
		}
		return b.put(bk, []byte(key), data)
	})
}

// GuildTables lists the server's active tables. It reads every current
// table's guild and status (a rare admin change pays for it; no index
// is kept on the move path).
func (b boltSettings) GuildTables(ctx context.Context, guildID string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: tables of server %s: %w", guildID, err)
	}
	var out []string
	err := b.store.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketTables).ForEach(func(k, v []byte) error {
			if len(v) == 0 || v[0] != Schema {
				return fmt.Errorf("table %s: %w", k, errFrame)
			}
			books, _, err := field(v[1:]) // the books only: the state is not needed
			if err != nil {
				return fmt.Errorf("table %s: %w", k, err)
			}
			var e struct {
				Guild  string       `json:"guild"`
				Status table.Status `json:"status"`
			}
			if err := json.Unmarshal(books, &e); err != nil {
				return fmt.Errorf("table %s: %w", k, err)
			}
			if e.Guild == guildID && (e.Status == table.StatusLobby || e.Status == table.StatusPlaying) {
				out = append(out, string(k))
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tables of server %s: %w", guildID, err)
	}
	return out, nil
}
