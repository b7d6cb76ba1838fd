// Package commands is Tavern's Discord surface: the slash commands'
// definitions and localizations, parsing, and dispatch of each interaction
// to the feature that owns it (features/*, built by assembly.Build and
// handed to New).
//
// It speaks interact's vocabulary (requests, results, custom ids), which
// it names again for transports, so they import this package alone.
package commands

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/assembly"
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
	"github.com/tavern-bot/tavern/scheduler"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Deps are what a Service is built from (assembly.Deps); NewService
// fills in the surface's texts.
type Deps = assembly.Deps

// Service implements Interactions for every transport: it parses each
// interaction and hands it to the feature that owns it.
type Service struct {
	games       *games.Registry
	voice       interact.Voice
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
	people      interface{ People() (leave func()) } // nil: no bots to pause
}

var _ Interactions = (*Service)(nil)

// New is the surface over parts built by assembly.Build (with
// CoreCatalog as their texts).
func New(p assembly.Parts) *Service {
	return &Service{games: p.Games, voice: p.Voice, tables: p.Tables, menus: p.Menus, views: p.Views,
		lobby: p.Lobby, play: p.Play, ratings: p.Ratings, myGames: p.MyGames, settings: p.Settings,
		tournaments: p.Tournaments, replay: p.Replays, out: p.Delivery, sched: p.Scheduler, people: p.People}
}

// NewService builds the parts over d (see assembly.Build), speaking the
// surface's texts, and the surface over them.
func NewService(d Deps) (*Service, error) { return newService(d, nil) }

// newService is NewService; tune, if set, changes the delivery's
// collaborators (tests count and lose its claims).
func newService(d Deps, tune func(*delivery.Deps)) (*Service, error) {
	d.Texts, d.TuneDelivery = CoreCatalog(), tune
	p, err := assembly.Build(d)
	if err != nil {
		return nil, fmt.Errorf("commands: %w", err)
	}
	return New(p), nil
}

// Localize renders a core (or game) message key in lang.
func (s *Service) Localize(lang, key string) string {
	return s.voice.Say(games.Lang(lang), key)
}

// Handle dispatches a command or component interaction. Handling it is
// people's work: the bots' searches wait meanwhile (bots.Thinker.People),
// as they do while the pictures someone waits for are drawn (delivery).
func (s *Service) Handle(ctx context.Context, i *discordgo.Interaction) Result {
	if s.people != nil {
		defer s.people.People()()
	}
	return s.handle(ctx, i)
}

func (s *Service) handle(ctx context.Context, i *discordgo.Interaction) Result {
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
		case SubLook:
			return s.play.Look(ctx, r, r.ChannelID, "", interact.StringOpt(sub.Options, OptPlayer))
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
	case KindLook:
		if value == "" {
			return s.voice.Key(r.Lang, KeyBadButton)
		}
		return s.play.Look(ctx, r, c.Channel, c.Table, value)
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
