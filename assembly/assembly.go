// Package assembly builds Tavern's middle: the table and community
// features, delivery and the scheduler, each with only the collaborators
// it needs, and registers what each part does when due. It is the one
// graph every process (main's wiring.go) and every test that serves
// interactions builds; the Discord surface (commands) gets the parts as
// values and only dispatches to them.
package assembly

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/features/replays"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/scheduler"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/tables"
)

// Deps are what the parts are built from. Games, Store and Texts are
// required.
type Deps struct {
	Games *games.Registry
	Store storage.Store
	// Texts are every text the parts speak besides the games' own (the
	// surface's CoreCatalog).
	Texts   games.Catalog
	Images  render.Images // nil: messages without pictures
	Log     *slog.Logger
	Now     func() time.Time
	NewSeed func() uint64
	// Bots thinks out the moves of bots that search (package bots) apart
	// from the change that stores them; nil: every bot plays the game's
	// heuristic, in the change.
	Bots *bots.Thinker
	// Poll is the scheduler's safety net: the longest it sleeps without
	// looking at the due index and for deliveries to take over, when no
	// change woke it (default OutboxCheck).
	Poll time.Duration
	// TuneDelivery, if set, changes the delivery's collaborators before
	// it is built (tests count and lose its claims).
	TuneDelivery func(*delivery.Deps)
}

// OutboxCheck is how often the scheduler looks for deliveries to take
// over: those older than delivery.Retry, and at once those whose
// carrier's claim ran out (its process died). It is also the default
// safety net (Deps.Poll) for a wake-up that never came: a due event
// another process staged while this one could not hear it
// (storage.DueListener).
const OutboxCheck = 15 * time.Second

// Parts are the built parts: the features the surface dispatches to, and
// the voice, delivery and scheduler it runs.
type Parts struct {
	Games       *games.Registry
	Voice       interact.Voice
	Tables      *tables.Tables
	Menus       *menus.Menus
	Views       *compose.Views
	Lobby       *lobby.Feature
	Play        *play.Feature
	Settings    *settingsfeature.Feature
	Tournaments *tournaments.Feature
	Ratings     *ratings.Feature
	MyGames     *mygames.Feature
	Replays     *replays.Feature
	Delivery    *delivery.Carrier
	Scheduler   *scheduler.Scheduler
	// People marks people's work in flight, which the bots' searches wait
	// for (bots.Thinker.People); nil without bots.
	People interface{ People() (leave func()) }
}

// Build checks d, fills the defaults of its optional fields and builds
// the parts. Three arrows point back up the graph, each through a
// function called only after Build returns: a table's end reaches the
// tournaments, a starting table asks the settings, and the delivery
// carries the tournaments' own outbox items.
func Build(d Deps) (Parts, error) {
	if d.Games == nil || d.Store == nil || d.Texts == nil {
		return Parts{}, errors.New("assembly: Build needs Games, Store and Texts")
	}
	for _, id := range d.Games.IDs() {
		g, _ := d.Games.Get(id)
		if err := coreopt.CheckIDs(g.Info()); err != nil {
			return Parts{}, fmt.Errorf("assembly: %w", err)
		}
	}
	log, now, newSeed, poll := d.Log, d.Now, d.NewSeed, d.Poll
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if now == nil {
		now = time.Now
	}
	if newSeed == nil {
		newSeed = rand.Uint64
	}
	if poll <= 0 {
		poll = OutboxCheck
	}
	var (
		settingsF    *settingsfeature.Feature // built after play, which they announce through
		tournamentsF *tournaments.Feature     // built last: they open tables through play
	)
	pool := render.NewPool(runtime.GOMAXPROCS(0))
	sched := scheduler.New(d.Store.Tables(), now, poll, log)
	voice := interact.NewVoice(d.Games, d.Games.Catalog(d.Texts), log)
	menusF := menus.NewMenus(voice)
	views := compose.NewViews(d.Images, voice)
	tabs := tables.New(d.Store.Tables(), d.Games, now, newSeed, log, tables.Hooks{
		Saved: sched.WakeIfDue,
		Ended: func(ctx context.Context, t *table.Table) { tournamentsF.TableEnded(ctx, t) },
	})
	recorder := ratings.NewRecorder(d.Store.Ratings(), tabs, log)
	lobbyF := lobby.New(lobby.Deps{Games: d.Games, Store: d.Store.Tables(), Tables: tabs, Images: d.Images, Voice: voice,
		Now: now, NewSeed: newSeed, Settle: recorder.Settle, Log: log})
	replayImages, _ := d.Images.(replays.Images)
	replaysF := replays.New(tabs, replayImages, pool, views, voice, log)
	dd := delivery.Deps{Store: d.Store.Tables(), Games: d.Games, Tables: tabs, Render: pool, Log: log, Now: now,
		Picture: views.Picture, Replay: replaysF.Post, Saved: sched.WakeIfDue,
		Kinds: []delivery.Kind{{Claims: tournaments.IsItem, Actions: func(item []byte) ([]interact.Action, error) { return tournamentsF.Redeliver(item) }}}}
	var people interface{ People() (leave func()) }
	if d.Bots != nil {
		people, dd.People = d.Bots, d.Bots
	}
	if d.TuneDelivery != nil {
		d.TuneDelivery(&dd)
	}
	out := delivery.New(dd)
	playF := play.New(play.Deps{Games: d.Games, Store: d.Store.Tables(), Uptime: d.Store.Uptime(), Tables: tabs, Voice: voice, Menus: menusF, Views: views,
		Lobby: lobbyF, Replays: replaysF, Out: out, Sched: sched, Bots: d.Bots, Settle: recorder.Settle,
		Settings: func(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User) {
			return settingsF.Start(ctx, channelID)
		},
		Now: now, Log: log})
	settingsF = settingsfeature.New(d.Store.Settings(), d.Store.Tables(), tabs, playF, voice, now, log)
	tourImages, _ := d.Images.(tournaments.Images)
	tournamentsF = tournaments.New(tournaments.Deps{Games: d.Games, Store: tournaments.Store{Tournaments: d.Store.Tournaments(), Tables: d.Store.Tables(),
		Settings: d.Store.Settings(), Ratings: d.Store.Ratings()}, Tables: tabs, Engine: playF, Settings: settingsF,
		Waker: sched, Images: tourImages, Voice: voice, Now: now, NewSeed: newSeed, Log: log})
	myImages, _ := d.Images.(mygames.Images)
	ratingImages, _ := d.Images.(ratings.Images)
	p := Parts{
		Games: d.Games, Voice: voice, Tables: tabs, Menus: menusF, Views: views,
		Lobby: lobbyF, Play: playF, Settings: settingsF, Tournaments: tournamentsF,
		Ratings:  ratings.New(d.Games, d.Store.Ratings(), ratingImages, voice, log),
		MyGames:  mygames.New(d.Store.Tables(), tabs, myImages, voice, now, log),
		Replays:  replaysF,
		Delivery: out, Scheduler: sched, People: people,
	}
	p.schedule()
	return p, nil
}

// schedule registers with the scheduler what the parts do when due: a
// table's events, a tournament's, and the outbox's and heartbeat's
// periodic jobs.
func (p Parts) schedule() {
	due := p.Play.Due()
	p.Scheduler.Register(scheduler.Kind{Fire: due.Fire})
	p.Scheduler.Register(p.Tournaments.Kind())
	p.Scheduler.OnStart(func(ctx context.Context, run scheduler.Run) {
		_, recorded := due.ForgiveOutage(ctx) // before any deadline of the downtime fires
		scheduler.Carry(ctx, run, p.Delivery.Redeliver(ctx, time.Time{}))
		go p.Delivery.RunReplays(ctx, run) // replays take seconds: never in the tick
		if recorded {
			go due.CreditSweep(ctx, func(res interact.Result) { scheduler.Carry(ctx, run, []interact.Result{res}) })
		}
	})
	p.Scheduler.Every(OutboxCheck, func(ctx context.Context, now time.Time) []interact.Result {
		return p.Delivery.Redeliver(ctx, now.Add(-delivery.Retry))
	})
	p.Scheduler.Every(play.HeartbeatEvery, func(ctx context.Context, now time.Time) []interact.Result {
		due.Beat(ctx, now)
		return nil
	})
}
