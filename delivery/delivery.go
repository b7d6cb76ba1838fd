// Package delivery carries a stored change out to Discord exactly once:
// it draws the pictures of the change's outbox.Delivery, turns its posts
// into actions, carries each table's changes out in the order they were
// made under a claim on the table's outbox, and confirms each, removing
// it. What the outbox kept through a failure, a crash or a restart is
// carried out again by the same path; staged replays by a drawer of
// their own.
package delivery

import (
	"log/slog"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Retry is how long a change's messages may wait unconfirmed before they
// are delivered again (the transport failed to reach Discord).
const Retry = time.Minute

// ClaimLease is how long a claim holds a table's outbox without being
// renewed: it is renewed before each change and every ClaimLease/3 while
// one is carried out, so only a carrier that stopped (a process killed,
// a database out of reach) loses it.
const ClaimLease = 30 * time.Second

// Picture is one image a change needs. Its view is taken from the state
// before drawing starts, so renderers running at once never touch the
// state itself; Draw is nil when there is nothing to draw.
type Picture struct {
	Name   string // file name: board.png, hand.png, results.png
	Viewer int    // games.Public or a seat, for the log
	Draw   func() ([]byte, error)
}

// Kind is another feature's kind of outbox item (a tournament's posts),
// which this package carries in turn with a table's but cannot read.
type Kind struct {
	// Claims reports whether an item's data is of this kind.
	Claims func(data []byte) bool
	// Actions makes the item's actions; an error drops the item (logged).
	Actions func(data []byte) ([]interact.Action, error)
}

// Deps are a Carrier's collaborators. Store, Games, Tables and Render are
// required.
type Deps struct {
	Store  storage.Tables // the tables and their outbox
	Games  *games.Registry
	Tables *tables.Tables // remembers the ids of posted messages
	Render *render.Pool
	Log    *slog.Logger
	Now    func() time.Time
	// Claims orders each table's carriers; nil: the store's own when it
	// has them (storage.OutboxClaimer), else this process's.
	Claims storage.OutboxClaimer
	// Renew is how often a carrier renews its claim while a change is
	// carried out (default ClaimLease/3).
	Renew time.Duration
	// Picture makes the picture a post names (a board, the results) of
	// st; nil: messages without pictures.
	Picture func(t *table.Table, g games.Game, st games.State, p outbox.Picture) Picture
	// Replay is the message of a staged replay, drawn now; false when
	// there is nothing to post.
	Replay func(d outbox.Delivery) (interact.Message, bool)
	// Saved is told of a table whose posted messages' ids were stored
	// (stale buttons may be due to clear).
	Saved func(*table.Table)
	// Kinds are the other features' kinds of outbox item.
	Kinds []Kind
	// People, when set, puts people first (bots.Thinker): drawing the
	// pictures someone waits for is people's work, and other pictures
	// (bot tables', spectators') wait while any such is drawn.
	People Priority
}

// Priority puts the pictures someone waits for first.
type Priority interface {
	// Urgent marks pictures someone waits for being drawn until leave
	// is called.
	Urgent() (leave func())
	// AfterUrgent waits while urgent pictures are drawn, and then until
	// done is called holds back other pictures that would take the P
	// people's next work needs. It never waits for anything but urgent
	// drawing, so a picture drawn while an interaction is handled
	// cannot wait for that interaction.
	AfterUrgent() (done func())
}

// Carrier carries stored changes out: one per process, shared by every
// feature that stages a change.
type Carrier struct {
	d Deps
	// replays wakes the replay drawer: a replay was staged, or a carrier
	// stopped before one.
	replays chan struct{}
}

// New is a Carrier over d, its defaults filled.
func New(d Deps) *Carrier {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Claims == nil {
		if c, ok := d.Store.(storage.OutboxClaimer); ok {
			d.Claims = c
		} else {
			d.Claims = storage.NewLocalClaims(d.Store, d.Now)
		}
	}
	if d.Renew <= 0 {
		d.Renew = ClaimLease / 3
	}
	if d.Saved == nil {
		d.Saved = func(*table.Table) {}
	}
	return &Carrier{d: d, replays: make(chan struct{}, 1)}
}

// Deliver returns the staged delivery d of t's change as a Result whose
// Done removes it from the outbox once carried out. Its pictures (from
// st, or from the state d kept when st is nil) are drawn when it is
// carried out (Result.Carry), in turn after the table's earlier changes;
// a newer change of the table queued by then is carried out with it, and
// only the newer board is drawn (see outbox.Coalesce). The Result's
// Actions are d's actions as composed, without the pictures.
func (c *Carrier) Deliver(t *table.Table, d outbox.Delivery, st games.State, reply *interact.Message) interact.Result {
	own := prepared{keys: t.OutboxKeys, game: true, d: &d, st: st}
	var sent *sentIDs
	if p, err := c.plan(d, st); err != nil {
		c.d.Log.Error("deliver", "table", t.ID, "err", err)
	} else {
		own.lazy, own.actions, sent = p, p.actions, p.sent
		if len(own.keys) == 0 { // nothing staged: carried out as it is
			own.lazy, own.actions = nil, c.draw(p)
		}
	}
	own.done = c.delivered(t.ChannelID, t.ID, own.keys, sent)
	res := c.result(storage.OutboxTable{ChannelID: t.ChannelID, TableID: t.ID}, own)
	res.Reply = reply
	return res
}

// Staged is the Result carrying out actions made of another kind's
// outbox items keys (see Kind) of tb, in turn with tb's other changes.
func (c *Carrier) Staged(tb storage.OutboxTable, keys []string, actions []interact.Action) interact.Result {
	return c.result(tb, prepared{keys: keys, actions: actions, done: c.delivered(tb.ChannelID, tb.TableID, keys, nil)})
}

// result carries out own, a fresh change of tb, confirming it once done.
func (c *Carrier) result(tb storage.OutboxTable, own prepared) interact.Result {
	res := interact.Result{Actions: own.actions, Done: own.done}
	if len(own.keys) > 0 {
		res.Carrier = c.carryOwn(tb, []prepared{own})
	}
	return res
}

// Actions draws a composed delivery (from the state it kept) as actions
// to carry out at once, outside the outbox (a change that stages none).
func (c *Carrier) Actions(d outbox.Delivery) ([]interact.Action, error) {
	actions, _, err := c.realize(d, nil)
	return actions, err
}

// kindOf is the kind claiming an outbox item's data; nil: a table's.
func (c *Carrier) kindOf(data []byte) *Kind {
	for i := range c.d.Kinds {
		if c.d.Kinds[i].Claims(data) {
			return &c.d.Kinds[i]
		}
	}
	return nil
}

// now is the Carrier's clock.
func (c *Carrier) now() time.Time { return c.d.Now() }
