package delivery

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
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

// prepared is what a carrier knows of outbox items it may carry out: a
// change's actions drawn already, or planned to be drawn when carried
// out (a fresh change's: drawing waits for the table's turn, and is not
// done at all when a newer change of the table is carried out with it).
type prepared struct {
	keys    []string // the outbox items it stands for
	actions []interact.Action
	lazy    *planned // when set, actions are drawn from it when carried out
	done    func(context.Context)
	game    bool // a game table's change (see quietIfEnded), not another kind's
	// d and st are a game table's single change, kept to coalesce it
	// with the table's later ones without reading it back; st may be nil.
	d  *outbox.Delivery
	st games.State
}

// ready is p's actions, drawn now if they were only planned.
func (c *Carrier) ready(p prepared) []interact.Action {
	if p.lazy != nil {
		return c.draw(p.lazy)
	}
	return p.actions
}

// retiring are the actions of p that only take controls away (clear a
// message's buttons, withdraw answers' controls, unpin), when p has
// pictures still to draw: they are carried out first (and again, harmlessly,
// if the change is carried out again after a crash).
func retiring(p prepared) []interact.Action {
	if p.lazy == nil || len(p.lazy.pics) == 0 {
		return nil
	}
	var out []interact.Action
	for _, a := range p.lazy.actions {
		if isRetiring(a) {
			out = append(out, a)
		}
	}
	return out
}

// isRetiring reports an action that only takes controls away.
func isRetiring(a interact.Action) bool {
	switch a.(type) {
	case interact.ClearButtons, *interact.ClearButtons, interact.WithdrawControls, *interact.WithdrawControls, interact.Unpin, *interact.Unpin:
		return true
	}
	return false
}

// newClaim is a claim token no other carrier uses.
func newClaim() string { return rand.Text() }

// carryOwn is the carry of a fresh change of tb (own, its items' keys set).
func (c *Carrier) carryOwn(tb storage.OutboxTable, own []prepared) func(context.Context, run) error {
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
			return c.carryUnordered(ctx, pre, run)
		}
		if len(items) == 0 {
			return nil // all carried out, or another carrier holds the table
		}
		if carried[items[0].Key] {
			// Carried out, but its Done failed: the lease makes it wait
			// for the redelivery instead of being posted again now.
			return nil
		}
		p, stop := c.next(ctx, items, pre, drawer)
		if stop {
			release()
			c.WakeReplays()
			return nil
		}
		// step carries out actions under the claim; stop ends the carry
		// (its lease ran out, or the actions failed: err).
		step := func(actions []interact.Action) (stop bool, err error) {
			lost, err := c.runHeld(ctx, tb, claim, actions, run)
			if lost {
				// Its lease ran out (a change slower than it, and the claim
				// could not be renewed): another carrier may be carrying the
				// table out now, and confirms what it carries out.
				c.d.Log.Warn("outbox: claim lost while carrying out a change; left to the next claim", "channel", tb.ChannelID, "table", tb.TableID, "err", err)
				return true, nil
			}
			if err != nil {
				release()
				return true, err
			}
			return false, nil
		}
		// Controls that are over go before the pictures are drawn: a
		// game's end leaves nothing clickable while its last board and
		// results are drawn.
		first := retiring(p)
		if len(first) > 0 {
			if stop, err := step(first); stop {
				return err
			}
		}
		actions := c.ready(p)
		if len(first) > 0 {
			actions = slices.DeleteFunc(slices.Clone(actions), isRetiring)
		}
		if p.game {
			actions = c.quietIfEnded(ctx, tb, actions)
		}
		if stop, err := step(actions); stop {
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
func (c *Carrier) carryUnordered(ctx context.Context, pre []prepared, run run) error {
	var errs error
	for _, p := range pre {
		if err := run(ctx, c.ready(p)); err != nil {
			errs = errors.Join(errs, err)
			continue
		}
		if p.done != nil {
			p.done(ctx)
		}
	}
	return errs
}

// maxCoalesce bounds how many changes of a table are carried out as one.
const maxCoalesce = 64

// next is what to carry out first of items (a table's undelivered items,
// oldest first), using pre where it stands for them: the leading run of
// the table's own changes as one (see outbox.Coalesce), or the first item
// alone. stop is true for a replay when the carrier is not the replay
// drawer (drawer).
func (c *Carrier) next(ctx context.Context, items []storage.OutboxItem, pre []prepared, drawer bool) (p prepared, stop bool) {
	ds, sts := c.changes(items, pre)
	if len(ds) > 1 {
		keys := make([]string, len(ds))
		for k := range ds {
			keys[k] = items[k].Key
		}
		for _, p := range pre {
			if slices.Equal(p.keys, keys) {
				return p, false // coalesced so already (a redelivery's)
			}
		}
		if p, ok := c.coalesce(items[0], keys, ds, newestState(ds, sts)); ok {
			return p, false
		}
	}
	if p, ok := preparedFor(pre, items[0].Key); ok {
		return p, false
	}
	return c.prepare(ctx, items[0], drawer)
}

// changes are the deliveries of the leading items that are the table's
// own changes (not another kind's, no replay), at most maxCoalesce, with
// the states pre holds for them (nil: read from the delivery). Only a
// claim of several items is read.
func (c *Carrier) changes(items []storage.OutboxItem, pre []prepared) ([]outbox.Delivery, []games.State) {
	if len(items) < 2 {
		return nil, nil
	}
	var (
		ds  []outbox.Delivery
		sts []games.State
	)
	for _, it := range items[:min(len(items), maxCoalesce)] {
		if p, ok := preparedFor(pre, it.Key); ok && p.d != nil {
			ds, sts = append(ds, *p.d), append(sts, p.st)
			continue
		}
		if c.kindOf(it.Data) != nil {
			break
		}
		d, err := outbox.Decode(it.Data)
		if err != nil || d.HasReplay() {
			break
		}
		ds, sts = append(ds, d), append(sts, nil)
	}
	return ds, sts
}

// newestState is the state the coalesced pictures of ds are drawn from:
// the state held for the newest change that kept one (nil: read from the
// delivery, see outbox.Coalesce). A change that draws nothing keeps none.
func newestState(ds []outbox.Delivery, sts []games.State) games.State {
	for k := len(ds) - 1; k >= 0; k-- {
		if sts[k] != nil {
			return sts[k]
		}
		if len(ds[k].State) > 0 {
			return nil // the delivery's own, which Coalesce keeps
		}
	}
	return nil
}

// coalesce draws the table's changes ds (the items keys, first) as one
// change, its pictures from st (nil: the newest delivery's state); ok is
// false when they cannot be drawn together (each is then tried alone).
func (c *Carrier) coalesce(first storage.OutboxItem, keys []string, ds []outbox.Delivery, st games.State) (prepared, bool) {
	merged := outbox.Coalesce(ds)
	p, err := c.plan(merged, st)
	if err != nil {
		c.d.Log.Warn("outbox: changes not coalesced", "channel", first.ChannelID, "table", first.TableID, "changes", len(ds), "err", err)
		return prepared{}, false
	}
	c.d.Log.Debug("outbox: changes carried out as one", "channel", first.ChannelID, "table", first.TableID, "changes", len(ds), "version", merged.Version)
	return prepared{keys: keys, actions: p.actions, lazy: p, done: c.delivered(first.ChannelID, first.TableID, keys, p.sent), game: true}, true
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
			// Drawn when carried out, after the controls it retires.
			if p.lazy, err = c.plan(d, nil); err == nil {
				p.actions, sent = p.lazy.actions, p.lazy.sent
			}
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
// actions drawn now, oldest first (a run of the table's changes as one,
// see next), up to the first replay unless drawer, and the rest of the
// table's after them. ok is false when nothing is to be carried out (the
// claim is given back).
func (c *Carrier) claimedResult(ctx context.Context, tb storage.OutboxTable, claim string, items []storage.OutboxItem, drawer bool) (interact.Result, bool) {
	var pre []prepared
	for rest := items; len(rest) > 0; {
		p, stop := c.next(ctx, rest, nil, drawer)
		if stop {
			break
		}
		if len(p.actions) > 0 {
			pre = append(pre, p)
		}
		rest = rest[len(p.keys):]
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
