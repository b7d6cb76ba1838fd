package postgres_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// proxy stands between the store and the server: cut drops every
// connection and refuses new ones (the network to the database is down),
// heal listens again on the same port.
type proxy struct {
	t      *testing.T
	target string
	addr   string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
	// trap, when set, acts on the next client packet holding a pipelined
	// COMMIT (an Update's writes): the connection is dropped after the
	// server got it (trapAfter) or before (trapBefore).
	trap trapMode
}

type trapMode int

const (
	trapNone   trapMode = iota
	trapAfter           // the server commits; the client never hears of it
	trapBefore          // the server never sees the COMMIT
)

// pipelinedCommit is how the COMMIT an Update pipelines with its writes
// shows in the wire protocol when statements are sent with their text
// (default_query_exec_mode=exec): a Parse message's query, NUL-ended.
var pipelinedCommit = []byte("COMMIT\x00")

func newProxy(t *testing.T, target string) *proxy {
	p := &proxy{t: t, target: target}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.cut)
	return p
}

func (p *proxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			var mute atomic.Bool // the server's answers no longer reach the client
			go func() { p.forward(s, c, &mute); s.Close(); c.Close() }()
			go func() { _, _ = io.Copy(c, muted{s, &mute}); c.Close() }()
		}
	}()
}

// muted reads a server's answers until mute is set.
type muted struct {
	r    io.Reader
	mute *atomic.Bool
}

func (m muted) Read(b []byte) (int, error) {
	n, err := m.r.Read(b)
	if m.mute.Load() {
		return 0, io.EOF
	}
	return n, err
}

// forward copies the client's packets to the server, springing the trap.
func (p *proxy) forward(server, client net.Conn, mute *atomic.Bool) {
	buf := make([]byte, 64<<10)
	for {
		n, err := client.Read(buf)
		if err != nil {
			return
		}
		p.mu.Lock()
		trap := p.trap
		if trap != trapNone && bytes.Contains(buf[:n], pipelinedCommit) {
			p.trap = trapNone
		} else {
			trap = trapNone
		}
		p.mu.Unlock()
		if trap != trapNone {
			mute.Store(true)
		}
		if trap == trapBefore {
			return
		}
		if _, err := server.Write(buf[:n]); err != nil {
			return
		}
		if trap == trapAfter {
			time.Sleep(200 * time.Millisecond) // the server commits meanwhile
			return
		}
	}
}

// sprung reports that the trap armed last has acted.
func (p *proxy) sprung() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.trap == trapNone
}

// arm sets the trap for the next pipelined COMMIT.
func (p *proxy) arm(m trapMode) {
	p.mu.Lock()
	p.trap = m
	p.mu.Unlock()
}

func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *proxy) heal() {
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.serve(ln)
}

// throughProxy is url with its host and port replaced by p's.
func throughProxy(c *pgtest.Cluster, url string, p *proxy) string {
	return strings.Replace(url, fmt.Sprintf("127.0.0.1:%d", c.Port()), p.addr, 1)
}

// proxiedTable opens a store (o, with a URL through a proxy and params
// appended) on a fresh database holding table t1 in c1 with two moves.
func proxiedTable(t *testing.T, params string, o postgres.Options) (*pgtest.Cluster, string, *proxy, *postgres.Store) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	p := newProxy(t, fmt.Sprintf("127.0.0.1:%d", c.Port()))
	o.URL = throughProxy(c, url, p) + params
	s, err := postgres.Open(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 2)
	return c, url, p, s
}

// TestNetworkDrops: while the database cannot be reached a call retries for
// RetryFor and then fails with storage.ErrUnavailable, changing nothing;
// a drop shorter than RetryFor is ridden out; the game goes on afterwards.
func TestNetworkDrops(t *testing.T) {
	c, url, p, s := proxiedTable(t, "", postgres.Options{RetryFor: 600 * time.Millisecond, ConnectTimeout: 300 * time.Millisecond})

	p.cut()
	start := time.Now()
	ran := false
	err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error { ran = true; tb.Version++; return nil })
	if !errors.Is(err, storage.ErrUnavailable) || ran {
		t.Fatalf("update while cut off: %v (fn ran: %v), want ErrUnavailable before fn", err, ran)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the failing update took %v, more than the 3 seconds an interaction may wait allow", took)
	}
	if _, err := s.Tables().Get(ctx, "c1"); !errors.Is(err, storage.ErrUnavailable) {
		t.Errorf("get while cut off: %v", err)
	}

	// A drop shorter than RetryFor: the call waits and succeeds.
	go func() { time.Sleep(300 * time.Millisecond); p.heal() }() // Open waits for the database too
	patient, err := postgres.Open(ctx, postgres.Options{URL: throughProxy(c, url, p), RetryFor: 20 * time.Second, ConnectTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer patient.Close()
	p.cut()
	go func() { time.Sleep(300 * time.Millisecond); p.heal() }()
	storetest.AppendMoves(t, patient, "c1", 1)
	got, err := s.Tables().Get(ctx, "c1", storage.WithLog())
	if err != nil || got.Version != 3 || got.Moves != 3 || len(got.Log) != 3 {
		t.Fatalf("after the drop: %+v, %v; want version 3 with 3 moves (the refused update changed nothing)", got, err)
	}
}

// TestServerRestart: PostgreSQL restarting cuts every pooled connection;
// the next calls reconnect and nothing is lost.
func TestServerRestart(t *testing.T) {
	c := pgtest.Require(t)
	s := open(t, c.NewDatabase(t))
	if err := s.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 3)
	if err := c.Restart(); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 2)
	got, err := s.Tables().Get(ctx, "c1", storage.WithLog())
	if err != nil || got.Moves != 5 || len(got.Log) != 5 {
		t.Fatalf("after a restart: %+v, %v", got, err)
	}
}

// TestOpenUnreachable: Open waits OpenWait for a database that does not
// answer, then fails with ErrUnavailable, without the URL's password.
func TestOpenUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nobody listens there now
	_, err = postgres.Open(ctx, postgres.Options{URL: "postgres://tavern:hunter2@" + addr + "/x", OpenWait: 300 * time.Millisecond})
	if !errors.Is(err, storage.ErrUnavailable) || strings.Contains(err.Error(), "hunter2") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("open of a closed port: %v", err)
	}
	if _, err := postgres.Open(ctx, postgres.Options{URL: "postgres://tavern:hunter2@host:port:x/db"}); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("open of a malformed URL: %v", err)
	}
}

// TestLostCommit: when the connection drops while a move's writes and
// COMMIT are on their way, the store finds out on another connection
// whether the server committed: a committed move is reported as done,
// with its outbox keys (so its messages are delivered), not as "try
// again"; one the server never saw is reported as unavailable and
// changed nothing.
func TestLostCommit(t *testing.T) {
	_, _, p, s := proxiedTable(t, "&default_query_exec_mode=exec", postgres.Options{RetryFor: 3 * time.Second})
	move := func(tb *table.Table) error {
		tb.Version++
		tb.Log = append(tb.Log, storetest.SyntheticEntry(tb.Moves, tb.Version))
		tb.Moves++
		tb.Outbox = [][]byte{[]byte(fmt.Sprint("board of version ", tb.Version))}
		return nil
	}

	p.arm(trapAfter)
	var moved *table.Table
	err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error { moved = tb; return move(tb) })
	if !p.sprung() {
		t.Fatal("the move's COMMIT never passed the proxy")
	}
	if err != nil {
		t.Fatalf("a move the server committed, its answer lost: %v, want done", err)
	}
	items, err := s.Tables().Outbox(ctx)
	if err != nil || len(items) != 1 || len(moved.OutboxKeys) != 1 || moved.OutboxKeys[0] != items[0].Key {
		t.Fatalf("outbox keys %v of the settled move; the outbox holds %v (%v)", moved.OutboxKeys, items, err)
	}
	if got, err := s.Tables().Get(ctx, "c1", storage.WithLog()); err != nil || got.Version != 3 || got.Moves != 3 {
		t.Fatalf("after the settled move: %+v (%v), want version 3 with 3 moves", got, err)
	}

	p.arm(trapBefore)
	ran := false
	err = s.Tables().Update(ctx, "c1", func(tb *table.Table) error { ran = true; return move(tb) })
	if !p.sprung() {
		t.Fatal("the move's COMMIT never passed the proxy")
	}
	if !errors.Is(err, storage.ErrUnavailable) || !ran {
		t.Fatalf("a move whose COMMIT never reached the server: %v (fn ran: %v), want ErrUnavailable after fn", err, ran)
	}
	if got, err := s.Tables().Get(ctx, "c1", storage.WithLog()); err != nil || got.Version != 3 || got.Moves != 3 {
		t.Fatalf("after the lost move: %+v (%v), want version 3 with 3 moves", got, err)
	}
	if items, err := s.Tables().Outbox(ctx); err != nil || len(items) != 1 {
		t.Fatalf("the lost move staged something: %v (%v)", items, err)
	}
	storetest.AppendMoves(t, s, "c1", 1) // and the game goes on
}
