package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/table"
)

// The scale-out test runs several workers (this test binary again, in
// TestScaleWorker) over one PostgreSQL database, behind a round-robin
// front, and kills them with SIGKILL. A worker learns its configuration
// from these variables and envKillAPI, envKillKey, envKillAddr.
const envScaleChild = "TAVERN_SCALE_CHILD" // the database URL; set only for a worker

// TestScaleWorker is a worker process of TestScaleOut; run on its own it
// skips.
func TestScaleWorker(t *testing.T) {
	url := os.Getenv(envScaleChild)
	if url == "" {
		t.Skip("a worker process of TestScaleOut; nothing to do on its own")
	}
	cfg := childConfig("scale-token")
	cfg.Storage.Backend, cfg.Storage.URL = config.BackendPostgres, url
	if err := serve(context.Background(), cfg, slog.New(slog.DiscardHandler), io.Discard); err != nil {
		t.Fatal(err)
	}
}

// scaleWorld is the parent's side: the fake Discord, the workers, and the
// front that hands each interaction to the next live worker.
type scaleWorld struct {
	t       *testing.T
	fake    *fakediscord.Fake
	key     ed25519.PrivateKey
	url     string
	addrs   []string
	mu      sync.Mutex
	workers []*exec.Cmd
	next    atomic.Int64
}

// start runs worker i and waits until it answers PING.
func (w *scaleWorld) start(i int) {
	w.t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestScaleWorker$")
	cmd.Env = append(os.Environ(), envScaleChild+"="+w.url, envKillAPI+"="+w.fake.APIURL(),
		envKillKey+"="+hex.EncodeToString(w.key.Public().(ed25519.PublicKey)), envKillAddr+"="+w.addrs[i])
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.mu.Lock()
	w.workers[i] = cmd
	w.mu.Unlock()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if code, _ := w.postTo(w.addrs[i], []byte(`{"type":1}`)); code == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			w.t.Fatalf("worker %d never answered PING", i)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill ends worker i with SIGKILL.
func (w *scaleWorld) kill(i int) {
	w.mu.Lock()
	cmd := w.workers[i]
	w.workers[i] = nil
	w.mu.Unlock()
	if cmd != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
}

// post is the front: round robin, and a worker that refuses the
// connection is skipped (as the Caddyfile of compose.yaml does).
func (w *scaleWorld) post(body []byte) int {
	first := int(w.next.Add(1))
	for k := range len(w.addrs) {
		code, err := w.postTo(w.addrs[(first+k)%len(w.addrs)], body)
		if err == nil {
			return code
		}
	}
	return 0
}

func (w *scaleWorld) postTo(addr string, body []byte) (int, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(w.key, append([]byte(ts), body...))))
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.ReadAll(resp.Body)
	return resp.StatusCode, nil
}

func (w *scaleWorld) send(i *discordgo.Interaction) int {
	data, err := json.Marshal(i)
	if err != nil {
		panic(err) // an interaction the fake built always encodes
	}
	return w.post(data)
}

// scaleTable is one channel's table and its two players (a bot takes the
// third seat, so the workers' schedulers play too).
type scaleTable struct {
	channel string
	players []fakediscord.Actor
}

func newScaleTable(k int) scaleTable {
	ch := fmt.Sprintf("72%016d", k)
	st := scaleTable{channel: ch}
	for p, name := range []string{"ann", "bo"} {
		locale := discordgo.EnglishUS
		if p == 1 {
			locale = discordgo.German
		}
		st.players = append(st.players, fakediscord.Actor{UserID: fmt.Sprintf("82%014d%02d", k, p), Username: fmt.Sprintf("%s%d", name, k),
			ChannelID: ch, GuildID: "720000000000000001", Locale: locale})
	}
	return st
}

// moves are the controls of st that answer a decision: a player clicks
// only those (a hand or a step back would not end the game sooner).
func (w *scaleWorld) moves(st scaleTable) []candidate {
	var out []candidate
	for _, c := range w.controls(st) {
		id, err := commands.ParseCustomID(c.c.CustomID)
		if err == nil && (id.Kind == commands.KindMove || id.Kind == commands.KindMoveSelect || id.Kind == commands.KindGroup) {
			out = append(out, c)
		}
	}
	return out
}

// hands asks each player of st for their hand (/game hand) and returns
// the controls of the answers.
func (w *scaleWorld) hands(st scaleTable) []candidate {
	var out []candidate
	for who, p := range st.players {
		i := w.fake.Command(p, "game", fakediscord.SubCommand("hand"))
		w.send(i)
		for wait := time.Now(); time.Since(wait) < 3*time.Second && len(w.fake.Replies(i.ID)) == 0; {
			time.Sleep(10 * time.Millisecond)
		}
		for _, m := range w.fake.Replies(i.ID) {
			if m.ChannelID == "" {
				m.ChannelID = st.channel // an answer only the player sees, in the channel
			}
			for _, c := range fakediscord.Controls(m) {
				if id, err := commands.ParseCustomID(c.CustomID); err == nil && (id.Kind == commands.KindMove || id.Kind == commands.KindMoveSelect || id.Kind == commands.KindGroup) {
					out = append(out, candidate{who, m, c})
				}
			}
		}
	}
	return out
}

// signature tells one set of controls from another.
func signature(cs []candidate) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.msg.ID + c.c.CustomID + "|")
	}
	return b.String()
}

// controls are the controls a player of st could use now: the channel's
// (for a board, only the players it mentions) and each player's DMs.
func (w *scaleWorld) controls(st scaleTable) []candidate {
	var out []candidate
	for _, m := range w.fake.Messages(st.channel) {
		for _, c := range fakediscord.Controls(m) {
			for who, p := range st.players {
				if am := m.AllowedMentions; am != nil && len(am.Users) > 0 && !slices.Contains(am.Users, p.UserID) {
					continue
				}
				out = append(out, candidate{who, m, c})
			}
		}
	}
	for who, p := range st.players {
		for _, m := range w.fake.DMs(p.UserID) {
			for _, c := range fakediscord.Controls(m) {
				out = append(out, candidate{who, m, c})
			}
		}
	}
	return out
}

// use sends c as its player would.
func (w *scaleWorld) use(st scaleTable, c candidate, rng *games.RNG) int {
	a := st.players[c.who]
	if c.msg.ChannelID != st.channel {
		a.GuildID, a.ChannelID = "", c.msg.ChannelID
	}
	m := c.msg
	if c.c.Select {
		return w.send(w.fake.Select(a, &m, c.c.CustomID, c.c.Options[rng.IntN(len(c.c.Options))].Value))
	}
	return w.send(w.fake.Click(a, &m, c.c.CustomID))
}

// lobby opens st's table, seats the second player and a bot, and starts
// it, each step once the lobby shows the one before.
func (w *scaleWorld) lobby(st scaleTable, rng *games.RNG) {
	t := w.t
	host := st.players[0]
	w.send(w.fake.Command(host, "game", fakediscord.SubCommand("new", fakediscord.StringOpt("game", "zauberschwert"))))
	shows := func(text string) bool {
		for _, m := range w.fake.Messages(st.channel) {
			if strings.Contains(m.Content, text) {
				return true
			}
		}
		return false
	}
	// press uses the lobby's button until the lobby shows then: a click
	// that reached a worker as it was killed is lost, and clicked again.
	press := func(who int, kind commands.Kind, then string) {
		t.Helper()
		var last time.Time
		w.fake.Await(t, st.channel+": "+then, func() bool {
			if shows(then) {
				return true
			}
			if time.Since(last) < 2*time.Second {
				return false
			}
			for _, c := range w.controls(st) {
				if id, err := commands.ParseCustomID(c.c.CustomID); err == nil && id.Kind == kind && c.msg.ChannelID == st.channel {
					c.who = who
					w.use(st, c, rng)
					last = time.Now()
					break
				}
			}
			return false
		})
	}
	press(1, commands.KindJoin, st.players[1].Username)
	press(0, commands.KindAddBot, "Bot")
	press(0, commands.KindStart, "Seat order:")
}

// ended reports st's final standings in its channel.
func (w *scaleWorld) ended(st scaleTable) bool {
	for _, m := range w.fake.Messages(st.channel) {
		for _, a := range m.Attachments {
			if a.Name == "results.png" {
				return true
			}
		}
	}
	return false
}

// TestScaleOut plays tables concurrently through three worker processes
// over one PostgreSQL database: one worker is killed with SIGKILL and
// restarted twice, and PostgreSQL is restarted once, while people click.
// Afterwards every table is over, its state equals the replay of its log,
// its versions are each in the log once, every committed move's board was
// posted exactly once, and nothing is left in the outbox.
func TestScaleOut(t *testing.T) {
	if os.Getenv("TAVERN_SCALE") == "" || testing.Short() || raceEnabled {
		t.Skip("three worker processes play whole games for minutes: run with TAVERN_SCALE=1 (not under -short or -race)")
	}
	c := pgtest.Require(t)
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("TAVERN_SCALE_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (TAVERN_SCALE_SEED reproduces the players' choices)", seed)
	tables := 4
	if s := os.Getenv("TAVERN_SCALE_TABLES"); s != "" {
		tables, _ = strconv.Atoi(s)
	}
	_, priv, _ := endpointKeyAndAddr(t)
	w := &scaleWorld{t: t, fake: fakediscord.New(t), key: priv, url: c.NewDatabase(t), workers: make([]*exec.Cmd, 3)}
	for range 3 {
		_, _, addr := endpointKeyAndAddr(t)
		w.addrs = append(w.addrs, addr)
	}
	t.Cleanup(func() {
		for i := range w.workers {
			w.kill(i)
		}
	})
	for i := range w.workers {
		w.start(i)
	}
	var sts []scaleTable
	for k := range tables {
		sts = append(sts, newScaleTable(k))
	}
	start := time.Now()
	var (
		wg    sync.WaitGroup
		hands atomic.Int64
		sent  atomic.Int64
		codes sync.Map
	)
	var lobbies sync.WaitGroup
	for k, st := range sts {
		lobbies.Add(1)
		go func() {
			defer lobbies.Done()
			w.lobby(st, games.NewRNG(seed+uint64(k)))
		}()
	}
	lobbies.Wait()
	if t.Failed() {
		return
	}
	t.Logf("%d tables started in %v", tables, time.Since(start).Round(time.Millisecond))
	for k, st := range sts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := games.NewRNG(seed + uint64(k) + 1<<32)
			progress := time.Now()
			for !w.ended(st) {
				if time.Since(start) > 20*time.Minute {
					t.Errorf("%s: the game did not end", st.channel)
					return
				}
				cs := w.moves(st)
				if len(cs) == 0 || time.Since(progress) > 5*time.Second {
					// Nothing to click for a while: a worker may still be
					// posting, a bot still playing, or a message's edits
					// passed each other across workers; people then ask
					// for their hand, whose answer carries the controls.
					if time.Since(progress) > 5*time.Second {
						cs = append(cs, w.hands(st)...)
						hands.Add(1)
						progress = time.Now()
					}
					if len(cs) == 0 {
						time.Sleep(20 * time.Millisecond)
						continue
					}
				}
				before := signature(cs)
				pick := cs[rng.IntN(len(cs))]
				code := w.use(st, pick, rng)
				// Like a person, wait for the answer before clicking again
				// (a click lost with a killed worker is clicked anew).
				wait := time.Now()
				for time.Since(wait) < 5*time.Second && signature(w.moves(st)) == before {
					time.Sleep(10 * time.Millisecond)
				}
				if signature(w.moves(st)) != before {
					progress = time.Now()
				}
				n, _ := codes.LoadOrStore(code, new(atomic.Int64))
				n.(*atomic.Int64).Add(1)
				sent.Add(1)
			}
		}()
	}
	// The faults, while the tables play.
	faults := []struct {
		after int64
		what  string
		do    func()
	}{
		{30, "kill worker 1", func() { w.kill(1); time.Sleep(500 * time.Millisecond); w.start(1) }},
		{80, "restart PostgreSQL", func() {
			if err := c.Restart(); err != nil {
				t.Error(err)
			}
		}},
		{130, "kill worker 1 again", func() { w.kill(1); time.Sleep(500 * time.Millisecond); w.start(1) }},
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for _, f := range faults {
		for sent.Load() < f.after {
			select {
			case <-done:
				t.Fatalf("the games ended after %d interactions, before %q", sent.Load(), f.what)
			case <-time.After(10 * time.Millisecond):
			}
		}
		t.Logf("%s after %d interactions", f.what, sent.Load())
		f.do()
	}
	<-done
	var answers []string
	codes.Range(func(k, v any) bool {
		answers = append(answers, fmt.Sprintf("%v: %d", k, v.(*atomic.Int64).Load()))
		return true
	})
	t.Logf("%d tables, %d interactions in %v (%d times a player asked for their hand); HTTP answers %v", tables, sent.Load(), time.Since(start).Round(time.Millisecond), hands.Load(), answers)
	if t.Failed() {
		return
	}
	w.checkStored(sts)
}

// checkStored waits until the outbox is empty (a killed worker's deliveries
// are claimed by the others), then checks every table and its boards.
func (w *scaleWorld) checkStored(sts []scaleTable) {
	t := w.t
	ctx := context.Background()
	s, err := postgres.Open(ctx, postgres.Options{URL: w.url})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		items, err := s.Outbox(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d outbox items never delivered", len(items))
		}
		time.Sleep(200 * time.Millisecond)
	}
	reg, err := registry()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Get("zauberschwert")
	for _, st := range sts {
		tb, err := s.Get(ctx, st.channel, storage.WithLog())
		if err != nil {
			t.Fatal(err)
		}
		if tb.Status != table.StatusOver {
			t.Errorf("%s: the table is %s", st.channel, tb.Status)
			continue
		}
		replayed, err := tb.Rebuild(g)
		if err != nil {
			t.Errorf("%s: replay the log: %v", st.channel, err)
			continue
		}
		if data, _ := replayed.MarshalJSON(); !bytes.Equal(data, tb.State) {
			t.Errorf("%s: the state is not the replay of its %d log entries", st.channel, len(tb.Log))
		}
		seen := map[int]bool{}
		for _, e := range tb.Log {
			if seen[e.Version] {
				t.Errorf("%s: version %d is in the log twice", st.channel, e.Version)
			}
			seen[e.Version] = true
		}
		byBot := func(e table.Entry) bool { return e.Seat >= 0 && e.Seat < len(tb.Seats) && tb.Seats[e.Seat].Bot }
		(&crashWorld{t: t, fake: w.fake}).checkBoardsIn(st.channel, tb, byBot)
	}
}
