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

// LimitListener accepts at most max open connections from ln; a connection
// beyond that is closed as soon as it is accepted, so the accept loop never
// blocks behind slow clients.
func LimitListener(ln net.Listener, max int) net.Listener {
	return &limitListener{Listener: ln, free: make(chan struct{}, max)}
}

type limitListener struct {
	net.Listener
	free chan struct{} // one token per open connection
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.free <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.free }}, nil
		default:
			_ = c.Close() // over the cap: refuse at once
		}
	}
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
