// Package commands is Tavern's command surface: slash command definitions
// and the Service that turns interactions into table changes (through
// storage) and Actions for a transport to carry out.
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
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/lobby"
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

// Service implements Interactions for every transport.
type Service struct {
	games       *games.Registry
	store       storage.Store
	images      Images
	log         *slog.Logger
	now         func() time.Time
	newSeed     func() uint64
	voice       interact.Voice
	render      *render.Pool
	ratings     *ratings.Feature
	tables      *tables.Tables
	myGames     *mygames.Feature
	lobby       *lobby.Feature
	menus       *play.Menus
	settings    *settingsfeature.Feature
	tournaments *tournaments.Feature
	replay      *replays.Feature
	scratch     sync.Pool // *[]byte: working memory for staging outbox items
	out         *delivery.Carrier
	sched       *scheduler.Scheduler
	bots        *bots.Thinker
	// thinking are the tables whose bots' moves are being thought out
	// (startThinking), each once at a time.
	thinking sync.Map // channel id → struct{}
}

var _ Interactions = (*Service)(nil)

// deliveryDeps is what the delivery needs of the Service: the pictures a
// post names, a replay's post, the scheduler's wake-up for a table whose
// posted messages were remembered, and the tournaments' outbox items.
func (s *Service) deliveryDeps() delivery.Deps {
	return delivery.Deps{Store: s.store, Games: s.games, Tables: s.tables, Render: s.render, Log: s.log,
		Now: func() time.Time { return s.now() }, Picture: s.picture, Replay: s.replayPost,
		Saved: s.sched.WakeIfDue,
		Kinds: []delivery.Kind{{Claims: tournaments.IsItem, Actions: s.tournaments.Redeliver}}}
}

// NewService checks deps and fills defaults for the optional ones.
func NewService(d Deps) (*Service, error) {
	if d.Games == nil || d.Store == nil {
		return nil, errors.New("commands: NewService needs Games and Store")
	}
	for _, id := range d.Games.IDs() {
		g, _ := d.Games.Get(id)
		if err := table.CheckOptionIDs(g.Info()); err != nil {
			return nil, fmt.Errorf("commands: %w", err)
		}
	}
	s := &Service{games: d.Games, store: d.Store, images: d.Images, log: d.Log, now: d.Now, newSeed: d.NewSeed,
		render: render.NewPool(runtime.GOMAXPROCS(0)), bots: d.Bots}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	poll := d.Poll
	if poll <= 0 {
		poll = outboxCheck
	}
	s.sched = scheduler.New(s.store, func() time.Time { return s.now() }, poll, s.log)
	if s.newSeed == nil {
		s.newSeed = rand.Uint64
	}
	s.voice = interact.NewVoice(d.Games, d.Games.Catalog(CoreCatalog()), s.log)
	s.menus = play.New(s.voice)
	s.tables = tables.New(s.store, s.games, func() time.Time { return s.now() }, func() uint64 { return s.newSeed() }, s.log,
		tables.Hooks{Saved: s.sched.WakeIfDue, Ended: func(ctx context.Context, t *table.Table) { s.tournaments.TableEnded(ctx, t) }})
	s.lobby = lobby.New(lobby.Deps{Games: s.games, Store: s.store, Tables: s.tables, Images: s.images, Voice: s.voice,
		Now: func() time.Time { return s.now() }, NewSeed: func() uint64 { return s.newSeed() }, Settle: s.settleFinished, Log: s.log})
	mi, _ := s.images.(mygames.Images)
	s.myGames = mygames.New(s.store, s.tables, mi, s.voice, func() time.Time { return s.now() }, s.log)
	ri, _ := s.images.(ratings.Images)
	s.ratings = ratings.New(s.games, s.store, ri, s.voice, s.log)
	s.settings = settingsfeature.New(s.store, s.tables, s, s.voice, func() time.Time { return s.now() }, s.log)
	rp, _ := s.images.(replays.Images)
	s.replay = replays.New(s.tables, rp, s.render, replayEngine{s}, s.voice, s.log)
	ti, _ := s.images.(tournaments.Images)
	s.tournaments = tournaments.New(tournaments.Deps{Games: s.games, Store: s.store, Tables: s.tables, Engine: s, Settings: s.settings,
		Waker: s.sched, Images: ti, Voice: s.voice, Now: func() time.Time { return s.now() }, NewSeed: func() uint64 { return s.newSeed() }, Log: s.log})
	s.schedule()
	s.out = delivery.New(s.deliveryDeps())
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
			return s.start(ctx, r, r.ChannelID, "")
		case SubStatus, SubHand, SubLog:
			if r.InDM() {
				return s.dmInfo(ctx, r, sub.Name)
			}
			return s.info(ctx, r, sub.Name, r.ChannelID)
		case SubUndo:
			return s.undo(ctx, r)
		case SubAbandon:
			return s.abandon(ctx, r)
		case SubReturn:
			return s.returnSeat(ctx, r)
		case SubReplay:
			return s.replay.Command(ctx, r)
		}
	case CmdMove:
		move := interact.StringOpt(data.Options, OptOption)
		if move == "" {
			return s.voice.Key(r.Lang, KeyMoveNoOption)
		}
		if res, ok := s.drillDown(ctx, r, r.ChannelID, move); ok {
			return res
		}
		return s.move(ctx, r, r.ChannelID, "", table.AnyVersion, move)
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
		return s.move(ctx, r, c.Channel, c.Table, c.Version, c.Arg)
	case KindMoveSelect:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.move(ctx, r, c.Channel, c.Table, c.Version, value)
	case KindJoin:
		return s.lobby.Join(ctx, r, c.Channel, c.Table)
	case KindLeave:
		return s.lobby.Leave(ctx, r, c.Channel, c.Table)
	case KindStart:
		return s.start(ctx, r, c.Channel, c.Table)
	case KindOption:
		return s.lobby.Option(ctx, r, c, value)
	case KindHand:
		return s.hand(ctx, r, c.Channel, c.Table)
	case KindBack:
		return s.takeBack(ctx, r, c.Channel, c.Table, c.Version, true)
	case KindAddBot:
		return s.lobby.AddBot(ctx, r, c.Channel, c.Table)
	case KindRemoveBot:
		return s.lobby.RemoveBot(ctx, r, c.Channel, c.Table)
	case KindPickTable:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.pickTable(ctx, r, c.Arg, value)
	case KindVote:
		return s.absentVote(ctx, r, c)
	case KindTourJoin, KindTourLeave, KindTourStart, KindTourConfirm:
		res, _ := s.tournaments.Component(ctx, r, c)
		return res
	case KindGroup:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.pickGroup(ctx, r, c, value)
	}
	return s.voice.Key(r.Lang, KeyBadButton)
}

func itoa(n int) string { return strconv.Itoa(n) }
