// Package tournaments runs tournaments in a server's channel: the
// /tournament command and its buttons, the flow that pairs each round,
// opens its tables in threads and records their results on the
// tournament's due event, and the posts it stages in its own outbox items
// (sign-up, pairings, standings and podium with their pictures). Pairing,
// points and standings are package tournament's, and the tables are
// ordinary tables the engine opens and tells (Engine).
package tournaments

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/scheduler"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Store is what tournaments read and change in the store, one role each:
// the tournaments, their tables, the servers' settings (organiser role,
// calendar) and the ratings that seed round 1.
type Store struct {
	Tournaments storage.Tournaments
	Tables      interface {
		Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error)
	}
	Settings interface {
		Guild(ctx context.Context, guildID string) (settings.Guild, error)
	}
	Ratings interface {
		Rating(ctx context.Context, key rating.Key, userID string) (r rating.Record, ok bool, err error)
	}
}

// Engine is what tournaments ask of the engine that composes and delivers
// tables' changes (commands): to change a table and tell its channel, to
// open a table, and to carry out a tournament's own staged posts.
type Engine interface {
	tables.Announcer
	// OpenTable stores t, a new table, once start has started it, with
	// what its start posts (its first board and DMs) staged in its
	// outbox; opened runs once it is stored, before the scheduler hears
	// of it. The Result carries the posts out.
	OpenTable(ctx context.Context, t *table.Table, g games.Game, start func(*table.Table) (games.State, error), opened func()) (interact.Result, error)
	// Deliver carries out actions made of the outbox items keys that
	// owner (a tournament's due key) staged in channelID: in turn with
	// owner's other items, each removed once carried out.
	Deliver(channelID, owner string, keys []string, actions []interact.Action) interact.Result
}

// Settings reads the settings of a starting table's players.
type Settings interface {
	Users(ctx context.Context, seats []table.Seat) map[string]settings.User
}

// Waker nudges the scheduler (scheduler.Scheduler): due at once, or at.
type Waker interface {
	DueAt(at time.Time)
}

// Images draws a tournament's standings and podium as PNG. Images that
// implement it get these pictures; others give words alone.
type Images interface {
	TournamentStandings(v Sheet) ([]byte, error)
	TournamentPodium(v Sheet) ([]byte, error)
}

// Deps are the Feature's collaborators; Images may be nil.
type Deps struct {
	Games    *games.Registry
	Store    Store
	Tables   *tables.Tables
	Engine   Engine
	Settings Settings
	Waker    Waker
	Images   Images
	Voice    interact.Voice
	Now      func() time.Time
	NewSeed  func() uint64
	Log      *slog.Logger
}

// Feature runs the tournaments: their commands, flow and posts. A
// tournament's tables are ordinary tables whose id names the tournament,
// round and table (TableID), so the moment a game ends (TableEnded, a
// tables hook) its result is recorded; rounds advance on the
// tournament's due event (Kind, then Advance).
type Feature struct {
	games    *games.Registry
	store    Store
	tables   *tables.Tables
	engine   Engine
	settings Settings
	waker    Waker
	voice    interact.Voice
	now      func() time.Time
	newSeed  func() uint64
	log      *slog.Logger
	posts    posts
}

// New is the tournaments feature over d.
func New(d Deps) *Feature {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	return &Feature{games: d.Games, store: d.Store, tables: d.Tables, engine: d.Engine, settings: d.Settings, waker: d.Waker,
		voice: d.Voice, now: d.Now, newSeed: d.NewSeed, log: d.Log, posts: posts{voice: d.Voice, images: d.Images, log: d.Log}}
}

// Command answers /tournament; ok is false for any other command.
func (f *Feature) Command(ctx context.Context, r interact.Request, data discordgo.ApplicationCommandInteractionData) (res interact.Result, ok bool) {
	if data.Name != CmdTournament {
		return interact.Result{}, false
	}
	return f.tournamentCmd(ctx, r, data.Options), true
}

// Component answers the sign-up's buttons and the organisers'
// confirmations; ok is false for any other component.
func (f *Feature) Component(ctx context.Context, r interact.Request, c interact.CustomID) (res interact.Result, ok bool) {
	switch c.Kind {
	case interact.KindTourJoin, interact.KindTourLeave:
		return f.tourJoin(ctx, r, c, c.Kind == interact.KindTourJoin), true
	case interact.KindTourStart:
		return f.tourStartClick(ctx, r, c), true
	case interact.KindTourConfirm:
		return f.tourConfirm(ctx, r, c), true
	}
	return interact.Result{}, false
}

// Kind is the tournaments' kind of due event, for the scheduler: a
// tournament's due key advances it (see advance).
func (f *Feature) Kind() scheduler.Kind {
	return scheduler.Kind{
		Claims: func(key string) bool { _, ok := storage.ParseTournamentDue(key); return ok },
		Fire: func(ctx context.Context, key string, _ time.Time) []interact.Result {
			id, _ := storage.ParseTournamentDue(key)
			return f.fire(ctx, id)
		},
	}
}

// TableID is the id of a tournament's table: "T.<tournament>.<round>.<table>".
func TableID(tournamentID string, round, idx int) string {
	return "T." + tournamentID + "." + strconv.Itoa(round) + "." + strconv.Itoa(idx)
}

// parseTableID reads a tournament table's id; ok is false for any other
// table.
func parseTableID(id string) (tournamentID string, round, idx int, ok bool) {
	parts := strings.Split(id, ".")
	if len(parts) != 4 || parts[0] != "T" || parts[1] == "" {
		return "", 0, 0, false
	}
	r, err1 := strconv.Atoi(parts[2])
	i, err2 := strconv.Atoi(parts[3])
	if err1 != nil || err2 != nil || r < 0 || i < 0 {
		return "", 0, 0, false
	}
	return parts[1], r, i, true
}
