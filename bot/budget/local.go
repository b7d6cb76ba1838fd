package budget

import (
	"context"
	"sync"
	"time"
)

// Local is the Ledger of one process (the bbolt store's single process,
// or a fleet's process while its shared ledger cannot be reached).
type Local struct {
	now func() time.Time

	mu sync.Mutex
	// next is the slot after the last one handed out.
	next time.Time
	held map[string]time.Time
}

var _ Ledger = (*Local)(nil)

// NewLocal is a ledger in memory on the clock now.
func NewLocal(now func() time.Time) *Local {
	return &Local{now: now, held: map[string]time.Time{}}
}

// ReserveRequests implements Ledger.
func (m *Local) ReserveRequests(_ context.Context, n int, every, tolerance time.Duration) (time.Duration, map[string]time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	first := later(m.next, now.Add(-tolerance))
	m.next = first.Add(time.Duration(n) * every)
	held := map[string]time.Duration{}
	for k, until := range m.held {
		if d := until.Sub(now); d > 0 {
			held[k] = d
		} else {
			delete(m.held, k)
		}
	}
	return first.Sub(now), held, nil
}

// HoldRequests implements Ledger.
func (m *Local) HoldRequests(_ context.Context, key string, d time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	until := m.now().Add(d)
	if key == "" {
		m.next = later(m.next, until)
	} else {
		m.held[key] = later(m.held[key], until)
	}
	return nil
}
