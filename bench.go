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

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
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
		lat, err := interactionLatencies(ctx, reg, images, id, 150)
		if err != nil {
			return err
		}
		slices.Sort(lat)
		q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
		fmt.Fprintf(out, "%-18s move interaction: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms  (%d moves, 3 players, bbolt, real images)\n", id, q(0.5), q(0.9), q(0.99), len(lat))
	}
	return nil
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
// typed /move) answering a random pending prompt. Each move is then carried
// out as a transport would (message ids kept, the outbox entry cleared by
// Done) outside the timing, so the database holds what it holds live.
func interactionLatencies(ctx context.Context, reg *games.Registry, images commands.Images, game string, n int) ([]time.Duration, error) {
	dir, err := os.MkdirTemp("", "tavern-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	store, err := storage.Open(filepath.Join(dir, "bench.db"))
	if err != nil {
		return nil, err
	}
	defer store.Close()
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
		Log: slog.New(slog.DiscardHandler), NewSeed: func() uint64 { return 7 }})
	if err != nil {
		return nil, err
	}
	const channel = "100"
	var lat []time.Duration
	err = untilFatal(func(f commandstest.Failer) {
		d := commandstest.Driver{TB: f, Svc: svc, Store: store, Reg: reg, Game: game, Posted: new(atomic.Uint64)}
		d.Open(channel)
		rng := games.NewRNG(3)
		for len(lat) < n {
			click, ok := d.Move(channel, rng)
			if !ok {
				return
			}
			before, err := store.Get(ctx, channel)
			if err != nil {
				f.Fatal(err)
			}
			start := time.Now()
			res := svc.Handle(ctx, click)
			lat = append(lat, time.Since(start))
			// A step inside a turn answers the mover alone: it was applied
			// when the table's version moved on.
			if after, err := store.Get(ctx, channel); err != nil || after.Version == before.Version {
				f.Fatalf("bench: move refused: %v %+v", err, res.Reply)
			}
			d.Deliver(res)
		}
	})
	if err != nil {
		return nil, err
	}
	if len(lat) == 0 {
		return nil, fmt.Errorf("bench: no move was applied")
	}
	return lat, nil
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
