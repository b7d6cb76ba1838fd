package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// runBench measures the performance budget on this machine: drawing and
// encoding a board, and one move interaction through the command service
// (storage transaction, rules, board image, DMs with private views).
func runBench(ctx context.Context, out io.Writer) error {
	reg, err := registry()
	if err != nil {
		return err
	}
	images, err := lineup.Images(reg)
	if err != nil {
		return err
	}
	for _, id := range reg.IDs() {
		if !images.HasBoard(id) {
			fmt.Fprintf(out, "%-18s board: no renderer yet\n", id)
			continue
		}
		g, _ := reg.Get(id)
		views, err := sampleViews(g, 3)
		if err != nil {
			return err
		}
		meta := commands.ImageMeta{Lang: "en", Catalog: reg.Catalog(commands.CoreCatalog()), Players: []string{"Ada", "Bruno", "Clara"}, Viewer: games.Public}
		n := 0
		res := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				if _, err := images.Board(id, views[n%len(views)], meta); err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
		fmt.Fprintf(out, "%-18s board render + PNG: %6.1f ms/op  (%d samples)\n", id, float64(res.NsPerOp())/1e6, res.N)
	}
	for _, id := range reg.IDs() {
		alone, err := interactionLatencies(ctx, reg, images, id, 150, 0)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%-18s move interaction: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms until carried out; answered p50 %.1f ms, p99 %.1f ms  (%d moves, 3 players, bbolt, real images)\n",
			id, quantileMS(alone.lat, 0.5), quantileMS(alone.lat, 0.9), quantileMS(alone.lat, 0.99),
			quantileMS(alone.answered, 0.5), quantileMS(alone.answered, 0.99), len(alone.lat))
		beside, err := interactionLatencies(ctx, reg, images, id, 150, benchBotTables)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%-18s   beside %d bot-only tables: p50 %.1f ms, p99 %.1f ms (%.2f× alone); the bots made %d moves\n",
			id, benchBotTables, quantileMS(beside.lat, 0.5), quantileMS(beside.lat, 0.99), quantileMS(beside.lat, 0.99)/quantileMS(alone.lat, 0.99), beside.botMoves)
	}
	return nil
}

// benchBotTables is how many tables of bots alone (each game's most seats,
// normal strength) play beside the timed moves in the second run: bots
// must not delay people (issue 26's target: p99 within 1.5× of alone).
const benchBotTables = 100

// quantileMS is the q-quantile of lat in milliseconds (lat is sorted).
func quantileMS(lat []time.Duration, q float64) float64 {
	return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000
}

// latencies are a run's timed moves, sorted, and how many moves the bot
// tables beside them made from their start (the timing starts once they
// play) to the last timed move.
type latencies struct {
	lat      []time.Duration // until carried out (drawn, posted, confirmed)
	answered []time.Duration // until answered (stored and composed; drawing follows)
	botMoves int
}

// sampleViews plays one random game and keeps the public view every few moves.
func sampleViews(g games.Game, players int) ([]any, error) {
	var views []any
	k := 0
	_, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, 1), games.NewRNG(1), games.SimMaxMoves, func(s games.State) error {
		if k++; k%15 == 0 {
			views = append(views, s.View(games.Public))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	return views, nil
}

// interactionLatencies opens a three-player table of game in a temporary
// database and times n moves through Service.Handle, each a click (or a
// typed /move) answering a random pending prompt: until it is answered
// (stored and composed), and until it is carried out as a transport would
// (its pictures drawn, message ids kept, the outbox entry cleared by Done),
// so the database holds what it holds live.
//
// With botTables above 0 that many tables of bots alone play beside them,
// thought out by the bots' pool and carried by the running scheduler, as
// in production.
func interactionLatencies(ctx context.Context, reg *games.Registry, images commands.Images, game string, n, botTables int) (latencies, error) {
	var none latencies
	dir, err := os.MkdirTemp("", "tavern-bench-")
	if err != nil {
		return none, err
	}
	defer os.RemoveAll(dir)
	store, err := storage.Open(filepath.Join(dir, "bench.db"))
	if err != nil {
		return none, err
	}
	defer store.Close()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	thinker, err := bots.New(ctx, reg, bots.Options{})
	if err != nil {
		return none, err
	}
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
		Log: slog.New(slog.DiscardHandler), NewSeed: func() uint64 { return 7 }, Bots: thinker})
	if err != nil {
		return none, err
	}
	botChannels, err := openBotTables(ctx, store, reg, game, botTables)
	if err != nil {
		return none, err
	}
	const channel = "100"
	var lat, answered []time.Duration
	err = untilFatal(func(f commandstest.Failer) {
		d := commandstest.Driver{TB: f, Svc: svc, Store: store, Reg: reg, Game: game, Posted: new(atomic.Uint64)}
		d.Open(channel)
		if botTables > 0 {
			scheduled := make(chan struct{})
			go func() {
				defer close(scheduled)
				svc.RunScheduler(ctx, d.Run)
			}()
			defer func() { stop(); <-scheduled }()
			// Time the moves once the bot tables are playing.
			for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
				n, err := botMoves(ctx, store, botChannels)
				if err != nil {
					f.Fatal(err)
				}
				if n > 0 {
					break
				}
				if time.Now().After(deadline) {
					f.Fatalf("bench: the %d bot-only tables made no move in a minute", botTables)
				}
			}
		}
		rng := games.NewRNG(3)
		for len(lat) < n {
			click, ok := d.Move(channel, rng)
			if !ok {
				return
			}
			before, err := store.Tables().Get(ctx, channel)
			if err != nil {
				f.Fatal(err)
			}
			start := time.Now()
			res := svc.Handle(ctx, click)
			answered = append(answered, time.Since(start))
			// Carried out, as a transport does after answering: the
			// pictures are drawn now.
			d.Deliver(res)
			lat = append(lat, time.Since(start))
			// A step inside a turn answers the mover alone: it was applied
			// when the table's version moved on.
			if after, err := store.Tables().Get(ctx, channel); err != nil || after.Version == before.Version {
				f.Fatalf("bench: move refused: %v %+v", err, res.Reply)
			}
		}
	})
	if err != nil {
		return none, err
	}
	if len(lat) == 0 {
		return none, fmt.Errorf("bench: no move was applied")
	}
	slices.Sort(lat)
	slices.Sort(answered)
	after, err := botMoves(context.WithoutCancel(ctx), store, botChannels)
	if err != nil {
		return none, err
	}
	return latencies{lat: lat, answered: answered, botMoves: after}, nil
}

// botMoves counts the moves made at the tables of channels.
func botMoves(ctx context.Context, store storage.Store, channels []string) (int, error) {
	n := 0
	for _, ch := range channels {
		t, err := store.Tables().Get(ctx, ch)
		if err != nil {
			return 0, fmt.Errorf("bench: %w", err)
		}
		n += t.Moves
	}
	return n, nil
}

// openBotTables stores n started tables of game whose every seat (the
// game's most) is a bot of normal strength; their host only watches.
func openBotTables(ctx context.Context, store storage.Store, reg *games.Registry, game string, n int) ([]string, error) {
	g, ok := reg.Get(game)
	if !ok {
		return nil, fmt.Errorf("bench: no game %q", game)
	}
	info := g.Info()
	now := time.Now()
	var channels []string
	for k := range n {
		ch := fmt.Sprintf("9%05d", k)
		t := table.New(table.Params{ID: fmt.Sprintf("bots%d", k), ChannelID: ch, GameID: game, Lang: "en",
			Host: table.Seat{UserID: "host", Name: "Host"}, Seed: uint64(k) + 1, Now: now})
		t.Seats = t.Seats[:0] // the host only watches
		for b := range info.MaxPlayers {
			if err := t.Bots().Add(info, "host", fmt.Sprintf("Bot %d (normal)", b+1), now); err != nil {
				return nil, fmt.Errorf("bench: bot table %d: %w", k, err)
			}
		}
		if _, err := t.Lobby().Start(g, "host", now); err != nil {
			return nil, fmt.Errorf("bench: bot table %d: %w", k, err)
		}
		if err := store.Tables().Create(ctx, t); err != nil {
			return nil, fmt.Errorf("bench: bot table %d: %w", k, err)
		}
		channels = append(channels, ch)
	}
	return channels, nil
}

// untilFatal runs fn on its own goroutine and returns the first failure fn
// reports through its Failer, which ends fn there as a test's Fatal does.
func untilFatal(fn func(commandstest.Failer)) error {
	f := &failer{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(f)
	}()
	<-done
	return f.err
}

// failer records a failure and ends the calling goroutine.
type failer struct{ err error }

func (f *failer) Fatal(args ...any) {
	f.err = errors.New(fmt.Sprint(args...))
	runtime.Goexit()
}

func (f *failer) Fatalf(format string, args ...any) {
	f.err = fmt.Errorf(format, args...)
	runtime.Goexit()
}
