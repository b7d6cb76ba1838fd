package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestMigrateBothWays: `tavern migrate` copies a bbolt database into
// PostgreSQL and back, and the copy serves the same table and log; the
// password never reaches the output.
func TestMigrateBothWays(t *testing.T) {
	c := pgtest.Require(t)
	ctx := context.Background()
	dir := t.TempDir()
	from, back := filepath.Join(dir, "from.db"), filepath.Join(dir, "back.db")
	boltWithTable(t, from, 5)
	// trust authentication ignores the password; it stands for a real one.
	url := strings.Replace(c.NewDatabase(t), "tavern@", "tavern:hunter2@", 1)
	env := func(k string) string {
		if k == "TAVERN_DATABASE_URL" {
			return url
		}
		return ""
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"migrate", "--from", "bolt:" + from, "--to", "postgres:"}, &out, &out, env); err != nil {
		t.Fatalf("to postgres: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"migrate", "--from", "postgres:" + url, "--to", "bolt:" + back}, &out, &out, noenv); err != nil {
		t.Fatalf("back to bolt: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "1 tables, 0 archived tables, 5 log entries") || strings.Contains(out.String(), "hunter2") {
		t.Errorf("output %q", out.String())
	}
	// Into a database that holds tables already: refused.
	if err := run(ctx, []string{"migrate", "--from", "bolt:" + from, "--to", "postgres:"}, &out, &out, env); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("second migration into the same database: %v", err)
	}
	copied, err := storage.Open(back)
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	got, err := copied.Tables().Get(ctx, "c1", storage.WithLog())
	if err != nil || got.ID != "t1" || got.Moves != 5 || len(got.Log) != 5 {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
}

func TestMigrateRejectsBadInput(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.db")
	if s, err := storage.Open(src); err != nil {
		t.Fatal(err)
	} else if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing", []string{"migrate"}, "--from and --to"},
		{"unknown backend", []string{"migrate", "--from", "mysql://u:hunter2@h/db", "--to", "bolt:" + filepath.Join(dir, "x.db")}, "is not bolt:FILE or postgres:URL"},
		{"missing source", []string{"migrate", "--from", "bolt:" + filepath.Join(dir, "none.db"), "--to", "bolt:" + filepath.Join(dir, "z.db")}, "no database to copy"},
		{"postgres without url", []string{"migrate", "--from", "bolt:" + src, "--to", "postgres:"}, "TAVERN_DATABASE_URL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), tc.args, &out, &out, noenv)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "hunter2") {
				t.Fatalf("run(%v) = %v, want an error mentioning %s", tc.args, err, tc.want)
			}
		})
	}
}

// TestMigratePostgresSpellingsAndSource covers the operator traps of
// `tavern migrate`: a bare postgres://… URL (the natural spelling, without
// "postgres:" in front) is the database it names, as --to and as --from;
// and a PostgreSQL source is only read: one without Tavern's schema, or at
// another version of it, is refused and left exactly as it was.
func TestMigratePostgresSpellingsAndSource(t *testing.T) {
	c := pgtest.Require(t)
	ctx := context.Background()
	dir := t.TempDir()
	from, back := filepath.Join(dir, "from.db"), filepath.Join(dir, "back.db")
	boltWithTable(t, from, 3)
	url := c.NewDatabase(t)
	var out bytes.Buffer
	if err := run(ctx, []string{"migrate", "--from", "bolt:" + from, "--to", url}, &out, &out, noenv); err != nil {
		t.Fatalf("--to a bare URL: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"migrate", "--from", url, "--to", "bolt:" + back}, &out, &out, noenv); err != nil {
		t.Fatalf("--from a bare URL: %v\n%s", err, out.String())
	}
	copied, err := storage.Open(back)
	if err != nil {
		t.Fatal(err)
	}
	got, err := copied.Tables().Get(ctx, "c1", storage.WithLog())
	copied.Close()
	if err != nil || got.ID != "t1" || len(got.Log) != 3 {
		t.Fatalf("round trip through the bare URL's database: %+v, %v", got, err)
	}

	older := c.NewDatabase(t)
	sqlExec(t, older, `CREATE TABLE tavern_schema (version integer NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
		INSERT INTO tavern_schema (version) VALUES (1)`)
	for _, tc := range []struct {
		name, url, want string
		schema          string // the source's schema afterwards: its tables and version
	}{
		{"no Tavern schema", c.NewDatabase(t), "no Tavern schema", "tables: []"},
		{"an older schema", older, "has schema 1", "tables: [tavern_schema] version 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := run(ctx, []string{"migrate", "--from", "postgres:" + tc.url, "--to", "bolt:" + filepath.Join(t.TempDir(), "x.db")}, &out, &out, noenv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("migrate from it: %v, want an error with %q", err, tc.want)
			}
			if got := schemaOf(t, tc.url); got != tc.schema {
				t.Fatalf("the source's schema after the refusal: %s, want %s (unchanged)", got, tc.schema)
			}
		})
	}
}

// sqlExec runs statements on the database at url.
func sqlExec(t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatal(err)
	}
}

// schemaOf names the Tavern tables of the database at url and its schema
// version.
func schemaOf(t *testing.T, url string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var tables []string
	if err := conn.QueryRow(ctx, `SELECT coalesce(array_agg(tablename::text ORDER BY tablename), '{}') FROM pg_tables WHERE tablename LIKE 'tavern%'`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	desc := fmt.Sprintf("tables: %v", tables)
	if slices.Contains(tables, "tavern_schema") {
		var v int
		if err := conn.QueryRow(ctx, `SELECT max(version) FROM tavern_schema`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		desc += fmt.Sprintf(" version %d", v)
	}
	return desc
}

// boltWithTable makes a bbolt database at path holding table t1 in
// channel c1 with moves moves.
func boltWithTable(t *testing.T, path string, moves int) {
	t.Helper()
	s, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Tables().Create(context.Background(), storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", moves)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}
