package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/tournament"
)

var _ storage.Copier = (*Store)(nil)

// exports are the queries Export runs, in the order of storage.RecordKind,
// and how each row becomes a record.
var exports = []struct {
	sql  string
	scan func(rows pgx.Rows) (storage.Record, error)
}{
	{`SELECT channel_id, table_id, record FROM tavern_tables ORDER BY channel_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordTable}
		return r, rows.Scan(&r.ChannelID, &r.TableID, &r.Data)
	}},
	{`SELECT channel_id, table_id, record FROM tavern_archive ORDER BY channel_id, table_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordArchived}
		return r, rows.Scan(&r.ChannelID, &r.TableID, &r.Data)
	}},
	{`SELECT channel_id, table_id, idx, entry FROM tavern_log ORDER BY channel_id, table_id, idx`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordLog}
		return r, rows.Scan(&r.ChannelID, &r.TableID, &r.Index, &r.Data)
	}},
	{`SELECT channel_id, table_id, item FROM tavern_outbox ORDER BY id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordOutbox}
		return r, rows.Scan(&r.ChannelID, &r.TableID, &r.Data)
	}},
	{`SELECT user_id, settings FROM tavern_users ORDER BY user_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordUser}
		return r, rows.Scan(&r.Key, &r.Data)
	}},
	{`SELECT guild_id, settings FROM tavern_guilds ORDER BY guild_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordGuild}
		return r, rows.Scan(&r.Key, &r.Data)
	}},
	{`SELECT at FROM tavern_heartbeat`, func(rows pgx.Rows) (storage.Record, error) {
		var at int64
		err := rows.Scan(&at)
		return storage.Record{Kind: storage.RecordHeartbeat, At: time.Unix(0, at).UTC()}, err
	}},
	{`SELECT id, record FROM tavern_tournaments ORDER BY id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordTournament}
		return r, rows.Scan(&r.Key, &r.Data)
	}},
	{`SELECT channel_id, tournament_id FROM tavern_tournament_channels ORDER BY channel_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordTournamentChannel}
		return r, rows.Scan(&r.ChannelID, &r.Key)
	}},
	{`SELECT game, scope, user_id, record FROM tavern_ratings ORDER BY game, scope, user_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordRating}
		var game, scope, user string
		err := rows.Scan(&game, &scope, &user, &r.Data)
		r.Key = game + "\x00" + scope + "\x00" + user // as bbolt keys it
		return r, err
	}},
	{`SELECT user_id, stats FROM tavern_stats ORDER BY user_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordStats}
		return r, rows.Scan(&r.Key, &r.Data)
	}},
	{`SELECT table_id FROM tavern_recorded ORDER BY table_id`, func(rows pgx.Rows) (storage.Record, error) {
		r := storage.Record{Kind: storage.RecordRecorded}
		return r, rows.Scan(&r.Key)
	}},
	{`SELECT from_ns, until_ns FROM tavern_outages ORDER BY from_ns`, func(rows pgx.Rows) (storage.Record, error) {
		var from, until int64
		if err := rows.Scan(&from, &until); err != nil {
			return storage.Record{}, err
		}
		return storage.OutageRecord(clock.Span{From: time.Unix(0, from), Until: time.Unix(0, until)})
	}},
}

// Export gives every record from one snapshot of the database.
func (s *Store) Export(ctx context.Context, fn func(storage.Record) error) error {
	err := s.read(ctx, "export", func(tx pgx.Tx) error {
		for _, e := range exports {
			rows, err := tx.Query(ctx, e.sql)
			if err != nil {
				return err
			}
			for rows.Next() {
				r, err := e.scan(rows)
				if err == nil {
					err = fn(r)
				}
				if err != nil {
					rows.Close()
					return err
				}
			}
			if err := rows.Err(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: export: %w", err)
	}
	return nil
}

// Import stores records in one transaction, indexing each current table's
// due events and players.
func (s *Store) Import(ctx context.Context, records []storage.Record) error {
	err := s.tx(ctx, "import", func(tx pgx.Tx, _ func()) error {
		b := &pgx.Batch{}
		for _, r := range records {
			switch r.Kind {
			case storage.RecordTable:
				t, err := storage.DecodeRecord(r.Data)
				if err != nil {
					return fmt.Errorf("table of %s: %w", r.ChannelID, err)
				}
				t.Log, t.LogFrom, t.Moves = nil, 0, 0 // the log comes as its own records
				queueIndexes(b, t, storage.Loaded{})
				b.Queue(`INSERT INTO tavern_tables (channel_id, table_id, guild_id, active, version, record) VALUES ($1, $2, $3, $4, $5, $6)`,
					r.ChannelID, t.ID, t.GuildID, t.Active(), t.Version, r.Data)
			case storage.RecordArchived:
				b.Queue(`INSERT INTO tavern_archive (channel_id, table_id, record) VALUES ($1, $2, $3)`, r.ChannelID, r.TableID, r.Data)
			case storage.RecordLog:
				b.Queue(`INSERT INTO tavern_log (channel_id, table_id, idx, entry) VALUES ($1, $2, $3, $4)`, r.ChannelID, r.TableID, r.Index, r.Data)
			case storage.RecordOutbox:
				b.Queue(`INSERT INTO tavern_outbox (channel_id, table_id, item) VALUES ($1, $2, $3)`, r.ChannelID, r.TableID, r.Data)
			case storage.RecordUser:
				b.Queue(`INSERT INTO tavern_users (user_id, settings) VALUES ($1, $2)`, r.Key, r.Data)
			case storage.RecordGuild:
				b.Queue(`INSERT INTO tavern_guilds (guild_id, settings) VALUES ($1, $2)`, r.Key, r.Data)
			case storage.RecordTournament:
				var t tournament.Tournament
				if err := json.Unmarshal(r.Data, &t); err != nil {
					return fmt.Errorf("tournament %s: %w", r.Key, err)
				}
				b.Queue(`INSERT INTO tavern_tournaments (id, channel_id, record) VALUES ($1, $2, $3)`, r.Key, t.ChannelID, r.Data)
				queueDue(b, storage.TournamentDue(r.Key), r.Key, nil, storage.TournamentDues(&t))
			case storage.RecordTournamentChannel:
				b.Queue(`INSERT INTO tavern_tournament_channels (channel_id, tournament_id) VALUES ($1, $2)`, r.ChannelID, r.Key)
			case storage.RecordRating:
				k := strings.SplitN(r.Key, "\x00", 3)
				if len(k) != 3 {
					return fmt.Errorf("rating %q: not game, scope and user", r.Key)
				}
				b.Queue(`INSERT INTO tavern_ratings (game, scope, user_id, record) VALUES ($1, $2, $3, $4)`, k[0], k[1], k[2], r.Data)
			case storage.RecordStats:
				b.Queue(`INSERT INTO tavern_stats (user_id, stats) VALUES ($1, $2)`, r.Key, r.Data)
			case storage.RecordRecorded:
				b.Queue(`INSERT INTO tavern_recorded (table_id) VALUES ($1)`, r.Key)
			case storage.RecordHeartbeat:
				b.Queue(`INSERT INTO tavern_heartbeat (one, at) VALUES (true, $1) ON CONFLICT (one) DO UPDATE SET at = excluded.at`, r.At.UnixNano())
			case storage.RecordOutage:
				o, err := storage.DecodeOutage(r)
				if err != nil {
					return err
				}
				b.Queue(`INSERT INTO tavern_outages (from_ns, until_ns) VALUES ($1, $2) ON CONFLICT (from_ns) DO NOTHING`,
					o.From.UnixNano(), o.Until.UnixNano())
			default:
				return fmt.Errorf("unknown record kind %d", r.Kind)
			}
		}
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil && strings.Contains(err.Error(), "tavern_tables_pkey") {
		err = fmt.Errorf("%w: %w", storage.ErrActiveTable, err)
	}
	if err != nil {
		return fmt.Errorf("storage: import: %w", err)
	}
	return nil
}
