package commands

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

func (s *Service) newTable(ctx context.Context, r interact.Request, gameID, optionText string, thread bool) Result {
	g, ok := s.games.Get(gameID)
	if !ok {
		return s.voice.UnknownGame(r.Lang, gameID)
	}
	typed, ok := table.ParseOptions(optionText)
	if !ok {
		return s.voice.Key(r.Lang, KeyBadOptions, "text", interact.Truncate(optionText, 100))
	}
	opts, err := table.ValidateOptions(table.OptionSpecs(g.Info()), typed)
	if err != nil {
		return s.voice.Err(r, err)
	}
	if r.ChannelID == "" {
		return s.voice.Key(r.Lang, KeyMalformed)
	}
	p := table.Params{
		ID: s.tables.NewID(), ChannelID: r.ChannelID, GuildID: r.Interaction.GuildID, GameID: gameID,
		Lang: r.GuildLang, Options: opts, Seed: s.newSeed(), Now: s.now(),
		Host: table.Seat{UserID: r.UserID, Name: r.UserName, Lang: r.Lang},
	}
	if thread {
		return s.newThreadTable(ctx, r, p)
	}
	t := table.New(p)
	release := interact.Hold(ctx) // not acknowledged before it is stored
	// A new table archives the finished one with its due events: its game
	// goes into the ratings first.
	err = s.settleFinished(ctx, r.ChannelID)
	if err == nil {
		err = s.store.Create(ctx, t)
	}
	release()
	if err != nil {
		return s.voice.Err(r, err)
	}
	msg := s.lobbyMessage(t, g)
	return Result{
		Reply: &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKNew))},
		Actions: []Action{ChannelPost{ChannelID: t.ChannelID, Message: msg,
			OnSent: s.tables.Remember(t.ChannelID, t.ID, (*table.Table).SetLobbyMessage)}},
	}
}

func (s *Service) join(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		return t.Join(g.Info(), table.Seat{UserID: r.UserID, Name: r.UserName, Lang: r.Lang}, s.now())
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.lobbyChanged(r, t, s.voice.Text(r.Lang, games.T(KeyOKJoined)))
}

// addBot seats a bot (host only) at the strength the lobby's bot option
// chose, which its name shows ("Bot 2 (strong)").
func (s *Service) addBot(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		bots := 1
		for _, seat := range t.Seats {
			if seat.Bot {
				bots++
			}
		}
		strength := s.voice.Text(t.Lang, games.T(KeyBotStrength+t.NextBotStrength()))
		return t.AddBot(g.Info(), r.UserID, s.voice.Text(t.Lang, games.T(KeyBotName, "n", bots, "strength", strength)), s.now())
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.lobbyChanged(r, t, s.voice.Text(r.Lang, games.T(KeyOKBot)))
}

// removeBot takes the last bot's seat away (host only).
func (s *Service) removeBot(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		return t.RemoveBot(r.UserID, s.now())
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.lobbyChanged(r, t, s.voice.Text(r.Lang, games.T(KeyOKBotGone)))
}

func (s *Service) leave(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		return t.Leave(r.UserID, s.now())
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.lobbyChanged(r, t, s.voice.Text(r.Lang, games.T(KeyOKLeft)))
}

func (s *Service) setOption(ctx context.Context, r interact.Request, channelID, tableID, option, value string) Result {
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		return t.SetOption(g.Info(), r.UserID, option, value, s.now())
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.lobbyChanged(r, t, s.voice.Text(r.Lang, games.T(KeyOKOption)))
}

// lobbyChanged redraws the lobby message in place.
func (s *Service) lobbyChanged(r interact.Request, t *table.Table, ok string) Result {
	g, _ := s.games.Get(t.GameID)
	m := s.lobbyMessage(t, g)
	if t.Status != table.StatusLobby { // the last player left
		m = Message{Content: s.voice.Text(t.Lang, games.T(KeyLobbyClosed, "game", s.voice.GameName(t.Lang, t.GameID)))}
	}
	return Result{Reply: &Message{Content: ok}, Actions: []Action{s.lobbyEdit(r, t, m)}}
}

// lobbyEdit replaces the lobby message: the one the click came from (its
// id may not be remembered yet when the click follows the post closely;
// it is remembered now), else the remembered one, else a new post.
func (s *Service) lobbyEdit(r interact.Request, t *table.Table, m Message) Action {
	onSent := s.tables.Remember(t.ChannelID, t.ID, (*table.Table).SetLobbyMessage)
	id := s.lobbyID(r, t)
	if id != t.LobbyMessageID {
		onSent(id)
	}
	if id == "" {
		return ChannelPost{ChannelID: t.ChannelID, Message: m, OnSent: onSent}
	}
	return ChannelEdit{ChannelID: t.ChannelID, MessageID: id, Message: m, OnSent: onSent}
}

// lobbyID is the table's lobby message: the one a lobby button was
// clicked on (its id may not be remembered yet when the click follows the
// post closely), else the remembered one.
func (s *Service) lobbyID(r interact.Request, t *table.Table) string {
	if i := r.Interaction; i != nil && i.Type == discordgo.InteractionMessageComponent && i.GuildID != "" &&
		i.Message != nil && i.Message.ID != "" && i.ChannelID == t.ChannelID {
		if clicked, err := ParseCustomID(componentID(i)); err == nil && clicked.Table == t.ID {
			return i.Message.ID
		}
	}
	return t.LobbyMessageID
}

// componentID is the custom id of a component interaction ("" otherwise).
func componentID(i *discordgo.Interaction) string {
	if d, ok := i.Data.(discordgo.MessageComponentInteractionData); ok {
		return d.CustomID
	}
	return ""
}

func (s *Service) start(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	var (
		st games.State
		d  outbox.Delivery
	)
	cal, users := s.settings.Start(ctx, channelID)
	t, err := s.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		var err error
		t.Calendar = cal
		if st, err = t.Start(g, r.UserID, s.now()); err != nil {
			return err
		}
		if err := t.ApplySettings(g, users, s.now()); err != nil {
			return err
		}
		names := strings.Join(t.Names(), ", ")
		sc := scene{t: t, g: g, st: st, pending: st.Pending()}
		if d, err = s.afterChange(sc, []string{s.voice.Text(t.Lang, games.T(KeyBoardStarted, "names", names))}, dmSource{}); err != nil {
			return err
		}
		// The lobby loses its buttons in the same delivery, so that a
		// crash cannot leave it open to joins.
		c := &outbox.Composer{Delivery: d}
		lobby := Message{Content: s.voice.Text(t.Lang, games.T(KeyLobbyStarted, "game", s.voice.GameName(t.Lang, t.GameID), "names", names))}
		if id := s.lobbyID(r, t); id != "" {
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: t.ChannelID, MessageID: id}, lobby)
		}
		d, err = c.Done()
		return s.stage(t, d, err)
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	return s.deliver(t, d, st, &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKStarted))})
}

// lobbyMessage shows the open table with option selects and the buttons.
func (s *Service) lobbyMessage(t *table.Table, g games.Game) Message {
	info := g.Info()
	lang := t.Lang
	hostName := t.Host
	if i := t.SeatOf(t.Host); i >= 0 {
		hostName = t.Seats[i].Name
	}
	lines := []string{
		s.voice.Text(lang, games.T(KeyLobbyTitle, "game", s.voice.GameName(lang, t.GameID), "host", hostName)),
		s.voice.Text(lang, games.T(KeyLobbyPlayers, "n", len(t.Seats), "min", info.MinPlayers, "max", info.MaxPlayers, "names", strings.Join(t.Names(), ", "))),
	}
	specs := table.OptionSpecs(info)
	if len(specs) == 0 {
		lines = append(lines, s.voice.Text(lang, games.T(KeyLobbyNoOpts)))
	} else {
		var parts []string
		for _, o := range specs {
			parts = append(parts, s.voice.Text(lang, o.Label)+" = "+t.Options[o.ID])
		}
		lines = append(lines, s.voice.Text(lang, games.T(KeyLobbyOptions, "options", strings.Join(parts, ", "))))
	}
	lines = append(lines, s.ratedLine(t, lang), s.voice.Text(lang, games.T(KeyLobbyHint)))
	m := Message{Content: strings.Join(lines, "\n")}
	rows := s.optionRows(t, info, lang, interact.MaxRows-1) // a row for the buttons
	var buttons []discordgo.MessageComponent
	for _, b := range []struct {
		kind  Kind
		key   string
		style discordgo.ButtonStyle
	}{{KindJoin, KeyBtnJoin, discordgo.PrimaryButton}, {KindLeave, KeyBtnLeave, discordgo.SecondaryButton}, {KindStart, KeyBtnStart, discordgo.SuccessButton}, {KindAddBot, KeyBtnAddBot, discordgo.SecondaryButton}, {KindRemoveBot, KeyBtnRemoveBot, discordgo.SecondaryButton}} {
		id, err := CustomID{Kind: b.kind, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
		if err != nil {
			continue
		}
		buttons = append(buttons, discordgo.Button{Label: s.voice.Text(lang, games.T(b.key)), Style: b.style, CustomID: id})
	}
	m.Components = append(rows, discordgo.ActionsRow{Components: buttons})
	if s.images != nil {
		lv := LobbyView{Host: hostName, Players: t.Names(), MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, Options: t.Options}
		if png, err := s.images.Lobby(t.GameID, lv, s.meta(t, games.Public)); err != nil {
			s.log.Warn("lobby image", "table", t.ID, "err", err)
		} else {
			m.Files = []File{{Name: "lobby.png", Data: png}}
		}
	}
	return m
}

func (s *Service) meta(t *table.Table, viewer int) ImageMeta {
	lang := t.Lang
	if viewer >= 0 && viewer < len(t.Seats) && t.Seats[viewer].Lang != "" {
		lang = t.Seats[viewer].Lang
	}
	return ImageMeta{Lang: lang, Catalog: s.voice.Catalog(), Players: t.Names(), Viewer: viewer, Version: t.Version}
}
