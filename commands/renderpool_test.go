package commands

import (
	"runtime"
	"sync"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// TestRenderPool: never more drawers than slots, and a freed slot goes to
// an urgent drawer before one that waited longer but is not urgent.
func TestRenderPool(t *testing.T) {
	p := newRenderPool(1)
	p.acquire(false) // the only slot is taken
	order := make(chan string, 2)
	var wg sync.WaitGroup
	start := func(name string, urgent bool) {
		wg.Go(func() {
			p.acquire(urgent)
			order <- name
			p.release()
		})
	}
	start("later", false)
	waitQueued(t, p, 0, 1)
	start("urgent", true)
	waitQueued(t, p, 1, 1)
	p.release()
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
	p := newRenderPool(slots)
	var mu sync.Mutex
	busy, most := 0, 0
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() {
			p.acquire(i%3 == 0)
			mu.Lock()
			busy++
			most = max(most, busy)
			mu.Unlock()
			mu.Lock()
			busy--
			mu.Unlock()
			p.release()
		})
	}
	wg.Wait()
	if most > slots || p.free != slots {
		t.Fatalf("at most %d at once (want ≤ %d), %d free after", most, slots, p.free)
	}
}

func waitQueued(t *testing.T, p *renderPool, urgent, later int) {
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

func TestWaitingOnPerson(t *testing.T) {
	tb := &table.Table{Seats: []table.Seat{{UserID: "a"}, {Bot: true}}}
	tests := []struct {
		name    string
		pending []games.Prompt
		want    bool
	}{
		{"nobody asked", nil, false},
		{"a bot asked", []games.Prompt{{Seat: 1}}, false},
		{"a person asked", []games.Prompt{{Seat: 0}}, true},
		{"both", []games.Prompt{{Seat: 1}, {Seat: 0}}, true},
	}
	for _, tc := range tests {
		if got := waitingOnPerson(tb, tc.pending); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
