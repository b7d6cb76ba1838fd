package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// migrations are the schema's versions, applied in order, each once. Never
// edit one that was released: add the next.
var migrations = []string{
	// 1: the tables, their logs, the indexes, the outbox, settings.
	`CREATE TABLE tavern_tables (
		channel_id text PRIMARY KEY,
		table_id   text NOT NULL,
		guild_id   text NOT NULL,
		active     boolean NOT NULL,
		version    bigint NOT NULL,
		record     bytea NOT NULL
	);
	CREATE INDEX tavern_tables_guild ON tavern_tables (guild_id) WHERE active;
	CREATE TABLE tavern_archive (
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		record     bytea NOT NULL,
		PRIMARY KEY (channel_id, table_id)
	);
	CREATE TABLE tavern_log (
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		idx        integer NOT NULL,
		entry      bytea NOT NULL,
		PRIMARY KEY (channel_id, table_id, idx)
	);
	CREATE TABLE tavern_due (
		channel_id text NOT NULL,
		at         bigint NOT NULL, -- Unix nanoseconds
		kind       text NOT NULL,
		table_id   text NOT NULL,
		PRIMARY KEY (channel_id, at, kind)
	);
	CREATE INDEX tavern_due_at ON tavern_due (at, channel_id);
	CREATE TABLE tavern_players (
		user_id    text NOT NULL,
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		PRIMARY KEY (user_id, channel_id)
	);
	CREATE TABLE tavern_outbox (
		id         bigserial PRIMARY KEY,
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		item       bytea NOT NULL
	);
	CREATE TABLE tavern_users (
		user_id  text PRIMARY KEY,
		settings bytea NOT NULL
	);
	CREATE TABLE tavern_guilds (
		guild_id text PRIMARY KEY,
		settings bytea NOT NULL
	);
	CREATE TABLE tavern_heartbeat (
		one boolean PRIMARY KEY DEFAULT true CHECK (one),
		at  bigint NOT NULL -- Unix nanoseconds
	);`,
	// 2: outbox items are claimed by one process at a time (a lease).
	`ALTER TABLE tavern_outbox
		ADD COLUMN staged_at     timestamptz NOT NULL DEFAULT now(),
		ADD COLUMN claimed_until timestamptz NOT NULL DEFAULT '-infinity';`,
	// 3: tournaments, and each channel's current one; their due moments
	// are in tavern_due under storage.TournamentDue(id).
	`CREATE TABLE tavern_tournaments (
		id         text PRIMARY KEY,
		channel_id text NOT NULL,
		record     bytea NOT NULL -- JSON
	);
	CREATE TABLE tavern_tournament_channels (
		channel_id    text PRIMARY KEY,
		tournament_id text NOT NULL
	);`,
	// 4: ratings per game, scope and user; stats per user; the tables
	// whose finished game is in them.
	`CREATE TABLE tavern_ratings (
		game    text NOT NULL,
		scope   text NOT NULL,
		user_id text NOT NULL,
		record  bytea NOT NULL, -- JSON
		PRIMARY KEY (game, scope, user_id)
	);
	CREATE TABLE tavern_stats (
		user_id text PRIMARY KEY,
		stats   bytea NOT NULL -- JSON
	);
	CREATE TABLE tavern_recorded (
		table_id text PRIMARY KEY
	);`,
	// 5: a table's outbox items are claimed together, by one claim at a
	// time (ClaimTable), so its changes are delivered in order.
	`ALTER TABLE tavern_outbox ADD COLUMN claimed_by text NOT NULL DEFAULT '';
	CREATE INDEX tavern_outbox_table ON tavern_outbox (channel_id, table_id, id);`,
	// 6: Discord's identify slots, handed out across processes
	// (ReserveIdentify): the last one of each max_concurrency bucket.
	`CREATE TABLE tavern_identify (
		bucket integer PRIMARY KEY,
		last timestamptz NOT NULL
	);`,
	// 7: Discord's REST budget, shared by every process of the bot
	// (ReserveRequests, HoldRequests): under key '' the global budget's
	// next free slot, under a route bucket's key the moment it may be
	// used again.
	`CREATE TABLE tavern_discord_budget (
		key   text PRIMARY KEY,
		until timestamptz NOT NULL
	);`,
	// 8: the spans in which no scheduler ran, credited to the tables
	// lazily (RecordOutage); from_ns keeps processes starting together
	// from recording one outage twice.
	`CREATE TABLE tavern_outages (
		from_ns bigint PRIMARY KEY,
		until_ns bigint NOT NULL
	);`,
	// 9: the ephemeral answers with a table's live controls and the
	// interaction tokens that can edit them for a quarter of an hour
	// (KeepAnswer): a game's end withdraws them from any process.
	`CREATE TABLE tavern_live_answers (
		message_id text PRIMARY KEY,
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		app_id     text NOT NULL,
		token      text NOT NULL,
		original   boolean NOT NULL,
		at_ns      bigint NOT NULL
	);
	CREATE INDEX tavern_live_answers_table ON tavern_live_answers (channel_id, table_id);`,
	// 10: the users whose DMs Discord refused, and until when no process
	// tries again (RefuseDMs).
	`CREATE TABLE tavern_dm_refusals (
		user_id  text PRIMARY KEY,
		until_ns bigint NOT NULL
	);`,
	// 11: when a table's controls were withdrawn (EndAnswers), so that an
	// answer any process keeps after the end withdraws itself.
	`CREATE TABLE tavern_answer_ends (
		channel_id text NOT NULL,
		table_id   text NOT NULL,
		at_ns      bigint NOT NULL,
		PRIMARY KEY (channel_id, table_id)
	);`,
}

// migrateLock is the advisory lock's key: processes starting at once
// migrate one after the other; the later find nothing to do.
const migrateLock = 0x7461766572 // "taver"

// SchemaVersion is the schema this build writes.
func SchemaVersion() int { return len(migrations) }

// migrate brings the schema to SchemaVersion in one transaction.
func (s *Store) migrate(ctx context.Context) error {
	err := s.tx(ctx, "migrate", func(tx pgx.Tx, _ func()) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrateLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tavern_schema (version integer NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tavern_schema`).Scan(&have); err != nil {
			return err
		}
		if have > len(migrations) {
			return fmt.Errorf("the database has schema %d, newer than this build's %d", have, len(migrations))
		}
		for v := have + 1; v <= len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v-1]); err != nil {
				return fmt.Errorf("schema %d: %w", v, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO tavern_schema (version) VALUES ($1)`, v); err != nil {
				return err
			}
			s.o.Log.Info("storage: database schema migrated", "version", v)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: postgres: migrate: %w", err)
	}
	return nil
}

// checkSchema makes sure the database holds exactly this build's schema,
// changing nothing: a database without Tavern's schema or with another
// version of it is refused, saying which.
func (s *Store) checkSchema(ctx context.Context) error {
	var have int
	var tavern bool
	err := s.tx(ctx, "check schema", func(tx pgx.Tx, _ func()) error {
		if err := tx.QueryRow(ctx, `SELECT to_regclass('tavern_schema') IS NOT NULL`).Scan(&tavern); err != nil || !tavern {
			return err
		}
		return tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tavern_schema`).Scan(&have)
	})
	switch {
	case err != nil:
		return fmt.Errorf("storage: postgres: check the schema: %w", err)
	case !tavern:
		return errors.New("storage: postgres: the database holds no Tavern schema (no tavern_schema table): not a Tavern database")
	case have != len(migrations):
		return fmt.Errorf("storage: postgres: the database has schema %d where this build's is %d, and it is not changed here: "+
			"read it with the build that wrote it, or let this build's `tavern serve` bring it to %d first", have, len(migrations), len(migrations))
	}
	return nil
}
