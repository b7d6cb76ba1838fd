package bot_test

import (
	"bytes"
	"cmp"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games/search"
	"hash/fnv"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging/replay"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// The end-to-end tests run the real service, storage and renderer behind
// the real discordgo, against the fake Discord, through either transport.

const (
	guildID   = "700000000000000001"
	channelID = "700000000000000002"
)

// tinyImages draws every view as a small PNG whose colour depends on the
// view and the viewer. The end-to-end tests check that a picture is
// posted, where and to whom, not what it shows, and the transports cannot
// tell the difference; drawing the real boards took most of the package's
// CPU. The real renderer is exercised over whole games of every game
// through the command surface (lineup's TestPlayThroughCommands), by the
// renderers' own tests, and here by newLiveWorld's test and benchmark.
type tinyImages struct {
	enc *png.Encoder
}

// newTinyImages returns tinyImages whose PNG encoder keeps its compressor
// (over half a megabyte to allocate) from one picture to the next and does
// not compress, which would clear the compressor's tables for every picture.
func newTinyImages() tinyImages {
	return tinyImages{enc: &png.Encoder{CompressionLevel: png.NoCompression, BufferPool: &pngBuffers{}}}
}

// pngBuffers is a png.EncoderBufferPool over a sync.Pool.
type pngBuffers struct{ pool sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	buf, _ := b.pool.Get().(*png.EncoderBuffer)
	return buf
}

func (b *pngBuffers) Put(buf *png.EncoderBuffer) { b.pool.Put(buf) }

func (ti tinyImages) Board(_ string, view any, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(view, m.Viewer)
}

func (ti tinyImages) Lobby(_ string, l commands.LobbyView, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(l, m.Viewer)
}

func (ti tinyImages) Results(_ string, s []games.Standing, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(s, m.Viewer)
}

// Replay animates the tiny boards through the real replay encoder.
func (ti tinyImages) Replay(_ string, views []any, rounds []int, m commands.ImageMeta, around func(func())) ([]byte, error) {
	draw := func(view any) (image.Image, error) {
		data, err := ti.draw(view, m.Viewer)
		if err != nil {
			return nil, err
		}
		return png.Decode(bytes.NewReader(data))
	}
	res, err := replay.Encode(views, draw, nil, replay.Options{Around: around, Rounds: rounds})
	return res.GIF, err
}

// HasSeatDetail is true for the games whose real renderer draws seat
// details (imaging.SeatDetailer), so their boards offer "Look at a player"
// as they do in production.
func (ti tinyImages) HasSeatDetail(gameID string) bool {
	return gameID == "dungeon-designer" || gameID == "sorcerer-city"
}

// SeatDetail is a tiny picture of seat in public.
func (ti tinyImages) SeatDetail(_ string, public any, seat int, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(struct {
		Public any
		Seat   int
	}{public, seat}, m.Viewer)
}

func (ti tinyImages) Leaderboard(b ratings.BoardView, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(b, m.Viewer)
}

func (ti tinyImages) Profile(p ratings.ProfileView, m commands.ImageMeta) ([]byte, error) {
	return ti.draw(p, m.Viewer)
}

// draw is an 8×8 PNG of one colour, a hash of v and viewer.
func (ti tinyImages) draw(v any, viewer int) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	h := fnv.New32a()
	h.Write(data)
	sum := h.Sum32() ^ uint32(viewer)
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{uint8(sum), uint8(sum >> 8), uint8(sum >> 16), 255}}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := ti.enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// transport delivers an interaction the way Discord would and returns once
// the bot has fully carried out its result.
type transport interface {
	deliver(t testing.TB, i *discordgo.Interaction)
	// stop makes the transport take no more interactions. The function it
	// returns waits until the transport has wound down and checks how it
	// ended: a gateway's close takes discordgo another second, which a
	// restart need not wait for.
	stop(t testing.TB) (wound func())
}

// world is one bot installation: store file, service, transport.
type world struct {
	fake   *fakediscord.Fake
	dbPath string
	reg    *games.Registry
	img    commands.Images
	store  *storage.Bolt
	svc    *commands.Service
	tr     transport
	http   bool // HTTP interactions endpoint instead of the gateway
	// shards, above 1, runs that many gateway shards, each with its own
	// service over the one store, as that many processes would.
	shards int
	// clock, when set, is the service's time, moved on by the test; the
	// scheduler does not run by itself then: tick plays what is due.
	clock *clocktest.Clock
	// seed, when set, seeds the tables opened from now on in place of
	// the usual fixed seed (a table's id comes from its seed).
	seed uint64
	// synced makes every commit wait for the disk, as in production.
	// Tests do without: their restarts close the store, they never crash
	// it, and under load an fsync can take longer than the move.
	synced bool
	// memory is the booted process's memory (refused DMs, live answers), shared by
	// its transport and the scheduler's carrying (carry), as in production.
	memory bot.Memory
	// memories bounds the DMs a closed-DM user may be refused: one per
	// process booted at once (shards start together and read each other's
	// stored refusals only once a minute); a restarted process reads the
	// stored ones and is refused none.
	memories int
	// thinks gives the service a bots.Thinker, as production has: bots of
	// a strength that searches think their moves out apart in its pool;
	// without, every bot plays the game's heuristic in the change. Its
	// policies are the games' heuristics at every strength: the tests
	// follow the bots' route (which strength, thought out where), and the
	// searches are tested and measured in games/search.
	thinks  bool
	thinker *bots.Thinker
}

// newWorld is a test's world at the real time (see newWorldAt).
func newWorld(t testing.TB, overHTTP bool) *world { return newWorldAt(t, overHTTP, nil) }

// newWorldAt is a test's world whose service reads the time from clock
// (nil: the real time): tiny pictures (see tinyImages) and a store that
// does not wait for the disk.
func newWorldAt(t testing.TB, overHTTP bool, clock *clocktest.Clock) *world {
	t.Helper()
	return openWorld(t, overHTTP, clock, false)
}

// newLiveWorld is a world as production runs it: the real renderer
// (tinyImages under the race detector, which slows drawing tenfold) and a
// store that syncs every commit. For the benchmark, and for a test that
// proves the real pictures go through.
func newLiveWorld(t testing.TB, overHTTP bool) *world {
	t.Helper()
	return openWorld(t, overHTTP, nil, true)
}

func openWorld(t testing.TB, overHTTP bool, clock *clocktest.Clock, live bool) *world {
	t.Helper()
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	var img commands.Images = newTinyImages()
	if live && !raceEnabled {
		if img, err = lineup.Images(reg); err != nil {
			t.Fatal(err)
		}
	}
	w := &world{
		fake:   fakediscord.New(t),
		dbPath: filepath.Join(t.TempDir(), "tavern.db"),
		reg:    reg,
		img:    img,
		http:   overHTTP,
		clock:  clock,
		synced: live,
	}
	w.boot(t)
	t.Cleanup(func() { w.shutdown(t) })
	return w
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// boot opens the store, builds the service and connects a transport.
func (w *world) boot(t testing.TB) {
	t.Helper()
	st, err := storage.OpenWith(w.dbPath, storage.Options{NoSync: !w.synced})
	if err != nil {
		t.Fatal(err)
	}
	deps := commands.Deps{
		Games: w.reg, Store: st, Images: w.img, Log: quiet(),
		NewSeed: func() uint64 { return cmp.Or(w.seed, 20261122) },
	}
	if w.clock != nil {
		deps.Now = w.clock.Now
	}
	if w.thinks && w.thinker == nil {
		heuristic := func(g games.Game, _ search.Strength) (games.Policy, error) { return games.PolicyOf(g), nil }
		if w.thinker, err = bots.New(t.Context(), w.reg, bots.Options{Workers: 1, Policies: heuristic}); err != nil {
			t.Fatal(err)
		}
	}
	deps.Bots = w.thinker
	svc, err := commands.NewService(deps)
	if err != nil {
		t.Fatal(err)
	}
	w.store, w.svc = st, svc
	w.memory = bot.NewMemory(st.LiveAnswers(), st.DMRefusals()) // a new process remembers no refused DM; the live answers are in the store
	w.memories = max(w.memories, w.shards, 1)                   // a restarted process reads the stored refusals
	if w.shards > 1 {
		w.tr = startShards(t, w.fake, w.shards, svc, deps, w.memory)
		return
	}
	if w.http {
		w.tr = startHTTP(t, w.fake, svc, w.memory)
	} else {
		w.tr = startGateway(t, w.fake, svc, w.memory)
	}
}

// shutdown stops the transport, closes the store and waits until the
// transport has wound down.
func (w *world) shutdown(t testing.TB) { w.halt(t)() }

// halt stops the transport and closes the store; the function it returns
// waits until the transport has wound down.
func (w *world) halt(t testing.TB) (wound func()) {
	wound = func() {}
	if w.tr != nil {
		wound = w.tr.stop(t)
		w.tr = nil
	}
	if w.store != nil {
		if err := w.store.Close(); err != nil {
			t.Errorf("close store: %v", err)
		}
		w.store = nil
	}
	return wound
}

// restart throws away the service, store and connection and starts over
// from the same database file, as after a crash or a deploy. The old
// connection winds down while the test goes on; the test's end waits for it.
func (w *world) restart(t testing.TB) {
	t.Helper()
	t.Cleanup(w.halt(t))
	w.boot(t)
}

// tick plays what is due at the world's clock, as the scheduler would,
// and carries it out against the fake Discord. It returns how many tables
// changed.
func (w *world) tick(t testing.TB) int {
	t.Helper()
	return w.carry(t, w.svc.Tick(context.Background()))
}

// drawReplays draws and posts the replays staged so far, as the replay
// drawer would; it returns how many it posted.
func (w *world) drawReplays(t testing.TB) int {
	t.Helper()
	return w.carry(t, w.svc.DrawReplays(context.Background()))
}

// carry carries out results against the fake Discord, confirming each,
// and returns how many there were.
func (w *world) carry(t testing.TB, results []commands.Result) int {
	t.Helper()
	s, err := bot.NewSession("e2e-token", w.fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	exec := bot.NewExecutor(s, quiet())
	exec.Memory = w.memory
	ctx := context.Background()
	for _, res := range results {
		if err := res.Carry(ctx, exec.Run); err != nil {
			t.Fatalf("carry out a due change: %v", err)
		}
	}
	return len(results)
}

func (w *world) table(t testing.TB) *table.Table {
	t.Helper()
	tb, err := w.store.Tables().Get(context.Background(), channelID, storage.WithRecentLog(1))
	if err != nil {
		t.Fatalf("load table: %v", err)
	}
	return tb
}

func (w *world) state(t testing.TB, tb *table.Table) games.State {
	t.Helper()
	g, ok := w.reg.Get(tb.GameID)
	if !ok {
		t.Fatalf("table plays unknown game %q", tb.GameID)
	}
	st, err := tb.Load(g)
	if err != nil {
		t.Fatalf("load state: %v", err)
	}
	return st
}

// --- gateway transport ---

type gatewayTransport struct {
	fake    *fakediscord.Fake
	cancel  context.CancelFunc
	stopped chan error
	done    chan string
}

func startGateway(t testing.TB, fake *fakediscord.Fake, h commands.Interactions, mem bot.Memory) *gatewayTransport {
	return startGatewayShard(t, fake, h, 0, 1, mem)
}

// startGatewayShard connects h's gateway as shard id of count; mem is
// its process's memory.
func startGatewayShard(t testing.TB, fake *fakediscord.Fake, h commands.Interactions, id, count int, mem bot.Memory) *gatewayTransport {
	t.Helper()
	before := fake.Gateway.Live()
	g := &gatewayTransport{fake: fake, stopped: make(chan error, 1), done: make(chan string, 64)}
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	cfg := bot.GatewayConfig{Token: "e2e-token", AppID: fakediscord.AppID, GuildID: guildID, APIURL: fake.APIURL(),
		ShardID: id, ShardCount: count, Done: func(i *discordgo.Interaction) { g.done <- i.ID }, Memory: &mem}
	go func() { g.stopped <- bot.RunGateway(ctx, cfg, h, quiet()) }()
	// Closed before its first heartbeat, a session would come back (see
	// Gateway.Live).
	fake.Await(t, "gateway READY and its first heartbeat", func() bool { return fake.Gateway.Live() > before })
	return g
}

func (g *gatewayTransport) deliver(t testing.TB, i *discordgo.Interaction) {
	t.Helper()
	if err := g.fake.Gateway.SendInteraction(i); err != nil {
		t.Fatal(err)
	}
	waitDone(t, g.done, i.ID)
}

// stop cancels the gateway and returns once the fake Discord has dropped
// its connection, so that no interaction reaches it any more. discordgo's
// close then sleeps a second before RunGateway returns; wound waits for that.
func (g *gatewayTransport) stop(t testing.TB) (wound func()) {
	t.Helper()
	ready := g.fake.Gateway.Ready()
	g.cancel()
	g.fake.Await(t, "the gateway connection closed", func() bool { return g.fake.Gateway.Ready() < ready })
	return g.wound(t)
}

// wound waits for RunGateway to return, after its context was cancelled.
func (g *gatewayTransport) wound(t testing.TB) func() {
	return func() {
		if err := <-g.stopped; err != nil {
			t.Errorf("RunGateway: %v", err)
		}
	}
}

// --- HTTP interactions transport ---

type httpTransport struct {
	fake *fakediscord.Fake
	srv  *httptest.Server
	key  ed25519.PrivateKey
	done chan string
}

func startHTTP(t testing.TB, fake *fakediscord.Fake, h commands.Interactions, mem bot.Memory) *httpTransport {
	t.Helper()
	s, err := bot.NewSession("e2e-token", fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	exec := bot.NewExecutor(s, quiet())
	exec.Memory = mem
	ht := &httpTransport{fake: fake, key: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize)), done: make(chan string, 64)}
	exec.Done = func(i *discordgo.Interaction) { ht.done <- i.ID }
	ht.srv = httptest.NewServer(bot.InteractionsHandler(ht.key.Public().(ed25519.PublicKey), h, exec, time.Now))
	return ht
}

func (ht *httpTransport) deliver(t testing.TB, i *discordgo.Interaction) {
	t.Helper()
	body, err := json.Marshal(i)
	if err != nil {
		t.Fatal(err)
	}
	status, ack, err := ht.fake.Interactions.PostInteraction(context.Background(), ht.srv.Client(), ht.srv.URL+"/interactions", ht.key, body)
	if err != nil {
		t.Fatal(err)
	}
	if status != http.StatusOK {
		t.Fatalf("interaction %s: HTTP %d %s", i.ID, status, ack)
	}
	var r discordgo.InteractionResponse
	if err := json.Unmarshal(ack, &r); err != nil || r.Type == 0 {
		t.Fatalf("interaction %s: ack %s: %v", i.ID, ack, err)
	}
	waitDone(t, ht.done, i.ID)
}

func (ht *httpTransport) stop(testing.TB) (wound func()) {
	ht.srv.Close()
	return func() {}
}

// waitDone waits for the transport to finish interaction id. The deadline
// guards against a hang only.
func waitDone(t testing.TB, done <-chan string, id string) {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case got := <-done:
			if got == id {
				return
			}
		case <-timeout:
			t.Fatalf("interaction %s never finished", id)
		}
	}
}
