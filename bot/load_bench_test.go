package bot_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
)

// The load: loadTables Zauberschwert tables of three players play at once
// over the HTTP interactions endpoint, loadMoves moves each; a player
// thinks between loadThink and 3·loadThink before each move (about 50
// moves a second offered in all, half of what two cores draw).
const (
	loadTables = 500
	loadMoves  = 3
	loadThink  = 5 * time.Second
	warmTables = 10 // tables that move once before the load is measured
)

// BenchmarkLoad500 plays the load once per iteration with the real
// service, bbolt store and renderer, and reports the acknowledgement's and
// the deferred answer's (board posted, reply sent) latency, and the heap
// at the start (after a few warm-up moves), at its peak during the load, and
// after it once idle. Run it with
// -benchtime=1x; it takes about half a minute.
func BenchmarkLoad500(b *testing.B) {
	for range b.N {
		runLoad(b)
	}
}

func runLoad(b *testing.B) {
	b.StopTimer()
	reg, err := games.NewRegistry(zauberschwert.New())
	if err != nil {
		b.Fatal(err)
	}
	fake := fakediscord.New(b)
	fake.Lean() // the fake's copies of the pictures are not the bot's memory
	store, err := storage.Open(filepath.Join(b.TempDir(), "load.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	seed := func() uint64 { return 20261124 }
	// Tables are opened without pictures (setup, not the load).
	setup, err := commands.NewService(commands.Deps{Games: reg, Store: store, Log: quiet(), NewSeed: seed})
	if err != nil {
		b.Fatal(err)
	}
	drv := commandstest.Driver{TB: b, Svc: setup, Store: store, Reg: reg, Game: "zauberschwert"}
	for n := range loadTables {
		drv.Open(loadChannel(n))
	}
	var img commands.Images
	if img, err = lineup.Images(reg); err != nil {
		b.Fatal(err)
	}
	if raceEnabled {
		img = newTinyImages()
	}
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: img, Log: quiet(), NewSeed: seed})
	if err != nil {
		b.Fatal(err)
	}
	drv.Svc = svc
	session, err := bot.NewSession("load-token", fake.APIURL())
	if err != nil {
		b.Fatal(err)
	}
	exec := bot.NewExecutor(session, quiet())
	var answered sync.Map // interaction id → chan struct{}
	exec.Done = func(i *discordgo.Interaction) {
		if ch, ok := answered.Load(i.ID); ok {
			close(ch.(chan struct{}))
		}
	}
	key := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{5}, ed25519.SeedSize))
	srv := httptest.NewServer(bot.InteractionsHandler(key.Public().(ed25519.PublicKey), svc, exec, time.Now))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadTables}}

	// Warm up: a few moves fill the renderer's bounded caches (glyph masks,
	// backgrounds, pixels kept for reuse), so the heap at the start is the
	// bot's working set and what the load adds is measured against it.
	for n := range warmTables {
		i, ok := drv.Move(loadChannel(n), games.NewRNG(uint64(n)))
		if !ok {
			continue
		}
		i = registered(fake, i)
		done := make(chan struct{})
		answered.Store(i.ID, done)
		if err := postInteraction(fake, client, srv.URL, key, i); err != nil {
			b.Fatal(err)
		}
		<-done
	}
	heapStart := settledHeap()
	var peak atomic.Uint64
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			select {
			case <-stopSampling:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	}()

	var mu sync.Mutex
	var acks, answers []time.Duration
	var wg sync.WaitGroup
	b.StartTimer()
	for n := range loadTables {
		wg.Go(func() {
			rng := games.NewRNG(uint64(n) + 1)
			for range loadMoves {
				time.Sleep(loadThink + time.Duration(rng.IntN(int(2*loadThink))))
				i, ok := drv.Move(loadChannel(n), rng)
				if !ok {
					return
				}
				i = registered(fake, i)
				done := make(chan struct{})
				answered.Store(i.ID, done)
				start := time.Now()
				if err := postInteraction(fake, client, srv.URL, key, i); err != nil {
					b.Error(err)
					return
				}
				ack := time.Since(start)
				<-done
				answer := time.Since(start)
				mu.Lock()
				acks, answers = append(acks, ack), append(answers, answer)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	close(stopSampling)
	<-sampled
	heapIdle := settledHeap()
	if len(answers) == 0 {
		b.Fatal("no move was answered")
	}
	for _, m := range []struct {
		unit string
		d    []time.Duration
	}{{"ack", acks}, {"answer", answers}} {
		slices.Sort(m.d)
		b.ReportMetric(quantileMS(m.d, 0.5), m.unit+"-p50-ms")
		b.ReportMetric(quantileMS(m.d, 0.99), m.unit+"-p99-ms")
	}
	b.ReportMetric(float64(len(answers)), "moves")
	b.ReportMetric(mb(heapStart), "heap-start-MB")
	b.ReportMetric(mb(max(peak.Load(), heapStart)), "heap-peak-MB")
	b.ReportMetric(mb(heapIdle), "heap-idle-MB")
}

func loadChannel(n int) string { return "load" + strconv.Itoa(n) }

// registered is i with an id and token the fake Discord knows, so that the
// bot's replies by webhook are accepted.
func registered(fake *fakediscord.Fake, i *discordgo.Interaction) *discordgo.Interaction {
	a := fakediscord.Actor{UserID: i.Member.User.ID, Username: i.Member.User.Username, ChannelID: i.ChannelID, GuildID: i.GuildID}
	r := fake.Interactions.Click(a, nil, "")
	r.Type, r.Data = i.Type, i.Data
	return r
}

// postInteraction signs and posts i through the fake Discord, which checks
// the answer, and checks the acknowledgement.
func postInteraction(fake *fakediscord.Fake, client *http.Client, url string, key ed25519.PrivateKey, i *discordgo.Interaction) error {
	body, err := json.Marshal(i)
	if err != nil {
		return err
	}
	code, ack, err := fake.Interactions.PostInteraction(context.Background(), client, url+"/interactions", key, body)
	if err != nil {
		return err
	}
	if code != http.StatusOK {
		return fmt.Errorf("interaction %s: HTTP %d %s", i.ID, code, ack)
	}
	return nil
}

// settledHeap is the heap in use after a collection, with freed memory
// handed back.
func settledHeap() uint64 {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

func quantileMS(sorted []time.Duration, q float64) float64 {
	return float64(sorted[min(len(sorted)-1, int(q*float64(len(sorted))))].Microseconds()) / 1000
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }
