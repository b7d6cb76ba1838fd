package bot

import (
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// ServerLimits bound what one client, and all of them together, can cost
// the interactions endpoint. Discord sends small requests quickly; anything
// slower or larger is not Discord.
type ServerLimits struct {
	// ReadHeader bounds the time to send the request headers, Read the
	// whole request with its body; a client trickling bytes is cut off.
	ReadHeader, Read time.Duration
	// Write bounds the response: the acknowledgement is due within
	// Discord's three seconds anyway.
	Write time.Duration
	// Idle closes kept-alive connections nobody uses.
	Idle time.Duration
	// Conns caps open connections; one over it is closed at once, so
	// that accepting never waits and a PING on a free slot is answered.
	// One remote address holds at most an eighth of them (see addrShare).
	Conns int
	// Inflight caps requests being handled at once (PING aside); one over
	// it is answered 503 at once.
	Inflight int
}

// DefaultLimits are the production limits.
var DefaultLimits = ServerLimits{
	ReadHeader: 5 * time.Second,
	Read:       10 * time.Second,
	Write:      15 * time.Second,
	Idle:       60 * time.Second,
	Conns:      4096,
	Inflight:   512,
}

// maxHeaderBytes bounds request headers; Discord's are a few hundred bytes.
const maxHeaderBytes = 16 << 10

// NewServer is the HTTP server for the interactions endpoint h, with its
// timeouts set; serve it with Serve on a listener from LimitListener.
func NewServer(h http.Handler, l ServerLimits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// addrShare is the part of a listener's connections one remote address
// may hold: an eighth. One address churning slow connections then leaves
// the rest to every other (Discord's requests, PINGs), while with the
// production cap an address still gets 512 of 4,096: as many as requests
// are handled at once (DefaultLimits.Inflight), so a reverse proxy in
// front, whose connections all come from one address, is not cut below
// what the endpoint takes anyway.
const addrShare = 8

// LimitListener accepts at most conns open connections from ln, and at most
// conns/addrShare (at least one) from any one remote address; a connection
// beyond either is closed as soon as it is accepted, so the accept loop
// never blocks behind slow clients.
func LimitListener(ln net.Listener, conns int) net.Listener {
	return &limitListener{Listener: ln, free: make(chan struct{}, conns), perAddr: max(1, conns/addrShare), byAddr: map[string]int{}}
}

type limitListener struct {
	net.Listener
	free    chan struct{} // one token per open connection
	perAddr int

	mu     sync.Mutex
	byAddr map[string]int // open connections by remote address
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := remoteHost(c)
		if !l.take(addr) {
			_ = c.Close() // this address holds its share: refuse at once
			continue
		}
		select {
		case l.free <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.free; l.give(addr) }}, nil
		default:
			l.give(addr)
			_ = c.Close() // over the cap: refuse at once
		}
	}
}

// take counts a connection from addr, unless addr holds its share.
func (l *limitListener) take(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byAddr[addr] >= l.perAddr {
		return false
	}
	l.byAddr[addr]++
	return true
}

// give uncounts a connection from addr.
func (l *limitListener) give(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}

// remoteHost is the address a connection comes from, without its port.
func remoteHost(c net.Conn) string {
	if a, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return a.IP.String()
	}
	return c.RemoteAddr().String()
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// knownType reports whether Discord defines the interaction type; any
// other is answered 400 and never acknowledged or handled.
func knownType(t discordgo.InteractionType) bool {
	switch t {
	case discordgo.InteractionPing, discordgo.InteractionApplicationCommand,
		discordgo.InteractionMessageComponent, discordgo.InteractionApplicationCommandAutocomplete,
		discordgo.InteractionModalSubmit:
		return true
	}
	return false
}
