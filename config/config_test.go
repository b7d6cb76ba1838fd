package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func write(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "tavern.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func noenv(string) string { return "" }

func TestLoadErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"unknown key", "[discord]\ntokn = \"x\"\n", `"discord.tokn"`},
		{"wrong type", "[storage]\npath = 5\n", "path"},
		{"missing dir", "[storage]\npath = \"/no/such/dir/t.db\"\n", `"storage.path"`},
		{"bad api url", "[discord]\napi_url = \"discord.com\"\n", `"discord.api_url"`},
		{"http without key", "[discord]\ntoken = \"t\"\n[interactions]\nlisten = \":8081\"\n", `"discord.public_key"`},
		{"bad level", "[log]\nlevel = \"loud\"\n", `"log.level"`},
		{"unknown backend", "[storage]\nbackend = \"mysql\"\n", `"storage.backend"`},
		{"postgres without url", "[storage]\nbackend = \"postgres\"\n", `"storage.url"`},
		{"postgres url not postgres", "[storage]\nbackend = \"postgres\"\nurl = \"mysql://u:hunter2@h/db\"\n", `"storage.url"`},
		{"pool of none", "[storage]\nmax_conns = 0\n", `"storage.max_conns"`},
		{"duration not a duration", "[storage]\nretry_for = \"soon\"\n", "retry_for"},
		{"duration zero", "[storage]\nstatement_timeout = \"0s\"\n", `"storage.statement_timeout"`},
		{"duration a number", "[storage]\nconnect_timeout = 5\n", "connect_timeout"},
		{"no shards", "[discord]\nshard_count = 0\n", `"discord.shard_count"`},
		{"too many shards", "[discord]\nshard_count = 1000000\n", `"discord.shard_count"`},
		{"shard id past the count", "[discord]\nshard_id = 2\nshard_count = 2\n", `"discord.shard_id"`},
		{"negative shard id", "[discord]\nshard_id = -1\nshard_count = 2\n", `"discord.shard_id"`},
		{"shards over one bolt file", "[discord]\nshard_id = 1\nshard_count = 2\n", `"storage.backend"`},
		{"no global budget", "[discord]\nglobal_rate = 0\n", `"discord.global_rate"`},
		{"global budget a string", "[discord]\nglobal_rate = \"50/s\"\n", "global_rate"},
		{"shard id a string", "[discord]\nshard_id = \"1\"\n", "shard_id"},
		{"shards with the HTTP endpoint", "[discord]\ntoken = \"t\"\npublic_key = \"ab\"\napplication_id = \"1\"\nshard_count = 2\n[interactions]\nlisten = \":8081\"\n", `"discord.shard_count"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(write(t, tc.body), false, noenv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Load error = %v, want it to mention %s", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans several lines: %q", err)
			}
		})
	}
}

func TestLoadDefaultsEnvAndMode(t *testing.T) {
	cfg, err := Load(filepath.Join(t.TempDir(), "absent.toml"), true, noenv)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Storage.Path != "tavern.db" || cfg.Playground.Listen != "127.0.0.1:8080" || cfg.Discord.APIURL != DefaultAPIURL ||
		cfg.Discord.GlobalRate != 50 {
		t.Errorf("defaults = %+v", cfg)
	}
	if cfg.Mode() != ModePlayground {
		t.Errorf("no token: mode %v, want playground", cfg.Mode())
	}
	if _, err := Load(filepath.Join(t.TempDir(), "absent.toml"), false, noenv); err == nil {
		t.Error("a missing file named explicitly must be an error")
	}
	env := map[string]string{"DISCORD_TOKEN": "secret", "DISCORD_GUILD_ID": "42"}
	cfg, err = Load(write(t, "[discord]\ntoken = \"file\"\n"), false, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Discord.Token != "secret" || cfg.Discord.GuildID != "42" {
		t.Errorf("environment not applied: %+v", cfg.Discord)
	}
	if cfg.Mode() != ModeGateway {
		t.Errorf("token: mode %v, want gateway", cfg.Mode())
	}
	cfg, err = Load(write(t, "[discord]\ntoken = \"t\"\npublic_key = \"ab\"\napplication_id = \"1\"\n[interactions]\nlisten = \"127.0.0.1:0\"\n"), false, noenv)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode() != ModeHTTP {
		t.Errorf("listen: mode %v, want http", cfg.Mode())
	}
}

func TestExampleConfigLoads(t *testing.T) {
	cfg, err := Load("../config.example.toml", false, noenv)
	if err != nil {
		t.Fatalf("config.example.toml must load: %v", err)
	}
	if cfg.Mode() != ModePlayground {
		t.Errorf("the example must start the playground, got mode %v", cfg.Mode())
	}
}

// TestPostgresKeys: the backend, its URL from the file or the environment
// (which wins), the pool and the durations; a bad URL's error never quotes
// it, since it may hold a password.
func TestPostgresKeys(t *testing.T) {
	env := map[string]string{"TAVERN_DATABASE_URL": "postgres://tavern:s3cret@db:5432/tavern"}
	cfg, err := Load(write(t, "[storage]\nbackend = \"postgres\"\nurl = \"postgres://file@db/x\"\nmax_conns = 4\nstatement_timeout = \"3s\"\nretry_for = \"1500ms\"\n"), false, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.Storage
	if s.Backend != BackendPostgres || s.URL != env["TAVERN_DATABASE_URL"] || s.MaxConns != 4 ||
		s.StatementTimeout.Duration != 3*time.Second || s.RetryFor.Duration != 1500*time.Millisecond || s.ConnectTimeout.Duration != 2*time.Second {
		t.Errorf("storage = %+v", s)
	}
	if d := Defaults().Storage; d.Backend != BackendBolt || d.MaxConns != 10 || d.StatementTimeout.Duration != 5*time.Second || d.RetryFor.Duration != 2*time.Second {
		t.Errorf("default storage = %+v", d)
	}
	_, err = Load(write(t, "[storage]\nbackend = \"postgres\"\nurl = \"pg://tavern:hunter2@db/x\"\n"), false, noenv)
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("bad URL: error %v, want one that does not quote the URL", err)
	}
}

// TestShardKeys: the gateway's shard from the file or the environment
// (which wins); the default is one shard; a bad number in the environment
// names the variable.
func TestShardKeys(t *testing.T) {
	const pg = "[storage]\nbackend = \"postgres\"\nurl = \"postgres://db/x\"\n"
	tests := []struct {
		name, body  string
		env         map[string]string
		id, count   int
		wantErrWith string
	}{
		{name: "default", body: "", id: 0, count: 1},
		{name: "file", body: pg + "[discord]\nshard_id = 2\nshard_count = 3\n", id: 2, count: 3},
		{name: "environment wins", body: pg + "[discord]\nshard_id = 2\nshard_count = 3\n",
			env: map[string]string{"DISCORD_SHARD_ID": "1", "DISCORD_SHARD_COUNT": " 4 "}, id: 1, count: 4},
		{name: "environment not a number", env: map[string]string{"DISCORD_SHARD_COUNT": "two"}, wantErrWith: "DISCORD_SHARD_COUNT"},
		{name: "environment past the count", env: map[string]string{"DISCORD_SHARD_ID": "1"}, wantErrWith: `"discord.shard_id"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Load(write(t, tc.body), false, func(k string) string { return tc.env[k] })
			if tc.wantErrWith != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErrWith) {
					t.Fatalf("Load error = %v, want it to mention %s", err, tc.wantErrWith)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Discord.ShardID != tc.id || cfg.Discord.ShardCount != tc.count {
				t.Errorf("shard %d of %d, want %d of %d", cfg.Discord.ShardID, cfg.Discord.ShardCount, tc.id, tc.count)
			}
		})
	}
}

// TestComposeConfigLoads: compose.yaml's worker configuration, with the
// secrets it passes in the environment, serves HTTP interactions over
// PostgreSQL.
func TestComposeConfigLoads(t *testing.T) {
	env := map[string]string{"DISCORD_TOKEN": "t", "DISCORD_APPLICATION_ID": "1", "DISCORD_PUBLIC_KEY": "ab",
		"TAVERN_DATABASE_URL": "postgres://tavern:pw@db:5432/tavern?sslmode=disable"}
	cfg, err := Load("../deploy/tavern.toml", false, func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("deploy/tavern.toml must load: %v", err)
	}
	if cfg.Mode() != ModeHTTP || cfg.Storage.Backend != BackendPostgres || cfg.Interactions.Listen != ":8081" {
		t.Errorf("mode %v, backend %s, listen %s", cfg.Mode(), cfg.Storage.Backend, cfg.Interactions.Listen)
	}
}

// TestConnectionsFormula: a process holds its pool and one listening
// connection; a server carries as many processes as fit in what it
// allows beyond the reserved connections.
func TestConnectionsFormula(t *testing.T) {
	tests := []struct {
		maxConns, maxConnections, reserved, conns, workers int
	}{
		{10, 100, 5, 11, 8}, // PostgreSQL's default max_connections, superuser's 3 and an operator's 2
		{4, 100, 5, 5, 19},
		{1, 100, 5, 2, 47},
		{10, 500, 5, 11, 45},
		{20, 200, 5, 21, 9},
		{10, 10, 5, 11, 0}, // too small for one process
	}
	for _, tc := range tests {
		s := Storage{MaxConns: tc.maxConns}
		if got := s.Connections(); got != tc.conns {
			t.Errorf("max_conns %d: %d connections per process, want %d", tc.maxConns, got, tc.conns)
		}
		if got := s.Workers(tc.maxConnections, tc.reserved); got != tc.workers {
			t.Errorf("max_conns %d, max_connections %d, %d reserved: %d workers, want %d", tc.maxConns, tc.maxConnections, tc.reserved, got, tc.workers)
		}
		if w := s.Workers(tc.maxConnections, tc.reserved); w*s.Connections()+tc.reserved > tc.maxConnections ||
			(w+1)*s.Connections()+tc.reserved <= tc.maxConnections {
			t.Errorf("max_conns %d: %d workers is not the most that fit in %d connections", tc.maxConns, w, tc.maxConnections)
		}
	}
}
