// Package render is how a table's pictures are drawn: the renderer's
// interface (Images) with each picture's meta, and a pool that bounds the
// drawing in the whole process to a fixed number at once, urgent first.
//
// Boards, results and replays all draw through one Pool, so a replay
// drawn for seconds waits behind the pictures players need to decide.
package render

import "sync"

// Pool lets at most a fixed number of pictures be drawn at once in
// the whole service (one per CPU: drawing is CPU-bound, and a board's
// pixels are megabytes, so a burst of moves must queue rather than draw
// all at once). A freed slot goes to urgent work first: pictures someone
// is waiting on to decide, before those only spectators or bots will see.
type Pool struct {
	mu            sync.Mutex
	free          int
	urgent, later []chan struct{} // waiting drawers, first come first served
}

// NewPool is a pool of slots drawers at once (at least one).
func NewPool(slots int) *Pool { return &Pool{free: max(slots, 1)} }

// Acquire waits for a slot; an urgent drawer gets the next one first.
func (p *Pool) Acquire(urgent bool) {
	p.mu.Lock()
	if p.free > 0 {
		p.free--
		p.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	if urgent {
		p.urgent = append(p.urgent, ch)
	} else {
		p.later = append(p.later, ch)
	}
	p.mu.Unlock()
	<-ch
}

// Release hands the slot to the next urgent drawer, else the next other
// one, else frees it.
func (p *Pool) Release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range []*[]chan struct{}{&p.urgent, &p.later} {
		if len(*q) > 0 {
			ch := (*q)[0]
			*q = (*q)[1:]
			close(ch)
			return
		}
	}
	p.free++
}
