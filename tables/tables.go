// Package tables is how every feature reads and changes the table of a
// channel: loaded with its game, changed in one storage transaction, and
// followed by the hooks a saved change calls (the scheduler's wake-up, a
// tournament's result).
//
// It knows no feature: the hooks are given to it by the wiring.
package tables

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Keys of the replies about a table that is not there.
const (
	KeyOldTable  = "core.err.old_table"
	KeyDMNoTable = "core.dm.no_table"
)

// Texts are the replies about a table that is not there, in English and
// German.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyOldTable:  {"That button belongs to an earlier game in this channel.", "Dieser Knopf gehört zu einem früheren Spiel in diesem Kanal."},
		KeyDMNoTable: {"You sit at no running table. Start one with /game new in a server channel.", "Du sitzt an keinem laufenden Tisch. Eröffne einen mit /game new in einem Server-Kanal."},
	}
}

// errOtherTable stops a bookkeeping update meant for an earlier table.
var errOtherTable = errors.New("tables: channel holds another table now")

// Hooks are what a saved change calls. Either may be nil.
type Hooks struct {
	// Saved hears of every saved table (the scheduler wakes when it is
	// due sooner than planned).
	Saved func(t *table.Table)
	// Ended hears of a table whose game ended in the change (a
	// tournament records its result at once).
	Ended func(ctx context.Context, t *table.Table)
}

// Tables reads and changes the tables of a store.
type Tables struct {
	store   storage.Tables
	games   *games.Registry
	now     func() time.Time
	newSeed func() uint64
	log     *slog.Logger
	hooks   Hooks
	// outages are the spans in which no scheduler ran (SetOutages), which
	// every change credits to its table first (table.CreditOutages).
	outages atomic.Pointer[[]clock.Span]
}

// SetOutages makes every later change pause its table's clocks over the
// outages it was not yet paused over (storage.Uptime.Outages).
func (ts *Tables) SetOutages(outages []clock.Span) {
	ts.outages.Store(&outages)
}

// KnownOutages are the outages SetOutages handed on, oldest first.
func (ts *Tables) KnownOutages() []clock.Span {
	if p := ts.outages.Load(); p != nil {
		return *p
	}
	return nil
}

// New reads and changes the tables of store, whose games are reg's; now
// stamps remembered messages and newSeed makes table ids.
func New(store storage.Tables, reg *games.Registry, now func() time.Time, newSeed func() uint64, log *slog.Logger, hooks Hooks) *Tables {
	return &Tables{store: store, games: reg, now: now, newSeed: newSeed, log: log, hooks: hooks}
}

// Update runs fn on the channel's table in one storage transaction and
// returns the saved table. tableID, when set, must match (a button from an
// earlier game in the same channel is refused). fn only mutates the table:
// rendering and Discord calls happen after the transaction.
func (ts *Tables) Update(ctx context.Context, channelID, tableID string, fn func(*table.Table, games.Game) error, opts ...storage.LoadOption) (*table.Table, error) {
	var (
		saved *table.Table
		was   table.Status
	)
	release := interact.Hold(ctx) // not acknowledged before it is stored
	err := ts.store.Update(ctx, channelID, func(t *table.Table) error {
		if tableID != "" && t.ID != tableID {
			return games.Errorf(KeyOldTable)
		}
		was = t.Status
		g, ok := ts.games.Get(t.GameID)
		if !ok {
			return fmt.Errorf("table %s: game %q is not registered", t.ID, t.GameID)
		}
		if _, err := t.Clocks().CreditOutages(g, ts.KnownOutages()); err != nil {
			return err
		}
		if err := fn(t, g); err != nil {
			return err
		}
		saved = t
		return nil
	}, opts...)
	release()
	if err != nil {
		return nil, err
	}
	if ts.hooks.Saved != nil {
		ts.hooks.Saved(saved)
	}
	if was == table.StatusPlaying && !saved.Active() && ts.hooks.Ended != nil {
		ts.hooks.Ended(ctx, saved) // a tournament's game records its result at once
	}
	return saved, nil
}

// Load reads the channel's table and its game without changing anything.
func (ts *Tables) Load(ctx context.Context, channelID, tableID string, opts ...storage.LoadOption) (*table.Table, games.Game, error) {
	t, err := ts.store.Get(ctx, channelID, opts...)
	if err != nil {
		return nil, nil, err
	}
	if tableID != "" && t.ID != tableID {
		return nil, nil, games.Errorf(KeyOldTable)
	}
	g, ok := ts.games.Get(t.GameID)
	if !ok {
		return nil, nil, fmt.Errorf("table %s: game %q is not registered", t.ID, t.GameID)
	}
	return t, g, nil
}

// RememberLobby is Remember for the table's lobby message.
func (ts *Tables) RememberLobby(channelID, tableID string) func(string) {
	return ts.Remember(channelID, tableID, func(t *table.Table, id string, now time.Time) { t.Live().SetLobbyMessage(id, now) })
}

// Remember returns an OnSent callback that stores a posted message's id on
// the table, if the channel still holds that table.
func (ts *Tables) Remember(channelID, tableID string, set func(t *table.Table, id string, now time.Time)) func(string) {
	return func(messageID string) {
		err := ts.store.Update(context.Background(), channelID, func(t *table.Table) error {
			if t.ID != tableID {
				return errOtherTable
			}
			set(t, messageID, ts.now())
			return nil
		})
		if err != nil && !errors.Is(err, errOtherTable) {
			ts.log.Error("remember message id", "channel", channelID, "table", tableID, "err", err)
		}
	}
}

// NewID makes a short id that tells tables in one channel apart.
func (ts *Tables) NewID() string {
	id := strconv.FormatUint(ts.newSeed(), 36)
	if len(id) > 8 {
		id = id[:8]
	}
	return id
}
