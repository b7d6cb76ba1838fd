package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/assembly"
	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/budget"
	"github.com/tavern-bot/tavern/bot/playground"
	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
)

// newService builds the parts (assembly.Build: every feature with only
// the collaborators it needs, delivery, the scheduler) and the command
// surface every transport shares over them; without images (a `tavern
// bench` worker measuring the rest) it posts no pictures. Its bots think
// in a pool of half the CPUs that lives until ctx ends, each pool thread
// with a P of its own (bots.Thinker.OwnProcs).
func newService(ctx context.Context, store storage.Store, log *slog.Logger, withImages bool) (*commands.Service, error) {
	reg, err := registry()
	if err != nil {
		return nil, err
	}
	thinker, err := bots.New(ctx, reg, bots.Options{Log: log})
	if err != nil {
		return nil, err
	}
	var images commands.Images
	if withImages {
		if images, err = lineup.Images(reg); err != nil {
			return nil, err
		}
	}
	parts, err := assembly.Build(assembly.Deps{
		Games:   reg,
		Store:   store,
		Texts:   commands.CoreCatalog(),
		Images:  images,
		Log:     log,
		Now:     time.Now,
		NewSeed: rand.Uint64,
		Bots:    thinker,
	})
	if err != nil {
		return nil, err
	}
	context.AfterFunc(ctx, thinker.OwnProcs()) // the render pool has its size
	return commands.New(parts), nil
}

// serve runs Tavern on the transport the configuration selects until ctx ends.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger, out io.Writer) error {
	return serveWith(ctx, cfg, log, out, serveOptions{})
}

// serveOptions are what a `tavern bench` worker changes in serve; the zero
// value is a production process.
type serveOptions struct {
	noImages bool
	// opened, if set, hears of the store once it is open.
	opened func(storage.Store)
	// done, if set, is called after each HTTP interaction is carried out;
	// answered once its answer went out (see bot.Executor.Answered).
	done, answered func(*discordgo.Interaction)
}

func serveWith(ctx context.Context, cfg config.Config, log *slog.Logger, out io.Writer, opts serveOptions) error {
	store, err := openStore(ctx, cfg.Storage, log)
	if err != nil {
		return err
	}
	defer store.Close()
	if opts.opened != nil {
		opts.opened(store)
	}
	if b, ok := store.(backupper); ok { // bbolt: hot backups over a socket beside the file
		stopBackups, err := serveBackups(ctx, cfg.Storage.Path, b, log)
		if err != nil {
			return err
		}
		defer stopBackups()
	}
	svc, err := newService(ctx, store, log, !opts.noImages)
	if err != nil {
		return err
	}
	limiter := discordBudget(store, cfg.Discord, log)
	switch cfg.Mode() {
	case config.ModePlayground:
		pg, err := playground.New(svc, playground.Options{}, log)
		if err != nil {
			return err
		}
		go svc.RunScheduler(ctx, pg.Run)
		return pg.ListenAndServe(ctx, cfg.Playground.Listen, func(url string) {
			fmt.Fprintf(out, "No Discord token configured: the Tavern playground is at %s\n", url)
			fmt.Fprintln(out, "(put discord.token in tavern.toml or set DISCORD_TOKEN to connect to Discord; Ctrl-C stops)")
		})
	case config.ModeHTTP:
		return serveHTTP(ctx, cfg, svc, store, limiter, log, out, opts)
	default:
		log.Info("connecting to the Discord gateway", "api", cfg.Discord.APIURL, "guild", cfg.Discord.GuildID,
			"shard", cfg.Discord.ShardID, "shards", cfg.Discord.ShardCount)
		session, err := bot.NewSession(cfg.Discord.Token, cfg.Discord.APIURL, bot.WithBudget(limiter))
		if err != nil {
			return err
		}
		exec := bot.NewExecutor(session, log)
		exec.Memory = bot.NewMemory(store.LiveAnswers(), store.DMRefusals()) // the live answers and DM refusals every process shares
		go svc.RunScheduler(ctx, exec.Run)
		gate, _ := store.(bot.IdentifyGate) // PostgreSQL: shared by every process's shards
		return bot.RunGateway(ctx, bot.GatewayConfig{
			Token:      cfg.Discord.Token,
			AppID:      cfg.Discord.ApplicationID,
			GuildID:    cfg.Discord.GuildID,
			APIURL:     cfg.Discord.APIURL,
			ShardID:    cfg.Discord.ShardID,
			ShardCount: cfg.Discord.ShardCount,
			Gate:       gate,
			Memory:     &exec.Memory, // one memory per process
			Budget:     limiter,
		}, svc, log)
	}
}

// The PostgreSQL store shares the Discord budget between processes.
var _ budget.Ledger = (*postgres.Store)(nil)

// discordBudget is the process's share of the bot's Discord rate limits:
// shared with every process through the store when it can (PostgreSQL),
// else this process's own.
func discordBudget(store storage.Store, cfg config.Discord, log *slog.Logger) *budget.Limiter {
	ledger, _ := store.(budget.Ledger)
	return budget.NewLimiter(ledger, budget.PaceFor(cfg.GlobalRate), log)
}

// serveHTTP serves Discord's HTTP interactions endpoint at /interactions.
func serveHTTP(ctx context.Context, cfg config.Config, svc *commands.Service, store storage.Store, limiter *budget.Limiter, log *slog.Logger, out io.Writer, opts serveOptions) error {
	key, err := hex.DecodeString(cfg.Discord.PublicKey)
	if err != nil || len(key) != ed25519.PublicKeySize {
		return errors.New(`config: key "discord.public_key" must be the 64 hex digits of an Ed25519 public key`)
	}
	session, err := bot.NewSession(cfg.Discord.Token, cfg.Discord.APIURL, bot.WithBudget(limiter))
	if err != nil {
		return err
	}
	if err := bot.Register(ctx, session, cfg.Discord.ApplicationID, cfg.Discord.GuildID, svc.Definitions()); err != nil {
		return err
	}
	exec := bot.NewExecutor(session, log)
	exec.Memory = bot.NewMemory(store.LiveAnswers(), store.DMRefusals()) // the live answers and DM refusals every process shares
	exec.Done, exec.Answered = opts.done, opts.answered
	go svc.RunScheduler(ctx, exec.Run)
	mux := http.NewServeMux()
	mux.Handle("/interactions", bot.InteractionsHandler(ed25519.PublicKey(key), svc, exec, time.Now))
	ln, err := net.Listen("tcp", cfg.Interactions.Listen)
	if err != nil {
		return fmt.Errorf(`key "interactions.listen": %w`, err)
	}
	srv := bot.NewServer(mux, bot.DefaultLimits)
	ln = bot.LimitListener(ln, bot.DefaultLimits.Conns)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	fmt.Fprintf(out, "Serving Discord interactions at http://%s/interactions\n", ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("interactions endpoint: %w", err)
	}
	return nil
}

// register registers the slash commands and exits.
func register(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	if cfg.Discord.Token == "" || cfg.Discord.ApplicationID == "" {
		return errors.New(`register needs "discord.token" and "discord.application_id"`)
	}
	reg, err := registry()
	if err != nil {
		return err
	}
	session, err := bot.NewSession(cfg.Discord.Token, cfg.Discord.APIURL)
	if err != nil {
		return err
	}
	return bot.Register(ctx, session, cfg.Discord.ApplicationID, cfg.Discord.GuildID, commands.Definitions(reg))
}

// backup writes a consistent copy of the database to file.
func backup(ctx context.Context, cfg config.Config, file string, out io.Writer) error {
	if cfg.Storage.Backend == config.BackendPostgres {
		return errPostgresBackup
	}
	n, err := writeBackup(cfg.Storage.Path, file, func(path string) (backupper, func() error, error) {
		s, err := storage.Open(path)
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "backup of %s written to %s (%d bytes)\n", cfg.Storage.Path, file, n)
	return nil
}
