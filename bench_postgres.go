package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/http"
	neturl "net/url"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/budget"
	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/table"
)

// `tavern bench --backend postgres --workers N` runs N worker processes
// (this binary again, `tavern bench-worker`, which is `tavern` serving the
// HTTP interactions endpoint, optionally without pictures) over one
// PostgreSQL database, with a fake Discord taking their REST calls. It
// opens T three-player tables through the endpoint and then plays M moves
// at each, every table one scripted player at a time, each move a signed
// request sent round robin to the workers, as a load balancer would. A
// move's latency runs from sending the request until its worker has
// carried it out (stored, drawn, posted, confirmed). At the end every
// table must equal the replay of its log, each version logged once, and
// the outbox be empty.

// pgBenchFlags are the bench's options for the PostgreSQL backend.
type pgBenchFlags struct {
	backend     string
	workers     int
	tables      int
	moves       int
	images      bool
	databaseURL string
	game        string
	seed        uint64
	// discordLimit is the global limit the fake Discord enforces, and
	// the workers' discord.global_rate (0: neither limits, the fake only
	// counts).
	discordLimit int
	// sweep runs the bench once for each number of workers from 1 to
	// workers, each on a fresh database, and ends with a table of them.
	sweep bool
	// overload, when above 0, follows the run with as long an overload
	// phase: moves offered at twice the rate the run sustained, each
	// table's next move sent once its last is acknowledged, not carried
	// out (see overload).
	overload time.Duration
	// worker is the command line that starts a worker process, to which
	// "bench-worker" and its flags are appended (default: this executable;
	// tests start their own binary).
	worker []string
}

func (f *pgBenchFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.backend, "backend", "", `"postgres": N worker processes over one PostgreSQL through the HTTP endpoint; empty: rendering and bbolt timings in-process`)
	fs.IntVar(&f.workers, "workers", 1, "postgres: worker processes")
	fs.IntVar(&f.tables, "tables", 32, "postgres: tables played at once")
	fs.IntVar(&f.moves, "moves", 40, "postgres: moves per table (fewer when its game ends)")
	fs.BoolVar(&f.images, "images", true, "postgres: the workers draw and post pictures")
	fs.StringVar(&f.databaseURL, "database-url", "", "postgres: an empty database to use (default: a private cluster started from Debian's PostgreSQL)")
	fs.StringVar(&f.game, "game", "zauberschwert", "postgres: the game the tables play")
	fs.Uint64Var(&f.seed, "seed", 1, "postgres: seeds the players' choices")
	fs.IntVar(&f.discordLimit, "discord-limit", fakediscord.DefaultGlobalLimit, "postgres: the global rate limit the fake Discord enforces and the workers share (0: none)")
	fs.DurationVar(&f.overload, "overload", 0, "postgres: after the run, offer moves at twice its rate for this long (e.g. 60s) and report acknowledgements, answers and 503s")
	fs.BoolVar(&f.sweep, "sweep", false, "postgres: run with 1, 2, … --workers workers in turn, each on a fresh private database, and tabulate them")
}

func (f pgBenchFlags) validate() error {
	switch {
	case f.backend != "postgres":
		return fmt.Errorf(`bench: --backend %q is not "postgres" (leave it out for the in-process timings)`, f.backend)
	case f.workers < 1 || f.workers > 32:
		return fmt.Errorf("bench: --workers %d is not between 1 and 32", f.workers)
	case f.tables < 1 || f.tables > 2000:
		return fmt.Errorf("bench: --tables %d is not between 1 and 2000", f.tables)
	case f.moves < 1 || f.moves > 10000:
		return fmt.Errorf("bench: --moves %d is not between 1 and 10000", f.moves)
	case f.discordLimit < 0 || f.discordLimit > 100000:
		return fmt.Errorf("bench: --discord-limit %d is not between 0 (none) and 100000", f.discordLimit)
	case f.overload < 0 || f.overload > 15*time.Minute:
		return fmt.Errorf("bench: --overload %v is not between 0 (none) and 15m", f.overload)
	case f.sweep && f.databaseURL != "":
		return errors.New("bench: --sweep needs a fresh database for every run: leave --database-url out (the bench starts its own cluster)")
	}
	return nil
}

// Who plays: a guild, and per table a channel and three users of its own
// (so no DM channel of the fake grows with the number of tables).
const benchGuild = "730000000000000001"

func benchChannel(k int) string { return fmt.Sprintf("73%016d", k) }

func benchUser(k, seat int) string { return fmt.Sprintf("83%014d%02d", k, seat) }

// runPostgresBench runs the multi-worker bench (or, with --sweep, one
// for each number of workers) and prints its figures.
func runPostgresBench(ctx context.Context, f pgBenchFlags, out io.Writer) error {
	if err := f.validate(); err != nil {
		return err
	}
	reg, err := registry()
	if err != nil {
		return err
	}
	g, ok := reg.Get(f.game)
	if !ok {
		return fmt.Errorf("bench: --game %q is not one of %s", f.game, strings.Join(reg.IDs(), ", "))
	}
	if !f.sweep {
		url, where, stopDB, err := benchDatabase(ctx, f.databaseURL)
		if err != nil {
			return err
		}
		defer stopDB()
		_, err = runBenchOnce(ctx, f, reg, g, url, where, out)
		return err
	}
	c, err := pgtest.Start()
	if err != nil {
		return fmt.Errorf("bench: --sweep starts a private PostgreSQL cluster, which could not start: %w", err)
	}
	defer func() { _ = c.Stop() }()
	var rows []benchResult
	for n := 1; n <= f.workers; n++ {
		url, err := c.CreateDatabase(fmt.Sprintf("bench%d", n))
		if err != nil {
			return fmt.Errorf("bench: a database for %d worker(s): %w", n, err)
		}
		one := f
		one.workers = n
		where := fmt.Sprintf("a private PostgreSQL cluster (fsync off) on port %d, database bench%d", c.Port(), n)
		r, err := runBenchOnce(ctx, one, reg, g, url, where, out)
		if err != nil {
			return err
		}
		rows = append(rows, r)
		fmt.Fprintln(out)
	}
	writeSweep(out, f, rows)
	return nil
}

// runBenchOnce is one run of the bench on an empty database at url.
func runBenchOnce(ctx context.Context, f pgBenchFlags, reg *games.Registry, g games.Game, url, where string, out io.Writer) (benchResult, error) {
	store, err := postgres.Open(ctx, postgres.Options{URL: url, MaxConns: int32(min(f.tables, 50))})
	if err != nil {
		return benchResult{}, fmt.Errorf("bench: the database: %w", err)
	}
	defer store.Close()
	if err := requireEmpty(ctx, store); err != nil {
		return benchResult{}, err
	}
	fake := fakediscord.Start()
	defer fake.Close()
	fake.Lean()
	// Without a limit the fake still counts (a limit nothing reaches).
	fake.EnforceGlobalLimit(cmp.Or(f.discordLimit, unlimitedRate))
	dir, err := os.MkdirTemp("", "tavern-bench-")
	if err != nil {
		return benchResult{}, err
	}
	defer os.RemoveAll(dir)
	_, key, err := ed25519.GenerateKey(nil)
	if err != nil {
		return benchResult{}, err
	}
	b := &pgBench{flags: f, fake: fake, key: key, store: store, client: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: f.tables + 8}}}
	imagesWord := map[bool]string{true: "images on", false: "images off"}[f.images]
	limitWord := "no Discord limit (the fake counts)"
	if f.discordLimit > 0 {
		limitWord = fmt.Sprintf("the fake Discord enforcing %d requests/s", f.discordLimit)
	}
	fmt.Fprintf(out, "tavern bench --backend postgres: %d worker(s), %d tables of %s, up to %d moves each, %s, %s, %s\n",
		f.workers, f.tables, f.game, f.moves, imagesWord, limitWord, where)
	for k := range f.workers {
		w, err := startBenchWorker(ctx, f.worker, dir, k, url, hex.EncodeToString(key.Public().(ed25519.PublicKey)), fake.APIURL(),
			cmp.Or(f.discordLimit, unlimitedRate), f.images, b.finished, b.answered)
		if err != nil {
			b.stopWorkers()
			return benchResult{}, err
		}
		b.workers = append(b.workers, w)
	}
	defer b.stopWorkers()
	for _, w := range b.workers {
		if err := b.awaitPing(ctx, w); err != nil {
			return benchResult{}, err
		}
	}

	start := time.Now()
	versions, err := b.openTables(ctx)
	if err != nil {
		return benchResult{}, err
	}
	fmt.Fprintf(out, "opened %d tables through the endpoint in %v\n", f.tables, time.Since(start).Round(time.Millisecond))

	before, calls, requests := b.sample(ctx, url), discordCalls(fake), len(fake.Requests())
	start = time.Now()
	lat, failed, err := b.play(ctx, reg)
	elapsed := time.Since(start)
	after := b.sample(ctx, url)
	if err != nil {
		return benchResult{}, err
	}
	r := benchResult{workers: f.workers, elapsed: elapsed, calls: discordCalls(fake) - calls, load: loadAverage()}
	for k := range f.tables {
		tb, err := store.Tables().Get(ctx, benchChannel(k))
		if err != nil {
			return benchResult{}, fmt.Errorf("bench: table %d: %w", k, err)
		}
		r.applied += tb.Version - versions[k]
	}
	if r.applied == 0 || len(lat) == 0 {
		return benchResult{}, errors.New("bench: no move was applied")
	}
	slices.Sort(lat)
	q := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
	}
	r.p50, r.p99 = q(0.5), q(0.99)
	fmt.Fprintf(out, "moves: %d applied of %d sent (%d not accepted by the endpoint) in %.2f s: %.1f moves/s; latency per move (signed request → carried out): p50 %.1f ms, p99 %.1f ms\n",
		r.applied, len(lat)+failed, failed, elapsed.Seconds(), r.movesPerSecond(), r.p50, r.p99)
	fmt.Fprintf(out, "per move: %s\n", before.per(after, r.applied))
	r.cpu = (after.workerCPU - before.workerCPU) + (after.pgCPU - before.pgCPU) + (after.selfCPU - before.selfCPU)

	if err := b.drainOutbox(ctx, 2*time.Minute); err != nil {
		return benchResult{}, err
	}
	r.busiest, r.refused = busiestSecond(fake), fake.GlobalRateLimited()
	fmt.Fprintf(out, "discord: %s\n", r.discordLine(f.discordLimit))
	statuses, err := statusMessages(ctx, store, f.tables)
	if err != nil {
		return benchResult{}, err
	}
	counted, exempt := routeShares(fake.Requests()[requests:], r.applied, func(channel, message string) string {
		switch {
		case fake.Channels.IsDMChannel(channel):
			return "DM"
		case statuses[message]:
			return "status"
		case message != "":
			return "board"
		}
		return "channel"
	})
	fmt.Fprintf(out, "calls per move by route (the outbox drained): %s\n", counted)
	fmt.Fprintf(out, "calls per move not counted by Discord's global limit (interactions): %s\n", cmp.Or(exempt, "none"))
	fmt.Fprintf(out, "limit: %s\n", r.limit(f.discordLimit))
	if f.overload > 0 {
		if err := b.overload(ctx, reg, 2*r.movesPerSecond(), f.overload, out); err != nil {
			return benchResult{}, err
		}
	}
	b.stopWorkers()
	if err := checkReplays(ctx, store, g, f.tables); err != nil {
		return benchResult{}, err
	}
	fmt.Fprintf(out, "checked: all %d tables equal the replay of their logs, each version logged once; the outbox is empty\n", f.tables)
	return r, nil
}

// benchDatabase is the database the bench uses: url if given, else a
// private cluster it starts (and stops with the returned func).
func benchDatabase(ctx context.Context, url string) (string, string, func(), error) {
	if url != "" {
		if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
			return "", "", nil, errors.New("bench: --database-url must be a postgres:// URL") // never quoted: it may hold a password
		}
		return url, "the database of --database-url", func() {}, nil
	}
	c, err := pgtest.Start()
	if err != nil {
		return "", "", nil, fmt.Errorf("bench: no --database-url, and no private PostgreSQL cluster could start: %w", err)
	}
	return c.URL("postgres"), fmt.Sprintf("a private PostgreSQL cluster (fsync off) on port %d", c.Port()), func() { _ = c.Stop() }, nil
}

// errStop ends an Export at its first record.
var errStop = errors.New("stop")

// requireEmpty refuses a database that holds anything: the bench writes
// tables into it, which must not mix with a community's.
func requireEmpty(ctx context.Context, s *postgres.Store) error {
	err := s.Export(ctx, func(storage.Record) error { return errStop })
	switch {
	case errors.Is(err, errStop):
		return errors.New("bench: the database is not empty; give the bench an empty database (it writes tables there)")
	case err != nil:
		return fmt.Errorf("bench: read the database: %w", err)
	}
	return nil
}

// pgBench is the parent's side: the workers, the front, the players.
type pgBench struct {
	flags   pgBenchFlags
	fake    *fakediscord.Fake
	key     ed25519.PrivateKey
	store   *postgres.Store
	client  *http.Client
	workers []*benchWorker
	next    atomic.Int64
	// waiting maps an interaction id to the channel closed when a worker
	// has carried it out; answers to the one closed when its answer went
	// out (the overload phase's).
	waiting, answers sync.Map
}

// answered hears a worker's report that interaction id was answered.
func (b *pgBench) answered(id string) {
	if ch, ok := b.answers.LoadAndDelete(id); ok {
		close(ch.(chan struct{}))
	}
}

// finished hears a worker's report that interaction id was carried out.
func (b *pgBench) finished(id string) {
	if ch, ok := b.waiting.LoadAndDelete(id); ok {
		close(ch.(chan struct{}))
	}
}

// send signs i, posts it to the next worker (a refused connection skips
// to the following one, as the Caddyfile does) and waits until a worker
// has carried it out. It reports the HTTP status.
func (b *pgBench) send(ctx context.Context, i *discordgo.Interaction) (int, error) {
	body, err := json.Marshal(i)
	if err != nil {
		return 0, err
	}
	done := make(chan struct{})
	b.waiting.Store(i.ID, done)
	defer b.waiting.Delete(i.ID)
	first := int(b.next.Add(1))
	code := 0
	for k := range len(b.workers) {
		if code, err = b.post(ctx, b.workers[(first+k)%len(b.workers)].addr, body); err == nil {
			break
		}
	}
	if err != nil {
		return 0, fmt.Errorf("bench: no worker took interaction %s: %w", i.ID, err)
	}
	if code != http.StatusOK {
		return code, nil
	}
	select {
	case <-done:
		return code, nil
	case <-time.After(2 * time.Minute):
		return code, fmt.Errorf("bench: interaction %s was never carried out", i.ID)
	case <-ctx.Done():
		return code, ctx.Err()
	}
}

func (b *pgBench) post(ctx context.Context, addr string, body []byte) (int, error) {
	code, _, err := b.fake.Interactions.PostInteraction(ctx, b.client, "http://"+addr+"/interactions", b.key, body)
	return code, err
}

// awaitPing waits until w answers a signed PING.
func (b *pgBench) awaitPing(ctx context.Context, w *benchWorker) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		if code, _ := b.post(ctx, w.addr, []byte(`{"type":1}`)); code == http.StatusOK {
			return nil
		}
		if err := w.exited(); err != nil {
			return err
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("bench: worker %d never answered PING; its log ends: %s", w.n, w.logTail())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// actor is user of table k as the fake Discord builds its interactions.
func actor(k int, user string) fakediscord.Actor {
	return fakediscord.Actor{UserID: user, Username: "u" + user[len(user)-4:], ChannelID: benchChannel(k), GuildID: benchGuild}
}

// openTables opens every table through the endpoint (/game new, two joins,
// start; a few tables at a time) and returns each table's version then.
func (b *pgBench) openTables(ctx context.Context) ([]int, error) {
	versions := make([]int, b.flags.tables)
	errs := make([]error, b.flags.tables)
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	for k := range b.flags.tables {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			versions[k], errs[k] = b.openTable(ctx, k)
		})
	}
	wg.Wait()
	return versions, errors.Join(errs...)
}

func (b *pgBench) openTable(ctx context.Context, k int) (int, error) {
	host := actor(k, benchUser(k, 0))
	i := b.fake.Interactions.Command(host, commands.CmdGame, fakediscord.SubCommand(commands.SubNew, fakediscord.StringOpt(commands.OptGame, b.flags.game)))
	if _, err := b.send(ctx, i); err != nil {
		return 0, err
	}
	press := func(user string, kind commands.Kind) error {
		tb, err := b.store.Tables().Get(ctx, benchChannel(k))
		if err != nil {
			return fmt.Errorf("bench: table %d after /game new: %w (reply %v)", k, err, b.replies(i.ID))
		}
		id, err := commands.CustomID{Kind: kind, Channel: benchChannel(k), Table: tb.ID, Version: tb.Version}.Encode()
		if err != nil {
			return err
		}
		i = b.fake.Interactions.Click(actor(k, user), nil, id)
		_, err = b.send(ctx, i)
		return err
	}
	for seat := 1; seat < 3; seat++ {
		if err := press(benchUser(k, seat), commands.KindJoin); err != nil {
			return 0, err
		}
	}
	if err := press(benchUser(k, 0), commands.KindStart); err != nil {
		return 0, err
	}
	tb, err := b.store.Tables().Get(ctx, benchChannel(k))
	if err != nil {
		return 0, err
	}
	if tb.Status != table.StatusPlaying {
		return 0, fmt.Errorf("bench: table %d did not start (%s): %v", k, tb.Status, b.replies(i.ID))
	}
	return tb.Version, nil
}

// replies are the words the bot answered interaction id with.
func (b *pgBench) replies(id string) []string {
	var out []string
	for _, m := range b.fake.Interactions.Replies(id) {
		out = append(out, m.Content)
	}
	return out
}

// play plays every table at once, each a move at a time, and returns the
// latencies of the moves the endpoint accepted and how many it did not.
func (b *pgBench) play(ctx context.Context, reg *games.Registry) ([]time.Duration, int, error) {
	var (
		mu     sync.Mutex
		lat    []time.Duration
		failed int
		wg     sync.WaitGroup
	)
	errs := make([]error, b.flags.tables)
	for k := range b.flags.tables {
		wg.Go(func() {
			rng := games.NewRNG(b.flags.seed + uint64(k))
			errs[k] = untilFatal(func(f commandstest.Failer) {
				drv := commandstest.Driver{TB: f, Store: b.store, Reg: reg, Game: b.flags.game}
				for range b.flags.moves {
					choice, ok := drv.Move(benchChannel(k), rng)
					if !ok {
						return
					}
					i := b.click(ctx, k, choice)
					start := time.Now()
					code, err := b.send(ctx, i)
					if err != nil {
						f.Fatal(err)
					}
					mu.Lock()
					if code == http.StatusOK {
						lat = append(lat, time.Since(start))
					} else {
						failed++
					}
					mu.Unlock()
				}
			})
		})
	}
	wg.Wait()
	return lat, failed, errors.Join(errs...)
}

// click is the player's click for choice at table k on the message that
// offers it, as people click: the board when its buttons offer it, else
// the player's DM decision that does (a typed choice, or one no message
// offers, is clicked nowhere).
func (b *pgBench) click(ctx context.Context, k int, choice *discordgo.Interaction) *discordgo.Interaction {
	user := choice.Member.User.ID
	a := actor(k, user)
	m := b.offering(ctx, k, user, choice)
	if m != nil && b.fake.Channels.IsDMChannel(m.ChannelID) {
		a.ChannelID, a.GuildID = m.ChannelID, ""
	}
	i := b.fake.Interactions.Click(a, m, "")
	i.Type, i.Data = choice.Type, choice.Data
	return i
}

// offering is the message of table k, as the fake Discord holds it, whose
// buttons offer choice to user: the newest board, or user's live DM
// decision; nil when none does.
func (b *pgBench) offering(ctx context.Context, k int, user string, choice *discordgo.Interaction) *fakediscord.Message {
	data, ok := choice.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		return nil
	}
	tb, err := b.store.Tables().Get(ctx, benchChannel(k))
	if err != nil {
		return nil
	}
	refs := slices.Clone(tb.LiveBoards)
	if seat := tb.SeatOf(user); seat >= 0 {
		refs = append(refs, tb.Seats[seat].LiveDMs...)
	}
	for _, ref := range slices.Backward(refs) {
		m, ok := b.fake.Channels.Message(ref.Channel, ref.ID)
		if !ok {
			continue
		}
		for _, c := range fakediscord.Controls(m) {
			if c.CustomID == data.CustomID {
				return &m
			}
		}
	}
	return nil
}

// drainOutbox waits until every delivery is done, at most wait.
func (b *pgBench) drainOutbox(ctx context.Context, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		items, err := b.store.Tables().Outbox(ctx)
		if err != nil {
			return fmt.Errorf("bench: read the outbox: %w", err)
		}
		if len(items) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("bench: %d outbox items never delivered", len(items))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (b *pgBench) stopWorkers() {
	for _, w := range b.workers {
		w.stop()
	}
}

// checkReplays requires every table to equal the replay of its log, each
// version logged once.
func checkReplays(ctx context.Context, s *postgres.Store, g games.Game, tables int) error {
	var errs []error
	for k := range tables {
		tb, err := s.Tables().Get(ctx, benchChannel(k), storage.WithLog())
		if err != nil {
			return fmt.Errorf("bench: table %d: %w", k, err)
		}
		replayed, err := tb.History().Rebuild(g)
		if err != nil {
			errs = append(errs, fmt.Errorf("bench: table %d: replay its log: %w", k, err))
			continue
		}
		if data, err := replayed.MarshalJSON(); err != nil || !bytes.Equal(data, tb.State) {
			errs = append(errs, fmt.Errorf("bench: table %d: the state is not the replay of its %d log entries", k, len(tb.Log)))
		}
		seen := map[int]bool{}
		for _, e := range tb.Log {
			if seen[e.Version] {
				errs = append(errs, fmt.Errorf("bench: table %d: version %d is in the log twice", k, e.Version))
			}
			seen[e.Version] = true
		}
	}
	return errors.Join(errs...)
}

// unlimitedRate stands for "no limit": the fake counts without refusing,
// and the workers' budget never waits.
const unlimitedRate = 100000

// benchResult is one run's figures.
type benchResult struct {
	workers int
	applied int
	elapsed time.Duration
	p50     float64 // ms
	p99     float64 // ms
	// calls are the REST calls under Discord's global limit while the
	// moves were played; busiest the most in one second of the run
	// (opening the tables and the outbox's drain included), refused
	// those the fake answered 429.
	calls, busiest, refused int
	// cpu is the machine's CPU spent while playing: workers, PostgreSQL
	// and the bench (fake Discord, players).
	cpu time.Duration
	// load is the machine's load average (1 minute) when the moves were
	// played, which counts other work than the bench's too.
	load float64
}

func (r benchResult) movesPerSecond() float64 { return float64(r.applied) / r.elapsed.Seconds() }

func (r benchResult) callsPerSecond() float64 { return float64(r.calls) / r.elapsed.Seconds() }

// cpuShare is the CPU spent while playing over what the machine's cores
// could give in that time.
func (r benchResult) cpuShare() float64 {
	return r.cpu.Seconds() / r.elapsed.Seconds() / float64(runtime.NumCPU())
}

func (r benchResult) discordLine(limit int) string {
	return fmt.Sprintf("%.2f calls under the global limit per move, %.1f calls/s while playing (the workers' pace allows %s), busiest second %d, %d answered 429",
		float64(r.calls)/float64(r.applied), r.callsPerSecond(), paceWords(limit), r.busiest, r.refused)
}

// paceWords is the sustained rate the workers' budget allows.
func paceWords(limit int) string {
	if limit == 0 {
		return "any rate"
	}
	return fmt.Sprintf("%.1f/s sustained", float64(time.Second)/float64(budget.PaceFor(limit).Every))
}

// limit names what bounded the run: Discord's budget when the calls ran
// at 90% of the pace or more, else the CPU when the run used 85% of the
// cores or more, else the machine when other work kept its load average
// at the cores or above, else neither (the players: every table waits
// for its move to be carried out before the next, so latency bounds it).
func (r benchResult) limit(discordLimit int) string {
	if discordLimit > 0 {
		sustained := float64(time.Second) / float64(budget.PaceFor(discordLimit).Every)
		if share := r.callsPerSecond() / sustained; share >= 0.9 {
			return fmt.Sprintf("Discord budget (%.0f%% of the pace; CPU %.0f%% of %d cores)", 100*share, 100*r.cpuShare(), runtime.NumCPU())
		}
	}
	if share := r.cpuShare(); share >= 0.85 {
		return fmt.Sprintf("CPU (%.0f%% of %d cores)", 100*share, runtime.NumCPU())
	}
	if r.load >= float64(runtime.NumCPU()) {
		return fmt.Sprintf("the machine's other work (load average %.1f on %d cores; the bench's processes used %.0f%% of them)", r.load, runtime.NumCPU(), 100*r.cpuShare())
	}
	return fmt.Sprintf("latency (each table one move at a time; CPU %.0f%% of %d cores)", 100*r.cpuShare(), runtime.NumCPU())
}

// loadAverage is the machine's load average over the last minute (0 if
// unknown).
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var load float64
	_, _ = fmt.Sscanf(string(data), "%f", &load)
	return load
}

// discordCalls counts the calls under the global limit the fake saw.
func discordCalls(fake *fakediscord.Fake) int {
	n := 0
	for _, c := range fake.PerSecond() {
		n += c
	}
	return n
}

// busiestSecond is the most calls under the global limit in one second.
func busiestSecond(fake *fakediscord.Fake) int {
	busiest := 0
	for _, c := range fake.PerSecond() {
		busiest = max(busiest, c)
	}
	return busiest
}

// writeSweep tabulates a sweep's runs.
func writeSweep(out io.Writer, f pgBenchFlags, rows []benchResult) {
	fmt.Fprintf(out, "sweep: %d tables × %d moves of %s, images %v, Discord limit %d/s (0: none), %d cores\n",
		f.tables, f.moves, f.game, f.images, f.discordLimit, runtime.NumCPU())
	fmt.Fprintln(out, "| workers | moves/s | p50 ms | p99 ms | calls/move | calls/s | busiest s | 429s | CPU | limit |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Fprintf(out, "| %d | %.1f | %.0f | %.0f | %.2f | %.1f | %d | %d | %.0f%% | %s |\n", r.workers, r.movesPerSecond(), r.p50, r.p99,
			float64(r.calls)/float64(r.applied), r.callsPerSecond(), r.busiest, r.refused, 100*r.cpuShare(), r.limit(f.discordLimit))
	}
}

// routeShares lists the calls per move by route (every id in the path
// as ":id"), most first: those under the global limit, and apart those
// Discord exempts from it (the interactions'). A message route names
// what its message is (what: status, board, DM…).
func routeShares(reqs []fakediscord.Request, moves int, what func(channel, message string) string) (counted, exempt string) {
	count, free := map[string]int{}, map[string]int{}
	for _, req := range reqs {
		u := &neturl.URL{Path: fakediscord.APIPath + strings.TrimPrefix(req.Path, "/")}
		r, ok := budget.RouteOf(req.Method, u)
		if !ok {
			continue
		}
		key := strings.Replace(r.Key+"/", "/"+r.Major+"/", "/:id/", 1)
		key = key[:len(key)-1]
		if parts := strings.Split(strings.Trim(req.Path, "/"), "/"); len(parts) >= 3 && parts[0] == "channels" && parts[2] == "messages" {
			message := ""
			if len(parts) == 4 {
				message = parts[3]
			}
			key += " (" + what(parts[1], message) + ")"
		}
		if r.Exempt {
			free[key]++
			continue
		}
		count[key]++
	}
	return perMove(count, moves), perMove(free, moves)
}

// perMove lists count's routes, most first, each as calls per move.
func perMove(count map[string]int, moves int) string {
	routes := slices.Collect(maps.Keys(count))
	slices.SortFunc(routes, func(a, b string) int { return cmp.Or(count[b]-count[a], strings.Compare(a, b)) })
	parts := make([]string, len(routes))
	for i, k := range routes {
		parts[i] = fmt.Sprintf("%s %.2f", k, float64(count[k])/float64(moves))
	}
	return strings.Join(parts, ", ")
}

// statusMessages are the ids of the bench tables' live status messages.
func statusMessages(ctx context.Context, s *postgres.Store, tables int) (map[string]bool, error) {
	ids := map[string]bool{}
	for k := range tables {
		tb, err := s.Tables().Get(ctx, benchChannel(k))
		if err != nil {
			return nil, fmt.Errorf("bench: table %d: %w", k, err)
		}
		if tb.StatusMessageID != "" {
			ids[tb.StatusMessageID] = true
		}
	}
	return ids, nil
}
