// Package lobby opens a table and keeps its lobby until the game starts:
// /game new (here or in a thread of its own), joining and leaving, bots,
// the options as selects, and the lobby message redrawn with each change.
// The start itself is features/play's: it composes the first board.
package lobby

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/tables"
)

// Store is what a lobby reads and writes directly: a new table, and the
// table a channel has (a thread's).
type Store interface {
	Create(ctx context.Context, t *table.Table) error
	Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error)
}

// Images draws the lobby card (render.Images does).
type Images interface {
	Lobby(gameID string, l render.LobbyView, m interact.ImageMeta) ([]byte, error)
}

// Deps are the lobby's collaborators; Images may be nil (no picture).
type Deps struct {
	Games   *games.Registry
	Store   Store
	Tables  *tables.Tables
	Images  Images
	Voice   interact.Voice
	Now     func() time.Time
	NewSeed func() uint64
	// Settle records the game of the channel's finished table in the
	// ratings before a new table archives it (features/play's Settle).
	Settle func(ctx context.Context, channelID string) error
	Log    *slog.Logger
}

// Feature answers /game new and the lobby's buttons and selects.
type Feature struct{ Deps }

// New is the lobby feature over d.
func New(d Deps) *Feature {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	return &Feature{d}
}

// Open answers /game new: a lobby of gameID with the options typed, in
// the channel or (thread) in a new thread of it.
func (f *Feature) Open(ctx context.Context, r interact.Request, gameID, optionText string, thread bool) interact.Result {
	g, ok := f.Games.Get(gameID)
	if !ok {
		return f.Voice.UnknownGame(r.Lang, gameID)
	}
	typed, ok := coreopt.Parse(optionText)
	if !ok {
		return f.Voice.Key(r.Lang, interact.KeyBadOptions, "text", interact.Truncate(optionText, 100))
	}
	opts, err := coreopt.Validate(coreopt.All(g.Info()), typed)
	if err != nil {
		return f.Voice.Err(r, err)
	}
	if r.ChannelID == "" {
		return f.Voice.Key(r.Lang, interact.KeyMalformed)
	}
	p := table.Params{
		ID: f.Tables.NewID(), ChannelID: r.ChannelID, GuildID: r.Interaction.GuildID, GameID: gameID,
		Lang: r.GuildLang, Options: opts, Seed: f.NewSeed(), Now: f.Now(),
		Host: table.Seat{UserID: r.UserID, Name: r.UserName, Lang: r.Lang},
	}
	if thread {
		return f.openThread(ctx, r, p)
	}
	t := table.New(p)
	release := interact.Hold(ctx) // not acknowledged before it is stored
	// A new table archives the finished one with its due events: its game
	// goes into the ratings first.
	err = f.Settle(ctx, r.ChannelID)
	if err == nil {
		err = f.Store.Create(ctx, t)
	}
	release()
	if err != nil {
		return f.Voice.Err(r, err)
	}
	msg := f.Message(t, g)
	return interact.Result{
		Reply: &interact.Message{Content: f.Voice.Text(r.Lang, games.T(KeyOKNew))},
		Actions: []interact.Action{interact.ChannelPost{ChannelID: t.ChannelID, Message: msg,
			OnSent: f.Tables.RememberLobby(t.ChannelID, t.ID)}},
	}
}

// Join seats the clicker.
func (f *Feature) Join(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	t, err := f.Tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		return t.Lobby().Join(g.Info(), table.Seat{UserID: r.UserID, Name: r.UserName, Lang: r.Lang}, f.Now())
	})
	if err != nil {
		return f.Voice.Err(r, err)
	}
	return f.changed(r, t, f.Voice.Text(r.Lang, games.T(KeyOKJoined)))
}

// AddBot seats a bot (host only) at the strength the lobby's bot option
// chose, which its name shows ("Bot 2 (strong)").
func (f *Feature) AddBot(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	t, err := f.Tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		bots := 1
		for _, seat := range t.Seats {
			if seat.Bot {
				bots++
			}
		}
		strength := f.Voice.Text(t.Lang, games.T(KeyBotStrength+t.Bots().NextStrength()))
		return t.Bots().Add(g.Info(), r.UserID, f.Voice.Text(t.Lang, games.T(KeyBotName, "n", bots, "strength", strength)), f.Now())
	})
	if err != nil {
		return f.Voice.Err(r, err)
	}
	return f.changed(r, t, f.Voice.Text(r.Lang, games.T(KeyOKBot)))
}

// RemoveBot takes the last bot's seat away (host only).
func (f *Feature) RemoveBot(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	t, err := f.Tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		return t.Bots().Remove(r.UserID, f.Now())
	})
	if err != nil {
		return f.Voice.Err(r, err)
	}
	return f.changed(r, t, f.Voice.Text(r.Lang, games.T(KeyOKBotGone)))
}

// Leave gives the clicker's seat up.
func (f *Feature) Leave(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	t, err := f.Tables.Update(ctx, channelID, tableID, func(t *table.Table, _ games.Game) error {
		return t.Lobby().Leave(r.UserID, f.Now())
	})
	if err != nil {
		return f.Voice.Err(r, err)
	}
	return f.changed(r, t, f.Voice.Text(r.Lang, games.T(KeyOKLeft)))
}

// Option answers a choice in an option select of the lobby c names: value
// is the choice, or for a select several options share "option=choice".
func (f *Feature) Option(ctx context.Context, r interact.Request, c interact.CustomID, value string) interact.Result {
	if value == "" {
		return f.Voice.Key(r.Lang, interact.KeyBadButton)
	}
	option, choice := c.Arg, value
	if c.Arg == PackedOption {
		var ok bool
		if option, choice, ok = splitPacked(value); !ok {
			return f.Voice.Key(r.Lang, interact.KeyBadButton)
		}
	}
	t, err := f.Tables.Update(ctx, c.Channel, c.Table, func(t *table.Table, g games.Game) error {
		return t.Lobby().SetOption(g.Info(), r.UserID, option, choice, f.Now())
	})
	if err != nil {
		return f.Voice.Err(r, err)
	}
	return f.changed(r, t, f.Voice.Text(r.Lang, games.T(KeyOKOption)))
}

// changed redraws the lobby message in place.
func (f *Feature) changed(r interact.Request, t *table.Table, ok string) interact.Result {
	g, _ := f.Games.Get(t.GameID)
	m := f.Message(t, g)
	if t.Status != table.StatusLobby { // the last player left
		m = f.Closed(t)
	}
	return interact.Result{Reply: &interact.Message{Content: ok}, Actions: []interact.Action{f.Edit(r, t, m)}}
}

// Closed is the lobby message of a table that closed before its start.
func (f *Feature) Closed(t *table.Table) interact.Message {
	return interact.Message{Content: f.Voice.Text(t.Lang, games.T(KeyLobbyClosed, "game", f.Voice.GameName(t.Lang, t.GameID)))}
}

// Edit replaces the lobby message: the one the click came from (its
// id may not be remembered yet when the click follows the post closely;
// it is remembered now), else the remembered one, else a new post.
func (f *Feature) Edit(r interact.Request, t *table.Table, m interact.Message) interact.Action {
	onSent := f.Tables.RememberLobby(t.ChannelID, t.ID)
	id := MessageID(r, t)
	if id != t.LobbyMessageID {
		onSent(id)
	}
	if id == "" {
		return interact.ChannelPost{ChannelID: t.ChannelID, Message: m, OnSent: onSent}
	}
	return interact.ChannelEdit{ChannelID: t.ChannelID, MessageID: id, Message: m, OnSent: onSent}
}

// MessageID is the table's lobby message: the one a lobby button was
// clicked on (its id may not be remembered yet when the click follows the
// post closely), else the remembered one.
func MessageID(r interact.Request, t *table.Table) string {
	if i := r.Interaction; i != nil && i.Type == discordgo.InteractionMessageComponent && i.GuildID != "" &&
		i.Message != nil && i.Message.ID != "" && i.ChannelID == t.ChannelID {
		if clicked, err := interact.ParseCustomID(componentID(i)); err == nil && clicked.Table == t.ID {
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

// Message shows the open table with option selects and the buttons.
func (f *Feature) Message(t *table.Table, g games.Game) interact.Message {
	info := g.Info()
	lang := t.Lang
	hostName := t.Host
	if i := t.SeatOf(t.Host); i >= 0 {
		hostName = t.Seats[i].Name
	}
	lines := []string{
		f.Voice.Text(lang, games.T(KeyLobbyTitle, "game", f.Voice.GameName(lang, t.GameID), "host", hostName)),
		f.Voice.Text(lang, games.T(KeyLobbyPlayers, "n", len(t.Seats), "min", info.MinPlayers, "max", info.MaxPlayers, "names", strings.Join(t.Names(), ", "))),
	}
	specs := coreopt.All(info)
	if len(specs) == 0 {
		lines = append(lines, f.Voice.Text(lang, games.T(KeyLobbyNoOpts)))
	} else {
		var parts []string
		for _, o := range specs {
			parts = append(parts, f.Voice.Text(lang, o.Label)+" = "+t.Options[o.ID])
		}
		lines = append(lines, f.Voice.Text(lang, games.T(KeyLobbyOptions, "options", strings.Join(parts, ", "))))
	}
	lines = append(lines, f.ratedLine(t, lang), f.Voice.Text(lang, games.T(KeyLobbyHint)))
	m := interact.Message{Content: strings.Join(lines, "\n")}
	rows := f.optionRows(t, info, lang, interact.MaxRows-1) // a row for the buttons
	var buttons []discordgo.MessageComponent
	for _, b := range []struct {
		kind  interact.Kind
		key   string
		style discordgo.ButtonStyle
	}{{interact.KindJoin, KeyBtnJoin, discordgo.PrimaryButton}, {interact.KindLeave, KeyBtnLeave, discordgo.SecondaryButton}, {interact.KindStart, KeyBtnStart, discordgo.SuccessButton}, {interact.KindAddBot, KeyBtnAddBot, discordgo.SecondaryButton}, {interact.KindRemoveBot, KeyBtnRemoveBot, discordgo.SecondaryButton}} {
		id, err := interact.CustomID{Kind: b.kind, Channel: t.ChannelID, Table: t.ID, Version: t.Version}.Encode()
		if err != nil {
			continue
		}
		buttons = append(buttons, discordgo.Button{Label: f.Voice.Text(lang, games.T(b.key)), Style: b.style, CustomID: id})
	}
	m.Components = append(rows, discordgo.ActionsRow{Components: buttons})
	if f.Images != nil {
		lv := render.LobbyView{Host: hostName, Players: t.Names(), MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, Options: t.Options}
		if png, err := f.Images.Lobby(t.GameID, lv, render.Meta(f.Voice.Catalog(), t, games.Public)); err != nil {
			f.Log.Warn("lobby image", "table", t.ID, "err", err)
		} else {
			m.Files = []interact.File{{Name: "lobby.png", Data: png}}
		}
	}
	return m
}

// ratedLine tells the lobby whether the game will be rated as seated now.
func (f *Feature) ratedLine(t *table.Table, lang string) string {
	if t.Rated() {
		return f.Voice.Text(lang, games.T(KeyLobbyRated))
	}
	return f.Voice.Text(lang, games.T(KeyLobbyUnrated))
}
