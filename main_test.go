package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

func noenv(string) string { return "" }

func TestRunRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	badCfg := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(badCfg, []byte("[storage]\npaht = \"x\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	pgCfg := filepath.Join(dir, "pg.toml")
	if err := os.WriteFile(pgCfg, []byte("[storage]\nbackend = \"postgres\"\nurl = \"postgres://t:hunter2@127.0.0.1:1/x\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown verb", []string{"dance"}, `unknown verb "dance"`},
		{"bad config key", []string{"--config", badCfg}, `"storage.paht"`},
		{"sim unknown game", []string{"sim", "--game", "chess"}, `unknown game "chess"`},
		{"sim no games", []string{"sim", "--game", "zauberschwert", "--games", "0"}, "--games"},
		{"sim too many players", []string{"sim", "--game", "zauberschwert", "--players", "9"}, "players"},
		{"sim unknown option", []string{"sim", "--game", "sorcerer-city", "--options", "dragons=yes"}, "dragons=yes is not offered"},
		{"sim bad option value", []string{"sim", "--game", "sorcerer-city", "--options", "artifacts=maybe"}, "artifacts=maybe is not offered"},
		{"sim option without value", []string{"sim", "--game", "sorcerer-city", "--options", "artifacts"}, "id=value"},
		{"backup without file", []string{"backup"}, "exactly one FILE"},
		{"backup of postgres", []string{"backup", "--config", pgCfg, filepath.Join(dir, "x.db")}, "pg_dump --format=custom"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tc.args, &out, &errOut, noenv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run(%v) = %v, want an error mentioning %s", tc.args, err, tc.want)
			}
		})
	}
}

func TestSimPlaysEveryGame(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "zauberschwert"},
		{"--game", "dungeon-designer"},
		{"--game", "sorcerer-city", "--players", "4"},
		{"--game", "sorcerer-city", "--players", "1", "--options", "artifacts=yes,expert=yes"},
	} {
		var out bytes.Buffer
		if err := run(context.Background(), append([]string{"sim", "--games", "5", "--seed", "7"}, args...), &out, io.Discard, noenv); err != nil {
			t.Fatalf("sim %v: %v\n%s", args, err, out.String())
		}
		if !strings.Contains(out.String(), "5 games, 5 finished") || !strings.Contains(out.String(), "no violations") {
			t.Errorf("sim %v printed %q", args, out.String())
		}
	}
}

func TestBackupWithAndWithoutRunningBot(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tavern.db")
	store, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: "zauberschwert", Host: table.Seat{UserID: "u1", Name: "Ann"}})
	if err := store.Tables().Create(ctx, tb); err != nil {
		t.Fatal(err)
	}
	open := func(path string) (backupper, func() error, error) {
		s, err := storage.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	}
	check := func(file string) {
		t.Helper()
		copy, err := storage.Open(file)
		if err != nil {
			t.Fatalf("backup does not open: %v", err)
		}
		defer copy.Close()
		got, err := copy.Tables().Get(ctx, "c1")
		if err != nil || got.ID != "t1" {
			t.Fatalf("backup lost the table: %v %+v", err, got)
		}
	}

	// While the bot runs, the database is locked: the socket serves the copy.
	sctx, cancel := context.WithCancel(ctx)
	stop, err := serveBackups(sctx, db, store, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	hot := filepath.Join(dir, "hot.db")
	if _, err := writeBackup(db, hot, open); err != nil {
		t.Fatalf("hot backup: %v", err)
	}
	check(hot)
	stop()
	cancel()
	store.Close()

	// With no bot running, the file is opened directly.
	cold := filepath.Join(dir, "cold.db")
	if _, err := writeBackup(db, cold, open); err != nil {
		t.Fatalf("cold backup: %v", err)
	}
	check(cold)

	if _, err := writeBackup(filepath.Join(dir, "missing.db"), filepath.Join(dir, "x.db"), open); err == nil {
		t.Error("a backup of a missing database must fail")
	}
	if _, err := os.Stat(filepath.Join(dir, "x.db")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a failed backup left a file behind")
	}
}
