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
	"runtime/trace"
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
		alone, beside, err := interactionLatencies(ctx, reg, images, id, benchMoves, benchBotTables)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%-18s move interaction: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms until carried out; answered p50 %.1f ms, p99 %.1f ms  (%d moves, 3 players, bbolt, real images)\n",
			id, quantileMS(alone.lat, 0.5), quantileMS(alone.lat, 0.9), quantileMS(alone.lat, 0.99),
			quantileMS(alone.answered, 0.5), quantileMS(alone.answered, 0.99), len(alone.lat))
		fmt.Fprintf(out, "%-18s   beside %d bot-only tables: p50 %.1f ms (%.2f× alone), p99 %.1f ms (%.2f× alone); the bots made %d moves; process CPU per move %.1f ms alone, %.1f ms beside\n",
			id, benchBotTables, quantileMS(beside.lat, 0.5), quantileMS(beside.lat, 0.5)/quantileMS(alone.lat, 0.5),
			quantileMS(beside.lat, 0.99), quantileMS(beside.lat, 0.99)/quantileMS(alone.lat, 0.99), beside.botMoves,
			perMoveMS(alone), perMoveMS(beside))
	}
	return nil
}

// benchMoves is how many moves are timed alone, and again beside the bot
// tables: enough that the p99 is not the slowest move.
const benchMoves = 300

// benchBotTables is how many tables of bots alone (each game's most seats,
// normal strength) play beside the timed moves in the second run: bots
// must not delay people (issue 26's target: p99 within 1.5× of alone).
const benchBotTables = 100

// perMoveMS is the process's CPU time per timed move in milliseconds.
func perMoveMS(l latencies) float64 {
	return float64(l.cpu.Microseconds()) / 1000 / float64(len(l.lat))
}

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
	cpu      time.Duration // the process's CPU time while the moves ran: the bots' thinking shows in it
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
// so the database holds what it holds live. A game that ends is followed
// by a new one in the next channel.
//
// With botTables above 0 that many tables of bots alone play too, thought
// out by the bots' pool and carried by the running scheduler, as in
// production, and n more moves are timed beside them. The two runs take
// turns in blocks of latencyBlock moves (the bots' pool held for the moves
// alone; the scheduler runs on, its plans waiting), so that both see the
// same machine: on a shared machine, runs one after the other compare its
// load at two times rather than the bots' effect.
func interactionLatencies(ctx context.Context, reg *games.Registry, images commands.Images, game string, n, botTables int) (alone, beside latencies, err error) {
	dir, err := os.MkdirTemp("", "tavern-bench-")
	if err != nil {
		return alone, beside, err
	}
	defer os.RemoveAll(dir)
	store, err := storage.Open(filepath.Join(dir, "bench.db"))
	if err != nil {
		return alone, beside, err
	}
	defer store.Close()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	thinker, err := bots.New(ctx, reg, bots.Options{})
	if err != nil {
		return alone, beside, err
	}
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
		Log: slog.New(slog.DiscardHandler), NewSeed: func() uint64 { return 7 }, Bots: thinker})
	if err != nil {
		return alone, beside, err
	}
	defer thinker.OwnProcs()() // as a served process does (newService)
	botChannels, err := openBotTables(ctx, store, reg, game, botTables)
	if err != nil {
		return alone, beside, err
	}
	err = untilFatal(func(f commandstest.Failer) {
		d := commandstest.Driver{TB: f, Svc: svc, Store: store, Reg: reg, Game: game, Posted: new(atomic.Uint64)}
		bots := botPlay{svc: svc, thinker: thinker, run: d.Run}
		defer bots.end()
		channel := 100
		d.Open(fmt.Sprint(channel))
		rng := games.NewRNG(3)
		for k := 0; len(alone.lat) < n || (botTables > 0 && len(beside.lat) < n); k++ {
			into := &alone
			if botTables > 0 && (k/latencyBlock%2 == 1 || len(alone.lat) == n) {
				into = &beside
				if err := bots.play(ctx, store, botChannels); err != nil {
					f.Fatal(err)
				}
			} else {
				bots.pause(ctx)
			}
			ch := fmt.Sprint(channel)
			click, ok := d.Move(ch, rng)
			if !ok { // the game is over: the next one
				channel++
				ch = fmt.Sprint(channel)
				d.Open(ch)
				if click, ok = d.Move(ch, rng); !ok {
					f.Fatalf("bench: a new %s game offers no move", game)
				}
			}
			before, err := store.Tables().Get(ctx, ch)
			if err != nil {
				f.Fatal(err)
			}
			// A trace of the bench (go test -trace) tells the timed moves
			// alone from those beside the bots by these regions.
			region := trace.StartRegion(ctx, map[bool]string{true: "beside", false: "alone"}[into == &beside])
			start, cpu := time.Now(), cpuTime()
			res := svc.Handle(ctx, click)
			into.answered = append(into.answered, time.Since(start))
			// Carried out, as a transport does after answering: the
			// pictures are drawn now.
			d.Deliver(res)
			into.lat = append(into.lat, time.Since(start))
			into.cpu += cpuTime() - cpu
			region.End()
			// A step inside a turn answers the mover alone: it was applied
			// when the table's version moved on.
			if after, err := store.Tables().Get(ctx, ch); err != nil || after.Version == before.Version {
				f.Fatalf("bench: move refused: %v %+v", err, res.Reply)
			}
		}
	})
	if err != nil {
		return alone, beside, err
	}
	if len(alone.lat) == 0 {
		return alone, beside, fmt.Errorf("bench: no move was applied")
	}
	for _, l := range []*latencies{&alone, &beside} {
		slices.Sort(l.lat)
		slices.Sort(l.answered)
	}
	beside.botMoves, err = botMoves(context.WithoutCancel(ctx), store, botChannels)
	return alone, beside, err
}

// latencyBlock is how many timed moves run alone, and then beside the
// bots, before the two take turns.
const latencyBlock = 10

// botPlay runs the scheduler that plays the bot-only tables from the first
// block beside them on, and holds the bots' pool while moves are timed
// alone: the tables stay due and their plans wait, so the bots think
// again at once when released (stopping the scheduler instead would drop
// the plans begun and leave the tables leased to them for a minute).
type botPlay struct {
	svc     *commands.Service
	thinker *bots.Thinker
	run     func(context.Context, []commands.Action) error
	stop    context.CancelFunc
	done    chan struct{}
	release func() // set while the pool is held
}

// play lets the bots think: the first time it starts the scheduler and
// returns once the bots have made a move, so the timing starts when they
// play.
func (b *botPlay) play(ctx context.Context, store storage.Store, channels []string) error {
	b.letGo()
	if b.stop != nil {
		return nil
	}
	ctx, b.stop = context.WithCancel(ctx)
	b.done = make(chan struct{})
	go func() {
		defer close(b.done)
		b.svc.RunScheduler(ctx, b.run)
	}()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		n, err := botMoves(ctx, store, channels)
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("bench: the %d bot-only tables made no move in a minute", len(channels))
		}
	}
}

// pause holds the bots' pool, once the plans it is thinking out are done.
func (b *botPlay) pause(ctx context.Context) {
	if b.stop != nil && b.release == nil {
		b.release = b.thinker.Hold(ctx)
	}
}

// letGo releases the bots' pool if it is held.
func (b *botPlay) letGo() {
	if b.release != nil {
		b.release()
		b.release = nil
	}
}

// end stops the scheduler and lets the pool go.
func (b *botPlay) end() {
	b.letGo()
	if b.stop != nil {
		b.stop()
		<-b.done
		b.stop = nil
	}
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
