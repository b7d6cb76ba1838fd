// Package commands is Tavern's command surface: slash command definitions,
// the custom id codec, and the Service that turns interactions into table
// changes (through storage) and Actions for a transport to carry out.
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
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
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
	games   *games.Registry
	store   storage.Store
	images  Images
	log     *slog.Logger
	now     func() time.Time
	newSeed func() uint64
	cat     games.Catalog
	wake    chan struct{} // a change made a table due now
	replays chan struct{} // a replay was staged: wakes the replay drawer
	names   map[string]games.Text
	render  *renderPool
	scratch sync.Pool // *[]byte: working memory for staging outbox items
	// local claims the outbox of a store only this process uses (see
	// carryChannel); a shared store claims its own.
	local storage.OutboxClaimer
	poll  time.Duration
	// renew is how often a carrier renews its claim while a change is
	// carried out (claimLease/3).
	renew time.Duration
	// planned is when the sleeping scheduler looks next (Unix ns of s.now),
	// 0 while it is awake: a change due sooner wakes it (dueAt).
	planned atomic.Int64
	// wakes counts why the scheduler woke: its timer ran out, or a change
	// (this process's or, through storage.DueListener, another's) woke it.
	wakes struct{ timer, nudged atomic.Int64 }
	bots  *bots.Thinker
	// thinking are the tables whose bots' moves are being thought out
	// (startThinking); thoughts carries each change made of them to the
	// running scheduler, which carries it out.
	thinking sync.Map // channel id → struct{}
	thoughts chan Result
	// scheduling is set while RunScheduler runs: without it (tests calling
	// Tick), bots' moves are thought out within the Tick.
	scheduling atomic.Bool
}

var _ Interactions = (*Service)(nil)

// NewService checks deps and fills defaults for the optional ones.
func NewService(d Deps) (*Service, error) {
	if d.Games == nil || d.Store == nil {
		return nil, errors.New("commands: NewService needs Games and Store")
	}
	names := map[string]games.Text{}
	for _, id := range d.Games.IDs() {
		g, _ := d.Games.Get(id)
		info := g.Info()
		if err := table.CheckOptionIDs(info); err != nil {
			return nil, fmt.Errorf("commands: %w", err)
		}
		names[id] = info.Name
	}
	s := &Service{games: d.Games, store: d.Store, images: d.Images, log: d.Log, now: d.Now, newSeed: d.NewSeed, poll: d.Poll,
		wake: make(chan struct{}, 1), replays: make(chan struct{}, 1), names: names, render: newRenderPool(runtime.GOMAXPROCS(0)),
		bots: d.Bots, thoughts: make(chan Result)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.renew = claimLease / 3
	if s.poll <= 0 {
		s.poll = outboxCheck
	}
	if s.newSeed == nil {
		s.newSeed = rand.Uint64
	}
	s.cat = d.Games.Catalog(CoreCatalog())
	s.local = storage.NewLocalClaims(s.store, func() time.Time { return s.now() })
	return s, nil
}

// Localize renders a core (or game) message key in lang.
func (s *Service) Localize(lang, key string) string {
	return s.cat.Localize(games.Lang(lang), games.T(key))
}

// request is the part of an interaction every handler needs.
type request struct {
	i         *discordgo.Interaction
	userID    string
	userName  string
	lang      string // the user's language, for ephemeral replies and DMs
	guildLang string // the server's language, for channel posts
	channelID string
	manage    bool // member may manage the channel
}

func newRequest(i *discordgo.Interaction) (request, bool) {
	r := request{i: i, channelID: i.ChannelID, lang: games.Lang(string(i.Locale))}
	var u *discordgo.User
	if i.Member != nil {
		u = i.Member.User
		r.manage = i.Member.Permissions&discordgo.PermissionManageChannels != 0
		r.userName = i.Member.Nick
	}
	if u == nil {
		u = i.User
	}
	if u == nil || u.ID == "" {
		return r, false
	}
	r.userID = u.ID
	if r.userName == "" {
		r.userName = u.GlobalName
	}
	if r.userName == "" {
		r.userName = u.Username
	}
	if r.userName == "" {
		r.userName = u.ID
	}
	r.guildLang = r.lang
	if i.GuildLocale != nil {
		r.guildLang = games.Lang(string(*i.GuildLocale))
	}
	return r, true
}

// Handle dispatches a command or component interaction.
func (s *Service) Handle(ctx context.Context, i *discordgo.Interaction) Result {
	r, ok := newRequest(i)
	if !ok {
		return s.replyKey(games.Lang(string(i.Locale)), KeyMalformed)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return s.handleCommand(ctx, r)
	case discordgo.InteractionMessageComponent:
		return s.handleComponent(ctx, r)
	}
	return s.replyKey(r.lang, KeyMalformed)
}

func (s *Service) handleCommand(ctx context.Context, r request) Result {
	data, ok := r.i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return s.replyKey(r.lang, KeyMalformed)
	}
	switch data.Name {
	case CmdGame:
		if len(data.Options) != 1 || data.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
			return s.replyKey(r.lang, KeyMalformed)
		}
		sub := data.Options[0]
		switch sub.Name {
		case SubNew:
			return s.newTable(ctx, r, stringOpt(sub.Options, OptGame), stringOpt(sub.Options, OptOptions), boolOpt(sub.Options, OptThread))
		case SubStart:
			return s.start(ctx, r, r.channelID, "")
		case SubStatus, SubHand, SubLog:
			if inDM(r) {
				return s.dmInfo(ctx, r, sub.Name)
			}
			return s.info(ctx, r, sub.Name, r.channelID)
		case SubUndo:
			return s.undo(ctx, r)
		case SubAbandon:
			return s.abandon(ctx, r)
		case SubReturn:
			return s.returnSeat(ctx, r)
		case SubReplay:
			return s.replay(ctx, r)
		}
	case CmdMove:
		move := stringOpt(data.Options, OptOption)
		if move == "" {
			return s.replyKey(r.lang, KeyMoveNoOption)
		}
		if res, ok := s.drillDown(ctx, r, r.channelID, move); ok {
			return res
		}
		return s.move(ctx, r, r.channelID, "", moveAnyVersion, move)
	case CmdRules:
		return s.rules(r, stringOpt(data.Options, OptGame), stringOpt(data.Options, OptTopic))
	case CmdGames:
		return s.myGames(ctx, r)
	case CmdSettings:
		return s.settingsCmd(ctx, r, data.Options)
	case CmdServerSettings:
		return s.serverSettingsCmd(ctx, r, data.Options)
	case CmdVacation:
		return s.vacationCmd(ctx, r, data.Options)
	case CmdLeaderboard:
		return s.leaderboard(ctx, r, stringOpt(data.Options, OptGame), stringOpt(data.Options, OptScope))
	case CmdProfile:
		return s.profile(ctx, r, stringOpt(data.Options, OptUser))
	case CmdTournament:
		return s.tournamentCmd(ctx, r, data.Options)
	}
	return s.replyKey(r.lang, KeyMalformed)
}

func (s *Service) handleComponent(ctx context.Context, r request) Result {
	data, ok := r.i.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		return s.replyKey(r.lang, KeyMalformed)
	}
	c, err := ParseCustomID(data.CustomID)
	if err != nil {
		return s.replyKey(r.lang, KeyBadButton)
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
			return s.replyKey(r.lang, KeyBadButton)
		}
		return s.move(ctx, r, c.Channel, c.Table, c.Version, value)
	case KindJoin:
		return s.join(ctx, r, c.Channel, c.Table)
	case KindLeave:
		return s.leave(ctx, r, c.Channel, c.Table)
	case KindStart:
		return s.start(ctx, r, c.Channel, c.Table)
	case KindOption:
		if value == "" {
			return s.replyKey(r.lang, KeyBadButton)
		}
		option, choice := c.Arg, value
		if c.Arg == packedOption {
			var ok bool
			if option, choice, ok = splitPacked(value); !ok {
				return s.replyKey(r.lang, KeyBadButton)
			}
		}
		return s.setOption(ctx, r, c.Channel, c.Table, option, choice)
	case KindHand:
		return s.hand(ctx, r, c.Channel, c.Table)
	case KindBack:
		return s.takeBack(ctx, r, c.Channel, c.Table, c.Version, true)
	case KindAddBot:
		return s.addBot(ctx, r, c.Channel, c.Table)
	case KindRemoveBot:
		return s.removeBot(ctx, r, c.Channel, c.Table)
	case KindPickTable:
		if value == "" {
			return s.replyKey(r.lang, KeyBadButton)
		}
		return s.pickTable(ctx, r, c.Arg, value)
	case KindVote:
		return s.absentVote(ctx, r, c)
	case KindTourJoin, KindTourLeave:
		return s.tourJoin(ctx, r, c, c.Kind == KindTourJoin)
	case KindTourStart:
		return s.tourStartClick(ctx, r, c)
	case KindTourConfirm:
		return s.tourConfirm(ctx, r, c)
	case KindGroup:
		if value == "" {
			return s.replyKey(r.lang, KeyBadButton)
		}
		return s.pickGroup(ctx, r, c, value)
	}
	return s.replyKey(r.lang, KeyBadButton)
}

func stringOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	for _, o := range opts {
		if o.Name == name {
			if v, ok := o.Value.(string); ok {
				return v
			}
			return fmt.Sprint(o.Value)
		}
	}
	return ""
}

// boolOpt is a boolean option's value (false when absent).
func boolOpt(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) bool {
	for _, o := range opts {
		if o.Name == name {
			v, _ := o.Value.(bool)
			return v
		}
	}
	return false
}

// reply is an ephemeral text answer.
func reply(content string) Result {
	return Result{Reply: &Message{Content: content}}
}

func (s *Service) replyKey(lang, key string, kv ...any) Result {
	return reply(s.cat.Localize(lang, games.T(key, kv...)))
}

// replyErr turns any error into a polite, localized ephemeral reply. Rule
// errors carry their own key; anything unexpected is logged, never shown.
func (s *Service) replyErr(r request, err error) Result {
	var ge *games.Error
	switch {
	case errors.As(err, &ge):
		return reply(s.cat.Localize(r.lang, ge.Text))
	case errors.Is(err, storage.ErrNotFound):
		return s.replyKey(r.lang, KeyNoTable)
	case errors.Is(err, storage.ErrActiveTable):
		return s.replyKey(r.lang, KeyBusy)
	case errors.Is(err, storage.ErrUnavailable):
		// The store retried as long as an answer can wait; nothing secret
		// goes to the player, the cause goes to the log.
		s.log.Warn("interaction failed: database unavailable", "user", r.userID, "channel", r.channelID, "err", err)
		return s.replyKey(r.lang, KeyUnavailable)
	}
	s.log.Error("interaction failed", "user", r.userID, "channel", r.channelID, "err", err)
	return s.replyKey(r.lang, KeyInternal)
}

func truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func itoa(n int) string { return strconv.Itoa(n) }
