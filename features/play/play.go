// Package play is what a player does at a running table: moves, hand,
// status, log, undo, abandon, absent votes and /game return, and the
// table's due events (bots, timeouts, reminders, vacations' ends, outages,
// the end's replay). Each change is composed by features/compose and
// staged in the table's outbox in the change's own transaction; delivery
// carries it out.
package play

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/scheduler"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Store is what play reads and writes of the stored tables besides a
// table's change: new tables, the tables a player sits at, the timed
// tables.
type Store interface {
	Create(ctx context.Context, t *table.Table) error
	Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error)
	TablesOf(ctx context.Context, userID string) ([]string, error)
	DueBefore(ctx context.Context, until time.Time, limit int) ([]string, error)
}

// Replays is what the end's replay needs of features/replays.
type Replays interface {
	// Draws reports whether this bot draws replays at all.
	Draws() bool
}

// Deps are play's collaborators; Bots may be nil (every bot plays the
// game's heuristic, in the change).
type Deps struct {
	Games *games.Registry
	Store Store
	// Uptime is the heartbeat and the outages the clocks are credited for.
	Uptime  storage.Uptime
	Tables  *tables.Tables
	Voice   interact.Voice
	Menus   *menus.Menus
	Views   *compose.Views
	Lobby   *lobby.Feature
	Replays Replays
	Out     *delivery.Carrier
	Sched   *scheduler.Scheduler
	Bots    *bots.Thinker
	// Settle records a finished table's game in the ratings, once
	// (ratings.Recorder.Settle).
	Settle func(ctx context.Context, channelID string) error
	// Settings are the calendar and the players' settings a starting
	// table takes (features/settings' Start).
	Settings func(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User)
	Now      func() time.Time
	Log      *slog.Logger
}

// Feature answers what a player does at a running table.
type Feature struct {
	games    *games.Registry
	store    Store
	uptime   storage.Uptime
	tables   *tables.Tables
	voice    interact.Voice
	menus    *menus.Menus
	views    *compose.Views
	tell     *compose.Teller
	lobby    *lobby.Feature
	replay   Replays
	out      *delivery.Carrier
	sched    *scheduler.Scheduler
	bots     *bots.Thinker
	settle   func(ctx context.Context, channelID string) error
	settings func(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User)
	now      func() time.Time
	log      *slog.Logger
	due      *Due
	scratch  sync.Pool // *[]byte: working memory for staging outbox items
	// thinking are the tables whose bots' moves are being thought out
	// (Due.startThinking), each once at a time.
	thinking sync.Map // channel id → struct{}
}

// New is the play feature over d.
func New(d Deps) *Feature {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	f := &Feature{games: d.Games, store: d.Store, uptime: d.Uptime, tables: d.Tables, voice: d.Voice, menus: d.Menus, views: d.Views,
		tell: compose.NewTeller(d.Voice, d.Menus, d.Views), lobby: d.Lobby, replay: d.Replays,
		out: d.Out, sched: d.Sched, bots: d.Bots, settle: d.Settle, settings: d.Settings, now: d.Now, log: d.Log}
	f.due = &Due{f: f}
	return f
}

// Due is the table's due events: what the scheduler fires at a table's
// channel, and the outage credited to its clocks.
func (f *Feature) Due() *Due { return f.due }

// Due plays what falls due at tables (scheduler.Kind's Fire): bots and
// timeouts, reminders, vacations' ends, votes, outages, the end's replay.
type Due struct{ f *Feature }
