package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
)

// copyBatch is how many records `tavern migrate` writes per transaction.
const copyBatch = 1000

// copyStatementTimeout bounds one statement of `tavern migrate`.
const copyStatementTimeout = 6 * time.Hour

// copyStore is a store migrate copies from or into.
type copyStore interface {
	storage.Copier
	Close() error
}

// openCopyStore opens "bolt:FILE" or "postgres:URL" ("postgres:" alone
// takes TAVERN_DATABASE_URL, which keeps the password off the command
// line); a bare postgres://… or postgresql://… URL is taken as it is. It
// returns the store and how to name it without a password. A PostgreSQL
// source is only read: its schema must be this build's and is never
// migrated.
func openCopyStore(ctx context.Context, spec string, source bool, cfg config.Storage, getenv func(string) string, log *slog.Logger) (copyStore, string, error) {
	kind, where, ok := splitCopySpec(spec)
	switch {
	case ok && kind == config.BackendBolt && where != "":
		if _, err := os.Stat(where); source && err != nil {
			return nil, "", fmt.Errorf("no database to copy: %w", err)
		}
		s, err := storage.Open(where)
		return s, "bolt:" + where, err
	case ok && kind == config.BackendPostgres:
		if where == "" {
			where = getenv("TAVERN_DATABASE_URL")
		}
		if where == "" {
			return nil, "", errors.New(`"postgres:" needs a URL, or TAVERN_DATABASE_URL set`)
		}
		o := postgresOptions(cfg, where, log)
		// Export streams each relation in one statement while the other
		// store writes: far longer than a move's statement may take.
		o.StatementTimeout = copyStatementTimeout
		o.NoMigrate = source
		s, err := postgres.Open(ctx, o)
		return s, "postgres", err
	}
	return nil, "", fmt.Errorf("%q… is not bolt:FILE or postgres:URL", kind) // the rest may hold a password
}

// splitCopySpec splits a store's spec into its kind and where it is. A
// connection URL given without the "postgres:" in front (postgres://u@h/db,
// the natural spelling) is a PostgreSQL store at that URL: cut at its
// first colon it would be "//u@h/db", which pgx reads as no settings at
// all and so connects to the local socket as the OS user.
func splitCopySpec(spec string) (kind, where string, ok bool) {
	for _, scheme := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(spec, scheme) {
			return config.BackendPostgres, spec, true
		}
	}
	return strings.Cut(spec, ":")
}

// migrate copies a whole database from one backend into another, empty one.
func migrate(ctx context.Context, cfg config.Config, from, to string, getenv func(string) string, log *slog.Logger, out io.Writer) error {
	if from == "" || to == "" {
		return errors.New("migrate needs --from and --to (bolt:FILE or postgres:URL)")
	}
	src, srcName, err := openCopyStore(ctx, from, true, cfg.Storage, getenv, log)
	if err != nil {
		return fmt.Errorf("migrate --from: %w", err)
	}
	defer src.Close()
	dst, dstName, err := openCopyStore(ctx, to, false, cfg.Storage, getenv, log)
	if err != nil {
		return fmt.Errorf("migrate --to: %w", err)
	}
	defer dst.Close()
	counts, err := storage.Copy(ctx, src, dst, copyBatch)
	if err != nil {
		return fmt.Errorf("migrate from %s to %s: %w", srcName, dstName, err)
	}
	var parts []string
	for k := range storage.RecordKinds {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	fmt.Fprintf(out, "copied from %s to %s: %s\n", srcName, dstName, strings.Join(parts, ", "))
	return nil
}
