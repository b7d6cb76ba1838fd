// Package config loads tavern.toml. Unknown keys and wrong types stop
// start-up with one line naming the key, because a typo in a config file
// should never silently fall back to a default.
package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is every setting Tavern reads. config.example.toml documents each key.
type Config struct {
	Discord      Discord      `toml:"discord"`
	Interactions Interactions `toml:"interactions"`
	Storage      Storage      `toml:"storage"`
	Playground   Playground   `toml:"playground"`
	Log          Log          `toml:"log"`
}

// Discord holds the bot's credentials and where Discord is.
type Discord struct {
	Token         string `toml:"token"`
	ApplicationID string `toml:"application_id"`
	PublicKey     string `toml:"public_key"`
	GuildID       string `toml:"guild_id"`
	APIURL        string `toml:"api_url"`
	// ShardID and ShardCount split the gateway between processes, as
	// Discord requires past 2,500 guilds: a guild's events go to shard
	// (guild_id >> 22) % shard_count, DMs to shard 0 only
	// (DISCORD_SHARD_ID, DISCORD_SHARD_COUNT).
	ShardID    int `toml:"shard_id"`
	ShardCount int `toml:"shard_count"`
	// GlobalRate is Discord's global REST limit of the bot token, in
	// requests per second, for all its processes together (over
	// PostgreSQL they share it through the database). Tavern keeps a
	// tenth of it spare (bot/budget.PaceFor).
	GlobalRate int `toml:"global_rate"`
}

// DefaultGlobalRate is Discord's global REST limit for a bot unless
// Discord raised it.
const DefaultGlobalRate = 50

// Interactions configures the HTTP interactions endpoint; empty Listen means
// the gateway is used instead.
type Interactions struct {
	Listen string `toml:"listen"`
}

// Storage chooses the database: one bbolt file (the default), or a
// PostgreSQL server shared by any number of Tavern processes.
type Storage struct {
	Backend string `toml:"backend"` // BackendBolt or BackendPostgres
	Path    string `toml:"path"`    // bolt: the database file
	// URL is PostgreSQL's connection string (TAVERN_DATABASE_URL).
	URL string `toml:"url"`
	// MaxConns bounds each process's connection pool.
	MaxConns int `toml:"max_conns"`
	// StatementTimeout ends a statement that runs longer.
	StatementTimeout Duration `toml:"statement_timeout"`
	// ConnectTimeout bounds one connection attempt.
	ConnectTimeout Duration `toml:"connect_timeout"`
	// RetryFor is how long a call retries, with backoff, while the database
	// is unreachable before the player is asked to try again.
	RetryFor Duration `toml:"retry_for"`
}

// The storage backends.
const (
	BackendBolt     = "bolt"
	BackendPostgres = "postgres"
)

// Duration is a TOML string such as "5s" or "1m30s".
type Duration struct{ time.Duration }

// UnmarshalText reads a Go duration.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as \"5s\"", b)
	}
	d.Duration = v
	return nil
}

// Playground is the local web page used when no token is configured.
type Playground struct {
	Listen string `toml:"listen"`
}

// Log sets the log level: debug, info, warn, error.
type Log struct {
	Level string `toml:"level"`
}

// DefaultAPIURL is Discord's REST base.
const DefaultAPIURL = "https://discord.com/api/v10/"

// Defaults returns the configuration used for keys a file does not set.
func Defaults() Config {
	return Config{
		Discord: Discord{APIURL: DefaultAPIURL, ShardCount: 1, GlobalRate: DefaultGlobalRate},
		Storage: Storage{Backend: BackendBolt, Path: "tavern.db", MaxConns: 10,
			StatementTimeout: Duration{5 * time.Second}, ConnectTimeout: Duration{2 * time.Second}, RetryFor: Duration{2 * time.Second}},
		Playground: Playground{Listen: "127.0.0.1:8080"},
		Log:        Log{Level: "info"},
	}
}

// Load reads path (a missing file is fine when optional), applies the
// environment (DISCORD_TOKEN, DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY,
// DISCORD_GUILD_ID, DISCORD_SHARD_ID, DISCORD_SHARD_COUNT, TAVERN_STORAGE_PATH,
// TAVERN_DATABASE_URL) over it, and validates the result.
func Load(path string, optional bool, getenv func(string) string) (Config, error) {
	cfg := Defaults()
	if path != "" {
		md, err := toml.DecodeFile(path, &cfg)
		switch {
		case errors.Is(err, os.ErrNotExist) && optional:
		case err != nil:
			return cfg, fmt.Errorf("config %s: %w", path, describe(err))
		default:
			if und := md.Undecoded(); len(und) > 0 {
				return cfg, fmt.Errorf("config %s: unknown key %q", path, und[0].String())
			}
		}
	}
	for env, dst := range map[string]*string{
		"DISCORD_TOKEN":          &cfg.Discord.Token,
		"DISCORD_APPLICATION_ID": &cfg.Discord.ApplicationID,
		"DISCORD_PUBLIC_KEY":     &cfg.Discord.PublicKey,
		"DISCORD_GUILD_ID":       &cfg.Discord.GuildID,
		"TAVERN_STORAGE_PATH":    &cfg.Storage.Path,
		"TAVERN_DATABASE_URL":    &cfg.Storage.URL,
	} {
		if v := getenv(env); v != "" {
			*dst = v
		}
	}
	for env, dst := range map[string]*int{
		"DISCORD_SHARD_ID":    &cfg.Discord.ShardID,
		"DISCORD_SHARD_COUNT": &cfg.Discord.ShardCount,
	} {
		if v := getenv(env); v != "" {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil {
				return cfg, fmt.Errorf("config: environment %s: %q is not a whole number", env, v)
			}
			*dst = n
		}
	}
	return cfg, cfg.Validate()
}

// describe turns a TOML parse error into one line that names the key.
func describe(err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		msg := strings.TrimSpace(pe.Message)
		if pe.Position.Line > 0 {
			msg = fmt.Sprintf("line %d: %s", pe.Position.Line, msg)
		}
		if pe.LastKey != "" {
			msg = fmt.Sprintf("key %q: %s", pe.LastKey, msg)
		}
		return errors.New(msg)
	}
	return err
}

// Validate checks values that parse but cannot work.
func (c Config) Validate() error {
	if err := c.Storage.validate(); err != nil {
		return err
	}
	if !strings.HasPrefix(c.Discord.APIURL, "http://") && !strings.HasPrefix(c.Discord.APIURL, "https://") {
		return fmt.Errorf(`config: key "discord.api_url": %q is not an http(s) URL`, c.Discord.APIURL)
	}
	if err := c.Discord.validateShard(c.Interactions.Listen != ""); err != nil {
		return err
	}
	if c.Discord.GlobalRate < 1 || c.Discord.GlobalRate > 100000 {
		return fmt.Errorf(`config: key "discord.global_rate": %d is not between 1 and 100000 requests per second`, c.Discord.GlobalRate)
	}
	if c.Discord.ShardCount > 1 && c.Storage.Backend != BackendPostgres {
		// Shard 0 receives every DM click, including those of tables
		// another shard's guilds play: all shards need one database.
		return errors.New(`config: key "discord.shard_count" above 1 needs "storage.backend" = "postgres": every shard must see every table, since DMs arrive on shard 0 only`)
	}
	if c.Interactions.Listen != "" {
		if c.Discord.PublicKey == "" {
			return errors.New(`config: key "discord.public_key" is required when "interactions.listen" is set`)
		}
		if c.Discord.ApplicationID == "" {
			return errors.New(`config: key "discord.application_id" is required when "interactions.listen" is set`)
		}
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf(`config: key "log.level": %q is not one of debug, info, warn, error`, c.Log.Level)
	}
	return nil
}

// MaxShardCount bounds discord.shard_count far above what any bot needs
// (Discord asks for one shard per 1,000–2,500 guilds), so a typo such as
// 1000000 is refused rather than identified with.
const MaxShardCount = 65536

// validateShard checks the gateway's shard keys. With the HTTP endpoint
// there is no gateway to shard: every process answers any interaction, so
// a shard there would be a misunderstanding, refused.
func (d Discord) validateShard(overHTTP bool) error {
	if d.ShardCount < 1 || d.ShardCount > MaxShardCount {
		return fmt.Errorf(`config: key "discord.shard_count": %d is not between 1 and %d`, d.ShardCount, MaxShardCount)
	}
	if d.ShardID < 0 || d.ShardID >= d.ShardCount {
		return fmt.Errorf(`config: key "discord.shard_id": %d is not between 0 and %d (shard_count - 1)`, d.ShardID, d.ShardCount-1)
	}
	if overHTTP && d.ShardCount > 1 {
		return errors.New(`config: key "discord.shard_count" applies to the gateway only; with "interactions.listen" every process answers any interaction (leave shard_count at 1)`)
	}
	return nil
}

// Mode is how Tavern serves players with this configuration.
type Mode int

const (
	ModePlayground Mode = iota // no token: the local web playground
	ModeGateway                // token: Discord's gateway websocket
	ModeHTTP                   // token and interactions.listen: signed HTTP endpoint
)

// Mode picks the transport from what is configured.
func (c Config) Mode() Mode {
	switch {
	case c.Discord.Token == "":
		return ModePlayground
	case c.Interactions.Listen != "":
		return ModeHTTP
	default:
		return ModeGateway
	}
}

// ListenConns is the connection each PostgreSQL process keeps beside its
// pool, for LISTEN (the schedulers' wake-ups); it needs a session of its
// own, so a transaction pooler cannot carry it.
const ListenConns = 1

// Connections is how many PostgreSQL connections one process holds at
// most: its pool (max_conns) and the listening connection. Every lock a
// process takes (the claims' and migrations' advisory locks, a change's
// row lock) is scoped to a transaction on a pool connection, so nothing
// else holds one.
func (s Storage) Connections() int { return s.MaxConns + ListenConns }

// Workers is how many processes a PostgreSQL server allowing
// maxConnections carries, with reserved of them kept for others (the
// server's superuser_reserved_connections, an operator's psql or
// pg_dump, `tavern migrate`).
func (s Storage) Workers(maxConnections, reserved int) int {
	return max(0, (maxConnections-reserved)/s.Connections())
}

// validate checks the storage keys the backend uses.
func (s Storage) validate() error {
	switch s.Backend {
	case BackendBolt:
		if s.Path == "" {
			return errors.New(`config: key "storage.path" must not be empty`)
		}
		if dir := filepath.Dir(s.Path); dir != "" {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fmt.Errorf(`config: key "storage.path": directory %q does not exist`, dir)
			}
		}
	case BackendPostgres:
		// The URL may hold a password: errors never quote it.
		if !strings.HasPrefix(s.URL, "postgres://") && !strings.HasPrefix(s.URL, "postgresql://") {
			return errors.New(`config: key "storage.url" (or TAVERN_DATABASE_URL) must be a postgres:// URL when "storage.backend" is "postgres"`)
		}
	default:
		return fmt.Errorf(`config: key "storage.backend": %q is not one of bolt, postgres`, s.Backend)
	}
	if s.MaxConns < 1 || s.MaxConns > 1000 {
		return fmt.Errorf(`config: key "storage.max_conns": %d is not between 1 and 1000`, s.MaxConns)
	}
	for key, d := range map[string]Duration{"statement_timeout": s.StatementTimeout, "connect_timeout": s.ConnectTimeout, "retry_for": s.RetryFor} {
		if d.Duration <= 0 || d.Duration > time.Hour {
			return fmt.Errorf(`config: key "storage.%s": %s is not between 0 and 1h`, key, d.Duration)
		}
	}
	return nil
}
