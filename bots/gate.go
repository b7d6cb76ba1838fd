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

// waitAtMost blocks while people's work is in flight, but no longer than
// most, and returns how long; bounded reports that it gave up with
// people's work still in flight. It costs one atomic load when none is.
func (g *gate) waitAtMost(most time.Duration) (waited time.Duration, bounded bool) {
	if g.inFlight.Load() == 0 {
		return 0, false
	}
	g.mu.Lock()
	free := g.free
	n := g.n
	g.mu.Unlock()
	if n == 0 {
		return 0, false
	}
	start := time.Now()
	timer := time.NewTimer(most)
	defer timer.Stop()
	select {
	case <-free:
		return time.Since(start), false
	case <-timer.C:
		return time.Since(start), true
	}
}

// Bots wait for people, but not for ever: under people's work that never
// stops (a busy worker) a search waits at most maxPause at a time, then
// thinks for minThink before it waits again, about a tenth of a thread,
// so an absent player's seat and a tournament round's end still move.
const (
	maxPause = time.Second
	minThink = 100 * time.Millisecond
)

// pacer is one plan's pauses for people (search.Searcher.ChooseYielding's
// yield), bounded by maxPause and minThink.
type pacer struct {
	gate       *gate
	thinkUntil time.Time // after a pause cut short: no pause before this
}

func (p *pacer) yield() time.Duration {
	if !p.thinkUntil.IsZero() {
		if time.Now().Before(p.thinkUntil) {
			return 0
		}
		p.thinkUntil = time.Time{}
	}
	waited, bounded := p.gate.waitAtMost(maxPause)
	if bounded {
		p.thinkUntil = time.Now().Add(minThink)
	}
	return waited
}
