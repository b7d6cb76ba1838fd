package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

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
	s, err := storage.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 5)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
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
	got, err := copied.Get(ctx, "c1", storage.WithLog())
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
