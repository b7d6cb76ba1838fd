package commands

import "sync"

// renderPool lets at most a fixed number of pictures be drawn at once in
// the whole service (one per CPU: drawing is CPU-bound, and a board's
// pixels are megabytes, so a burst of moves must queue rather than draw
// all at once). A freed slot goes to urgent work first: pictures someone
// is waiting on to decide, before those only spectators or bots will see.
type renderPool struct {
	mu            sync.Mutex
	free          int
	urgent, later []chan struct{} // waiting drawers, first come first served
}

func newRenderPool(slots int) *renderPool { return &renderPool{free: max(slots, 1)} }

// acquire waits for a slot.
func (p *renderPool) acquire(urgent bool) {
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

// release hands the slot to the next urgent drawer, else the next other
// one, else frees it.
func (p *renderPool) release() {
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
