// Package clocktest is a clock a test moves on, for the now functions
// services take (commands.Deps.Now): deadlines and due events then fall
// when the test says.
package clocktest

import (
	"sync"
	"time"
)

// Clock is a time that moves only when the test says; it is safe for
// concurrent use.
type Clock struct {
	mu sync.Mutex
	at time.Time
}

// NewClock is a Clock standing at at.
func NewClock(at time.Time) *Clock { return &Clock{at: at} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(d)
}
