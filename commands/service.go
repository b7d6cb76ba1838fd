// Package commands is Tavern's Discord surface: the slash commands'
// definitions and localizations, parsing, and dispatch of each interaction
// to the feature that owns it (features/*), built in NewService.
//
// It speaks interact's vocabulary (requests, results, custom ids), which
// it names again for transports, so they import this package alone.
package commands

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/bwmarrin/discordgo"

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
	"github.com/tavern-bot/tavern/tables"
)

// Deps are the Service's collaborators. Games and Store are required.
type Deps struct {
	Games   *games.Registry
	Store   storage.Store
	Images  Images // nil: messages without pictures
	Log     *slog.Logger
	Now     func() time.Time
	NewSeed func() uint64
	// Bots thinks out the moves of bots that search (package bots) apart
	// from the change that stores them; nil: every bot plays the game's
	// heuristic, in the change.
	Bots *bots.Thinker
	// Poll is the scheduler's safety net: the longest it sleeps without
	// looking at the due index and for deliveries to take over, when no
	// change woke it (default outboxCheck).
	Poll time.Duration
}

// Service implements Interactions for every transport: it parses each
// interaction and hands it to the feature that owns it.
type Service struct {
	games       *games.Registry
	store       storage.Store
	log         *slog.Logger
	now         func() time.Time
	voice       interact.Voice
	render      *render.Pool
	tables      *tables.Tables
	menus       *menus.Menus
	views       *compose.Views
	lobby       *lobby.Feature
	play        *play.Feature
	ratings     *ratings.Feature
	myGames     *mygames.Feature
	settings    *settingsfeature.Feature
	tournaments *tournaments.Feature
	replay      *replays.Feature
	out         *delivery.Carrier
	sched       *scheduler.Scheduler
}

var _ Interactions = (*Service)(nil)

// deliveryDeps is what the delivery needs: the pictures a post names, a
// replay's post, the scheduler's wake-up for a table whose posted
// messages were remembered, and the tournaments' outbox items.
func (s *Service) deliveryDeps() delivery.Deps {
	return delivery.Deps{Store: s.store.Tables(), Games: s.games, Tables: s.tables, Render: s.render, Log: s.log,
		Now: func() time.Time { return s.now() }, Picture: s.views.Picture, Replay: s.replay.Post,
		Saved: s.sched.WakeIfDue,
		// The tournaments are built after the carrier (they open tables
		// through play, which carries through it).
		Kinds: []delivery.Kind{{Claims: tournaments.IsItem, Actions: func(item []byte) ([]interact.Action, error) { return s.tournaments.Redeliver(item) }}}}
}

// NewService checks deps and fills defaults for the optional ones.
func NewService(d Deps) (*Service, error) { return newService(d, nil) }

// newService builds the Service and its features, each with only the
// collaborators it needs; tune, if set, changes the delivery's (tests
// count and lose its claims).
func newService(d Deps, tune func(*delivery.Deps)) (*Service, error) {
	if d.Games == nil || d.Store == nil {
		return nil, errors.New("commands: NewService needs Games and Store")
	}
	for _, id := range d.Games.IDs() {
		g, _ := d.Games.Get(id)
		if err := table.CheckOptionIDs(g.Info()); err != nil {
			return nil, fmt.Errorf("commands: %w", err)
		}
	}
	s := &Service{games: d.Games, store: d.Store, log: d.Log, now: d.Now, render: render.NewPool(runtime.GOMAXPROCS(0))}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	newSeed := d.NewSeed
	if newSeed == nil {
		newSeed = rand.Uint64
	}
	now := func() time.Time { return s.now() }
	poll := d.Poll
	if poll <= 0 {
		poll = outboxCheck
	}
	s.sched = scheduler.New(s.store.Tables(), now, poll, s.log)
	s.voice = interact.NewVoice(d.Games, d.Games.Catalog(CoreCatalog()), s.log)
	s.menus = menus.NewMenus(s.voice)
	s.views = compose.NewViews(d.Images, s.voice)
	s.tables = tables.New(s.store.Tables(), s.games, now, newSeed, s.log,
		tables.Hooks{Saved: s.sched.WakeIfDue, Ended: func(ctx context.Context, t *table.Table) { s.tournaments.TableEnded(ctx, t) }})
	recorder := ratings.NewRecorder(s.store.Ratings(), s.tables, s.log)
	s.lobby = lobby.New(lobby.Deps{Games: s.games, Store: s.store.Tables(), Tables: s.tables, Images: d.Images, Voice: s.voice,
		Now: now, NewSeed: newSeed, Settle: recorder.Settle, Log: s.log})
	rp, _ := d.Images.(replays.Images)
	s.replay = replays.New(s.tables, rp, s.render, s.views, s.voice, s.log)
	dd := s.deliveryDeps()
	if tune != nil {
		tune(&dd)
	}
	s.out = delivery.New(dd)
	s.play = play.New(play.Deps{Games: s.games, Store: s.store.Tables(), Uptime: s.store.Uptime(), Tables: s.tables, Voice: s.voice, Menus: s.menus, Views: s.views,
		Lobby: s.lobby, Replays: s.replay, Out: s.out, Sched: s.sched, Bots: d.Bots, Settle: recorder.Settle,
		// The settings announce through play: they are built after it.
		Settings: func(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User) {
			return s.settings.Start(ctx, channelID)
		},
		Now: now, Log: s.log})
	s.settings = settingsfeature.New(s.store.Settings(), s.store.Tables(), s.tables, s.play, s.voice, now, s.log)
	ti, _ := d.Images.(tournaments.Images)
	s.tournaments = tournaments.New(tournaments.Deps{Games: s.games, Store: tournaments.Store{Tournaments: s.store.Tournaments(), Tables: s.store.Tables(),
		Settings: s.store.Settings(), Ratings: s.store.Ratings()}, Tables: s.tables, Engine: s.play, Settings: s.settings,
		Waker: s.sched, Images: ti, Voice: s.voice, Now: now, NewSeed: newSeed, Log: s.log})
	mi, _ := d.Images.(mygames.Images)
	s.myGames = mygames.New(s.store.Tables(), s.tables, mi, s.voice, now, s.log)
	ri, _ := d.Images.(ratings.Images)
	s.ratings = ratings.New(s.games, s.store.Ratings(), ri, s.voice, s.log)
	s.schedule()
	return s, nil
}

// Localize renders a core (or game) message key in lang.
func (s *Service) Localize(lang, key string) string {
	return s.voice.Say(games.Lang(lang), key)
}

// Handle dispatches a command or component interaction.
func (s *Service) Handle(ctx context.Context, i *discordgo.Interaction) Result {
	r, ok := interact.NewRequest(i)
	if !ok {
		return s.voice.Key(games.Lang(string(i.Locale)), KeyMalformed)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return s.handleCommand(ctx, r)
	case discordgo.InteractionMessageComponent:
		return s.handleComponent(ctx, r)
	}
	return s.voice.Key(r.Lang, KeyMalformed)
}

func (s *Service) handleCommand(ctx context.Context, r interact.Request) Result {
	data, ok := r.Interaction.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return s.voice.Key(r.Lang, KeyMalformed)
	}
	switch data.Name {
	case CmdGame:
		if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return s.voice.Key(r.Lang, KeyMalformed)
		}
		sub := data.Options[0]
		switch sub.Name {
		case SubNew:
			return s.lobby.Open(ctx, r, interact.StringOpt(sub.Options, OptGame), interact.StringOpt(sub.Options, OptOptions), interact.BoolOpt(sub.Options, lobby.OptThread))
		case SubStart:
			return s.play.Start(ctx, r, r.ChannelID, "")
		case SubStatus, SubHand, SubLog:
			return s.play.Info(ctx, r, sub.Name)
		case SubUndo:
			return s.play.Undo(ctx, r)
		case SubAbandon:
			return s.play.Abandon(ctx, r)
		case SubReturn:
			return s.play.Return(ctx, r)
		case SubReplay:
			return s.replay.Command(ctx, r)
		}
	case CmdMove:
		move := interact.StringOpt(data.Options, OptOption)
		if move == "" {
			return s.voice.Key(r.Lang, KeyMoveNoOption)
		}
		if res, ok := s.play.DrillDown(ctx, r, r.ChannelID, move); ok {
			return res
		}
		return s.play.Move(ctx, r, r.ChannelID, "", table.AnyVersion, move)
	case CmdRules:
		return s.rules(r, interact.StringOpt(data.Options, OptGame), interact.StringOpt(data.Options, OptTopic))
	case CmdGames:
		return s.myGames.Command(ctx, r)
	case settingsfeature.CmdSettings, settingsfeature.CmdServerSettings, settingsfeature.CmdVacation:
		res, _ := s.settings.Command(ctx, r, data)
		return res
	case ratings.CmdLeaderboard, ratings.CmdProfile:
		res, _ := s.ratings.Command(ctx, r, data)
		return res
	case tournaments.CmdTournament:
		res, _ := s.tournaments.Command(ctx, r, data)
		return res
	}
	return s.voice.Key(r.Lang, KeyMalformed)
}

func (s *Service) handleComponent(ctx context.Context, r interact.Request) Result {
	data, ok := r.Interaction.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		return s.voice.Key(r.Lang, KeyMalformed)
	}
	c, err := ParseCustomID(data.CustomID)
	if err != nil {
		return s.voice.Key(r.Lang, KeyBadButton)
	}
	value := ""
	if len(data.Values) > 0 {
		value = data.Values[0]
	}
	switch c.Kind {
	case KindMove:
		return s.play.Move(ctx, r, c.Channel, c.Table, c.Version, c.Arg)
	case KindMoveSelect:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.play.Move(ctx, r, c.Channel, c.Table, c.Version, value)
	case KindJoin:
		return s.lobby.Join(ctx, r, c.Channel, c.Table)
	case KindLeave:
		return s.lobby.Leave(ctx, r, c.Channel, c.Table)
	case KindStart:
		return s.play.Start(ctx, r, c.Channel, c.Table)
	case KindOption:
		return s.lobby.Option(ctx, r, c, value)
	case KindHand:
		return s.play.Hand(ctx, r, c.Channel, c.Table)
	case KindBack:
		return s.play.Back(ctx, r, c.Channel, c.Table, c.Version)
	case KindAddBot:
		return s.lobby.AddBot(ctx, r, c.Channel, c.Table)
	case KindRemoveBot:
		return s.lobby.RemoveBot(ctx, r, c.Channel, c.Table)
	case KindPickTable:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.play.PickTable(ctx, r, c.Arg, value)
	case KindVote:
		return s.play.Vote(ctx, r, c)
	case KindTourJoin, KindTourLeave, KindTourStart, KindTourConfirm:
		res, _ := s.tournaments.Component(ctx, r, c)
		return res
	case KindGroup:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.play.PickGroup(ctx, r, c, value)
	}
	return s.voice.Key(r.Lang, KeyBadButton)
}
