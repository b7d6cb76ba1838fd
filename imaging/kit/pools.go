package kit

import "sync"

// freeList keeps at most max things for reuse (deflate bands,
// picture pixels); more handed back are dropped. It is safe for concurrent
// use; its zero value with max set is ready, and a nil list keeps nothing.
type freeList[T any] struct {
	max  int
	mu   sync.Mutex
	idle []T
}

// take removes and returns the most recently given thing that fits (every
// thing when fits is nil).
func (l *freeList[T]) take(fits func(T) bool) (T, bool) {
	var zero T
	if l == nil {
		return zero, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := len(l.idle) - 1; i >= 0; i-- {
		if t := l.idle[i]; fits == nil || fits(t) {
			l.idle = append(l.idle[:i], l.idle[i+1:]...)
			return t, true
		}
	}
	return zero, false
}

// give hands t back, unless max things are kept already.
func (l *freeList[T]) give(t T) { l.giveLarger(t, nil) }

// giveLarger is give for things of different sizes: when max things are
// kept already, t takes the place of the smallest of them if it is larger
// (smaller reports a before b; nil drops t). A list of pictures' pixels
// then keeps the tall ones, which also serve smaller pictures, instead of
// filling up with small ones that no board fits and dropping every tall
// one handed back.
func (l *freeList[T]) giveLarger(t T, smaller func(a, b T) bool) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.idle) < l.max {
		l.idle = append(l.idle, t)
		return
	}
	if smaller == nil {
		return
	}
	least := -1
	for i, u := range l.idle {
		if smaller(u, t) && (least < 0 || smaller(u, l.idle[least])) {
			least = i
		}
	}
	if least >= 0 {
		l.idle[least] = t
	}
}

// memo remembers values computed by key, at most max of them (when full it
// starts afresh, so memory stays bounded whatever is asked). The values
// are shared and must not be modified. It is safe for concurrent use; two
// callers asking for a new key at once may both compute it.
type memo[K comparable, V any] struct {
	max int
	mu  sync.Mutex
	m   map[K]V
}

// get returns the value for key, computing it with make on first use.
func (c *memo[K, V]) get(key K, make func() V) V {
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = make()
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.max {
		c.m = map[K]V{}
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}
