package commands

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
)

// claimingStore is a shared store's stand-in: it records the claims and
// hands out what the store's outbox holds.
type claimingStore struct {
	storage.Store
	ages, leases []time.Duration
}

func (c *claimingStore) ClaimOutbox(ctx context.Context, age, lease time.Duration, limit int) ([]storage.OutboxItem, error) {
	c.ages, c.leases = append(c.ages, age), append(c.leases, lease)
	return c.Store.Outbox(ctx)
}

// TestRedeliverClaims: with a store that several processes share, the
// start-up redelivery claims every undelivered item and the periodic one
// only those older than outboxRetry, each for outboxRetry.
func TestRedeliverClaims(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	c := &claimingStore{Store: h.store}
	h.svc.store = c
	h.svc.Redeliver(ctxBG)
	h.svc.redeliver(ctxBG, h.now().Add(-outboxRetry))
	if !slices.Equal(c.ages, []time.Duration{0, outboxRetry}) || !slices.Equal(c.leases, []time.Duration{outboxRetry, outboxRetry}) {
		t.Errorf("claims with ages %v and leases %v, want [0 %v] and [%v %v]", c.ages, c.leases, outboxRetry, outboxRetry, outboxRetry)
	}
}
