package playground

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
)

// Server is the playground: the pretend Discord state plus the web page that
// shows it. It is an http.Handler; ListenAndServe runs it on loopback.
type Server struct {
	h     commands.Interactions
	opts  Options
	log   *slog.Logger
	world *world
	defs  []*discordgo.ApplicationCommand
	chans map[string]channelInfo
	mux   *http.ServeMux
	ui    games.Catalog
}

// channelInfo is the immutable part of a channel, readable without a lock.
type channelInfo struct {
	ID     string
	Name   string
	DMUser string
}

// Errors the page turns into HTTP statuses.
var (
	errNoUser    = errors.New("playground: unknown user")
	errNoChannel = errors.New("playground: unknown channel")
	errNoMessage = errors.New("playground: unknown message or component")
)

// New builds a playground over h. Empty fields of opts take their defaults.
func New(h commands.Interactions, opts Options, log *slog.Logger) (*Server, error) {
	if h == nil {
		return nil, errors.New("playground: no command handler")
	}
	if log == nil {
		log = slog.Default()
	}
	opts = opts.withDefaults()
	if err := opts.validate(); err != nil {
		return nil, err
	}
	s := &Server{h: h, opts: opts, log: log, world: newWorld(opts), defs: h.Definitions(),
		chans: map[string]channelInfo{}, ui: newUICatalog()}
	for id, c := range s.world.channels {
		s.chans[id] = channelInfo{ID: c.ID, Name: c.Name, DMUser: c.DMUser}
	}
	s.routes()
	return s, nil
}

func (s *Server) user(id string) (User, bool) {
	for _, u := range s.opts.Users {
		if u.ID == id {
			return u, true
		}
	}
	return User{}, false
}

func (s *Server) channel(id string) (channelInfo, bool) {
	if c, ok := s.chans[id]; ok {
		return c, true
	}
	return s.world.info(id) // a thread opened since
}

func (s *Server) dmChannel(userID string) (string, bool) {
	id, ok := s.world.dmOf[userID] // written only in newWorld
	return id, ok
}

// access checks that userID exists and may see channelID: every guild
// channel, but of the DM channels only their own.
func (s *Server) access(userID, channelID string) (User, channelInfo, error) {
	u, ok := s.user(userID)
	if !ok {
		return User{}, channelInfo{}, fmt.Errorf("%w %q", errNoUser, userID)
	}
	c, ok := s.channel(channelID)
	if !ok || (c.DMUser != "" && c.DMUser != userID) {
		return User{}, channelInfo{}, fmt.Errorf("%w %q", errNoChannel, channelID)
	}
	return u, c, nil
}

func (s *Server) parser(u User) parser {
	return parser{defs: s.defs, users: s.opts.Users, channels: s.opts.Channels, lang: games.Lang(u.Locale)}
}

// Command runs a typed slash command line ("/game new game:zauberschwert")
// as userID in channelID. A line the Discord client would refuse returns an
// error for which InputErrorText gives the localized explanation.
func (s *Server) Command(ctx context.Context, userID, channelID, line string) error {
	u, c, err := s.access(userID, channelID)
	if err != nil {
		return err
	}
	p, err := s.parser(u).parseLine(line, false)
	if err != nil {
		return err
	}
	if c.DMUser == "" {
		p.data.GuildID = s.opts.GuildID
	}
	i, err := s.interactionFor(discordgo.InteractionApplicationCommand, u, &c, p.data, nil)
	if err != nil {
		return err
	}
	placeholder := ""
	if commands.AckFor(i) == commands.AckDeferEphemeral {
		placeholder, _ = s.world.thinking(c.ID, s.opts.BotID, u.ID, p.path)
	}
	res := s.handle(ctx, i, u)
	if placeholder != "" {
		s.world.resolve(c.ID, placeholder, res.Reply)
	} else if res.Reply != nil {
		s.world.post(c.ID, s.opts.BotID, *res.Reply, u.ID)
	}
	_ = res.Carry(ctx, s.Run)
	return nil
}

// Click presses a button (values empty) or submits a select menu on a
// message visible to userID.
func (s *Server) Click(ctx context.Context, userID, channelID, messageID, customID string, values []string) error {
	res, err := s.press(ctx, userID, channelID, messageID, customID, values)
	if err != nil {
		return err
	}
	_ = res.Carry(ctx, s.Run)
	return nil
}

// press is Click up to carrying out the change it made: the answer is
// shown and the change stored, its delivery not yet carried out (as on
// Discord, where a click's answer comes before its change's messages).
func (s *Server) press(ctx context.Context, userID, channelID, messageID, customID string, values []string) (commands.Result, error) {
	u, c, err := s.access(userID, channelID)
	if err != nil {
		return commands.Result{}, err
	}
	m, ok := s.world.snapshot(c.ID, messageID)
	if !ok || (m.EphemeralFor != "" && m.EphemeralFor != u.ID) {
		return commands.Result{}, fmt.Errorf("%w %q", errNoMessage, messageID)
	}
	kind, err := checkComponent(m.Components, customID, values)
	if err != nil {
		return commands.Result{}, err
	}
	data := componentData{CustomID: customID, ComponentType: int(kind), Values: values}
	if kind == discordgo.SelectMenuComponent && values == nil {
		data.Values = []string{}
	}
	i, err := s.interactionFor(discordgo.InteractionMessageComponent, u, &c, data, s.discordMessage(c.ID, m))
	if err != nil {
		return commands.Result{}, err
	}
	res := s.handle(ctx, i, u)
	switch {
	case res.DeleteClicked:
		s.world.dismiss(c.ID, m.ID, u.ID)
	case res.Reply == nil:
	case res.ReplaceClicked && s.world.replaceEphemeral(c.ID, m.ID, u.ID, *res.Reply, res.KeepPictures):
		// The answer took the place of the ephemeral message clicked.
	default:
		s.world.post(c.ID, s.opts.BotID, *res.Reply, u.ID)
	}
	return res, nil
}

// handle calls the handler and turns a panic into a generic ephemeral reply,
// as a transport must never die on one interaction.
func (s *Server) handle(ctx context.Context, i *discordgo.Interaction, u User) (res commands.Result) {
	defer func() {
		if r := recover(); r != nil {
			s.log.ErrorContext(ctx, "playground: handler panicked", slog.Any("panic", r),
				slog.String("stack", string(debug.Stack())))
			msg := commands.Message{Content: s.ui.Localize(games.Lang(u.Locale), games.T("pg.err.internal"))}
			res = commands.Result{Reply: &msg}
		}
	}()
	return s.h.Handle(ctx, i)
}

// Say posts a plain chat message as a user; the bot does not read chat, but
// players talk at the table.
func (s *Server) Say(userID, channelID, text string) error {
	u, c, err := s.access(userID, channelID)
	if err != nil {
		return err
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	s.world.post(c.ID, u.ID, commands.Message{Content: text}, "")
	return nil
}

// SetDMsClosed makes DMs to userID fail as if they had closed their DMs.
func (s *Server) SetDMsClosed(userID string, closed bool) error {
	if _, ok := s.user(userID); !ok {
		return fmt.Errorf("%w %q", errNoUser, userID)
	}
	s.world.setDMClosed(userID, closed)
	return nil
}

// Dismiss removes one of userID's ephemeral messages.
func (s *Server) Dismiss(userID, channelID, messageID string) error {
	_, c, err := s.access(userID, channelID)
	if err != nil {
		return err
	}
	if !s.world.dismiss(c.ID, messageID, userID) {
		return fmt.Errorf("%w %q", errNoMessage, messageID)
	}
	return nil
}

// InputErrorText localizes an error from Command when it is a mistake in the
// typed line; ok is false for any other error.
func (s *Server) InputErrorText(err error, locale string) (text string, ok bool) {
	var ie *inputError
	if !errors.As(err, &ie) {
		return "", false
	}
	return s.ui.Localize(games.Lang(locale), ie.text), true
}

// checkComponent finds customID on the message and validates the selected
// values the way Discord's client would allow them.
func checkComponent(comps []discordgo.MessageComponent, customID string, values []string) (discordgo.ComponentType, error) {
	for _, c := range flatten(comps) {
		switch c := c.(type) {
		case discordgo.Button:
			if c.CustomID == customID && !c.Disabled && len(values) == 0 {
				return discordgo.ButtonComponent, nil
			}
		case discordgo.SelectMenu:
			if c.CustomID != customID || c.Disabled {
				continue
			}
			if err := checkValues(c, values); err != nil {
				return 0, err
			}
			t := c.MenuType
			if t == 0 {
				t = discordgo.StringSelectMenu
			}
			return discordgo.ComponentType(t), nil
		}
	}
	return 0, fmt.Errorf("%w %q", errNoMessage, customID)
}

func checkValues(m discordgo.SelectMenu, values []string) error {
	minV := 1
	if m.MinValues != nil {
		minV = *m.MinValues
	}
	maxV := m.MaxValues
	if maxV == 0 {
		maxV = 1
	}
	if len(values) < minV || len(values) > maxV {
		return fmt.Errorf("%w: %d values for select %q", errNoMessage, len(values), m.CustomID)
	}
	if m.MenuType != 0 && m.MenuType != discordgo.StringSelectMenu {
		return nil
	}
	for _, v := range values {
		if !slices.ContainsFunc(m.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			return fmt.Errorf("%w: value %q not offered by %q", errNoMessage, v, m.CustomID)
		}
	}
	return nil
}

// flatten lists buttons and selects (as values) from rows, whether the
// handler built them as values or pointers.
func flatten(comps []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, c := range comps {
		switch c := c.(type) {
		case discordgo.ActionsRow:
			out = append(out, flatten(c.Components)...)
		case *discordgo.ActionsRow:
			out = append(out, flatten(c.Components)...)
		case *discordgo.Button:
			out = append(out, *c)
		case *discordgo.SelectMenu:
			out = append(out, *c)
		default:
			out = append(out, c)
		}
	}
	return out
}
