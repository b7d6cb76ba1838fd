package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if cfg.Storage.Path != "tavern.db" || cfg.Playground.Listen != "127.0.0.1:8080" || cfg.Discord.APIURL != DefaultAPIURL {
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
