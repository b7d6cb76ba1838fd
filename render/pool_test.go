package render

import (
	"runtime"
	"sync"
	"testing"
)

// TestRenderPool: never more drawers than slots, and a freed slot goes to
// an urgent drawer before one that waited longer but is not urgent.
func TestRenderPool(t *testing.T) {
	p := NewPool(1)
	p.Acquire(false) // the only slot is taken
	order := make(chan string, 2)
	var wg sync.WaitGroup
	start := func(name string, urgent bool) {
		wg.Go(func() {
			p.Acquire(urgent)
			order <- name
			p.Release()
		})
	}
	start("later", false)
	waitQueued(t, p, 0, 1)
	start("urgent", true)
	waitQueued(t, p, 1, 1)
	p.Release()
	wg.Wait()
	if a, b := <-order, <-order; a != "urgent" || b != "later" {
		t.Fatalf("served %s then %s, want urgent first", a, b)
	}
	if p.free != 1 {
		t.Fatalf("%d free slots after all released, want 1", p.free)
	}
}

// TestRenderPoolBound: many drawers at once never exceed the slots.
func TestRenderPoolBound(t *testing.T) {
	const slots = 3
	p := NewPool(slots)
	var mu sync.Mutex
	busy, most := 0, 0
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() {
			p.Acquire(i%3 == 0)
			mu.Lock()
			busy++
			most = max(most, busy)
			mu.Unlock()
			mu.Lock()
			busy--
			mu.Unlock()
			p.Release()
		})
	}
	wg.Wait()
	if most > slots || p.free != slots {
		t.Fatalf("at most %d at once (want ≤ %d), %d free after", most, slots, p.free)
	}
}

func waitQueued(t *testing.T, p *Pool, urgent, later int) {
	t.Helper()
	for range 10000 {
		p.mu.Lock()
		u, l := len(p.urgent), len(p.later)
		p.mu.Unlock()
		if u == urgent && l == later {
			return
		}
		runtime.Gosched()
	}
	t.Fatalf("queues never reached %d urgent, %d later", urgent, later)
}
