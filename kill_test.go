package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// The crash test runs the bot as a second process (this test binary again,
// in TestKillChild) so that it can be killed with SIGKILL. The child learns
// its configuration from these variables.
const (
	envKillChild = "TAVERN_KILL_CHILD" // the database path; set only for the child
	envKillAPI   = "TAVERN_KILL_API"
	envKillKey   = "TAVERN_KILL_KEY"
	envKillAddr  = "TAVERN_KILL_ADDR"
)

// TestKillChild is the bot process of TestCrashRecovery; run on its own it
// skips.
func TestKillChild(t *testing.T) {
	db := os.Getenv(envKillChild)
	if db == "" {
		t.Skip("the bot process of TestCrashRecovery; nothing to do on its own")
	}
	cfg := childConfig("kill-token")
	cfg.Storage.Path = db
	if err := serve(context.Background(), cfg, slog.New(slog.DiscardHandler), io.Discard); err != nil {
		t.Fatal(err)
	}
}

// childConfig is the configuration of a bot process a test starts: the
// parent's fake Discord (envKillAPI), its signing key (envKillKey) and the
// endpoint's address (envKillAddr).
func childConfig(token string) config.Config {
	cfg := config.Defaults()
	cfg.Discord.Token = token
	cfg.Discord.APIURL = os.Getenv(envKillAPI)
	cfg.Discord.ApplicationID = fakediscord.AppID
	cfg.Discord.PublicKey = os.Getenv(envKillKey)
	cfg.Interactions.Listen = os.Getenv(envKillAddr)
	return cfg
}

// crashWorld is the parent's side: the fake Discord, the signing key and
// the bot process it kills and restarts.
type crashWorld struct {
	t     *testing.T
	fake  *fakediscord.Fake
	key   ed25519.PrivateKey
	db    string
	addr  string
	child *exec.Cmd
	rng   *games.RNG
}

// start runs a bot process and waits until it answers PING.
func (w *crashWorld) start() {
	w.t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$")
	cmd.Env = append(os.Environ(), envKillChild+"="+w.db, envKillAPI+"="+w.fake.APIURL(),
		envKillKey+"="+hex.EncodeToString(w.key.Public().(ed25519.PublicKey)), envKillAddr+"="+w.addr)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.child = cmd
	deadline := time.Now().Add(60 * time.Second)
	for {
		if code, _ := w.post([]byte(`{"type":1}`)); code == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			w.t.Fatal("the bot process never answered PING")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill ends the bot process with SIGKILL.
func (w *crashWorld) kill() {
	if w.child == nil {
		return
	}
	_ = w.child.Process.Kill()
	_ = w.child.Wait()
	w.child = nil
}

// post signs and sends an interaction body; a request cut off by a kill
// returns 0.
func (w *crashWorld) post(body []byte) (int, string) {
	code, answer, err := w.fake.Interactions.PostInteraction(context.Background(), &http.Client{Timeout: 30 * time.Second}, "http://"+w.addr+"/interactions", w.key, body)
	if err != nil {
		return 0, err.Error()
	}
	return code, string(answer)
}

func (w *crashWorld) send(i *discordgo.Interaction) int {
	code, _ := w.sendBody(i)
	return code
}

func (w *crashWorld) sendBody(i *discordgo.Interaction) (int, string) {
	data, err := json.Marshal(i)
	if err != nil {
		panic(err) // an interaction the fake built always encodes
	}
	return w.post(data)
}

var crashPlayers = []fakediscord.Actor{
	{UserID: "810000000000000001", Username: "ann", ChannelID: "710000000000000002", GuildID: "710000000000000001", Locale: discordgo.EnglishUS},
	{UserID: "810000000000000002", Username: "bo", ChannelID: "710000000000000002", GuildID: "710000000000000001", Locale: discordgo.German},
	{UserID: "810000000000000003", Username: "cy", ChannelID: "710000000000000002", GuildID: "710000000000000001", Locale: discordgo.EnglishUS},
}

const crashChannel = "710000000000000002"

// ended reports the final standings in the channel.
func (w *crashWorld) ended() bool {
	for _, m := range w.fake.Channels.Messages(crashChannel) {
		for _, a := range m.Attachments {
			if a.Name == "results.png" {
				return true
			}
		}
	}
	return false
}

// candidate is a control a player could use now.
type candidate struct {
	who int
	msg fakediscord.Message
	c   fakediscord.Control
}

// candidates are the controls on messages that carry them: the channel's
// (for every player) and each player's DMs (for that player).
func (w *crashWorld) candidates() []candidate {
	var out []candidate
	for _, m := range w.fake.Channels.Messages(crashChannel) {
		for _, c := range fakediscord.Controls(m) {
			for who, p := range crashPlayers {
				// A board mentions whom it waits for; others' clicks
				// would only be refused.
				if am := m.AllowedMentions; am != nil && len(am.Users) > 0 && !slices.Contains(am.Users, p.UserID) {
					continue
				}
				out = append(out, candidate{who, m, c})
			}
		}
	}
	for who, p := range crashPlayers {
		for _, m := range w.fake.Channels.DMs(p.UserID) {
			for _, c := range fakediscord.Controls(m) {
				out = append(out, candidate{who, m, c})
			}
		}
	}
	return out
}

// click uses c as its player would: a button is pressed, a select gets
// one of its options.
func (w *crashWorld) click(c candidate) *discordgo.Interaction {
	a := crashPlayers[c.who]
	if c.msg.ChannelID != crashChannel {
		a.GuildID, a.ChannelID = "", c.msg.ChannelID
	}
	m := c.msg
	if c.c.Select {
		opt := c.c.Options[w.rng.IntN(len(c.c.Options))]
		return w.fake.Interactions.Select(a, &m, c.c.CustomID, opt.Value)
	}
	return w.fake.Interactions.Click(a, &m, c.c.CustomID)
}

// stored reads the channel's table while no bot process holds the file.
func (w *crashWorld) stored() *table.Table {
	w.t.Helper()
	st, err := storage.Open(w.db)
	if err != nil {
		w.t.Fatal(err)
	}
	defer st.Close()
	tb, err := st.Tables().Get(context.Background(), crashChannel, storage.WithLog())
	if err != nil {
		w.t.Fatal(err)
	}
	return tb
}

// answerable reports whether the fake Discord shows seat's player a
// control made at or after the seat's current decision began.
func (w *crashWorld) answerable(tb *table.Table, seat int) bool {
	user := tb.Seats[seat].UserID
	msgs := append(w.fake.Channels.Messages(crashChannel), w.fake.Channels.DMs(user)...)
	for _, m := range msgs {
		for _, c := range fakediscord.Controls(m) {
			id, err := commands.ParseCustomID(c.CustomID)
			if err == nil && id.Table == tb.ID && id.Version >= tb.Seats[seat].PromptVersion {
				return true
			}
		}
	}
	return false
}

// TestCrashRecovery plays a three-player Zauberschwert game over the HTTP
// endpoint against a bot process that is killed with SIGKILL 20 times at
// random moments (right after an interaction is sent, while it is handled,
// or idle). After every restart each player with a pending decision must
// find a message to answer it; at the end every committed move's board
// has been posted exactly once.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("kills and restarts the bot process 20 times: skipped in -short and under -race (a race-instrumented bot process is too slow; the same code runs under -race in the other end-to-end tests)")
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("TAVERN_CRASH_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	t.Logf("seed %d (TAVERN_CRASH_SEED reproduces it)", seed)
	_, priv, addr := endpointKeyAndAddr(t)
	w := &crashWorld{t: t, fake: fakediscord.New(t), key: priv, db: filepath.Join(t.TempDir(), "tavern.db"), addr: addr, rng: games.NewRNG(seed)}
	t.Cleanup(w.kill)
	w.start()

	// The lobby, without kills: a table to crash.
	ann := crashPlayers[0]
	if code, body := w.sendBody(w.fake.Interactions.Command(ann, "game", fakediscord.SubCommand("new", fakediscord.StringOpt("game", "zauberschwert")))); code != 200 {
		t.Fatalf("/game new: HTTP %d %s", code, body)
	}
	lobbyClick := func(who int, kind commands.Kind) {
		t.Helper()
		w.fake.Await(t, "the lobby's "+string(kind)+" button", func() bool {
			for _, c := range w.candidates() {
				if id, err := commands.ParseCustomID(c.c.CustomID); err == nil && id.Kind == kind {
					return true
				}
			}
			return false
		})
		for _, c := range w.candidates() {
			if id, err := commands.ParseCustomID(c.c.CustomID); err == nil && id.Kind == kind && c.msg.ChannelID == crashChannel {
				c.who = who
				w.send(w.click(c))
				return
			}
		}
	}
	// Each lobby step waits for the lobby to show it, as people would: the
	// lobby's messages are not in the outbox, and their edits could pass
	// each other (a known limit).
	shown := func(what string) {
		w.fake.Await(t, what, func() bool {
			for _, m := range w.fake.Channels.Messages(crashChannel) {
				if strings.Contains(m.Content, what) {
					return true
				}
			}
			return false
		})
	}
	lobbyClick(1, commands.KindJoin)
	shown("bo")
	lobbyClick(2, commands.KindJoin)
	shown("cy")
	lobbyClick(0, commands.KindStart)
	shown("Seat order: ann, bo, cy")

	kills, sent := 0, 0
	codes := map[int]int{}
	for step := 0; ; step++ {
		if step > 20000 {
			w.kill()
			tb := w.stored()
			t.Fatalf("the game did not end: %d kills, HTTP answers %v, table at move %d, status %s", kills, codes, tb.Moves, tb.Status)
		}
		if kills < 20 && w.rng.IntN(6) == 0 {
			// Kill while something may be under way: right after a click,
			// a moment later, or when all is quiet.
			if c := w.candidates(); len(c) > 0 && w.rng.IntN(3) > 0 {
				i := w.click(c[w.rng.IntN(len(c))])
				go w.send(i)
				time.Sleep(time.Duration(w.rng.IntN(40)) * time.Millisecond)
			}
			w.kill()
			kills++
			tb := w.stored()
			w.start()
			if tb.Status != table.StatusPlaying {
				break
			}
			w.checkAnswerable(tb)
			continue
		}
		if w.ended() {
			break
		}
		c := w.candidates()
		if len(c) == 0 {
			time.Sleep(20 * time.Millisecond) // the bot is still posting
			continue
		}
		codes[w.send(w.click(c[w.rng.IntN(len(c))]))]++
		sent++
	}
	w.kill()
	tb := w.stored()
	if tb.Status != table.StatusOver {
		t.Fatalf("table ended as %s", tb.Status)
	}
	t.Logf("%d interactions, %d kills, %d moves", sent, kills, tb.Moves)
	if kills < 20 {
		t.Fatalf("the game ended after %d kills, want 20", kills)
	}
	w.checkBoards(tb)
}

// checkAnswerable waits (a bounded while: the outbox delivers at start-up)
// until every seat with a pending decision in tb can answer it.
func (w *crashWorld) checkAnswerable(tb *table.Table) {
	w.t.Helper()
	var waiting []int
	for seat := range tb.Seats {
		if tb.Seats[seat].PromptVersion > 0 && !tb.Seats[seat].PromptSince.IsZero() {
			waiting = append(waiting, seat)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, seat := range waiting {
		for !w.answerable(tb, seat) {
			if time.Now().After(deadline) {
				w.t.Fatalf("after a restart %s has nothing to answer the decision of version %d with", tb.Seats[seat].Name, tb.Seats[seat].PromptVersion)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// checkBoards: every board was posted once (no two share a nonce's table
// and version), and every committed move of the log is told by a board:
// its own, or the next board after it, which tells the moves whose boards
// queued behind it (outbox.Coalesce: a table whose boards are behind posts
// only its newest).
func (w *crashWorld) checkBoards(tb *table.Table) { w.checkBoardsIn(crashChannel, tb, nil) }

// checkBoardsIn is checkBoards for the table of channel; entries skip
// reports are not required to have a board of their own (a bot's moves,
// told together on the board of the scheduler's change).
func (w *crashWorld) checkBoardsIn(channel string, tb *table.Table, skip func(table.Entry) bool) {
	w.t.Helper()
	boards := map[string]int{} // nonce prefix "table.version" → board posts
	var versions []int         // the versions boards were posted for
	for _, m := range w.fake.Channels.Messages(channel) {
		for _, a := range m.Attachments {
			if a.Name != "board.png" {
				continue
			}
			key := noncePrefix(m.Nonce)
			boards[key]++
			if v, ok := strings.CutPrefix(key, tb.ID+"."); ok {
				if n, err := strconv.ParseInt(v, 36, 64); err == nil {
					versions = append(versions, int(n))
				}
			}
		}
	}
	for key, n := range boards {
		if n != 1 {
			w.t.Errorf("%d boards posted for %s, want 1", n, key)
		}
	}
	reg, err := registry()
	if err != nil {
		w.t.Fatal(err)
	}
	words := reg.Catalog(commands.CoreCatalog())
	for _, e := range tb.Log {
		if e.Uncommitted || (skip != nil && skip(e)) || boards[tb.ID+"."+strconv.FormatInt(int64(e.Version), 36)] > 0 {
			continue
		}
		// No board of its own: a board posted for several changes tells
		// it. That is the next board, or the one before when that one was
		// posted for a burst the move belongs to: a board carried out for
		// changes that queued takes the nonce of the oldest board among
		// them (outbox.Coalesce), so its nonce names an older version.
		prev, next := -1, -1
		for _, v := range versions {
			if v > e.Version && (next < 0 || v < next) {
				next = v
			}
			if v < e.Version && v > prev {
				prev = v
			}
		}
		if next < 0 && prev < 0 {
			w.t.Errorf("the move to version %d has no board, and no board tells it", e.Version)
			continue
		}
		tells := func(v int) (string, bool) {
			if v < 0 {
				return "", false
			}
			board := boardContent(w.fake.Channels.Messages(channel), tb.ID+"."+strconv.FormatInt(int64(v), 36))
			for _, ev := range e.Events {
				said := words.LocalizeNames(tb.Lang, ev, tb.Names())
				if said != "" && !strings.Contains(board, said) && !strings.HasPrefix(board, "…") {
					return board, false
				}
			}
			return board, true
		}
		after, ok := tells(next)
		if ok {
			continue
		}
		if _, ok := tells(prev); !ok {
			w.t.Errorf("the move to version %d has no board, and neither the board before (version %d) nor the next one (version %d) tells its events %v: %q",
				e.Version, prev, next, e.Events, after)
		}
	}
}

// boardContent is the text of the board posted under the nonce prefix key.
func boardContent(ms []fakediscord.Message, key string) string {
	for _, m := range ms {
		if noncePrefix(m.Nonce) == key && hasBoard(m) {
			return m.Content
		}
	}
	return ""
}

// hasBoard reports whether m carries a board picture.
func hasBoard(m fakediscord.Message) bool {
	return slices.ContainsFunc(m.Attachments, func(a fakediscord.Attachment) bool { return a.Name == "board.png" })
}

// noncePrefix is "table.version" of a nonce "table.version.position".
func noncePrefix(nonce string) string {
	if i := strings.LastIndexByte(nonce, '.'); i > 0 {
		return nonce[:i]
	}
	return nonce
}
