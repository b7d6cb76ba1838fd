package interact

import (
	"context"
	"sync"
)

// AckGate decides when an interaction is acknowledged to Discord, so that
// nothing is acknowledged before its change is stored, and nothing waits
// for a drawing: the gate acknowledges as soon as the handler's first
// change is committed (Hold's release; the board is drawn after it), when
// the handler returns, or once the handler has run for Discord's patience
// (Due) while it holds no change, whichever comes first. A change under way
// keeps the acknowledgement back until it is committed. A handler that
// makes several changes one after another is acknowledged after the first
// (a vacation's own record, then its tables).
type AckGate struct {
	mu    sync.Mutex
	ack   func()
	held  int
	acked bool
}

type ackGateKey struct{}

// WithAckGate returns ctx carrying a gate that calls ack at most once, and
// the gate. The transport calls Due when its patience runs out and Done
// when the handler returned.
func WithAckGate(ctx context.Context, ack func()) (context.Context, *AckGate) {
	g := &AckGate{ack: ack}
	return context.WithValue(ctx, ackGateKey{}, g), g
}

// Hold marks a change under way on ctx's interaction until the returned
// release is called (after the change is committed or refused). Without a
// gate on ctx (a scheduled event, a test) it does nothing.
func Hold(ctx context.Context) (release func()) {
	g, _ := ctx.Value(ackGateKey{}).(*AckGate)
	if g == nil {
		return func() {}
	}
	g.mu.Lock()
	g.held++
	g.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { g.settle(func() { g.held-- }, false) }) }
}

// Due says the transport cannot wait longer: the gate acknowledges now
// unless a change is under way, and then as soon as it is committed.
func (g *AckGate) Due() { g.settle(func() {}, false) }

// Done says the handler returned: the gate acknowledges now if it has not.
func (g *AckGate) Done() { g.settle(func() {}, true) }

// settle applies change under the lock, then acknowledges unless it did
// already or (unless force) a change is still held.
func (g *AckGate) settle(change func(), force bool) {
	g.mu.Lock()
	change()
	fire := !g.acked && (force || g.held == 0)
	if fire {
		g.acked = true
	}
	g.mu.Unlock()
	if fire {
		g.ack()
	}
}

// Acked reports whether the gate has acknowledged.
func (g *AckGate) Acked() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.acked
}
