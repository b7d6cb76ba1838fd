package delivery

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
)

// A table's changes are carried out one at a time, in the order they were
// made, whichever process or goroutine made them: otherwise an edit of an
// older change can land after a newer one (a status message showing an
// earlier turn, a decision's controls replaced by older ones). Before
// carrying out its change, a carrier claims the table's whole outbox
// (storage.OutboxClaimer): it gets every undelivered item, oldest first,
// and carries them all out, its own with the actions it already drew and
// the others drawn from their stored data, then claims again until nothing
// is left. A carrier that finds the table claimed leaves its change to
// the claim's holder, which will find it on its next claim. A carrier that
// fails stops there and gives its claim back, so the next change of the
// table (or the periodic redelivery) carries out the failed one first. A
// process killed while carrying out holds the table until the claim's
// lease (ClaimLease, renewed before each change and while it is carried
// out, see runHeld) ends; the redelivery then takes it over at once. A
// game's replay (drawn for seconds) is left to the replay drawer, and the
// table's later changes with it; another table in the channel (the next
// game) does not wait for it.

// run carries out one change's actions.
type run = func(context.Context, []interact.Action) error

// prepared is an outbox item whose actions are drawn already.
type prepared struct {
	keys    []string // the outbox items it stands for (one change's)
	actions []interact.Action
	done    func(context.Context)
	game    bool // a game table's change (see quietIfEnded), not another kind's
}

// newClaim is a claim token no other carrier uses.
func newClaim() string { return rand.Text() }

// carryOwn is the carry of a fresh change of tb whose items keys are
// drawn as actions already (done confirms them).
func (c *Carrier) carryOwn(tb storage.OutboxTable, keys []string, actions []interact.Action, done func(context.Context), game bool) func(context.Context, run) error {
	own := []prepared{{keys: keys, actions: actions, done: done, game: game}}
	return func(ctx context.Context, run run) error {
		return c.carryTable(ctx, tb, newClaim(), own, run, false)
	}
}

// carryTable carries out tb's undelivered changes in order under claim,
// using the actions of pre for the items they stand for. Only the replay
// drawer (drawer) draws a replay; any other carrier stops before one and
// wakes the drawer.
func (c *Carrier) carryTable(ctx context.Context, tb storage.OutboxTable, claim string, pre []prepared, run run, drawer bool) error {
	cl := c.d.Claims
	release := func() {
		if err := cl.ReleaseClaim(context.WithoutCancel(ctx), tb, claim); err != nil {
			c.d.Log.Warn("outbox: release claim", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
		}
	}
	carried := map[string]bool{}
	for round := 0; ; round++ {
		// Claimed again before each change: the lease is renewed, and
		// changes staged meanwhile come along.
		items, err := cl.ClaimTable(ctx, tb, claim, ClaimLease)
		if err != nil {
			// The database cannot order them: carry out what was drawn, as
			// a lone process would; whatever stays is delivered again.
			c.d.Log.Warn("outbox: claim failed, delivering unordered", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
			if round > 0 {
				return nil
			}
			return carryUnordered(ctx, pre, run)
		}
		if len(items) == 0 {
			return nil // all carried out, or another carrier holds the table
		}
		it := items[0]
		if carried[it.Key] {
			// Carried out, but its Done failed: the lease makes it wait
			// for the redelivery instead of being posted again now.
			return nil
		}
		p, ok := preparedFor(pre, it.Key)
		if !ok {
			var stop bool
			if p, stop = c.prepare(ctx, it, drawer); stop {
				release()
				c.WakeReplays()
				return nil
			}
		}
		actions := p.actions
		if p.game {
			actions = c.quietIfEnded(ctx, tb, actions)
		}
		lost, err := c.runHeld(ctx, tb, claim, actions, run)
		if lost {
			// Its lease ran out (a change slower than it, and the claim
			// could not be renewed): another carrier may be carrying the
			// table out now, and confirms what it carries out.
			c.d.Log.Warn("outbox: claim lost while carrying out a change; left to the next claim", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
			return nil
		}
		if err != nil {
			release()
			return err
		}
		if p.done != nil {
			p.done(ctx)
		}
		for _, k := range p.keys {
			carried[k] = true
		}
	}
}

// ErrClaimLost ends a run whose claim was lost (the cause of its
// context).
var ErrClaimLost = errors.New("delivery: the table's claim was lost")

// runHeld runs actions while renewing claim on tb every Deps.Renew, so
// that a change slower than ClaimLease (Discord slow, a big upload
// retried) keeps its table. When a renewal finds the claim lost, or none
// succeeds for ClaimLease (the database unreachable: the lease may have
// run out), run's context is cancelled (cause ErrClaimLost) and lost is
// true: the carrier stops before its next action instead of posting
// beside the table's new holder.
func (c *Carrier) runHeld(ctx context.Context, tb storage.OutboxTable, claim string, actions []interact.Action, run run) (lost bool, err error) {
	rctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(c.d.Renew)
		defer tick.Stop()
		renewed := c.now()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			held, err := c.d.Claims.RenewClaim(rctx, tb, claim, ClaimLease)
			select {
			case <-stop:
				return // carried out meanwhile
			default:
			}
			switch {
			case err == nil && held:
				renewed = c.now()
				continue
			case err == nil:
			case c.now().Sub(renewed) < ClaimLease:
				c.d.Log.Warn("outbox: renewing a claim failed", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
				continue
			}
			cancel(ErrClaimLost)
			return
		}
	}()
	err = run(rctx, actions)
	lost = errors.Is(context.Cause(rctx), ErrClaimLost)
	close(stop)
	cancel(nil) // a renewal under way ends
	<-stopped
	return lost, err
}

// carryUnordered carries out pre as they are, when no claim can be had.
func carryUnordered(ctx context.Context, pre []prepared, run run) error {
	var errs error
	for _, p := range pre {
		if err := run(ctx, p.actions); err != nil {
			errs = errors.Join(errs, err)
			continue
		}
		if p.done != nil {
			p.done(ctx)
		}
	}
	return errs
}

// preparedFor finds the prepared change standing for key.
func preparedFor(pre []prepared, key string) (prepared, bool) {
	for _, p := range pre {
		if slices.Contains(p.keys, key) {
			return p, true
		}
	}
	return prepared{}, false
}

// prepare draws a stored item's actions. An item that cannot be decoded
// or drawn is dropped (logged) and prepares to nothing; stop is true for
// a replay when the carrier is not the replay drawer.
func (c *Carrier) prepare(ctx context.Context, it storage.OutboxItem, drawer bool) (p prepared, stop bool) {
	p.keys = []string{it.Key}
	var (
		sent *sentIDs
		err  error
	)
	if k := c.kindOf(it.Data); k != nil {
		p.actions, err = k.Actions(it.Data)
	} else {
		var d outbox.Delivery
		d, err = outbox.Decode(it.Data)
		if err == nil && d.HasReplay() && !drawer {
			return p, true
		}
		if err == nil {
			p.actions, sent, err = c.realize(d, nil)
			p.game = true
		}
	}
	if err != nil {
		c.d.Log.Error("outbox: item dropped", "channel", it.ChannelID, "table", it.TableID, "err", err)
		c.delivered(it.ChannelID, it.TableID, p.keys, nil)(ctx)
		return prepared{keys: p.keys}, false
	}
	p.done = c.delivered(it.ChannelID, it.TableID, p.keys, sent)
	return p, false
}

// claimedResult is the Result carrying out tb's items held by claim: its
// actions drawn now, oldest first, up to the first replay unless drawer,
// and the rest of the table's after them. ok is false when nothing is to
// be carried out (the claim is given back).
func (c *Carrier) claimedResult(ctx context.Context, tb storage.OutboxTable, claim string, items []storage.OutboxItem, drawer bool) (interact.Result, bool) {
	var pre []prepared
	for _, it := range items {
		p, stop := c.prepare(ctx, it, drawer)
		if stop {
			break
		}
		if len(p.actions) > 0 {
			pre = append(pre, p)
		}
	}
	if len(pre) == 0 {
		if err := c.d.Claims.ReleaseClaim(ctx, tb, claim); err != nil {
			c.d.Log.Warn("outbox: release claim", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
		}
		return interact.Result{}, false
	}
	var res interact.Result
	for _, p := range pre {
		res.Actions = append(res.Actions, p.actions...)
	}
	res.Done = func(ctx context.Context) {
		for _, p := range pre {
			if p.done != nil {
				p.done(ctx)
			}
		}
	}
	res.Carrier = func(ctx context.Context, run run) error {
		return c.carryTable(ctx, tb, claim, pre, run, drawer)
	}
	return res, true
}
