package main

import (
	"context"
	"errors"
	"io"
	"log/slog"

	"github.com/tavern-bot/tavern/config"
)

// Placeholders while the transports are being built; each returns an error
// rather than pretending to work.
var errNotYet = errors.New("not built yet")

func serve(ctx context.Context, cfg config.Config, log *slog.Logger, out io.Writer) error {
	return errNotYet
}
func register(ctx context.Context, cfg config.Config, log *slog.Logger) error { return errNotYet }
func backup(ctx context.Context, cfg config.Config, file string, out io.Writer) error {
	return errNotYet
}

type simFlags struct{}

func (s *simFlags) register(fs interface{})                       {}
func runSim(ctx context.Context, f simFlags, out io.Writer) error { return errNotYet }
func runBench(ctx context.Context, out io.Writer) error           { return errNotYet }
