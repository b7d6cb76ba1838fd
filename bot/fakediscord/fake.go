// Package fakediscord is a fake Discord on loopback for tests that drive the
// real discordgo: a REST server recording every message, interaction reply,
// thread (a channel with a parent) and command registration in memory, plus
// a small gateway websocket that speaks Hello, Identify, Ready and
// heartbeats and lets a test dispatch
// INTERACTION_CREATE events. Failures Discord produces in the wild (closed
// DMs, a 500, a 429, a deleted message) can be switched on per request.
package fakediscord

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// AppID is the fake application's id; BotUserID is the bot user's.
const (
	AppID     = "900000000000000001"
	BotUserID = "900000000000000002"
	// APIPath is where the REST API is served; APIURL ends with it.
	APIPath = "/api/v10/"
)

// Attachment is a file as it arrived, decoded from the multipart body.
type Attachment struct {
	ID          string
	Name        string
	ContentType string
	Data        []byte // nil in a lean fake (see Lean)
	Size        int
}

// Message is a message as the fake stored it (channel messages, DMs,
// interaction replies).
type Message struct {
	ID              string
	ChannelID       string
	Content         string
	Components      []discordgo.MessageComponent
	Attachments     []Attachment
	AllowedMentions *discordgo.MessageAllowedMentions
	Flags           discordgo.MessageFlags
	// Edits counts the PATCHes applied since the message was created.
	Edits int
	// ButtonsCleared: the last edit only removed every component.
	ButtonsCleared bool
	// Pinned is whether the message is pinned in its channel.
	Pinned bool
	// Nonce is what the create request carried, if anything.
	Nonce string
}

// Interaction is everything the bot sent back for one interaction.
type Interaction struct {
	ID, Token string
	// Callbacks are the responses to POST .../callback (the gateway's acks).
	Callbacks []discordgo.InteractionResponse
	// Original is the deferred response after the bot edited it (nil before).
	Original *Message
	// OriginalDeleted is set when the bot removed the deferred response.
	OriginalDeleted bool
	// Followups are follow-up messages in order.
	Followups []Message
}

// Request is one REST call as the fake saw it.
type Request struct {
	Method, Path string
	Status       int
}

// Fake is a running fake Discord: the server, what it was asked (the
// REST calls, the commands registered), the failures to inject and the
// checks against the specification. Its resources are types of their own
// over its state: Channels (messages, DMs, pins, threads), Interactions
// (what a user does and what the bot answered) and Gateway. All methods
// are safe for concurrent use.
type Fake struct {
	// Channels are the channel messages, DMs, pins and threads.
	Channels *Channels
	// Interactions build what users do and hold what the bot answered.
	Interactions *Interactions
	// Gateway is the websocket the bot's shards connect to.
	Gateway *Gateway

	srv *httptest.Server
	ws  websocket.Upgrader
	// spec checks every request and interaction answer (nil: unchecked);
	// tb, when set, is the test a request the spec rejects fails.
	spec *Spec
	tb   testing.TB

	mu           sync.Mutex
	lean         bool // keep files' sizes, not their bytes
	changed      chan struct{}
	nextID       int64
	messages     map[string][]*Message // channel id → messages in order
	dmChannels   map[string]string     // user id → DM channel id
	dmUsers      map[string]string     // DM channel id → user id
	closedDMs    map[string]bool
	refusedDMs   map[string]int             // user id → DMs refused with 50007
	interactions map[string]*interactionRec // token → record
	// ephemerals are the ephemeral interaction replies by message id, and
	// by user in the order they were made, so a click on one can name it.
	ephemerals     map[string]*Message
	userEphemerals map[string][]*Message
	byID           map[string]string // interaction id → token
	commands       map[string][]*discordgo.ApplicationCommand
	failures       []*failure
	requests       []Request
	conns          []*gatewayConn
	identifies     []discordgo.Identify
	// sessionShards is the shard each gateway session identified as, so a
	// resumed session keeps its share of the events.
	sessionShards map[string]shard
	// nonces remembers enforced nonces apart from the messages, so that a
	// deleted message still blocks its nonce, as on Discord.
	nonces map[nonceKey]nonceRecord
	now    func() time.Time
	// threads are channels with a parent, by id, and their ids in the
	// order they were opened.
	threads     map[string]*Thread
	threadOrder []string
	// violations are the requests and answers the spec rejected.
	violations []string
	// globalLimit, when above 0, is the global rate limit the fake
	// enforces (EnforceGlobalLimit); perSecond counts the requests under
	// it by second of arrival, and globalLimited those answered 429.
	globalLimit   int
	perSecond     map[int64]int
	globalLimited int
}

// Channels are the fake's channel messages, DMs, pins and threads.
type Channels struct{ f *Fake }

// Interactions build the interactions users make and hold what the bot
// sent back for each.
type Interactions struct{ f *Fake }

// Gateway is the fake's gateway websocket and its sessions.
type Gateway struct{ f *Fake }

type nonceKey struct{ channelID, nonce string }

type nonceRecord struct {
	messageID string
	at        time.Time
}

type failure struct {
	method, pathContains string
	status               int
	body                 string
	header               http.Header
}

// New starts a fake Discord that checks every REST request and every
// interaction answer it sees against Discord's OpenAPI specification (see
// RequireSpec): one the specification rejects fails tb and is answered
// 400 Invalid Form Body, as Discord would. It stops when the test ends.
func New(tb testing.TB) *Fake {
	tb.Helper()
	f := start(RequireSpec(tb), tb)
	tb.Cleanup(f.Close)
	return f
}

// Start starts a fake Discord outside a test (`tavern bench` gives its
// workers one); the caller stops it with Close. It checks nothing against
// the specification: a benchmark measures the bot, not the checks.
func Start() *Fake { return start(nil, nil) }

func start(spec *Spec, tb testing.TB) *Fake {
	f := &Fake{
		spec:           spec,
		tb:             tb,
		changed:        make(chan struct{}),
		nextID:         1000,
		messages:       map[string][]*Message{},
		dmChannels:     map[string]string{},
		dmUsers:        map[string]string{},
		closedDMs:      map[string]bool{},
		refusedDMs:     map[string]int{},
		interactions:   map[string]*interactionRec{},
		ephemerals:     map[string]*Message{},
		userEphemerals: map[string][]*Message{},
		byID:           map[string]string{},
		commands:       map[string][]*discordgo.ApplicationCommand{},
		nonces:         map[nonceKey]nonceRecord{},
		now:            time.Now,
		threads:        map[string]*Thread{},
		sessionShards:  map[string]shard{},
	}
	f.Channels, f.Interactions, f.Gateway = &Channels{f}, &Interactions{f}, &Gateway{f}
	f.srv = httptest.NewServer(f.routes())
	return f
}

// Lean makes the fake keep only the names and sizes of files from now on,
// not their bytes: for load tests that measure the bot's memory in the same
// process.
func (f *Fake) Lean() {
	f.mu.Lock()
	f.lean = true
	f.mu.Unlock()
}

// Close stops the servers and drops every gateway connection.
func (f *Fake) Close() {
	f.mu.Lock()
	conns := f.conns
	f.conns = nil
	f.mu.Unlock()
	for _, c := range conns {
		c.close()
	}
	f.srv.Close()
}

// APIURL is the REST base to give bot.NewSession / GatewayConfig.APIURL.
func (f *Fake) APIURL() string { return f.srv.URL + APIPath }

// Client is an HTTP client for talking to the fake directly.
func (f *Fake) Client() *http.Client { return f.srv.Client() }

// newID returns a fresh snowflake-like id. Call with f.mu held.
func (f *Fake) newID() string {
	f.nextID++
	return strconv.FormatInt(f.nextID, 10)
}

// NewID returns a fresh id, for building interactions and channels.
func (f *Fake) NewID() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.newID()
}

// notify wakes every Await. Call with f.mu held.
func (f *Fake) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// Await blocks until cond holds, re-checking it after every change the fake
// records. It fails the test if that never happens (a hang guard, not a
// speed check).
func (f *Fake) Await(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.NewTimer(60 * time.Second)
	defer deadline.Stop()
	for {
		f.mu.Lock()
		ch := f.changed
		f.mu.Unlock()
		if cond() {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			tb.Fatalf("fakediscord: gave up waiting for %s", what)
		}
	}
}

// SetClock replaces the wall clock the fake dates messages by, so that a
// test can step past the nonce window without waiting.
func (f *Fake) SetClock(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = now
}

// FailOnce makes the next request whose method matches and whose path
// (after /api/v10) contains pathContains fail with a 500.
func (f *Fake) FailOnce(method, pathContains string) {
	f.addFailure(&failure{method: method, pathContains: pathContains, status: http.StatusInternalServerError,
		body: `{"code":0,"message":"500: Internal Server Error"}`})
}

// RateLimitOnce makes the next matching request answer 429 with the given
// Retry-After; discordgo waits and retries.
func (f *Fake) RateLimitOnce(method, pathContains string, retryAfter time.Duration) {
	secs := strconv.FormatFloat(retryAfter.Seconds(), 'f', 3, 64)
	h := http.Header{}
	h.Set("Retry-After", secs)
	f.addFailure(&failure{method: method, pathContains: pathContains, status: http.StatusTooManyRequests, header: h,
		body: `{"message":"You are being rate limited.","retry_after":` + secs + `,"global":false}`})
}

func (f *Fake) addFailure(fl *failure) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failures = append(f.failures, fl)
}

// takeFailure removes and returns the first failure matching the request.
func (f *Fake) takeFailure(method, path string) *failure {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, fl := range f.failures {
		if fl.method == method && strings.Contains(path, fl.pathContains) {
			f.failures = append(f.failures[:i], f.failures[i+1:]...)
			return fl
		}
	}
	return nil
}

// Commands returns the commands registered in guildID ("" for global).
func (f *Fake) Commands(guildID string) []*discordgo.ApplicationCommand {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), f.commands[guildID]...)
}

// CommandRegistrations counts the bulk overwrites of slash commands (PUT
// .../commands) so far, in any guild or globally.
func (f *Fake) CommandRegistrations() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, r := range f.requests {
		if r.Method == http.MethodPut && strings.HasSuffix(r.Path, "/commands") {
			n++
		}
	}
	return n
}

// Requests returns every REST call so far, in order.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests...)
}

func copyMessages(ms []*Message) []Message {
	out := make([]Message, 0, len(ms))
	for _, m := range ms {
		out = append(out, copyMessage(m))
	}
	return out
}

func copyMessage(m *Message) Message {
	c := *m
	c.Components = append([]discordgo.MessageComponent(nil), m.Components...)
	c.Attachments = append([]Attachment(nil), m.Attachments...)
	return c
}
