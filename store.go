package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
)

// openStore opens the configured backend. The error names the key to fix
// and never quotes the PostgreSQL URL (it may hold a password).
func openStore(ctx context.Context, cfg config.Storage, log *slog.Logger) (storage.Store, error) {
	if cfg.Backend == config.BackendPostgres {
		s, err := postgres.Open(ctx, postgresOptions(cfg, cfg.URL, log))
		if err != nil {
			return nil, fmt.Errorf(`key "storage.url": %w`, err)
		}
		return s, nil
	}
	s, err := storage.Open(cfg.Path)
	if err != nil {
		return nil, fmt.Errorf(`key "storage.path": %w`, err)
	}
	return s, nil
}

// postgresOptions are the pool's settings from the configuration.
func postgresOptions(cfg config.Storage, url string, log *slog.Logger) postgres.Options {
	return postgres.Options{URL: url, MaxConns: int32(cfg.MaxConns), StatementTimeout: cfg.StatementTimeout.Duration,
		ConnectTimeout: cfg.ConnectTimeout.Duration, RetryFor: cfg.RetryFor.Duration, Log: log}
}

// errPostgresBackup is the answer of `tavern backup` with the PostgreSQL
// backend: the database's own tools make consistent copies while every
// process keeps running.
var errPostgresBackup = errors.New(`backup: with storage.backend = "postgres" use PostgreSQL's own tools while Tavern runs: ` +
	`pg_dump --format=custom --file=tavern.dump "$TAVERN_DATABASE_URL" (restore into an empty database with pg_restore --dbname=URL tavern.dump; see docs/operations.md)`)
