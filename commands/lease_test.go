package commands

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/storage"
)

// countedClaims counts the renewals of the claims it wraps and, once
// lose is set, reports every claim lost.
type countedClaims struct {
	storage.OutboxClaimer
	renewals atomic.Int64
	lose     atomic.Bool
}

func (c *countedClaims) RenewClaim(ctx context.Context, tb storage.OutboxTable, claim string, lease time.Duration) (bool, error) {
	held, err := c.OutboxClaimer.RenewClaim(ctx, tb, claim, lease)
	c.renewals.Add(1)
	if c.lose.Load() {
		return false, err
	}
	return held, err
}

// countClaims gives h's Service a delivery whose claims (this process's,
// as before) are counted and renewed every millisecond.
func countClaims(h *harness) *countedClaims {
	c := &countedClaims{OutboxClaimer: storage.NewLocalClaims(h.store.Tables(), h.now)}
	h.tuneDelivery = func(d *delivery.Deps) { d.Claims, d.Renew = c, time.Millisecond }
	h.svc = h.serviceOver(h.store) // built anew with them
	return c
}

// awaitRenewals waits until c renewed at least n more times than before.
func awaitRenewals(t *testing.T, c *countedClaims, n int64) {
	t.Helper()
	from := c.renewals.Load()
	awaitCond(t, "claims renewed", func() bool { return c.renewals.Load() >= from+n })
}

// TestSlowChangeKeepsItsClaim: a change whose delivery takes longer than
// the claim's lease (here 80 s of the Service's clock against 30) keeps
// its table, renewing the claim as it goes: a change made meanwhile is
// left to it rather than carried out beside it, and both go out once, in
// order.
func TestSlowChangeKeepsItsClaim(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	claims := countClaims(h)
	o := &orderedTransport{t: t}
	o.fail.Store(-1 << 20)
	var slow atomic.Bool
	slow.Store(true)
	run := func(ctx context.Context, actions []Action) error {
		if slow.CompareAndSwap(true, false) {
			for range 4 {
				// Two renewals after the clock moved: the second began after it.
				h.advance(20 * time.Second)
				awaitRenewals(t, claims, 2)
			}
			if err := statusChange(t, h).Carry(ctxBG, o.run); err != nil {
				t.Error(err)
			}
			if len(o.versions) != 0 {
				t.Errorf("a change was carried out beside the slow one (versions %v)", o.versions)
			}
		}
		return o.run(ctx, actions)
	}
	if err := statusChange(t, h).Carry(ctxBG, run); err != nil {
		t.Fatal(err)
	}
	if len(o.versions) != 2 || o.versions[1] != o.versions[0]+1 {
		t.Errorf("versions carried out %v, want the slow one's, then the next", o.versions)
	}
	if left, _ := h.store.Tables().Outbox(ctxBG); len(left) != 0 {
		t.Errorf("%d changes left in the outbox", len(left))
	}
}

// TestLostClaimStopsCarrier: a carrier whose claim is found lost while it
// carries out a change (its lease ran out and could not be renewed) is
// stopped at once, confirms nothing and reports no failure; the change
// stays in the outbox and is carried out once by whoever claims the table
// next.
func TestLostClaimStopsCarrier(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	claims := countClaims(h)
	var cause error
	run := func(ctx context.Context, _ []Action) error {
		claims.lose.Store(true)
		select {
		case <-ctx.Done():
			cause = context.Cause(ctx)
			return ctx.Err()
		case <-time.After(30 * time.Second):
			t.Error("the carrier kept going after its claim was lost")
			return nil
		}
	}
	if err := statusChange(t, h).Carry(ctxBG, run); err != nil {
		t.Errorf("a carrier that lost its claim reports %v, want nothing to retry (the next holder carries it out)", err)
	}
	if !errors.Is(cause, delivery.ErrClaimLost) {
		t.Errorf("the carrier's context ended with %v, want %v", cause, delivery.ErrClaimLost)
	}
	if left, _ := h.store.Tables().Outbox(ctxBG); len(left) != 1 {
		t.Fatalf("%d changes in the outbox after a lost claim, want the change, unconfirmed", len(left))
	}
	claims.lose.Store(false)
	h.advance(delivery.ClaimLease + time.Second) // the lost claim's lease runs out
	o := &orderedTransport{t: t}
	o.fail.Store(-1 << 20)
	again := h.svc.out.Redeliver(ctxBG, h.now().Add(-delivery.Retry))
	if len(again) != 1 {
		t.Fatalf("%d tables taken over, want 1", len(again))
	}
	if err := again[0].Carry(ctxBG, o.run); err != nil {
		t.Fatal(err)
	}
	if len(o.versions) != 1 {
		t.Errorf("versions carried out by the next holder %v, want the one change", o.versions)
	}
	if left, _ := h.store.Tables().Outbox(ctxBG); len(left) != 0 {
		t.Errorf("%d changes left in the outbox", len(left))
	}
}
