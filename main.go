// Command tavern runs the Tavern Discord bot, or, with no token configured,
// the local playground. Other verbs: sim, bots, bench, backup, migrate, register.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/tavern-bot/tavern/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv); err != nil {
		fmt.Fprintln(os.Stderr, "tavern:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  tavern [--config FILE]                         run the bot (no token: the local playground)
  tavern register [--config FILE]                register the slash commands and exit
  tavern sim --game ID [--games N] [--players P] [--seed S] [--options K=V,…]
                                                 play random complete games, check invariants
  tavern bots --game ID [--players N] [--games K] [--strength easy|normal|strong]
              [--against random|easy|normal|strong|solo] [--seed S] [--options K=V,…]
              [--for D]
                                                 a bot in one seat against the others (or solo):
                                                 win rate with 95% CI, mean scores, decision times
  tavern bench                                   measure rendering and interaction speed
  tavern bench --backend postgres [--workers N] [--tables T] [--moves M] [--images=false]
               [--database-url URL] [--game ID] [--seed S] [--discord-limit R] [--sweep]
               [--overload D]
                                                 N worker processes over one PostgreSQL through the
                                                 signed HTTP endpoint, the fake Discord enforcing R
                                                 requests/s (default 50): moves/s, p50/p99, cost per
                                                 move, what limits it; --sweep: 1…N workers in turn;
                                                 --overload D: then twice that rate for D (acks,
                                                 answers p50…max, share within 15 s, 503s)
  tavern backup [--config FILE] FILE             hot copy of the database (bolt)
  tavern migrate --from bolt:FILE --to postgres:URL
                                                 copy a whole database into an empty one (and back:
                                                 --from postgres:URL --to bolt:FILE; "postgres:" alone
                                                 reads TAVERN_DATABASE_URL); stop the bot first
`

// run is main without the process: testable, and every error returns here.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	verb := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		verb, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet("tavern "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	cfgPath := fs.String("config", "", "configuration file (default tavern.toml if it exists)")
	var sim simFlags
	if verb == "sim" {
		sim.register(fs)
	}
	var bots botsFlags
	if verb == "bots" {
		bots.register(fs)
	}
	var pgBench pgBenchFlags
	if verb == "bench" {
		pgBench.register(fs)
	}
	workerImages := true
	if verb == "bench-worker" { // a worker process that `tavern bench --backend postgres` starts
		fs.BoolVar(&workerImages, "images", true, "draw and post pictures")
	}
	var from, to *string
	if verb == "migrate" {
		from = fs.String("from", "", "bolt:FILE or postgres:URL to copy from")
		to = fs.String("to", "", "bolt:FILE or postgres:URL to copy into (empty)")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	switch verb {
	case "sim":
		return runSim(ctx, sim, stdout)
	case "bots":
		return runBots(ctx, bots, stdout)
	case "bench":
		if pgBench.backend != "" {
			return runPostgresBench(ctx, pgBench, stdout)
		}
		return runBench(ctx, stdout)
	}
	path, optional := *cfgPath, false
	if path == "" {
		path, optional = "tavern.toml", true
	}
	cfg, err := config.Load(path, optional, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg.Log.Level, stderr)
	switch verb {
	case "serve":
		return serve(ctx, cfg, log, stdout)
	case "register":
		return register(ctx, cfg, log)
	case "backup":
		if fs.NArg() != 1 {
			return errors.New("backup needs exactly one FILE")
		}
		return backup(ctx, cfg, fs.Arg(0), stdout)
	case "migrate":
		return migrate(ctx, cfg, *from, *to, getenv, log, stdout)
	case "bench-worker":
		return runBenchWorker(ctx, cfg, workerImages, log, stdout)
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown verb %q", verb)
	}
}

func newLogger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level)) // validated by config
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
