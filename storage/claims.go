package storage

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// LocalClaims is the OutboxClaimer of a store only one process uses
// (bbolt): no other process delivers, so the claims live in this
// process's memory. A claim lists the table's items (OutboxLister's
// OutboxOf); StaleTables, which the scheduler calls now and then, lists
// the whole outbox.
type LocalClaims struct {
	outbox OutboxLister
	now    func() time.Time

	mu   sync.Mutex
	held map[string]heldItem // by item key
}

// heldItem is an item under a claim, or one a claim or a listing met.
type heldItem struct {
	table OutboxTable
	claim string    // "" once released
	until time.Time // the claim's lease
	seen  time.Time // when it was first met: its age for StaleTables
}

var _ OutboxClaimer = (*LocalClaims)(nil)

// wholeOutbox lists a store's whole outbox (every Store does).
type wholeOutbox interface {
	Outbox(ctx context.Context) ([]OutboxItem, error)
}

// OutboxLister lists a store's outbox: all of it, or one table's items.
type OutboxLister interface {
	wholeOutbox
	OutboxOf(ctx context.Context, tb OutboxTable) ([]OutboxItem, error)
}

// NewLocalClaims claims the items outbox lists, with now as the clock of
// leases and ages. A store without OutboxOf has its whole outbox listed
// and filtered.
func NewLocalClaims(outbox wholeOutbox, now func() time.Time) *LocalClaims {
	l, ok := outbox.(OutboxLister)
	if !ok {
		l = filtered{outbox}
	}
	return &LocalClaims{outbox: l, now: now, held: map[string]heldItem{}}
}

// filtered is an OutboxLister over a store that lists only its whole
// outbox.
type filtered struct{ wholeOutbox }

func (f filtered) OutboxOf(ctx context.Context, tb OutboxTable) ([]OutboxItem, error) {
	items, err := f.Outbox(ctx)
	return slices.DeleteFunc(items, func(it OutboxItem) bool { return tableOf(it) != tb }), err
}

func tableOf(it OutboxItem) OutboxTable {
	return OutboxTable{ChannelID: it.ChannelID, TableID: it.TableID}
}

// ClaimTable claims tb's items unless another claim holds one.
func (c *LocalClaims) ClaimTable(ctx context.Context, tb OutboxTable, claim string, lease time.Duration) ([]OutboxItem, error) {
	items, err := c.outbox.OutboxOf(ctx, tb)
	if err != nil {
		return nil, fmt.Errorf("storage: claim outbox of %s: %w", tb.ChannelID, err)
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forgetTable(tb, items)
	var mine []OutboxItem
	for _, it := range items {
		if h := c.held[it.Key]; h.claim != "" && h.claim != claim && h.until.After(now) {
			return nil, nil
		}
		mine = append(mine, it)
	}
	for _, it := range mine {
		h := c.meet(it, now)
		h.claim, h.until = claim, now.Add(lease)
		c.held[it.Key] = h
	}
	return mine, nil
}

// ReleaseClaim gives back what claim holds of tb.
func (c *LocalClaims) ReleaseClaim(_ context.Context, tb OutboxTable, claim string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, h := range c.held {
		if h.table == tb && h.claim == claim {
			h.claim = ""
			c.held[k] = h
		}
	}
	return nil
}

// RenewClaim extends to lease from now what claim holds of tb while its
// lease runs.
func (c *LocalClaims) RenewClaim(_ context.Context, tb OutboxTable, claim string, lease time.Duration) (bool, error) {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	held := false
	for k, h := range c.held {
		if h.table == tb && h.claim == claim && h.until.After(now) {
			h.until = now.Add(lease)
			c.held[k] = h
			held = true
		}
	}
	return held, nil
}

// StaleTables lists the tables with no item under a running lease and
// an item first met at least age ago (an item this process never met
// counts from now; at start-up age is 0) or a claim that ran out without
// being given back.
func (c *LocalClaims) StaleTables(ctx context.Context, age time.Duration, limit int) ([]OutboxTable, error) {
	items, err := c.outbox.Outbox(ctx)
	if err != nil {
		return nil, fmt.Errorf("storage: stale outbox: %w", err)
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.forget(items, now)
	busy, stale := map[OutboxTable]bool{}, map[OutboxTable]bool{}
	var order []OutboxTable
	for _, it := range items {
		h := c.meet(it, now)
		c.held[it.Key] = h
		if h.claim != "" && h.until.After(now) {
			busy[h.table] = true
		}
		expired := h.claim != "" && !h.until.After(now) // its holder stopped without giving it back
		if (expired || now.Sub(h.seen) >= age) && !stale[h.table] {
			stale[h.table] = true
			order = append(order, h.table)
		}
	}
	order = slices.DeleteFunc(order, func(tb OutboxTable) bool { return busy[tb] })
	if len(order) > limit {
		order = order[:limit]
	}
	return order, nil
}

// meet returns it's entry, made now if it had none.
func (c *LocalClaims) meet(it OutboxItem, now time.Time) heldItem {
	h, ok := c.held[it.Key]
	if !ok {
		h = heldItem{table: tableOf(it), seen: now}
	}
	return h
}

// forgetTable drops the entries of tb's delivered items: those its
// listing items lacks (an item leaves the outbox only once delivered).
func (c *LocalClaims) forgetTable(tb OutboxTable, items []OutboxItem) {
	for k, h := range c.held {
		if h.table == tb && !slices.ContainsFunc(items, func(it OutboxItem) bool { return it.Key == k }) {
			delete(c.held, k)
		}
	}
}

// forget drops the entries of delivered items: those older than the
// newest listed item that the listing lacks (keys grow with every item
// staged), and any missing one whose lease ended an hour ago.
func (c *LocalClaims) forget(items []OutboxItem, now time.Time) {
	listed := make(map[string]bool, len(items))
	newest := ""
	for _, it := range items {
		listed[it.Key] = true
		newest = max(newest, it.Key)
	}
	for k, h := range c.held {
		if !listed[k] && (k < newest || now.Sub(h.until) > time.Hour && now.Sub(h.seen) > time.Hour) {
			delete(c.held, k)
		}
	}
}
