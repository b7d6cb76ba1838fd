package postgres_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
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
}

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
			go func() { _, _ = io.Copy(s, c); s.Close() }()
			go func() { _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
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

// TestNetworkDrops: while the database cannot be reached a call retries for
// RetryFor and then fails with storage.ErrUnavailable, changing nothing;
// a drop shorter than RetryFor is ridden out; the game goes on afterwards.
func TestNetworkDrops(t *testing.T) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	p := newProxy(t, fmt.Sprintf("127.0.0.1:%d", c.Port()))
	s, err := postgres.Open(ctx, postgres.Options{URL: throughProxy(c, url, p), RetryFor: 600 * time.Millisecond, ConnectTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 2)

	p.cut()
	start := time.Now()
	ran := false
	err = s.Update(ctx, "c1", func(tb *table.Table) error { ran = true; tb.Version++; return nil })
	if !errors.Is(err, storage.ErrUnavailable) || ran {
		t.Fatalf("update while cut off: %v (fn ran: %v), want ErrUnavailable before fn", err, ran)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the failing update took %v, more than the 3 seconds an interaction may wait allow", took)
	}
	if _, err := s.Get(ctx, "c1"); !errors.Is(err, storage.ErrUnavailable) {
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
	got, err := s.Get(ctx, "c1", storage.WithLog())
	if err != nil || got.Version != 3 || got.Moves != 3 || len(got.Log) != 3 {
		t.Fatalf("after the drop: %+v, %v; want version 3 with 3 moves (the refused update changed nothing)", got, err)
	}
}

// TestServerRestart: PostgreSQL restarting cuts every pooled connection;
// the next calls reconnect and nothing is lost.
func TestServerRestart(t *testing.T) {
	c := pgtest.Require(t)
	s := open(t, c.NewDatabase(t))
	if err := s.Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 3)
	if err := c.Restart(); err != nil {
		t.Fatal(err)
	}
	storetest.AppendMoves(t, s, "c1", 2)
	got, err := s.Get(ctx, "c1", storage.WithLog())
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
