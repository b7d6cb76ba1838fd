package bots

import (
	"sync"
	"sync/atomic"
	"time"
)

// gate lets people's work go first: while any is in flight (an
// interaction handled, the pictures someone waits for drawn), the pool's
// searches wait at their next playout move (search.Searcher.ChooseYielding).
// A waiting pool thread holds no P and allocates nothing, so people's
// goroutines get every P and no collection their allocations did not
// cause; the niced thread alone would still hold a P the runtime counts
// on, and its allocations would make people's goroutines assist the
// collector. Waiting changes no decision: the search counts playouts and
// moves, not time.
type gate struct {
	inFlight atomic.Int64 // people's pieces of work in flight: wait's fast path
	mu       sync.Mutex
	n        int           // inFlight, under mu
	free     chan struct{} // closed when n drops to 0
}

// enter marks a piece of people's work in flight until the returned leave
// is called (once).
func (g *gate) enter() (leave func()) {
	g.mu.Lock()
	if g.n == 0 {
		g.free = make(chan struct{})
	}
	g.n++
	g.inFlight.Store(int64(g.n))
	g.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			g.n--
			g.inFlight.Store(int64(g.n))
			if g.n == 0 {
				close(g.free)
			}
			g.mu.Unlock()
		})
	}
}

// busy reports people's work in flight.
func (g *gate) busy() bool { return g.inFlight.Load() > 0 }

// wait blocks while people's work is in flight and returns how long; it
// costs one atomic load when none is.
func (g *gate) wait() time.Duration {
	if g.inFlight.Load() == 0 {
		return 0
	}
	g.mu.Lock()
	free := g.free
	n := g.n
	g.mu.Unlock()
	if n == 0 {
		return 0
	}
	start := time.Now()
	<-free
	return time.Since(start)
}
