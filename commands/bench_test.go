package commands_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// BenchmarkMove is one applied move through Service.Handle, per game with
// a board renderer: the bbolt transaction, the rules, and every picture the
// move needs (the public board, the private views of the DMs) drawn by the
// real renderer. Three seats click buttons in the channel; choosing the
// move and opening a new table when one ends are not timed.
func BenchmarkMove(b *testing.B) {
	reg, err := games.NewRegistry(zauberschwert.New(), dungeondesigner.New())
	if err != nil {
		b.Fatal(err)
	}
	images, err := lineup.Images(reg)
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range reg.IDs() {
		if !images.HasBoard(id) {
			continue
		}
		b.Run(id, func(b *testing.B) { benchMoves(b, reg, images, id, nil) })
	}
}

// BenchmarkMoveRules is BenchmarkMove without pictures: what the session
// engine itself costs per move. It reports how often a move asks the game
// for its pending decisions and decodes its state (budget: at most 2 and 1),
// the CPU time of the move's thread (cpu-p50/p99: the engine's work, its
// syscalls included, without waiting for the disk or for a CPU, so it holds
// on a busy machine),
// the database pages a move's commit writes, done-p99 (the transport's
// confirmation after carrying the actions out: a second, untimed commit that
// clears the outbox entry and keeps the new messages' ids, as live),
// B-all/move (every byte allocated per move, the untimed driver and
// confirmation included: what paces the garbage collector), and the share of moves during
// which a garbage collection finished (a lower bound of those it slowed:
// with the benchmark's small heap, the tail's main cause).
func BenchmarkMoveRules(b *testing.B) {
	var c counters
	reg, err := games.NewRegistry(counted{zauberschwert.New(), &c}, counted{dungeondesigner.New(), &c})
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range reg.IDs() {
		b.Run(id, func(b *testing.B) { benchMoves(b, reg, nil, id, &c) })
		// The same without the disk's fsync: what the engine itself costs
		// (rules, table books, composing, JSON, bbolt's in-memory work).
		b.Run(id+"/nosync", func(b *testing.B) { benchMoves(b, reg, nil, id, &c, storage.Options{NoSync: true}) })
	}
	// The same once more in a process that holds what a live bot holds
	// after one game of each kind: the renderers' cached backgrounds and
	// sprites (some 95 MB, nearly all pixels, which the collector does not
	// scan). The collector paces itself by that heap, so the engine's own
	// bytes end a collection far more rarely than in the small heap above,
	// where it ran every few dozen moves: this is the engine's tail as live,
	// apart from what the pictures' own allocations cost (BenchmarkMove).
	var live any // warmed by the first live-heap run that the -bench filter selects
	for _, id := range reg.IDs() {
		for _, o := range []struct {
			name string
			opts storage.Options
		}{{"/live-heap", storage.Options{}}, {"/nosync/live-heap", storage.Options{NoSync: true}}} {
			b.Run(id+o.name, func(b *testing.B) {
				if live == nil {
					live = liveHeap(b)
				}
				benchMoves(b, reg, nil, id, &c, o.opts)
			})
		}
	}
	runtime.KeepAlive(live)
}

// liveHeap plays a few moves of every game with pictures, as a live bot
// does after its first games, and returns what must stay reachable for the
// renderers' caches to stay in the heap.
func liveHeap(b *testing.B) any {
	reg, err := lineup.Registry()
	if err != nil {
		b.Fatal(err)
	}
	images, err := lineup.Images(reg)
	if err != nil {
		b.Fatal(err)
	}
	store, svc := benchService(b, reg, images, storage.Options{NoSync: true})
	defer store.Close()
	for _, id := range reg.IDs() {
		d := commandstest.Driver{TB: b, Svc: svc, Store: store, Reg: reg, Game: id, Posted: new(atomic.Uint64)}
		channel := "warm-" + id
		d.Open(channel)
		rng := games.NewRNG(1)
		for range 10 {
			i, ok := d.Move(channel, rng)
			if !ok {
				break
			}
			d.Deliver(svc.Handle(context.Background(), i))
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.Logf("live heap after warming the renderers: %d MB", ms.HeapAlloc>>20)
	return images
}

// benchService opens a store in a temporary directory and a service on it.
func benchService(b *testing.B, reg *games.Registry, images commands.Images, o storage.Options) (*storage.Bolt, *commands.Service) {
	store, err := storage.OpenWith(filepath.Join(b.TempDir(), "bench.db"), o)
	if err != nil {
		b.Fatal(err)
	}
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
		Log: slog.New(slog.DiscardHandler), NewSeed: func() uint64 { return 7 }})
	if err != nil {
		store.Close()
		b.Fatal(err)
	}
	return store, svc
}

func benchMoves(b *testing.B, reg *games.Registry, images commands.Images, id string, c *counters, opts ...storage.Options) {
	var o storage.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	store, svc := benchService(b, reg, images, o)
	defer store.Close()
	bt := &benchTable{Driver: commandstest.Driver{TB: b, Svc: svc, Store: store, Reg: reg, Game: id, Posted: new(atomic.Uint64)}, rng: games.NewRNG(3)}
	var (
		took, cpu, done                []time.Duration
		pending, loads, pages, gcEnded int64
	)
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	for range b.N {
		b.StopTimer()
		i := bt.next()
		var p0, l0 int64
		if c != nil {
			p0, l0 = c.pending.Load(), c.loads.Load()
		}
		pages0, gc0 := store.Stats().Pages, gcCycles()
		runtime.LockOSThread() // the move's own thread, for its CPU time
		b.StartTimer()
		cpu0, start := threadCPU(), time.Now()
		res := svc.Handle(context.Background(), i)
		took = append(took, time.Since(start))
		cpu = append(cpu, threadCPU()-cpu0)
		runtime.UnlockOSThread()
		pages += store.Stats().Pages - pages0
		if gcCycles() != gc0 {
			gcEnded++
		}
		if c != nil {
			pending += c.pending.Load() - p0
			loads += c.loads.Load() - l0
		}
		if len(res.Actions) == 0 {
			b.Fatalf("move refused: %+v", res.Reply)
		}
		b.StopTimer()
		start = time.Now()
		bt.Deliver(res) // as the transport confirms: outbox cleared, message ids kept
		done = append(done, time.Since(start))
		b.StartTimer()
	}
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N), "B-all/move")
	q := func(d []time.Duration, p float64) float64 {
		return float64(d[min(len(d)-1, int(p*float64(len(d))))].Microseconds()) / 1000
	}
	slices.Sort(took)
	b.ReportMetric(q(took, 0.5), "p50-ms")
	b.ReportMetric(q(took, 0.9), "p90-ms")
	b.ReportMetric(q(took, 0.99), "p99-ms")
	slices.Sort(done)
	b.ReportMetric(q(done, 0.99), "done-p99-ms")
	if images == nil && cpu[len(cpu)-1] > 0 { // pictures are drawn on other threads
		slices.Sort(cpu)
		b.ReportMetric(q(cpu, 0.5), "cpu-p50-ms")
		b.ReportMetric(q(cpu, 0.99), "cpu-p99-ms")
	}
	b.ReportMetric(float64(pages)/float64(b.N), "pages/move")
	b.ReportMetric(100*float64(gcEnded)/float64(b.N), "%moves-gc-ended")
	if c != nil {
		b.ReportMetric(float64(pending)/float64(b.N), "pending/move")
		b.ReportMetric(float64(loads)/float64(b.N), "decodes/move")
	}
}

// gcCycles is the number of garbage collections finished so far.
func gcCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// counters count what a move asks of a game.
type counters struct{ pending, loads atomic.Int64 }

// counted wraps a game so that its states count Pending calls and its
// Load calls count state decodes.
type counted struct {
	games.Game
	c *counters
}

func (g counted) New(s games.Setup) (games.State, error) {
	st, err := g.Game.New(s)
	if err != nil {
		return nil, err
	}
	return countedState{st, g.c}, nil
}

func (g counted) Load(data []byte) (games.State, error) {
	g.c.loads.Add(1)
	st, err := g.Game.Load(data)
	if err != nil {
		return nil, err
	}
	return countedState{st, g.c}, nil
}

type countedState struct {
	games.State
	c *counters
}

func (s countedState) Pending() []games.Prompt {
	s.c.pending.Add(1)
	return s.State.Pending()
}

func (s countedState) TimeoutMove(seat int) (string, bool) {
	if tm, ok := s.State.(games.TimeoutMover); ok {
		return tm.TimeoutMove(seat)
	}
	return "", false
}

// benchTable plays random legal moves at a three-seat table, opening a new
// table in a new channel whenever one ends.
type benchTable struct {
	commandstest.Driver
	rng     *games.RNG
	channel string
	tables  int
}

// next returns the click of a random pending option.
func (bt *benchTable) next() *discordgo.Interaction {
	for range 3 {
		if bt.channel == "" {
			bt.tables++
			bt.channel = fmt.Sprint(100 + bt.tables)
			bt.Open(bt.channel)
		}
		if i, ok := bt.Move(bt.channel, bt.rng); ok {
			return i
		}
		bt.channel = ""
	}
	bt.TB.Fatal("no table with a pending move")
	return nil
}

// BenchmarkTickNothingDue is one scheduler tick over 100,000 stored tables
// of which none is due: it reads the due index and loads no table.
func BenchmarkTickNothingDue(b *testing.B) {
	reg, err := games.NewRegistry(zauberschwert.New())
	if err != nil {
		b.Fatal(err)
	}
	store, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var many []*table.Table
	for i := range 100000 {
		t := table.New(table.Params{ID: fmt.Sprint("t", i), ChannelID: fmt.Sprint("c", i), GameID: "zauberschwert", Lang: "en",
			Host: table.Seat{UserID: "1", Name: "Ann"}, Seed: uint64(i), Now: now})
		t.Due = []table.Due{{At: now.Add(time.Duration(i+1) * time.Hour), Kind: table.DueClock}}
		many = append(many, t)
	}
	if err := store.CreateMany(context.Background(), many); err != nil {
		b.Fatal(err)
	}
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
	if err != nil {
		b.Fatal(err)
	}
	loads := store.Stats().Loads
	b.ResetTimer()
	for range b.N {
		if res := svc.Tick(context.Background()); len(res) != 0 {
			b.Fatalf("%d tables fired", len(res))
		}
	}
	b.StopTimer()
	if n := store.Stats().Loads - loads; n != 0 {
		b.Fatalf("ticks loaded %d tables", n)
	}
}
