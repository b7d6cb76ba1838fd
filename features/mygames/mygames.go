// Package mygames answers /games: every running table a player sits at,
// in any server, those waiting for them first, in words and, when the
// renderer can draw it, a picture.
//
// It only reads the tables (through tables and the store's index of
// players' tables); it changes nothing.
package mygames

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Images draws /games as a picture. The renderer wired in may implement
// it; without it (or when drawing fails) the answer is words only.
type Images interface {
	MyGames(v View, m interact.ImageMeta) ([]byte, error)
}

// Store is what /games reads of the store: the index of a player's tables.
type Store interface {
	TablesOf(ctx context.Context, userID string) ([]string, error)
}

// Feature answers /games.
type Feature struct {
	store  Store
	tables *tables.Tables
	images Images // nil: words only
	voice  interact.Voice
	now    func() time.Time
	log    *slog.Logger
}

// New is /games over store's index and tables; images may be nil.
func New(store Store, tbls *tables.Tables, images Images, voice interact.Voice, now func() time.Time, log *slog.Logger) *Feature {
	return &Feature{store: store, tables: tbls, images: images, voice: voice, now: now, log: log}
}

// View is /games as drawn, every text in the reader's language, in
// the order of the words (the one waiting longest for the reader first).
type View struct {
	Title string
	Rows  []Row
	More  string // "… and 3 more" when not every table fits; "" when all do
}

// Row is one table of the picture.
type Row struct {
	Game    string // the game's name
	Players string // who sits at the table
	Turn    string // "Your decision", "Waiting for Ann, Bo", "Lobby"
	Waited  string // "for 2d3h": how long the table has waited
	Yours   bool   // the reader's decision is pending
}

// The texts of /games: its words, then its picture's.
const (
	KeyMyGamesTitle      = "core.mygames.title"
	KeyMyGameYours       = "core.mygames.yours"
	KeyMyGameOthers      = "core.mygames.others"
	KeyMyGameLobby       = "core.mygames.lobby"
	KeyMyGameVacation    = "core.mygames.vacation"
	KeyMyGamesPicTitle   = "core.mygames.pic.title"
	KeyMyGamesPicYours   = "core.mygames.pic.yours"
	KeyMyGamesPicOthers  = "core.mygames.pic.others"
	KeyMyGamesPicLobby   = "core.mygames.pic.lobby"
	KeyMyGamesPicWaiting = "core.mygames.pic.waiting"
	KeyMyGamesPicWaited  = "core.mygames.pic.waited"
	KeyMyGamesPicPaused  = "core.mygames.pic.paused"
	KeyMyGamesPicMore    = "core.mygames.pic.more"
)

// Texts are /games' texts in English and German.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyMyGamesTitle:      {"**Your tables ({n})**, those waiting for you first:", "**Deine Tische ({n})**, die auf dich wartenden zuerst:"},
		KeyMyGameYours:       {"**{game}** in {channel}: your decision, waiting since {since}", "**{game}** in {channel}: deine Entscheidung, offen seit {since}"},
		KeyMyGameOthers:      {"{game} in {channel}: waiting for others (last move {since})", "{game} in {channel}: wartet auf andere (letzter Zug {since})"},
		KeyMyGameLobby:       {"{game} in {channel}: lobby with {players}", "{game} in {channel}: Lobby mit {players}"},
		KeyMyGameVacation:    {" · 🧳 your clock is paused until {until}", " · 🧳 deine Uhr ruht bis {until}"},
		KeyMyGamesPicTitle:   {"Your tables ({n})", "Deine Tische ({n})"},
		KeyMyGamesPicYours:   {"Your decision", "Deine Entscheidung"},
		KeyMyGamesPicOthers:  {"Waiting for {players}", "Wartet auf {players}"},
		KeyMyGamesPicLobby:   {"Lobby", "Lobby"},
		KeyMyGamesPicWaiting: {"Waiting for the table", "Wartet auf den Tisch"},
		KeyMyGamesPicWaited:  {"for {time}", "seit {time}"},
		KeyMyGamesPicPaused:  {"your clock is paused", "deine Uhr ruht"},
		KeyMyGamesPicMore:    {"… and {n} more in the words above", "… und {n} weitere im Text oben"},
	}
}

// myGamesPictureRows is how many tables the picture shows; the words list
// every one.
const myGamesPictureRows = 12

// myGame is one line of /games.
type myGame struct {
	line    string
	row     Row
	waiting bool // the player has a decision pending
	since   time.Time
}

// Command answers /games: every running table the player sits at, in any
// server, those waiting for the player first (the longest waiting first,
// as Yucata lists them), each with a link to its channel.
func (f *Feature) Command(ctx context.Context, r interact.Request) interact.Result {
	channels, err := f.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	var list []myGame
	for _, ch := range channels {
		t, g, err := f.tables.Load(ctx, ch, "")
		if err != nil {
			continue // ended or gone since the index was read
		}
		seat := t.SeatOf(r.UserID)
		if seat < 0 || !t.Active() {
			continue
		}
		item := myGame{since: t.UpdatedAt}
		key, turn := KeyMyGameLobby, games.T(KeyMyGamesPicLobby)
		if t.Status == table.StatusPlaying {
			key = KeyMyGameOthers
			if st, err := t.Load(g); err == nil {
				pending := st.Pending()
				turn = games.T(KeyMyGamesPicWaiting) // a bot's turn, about to be played
				if names := waitingFor(t, pending); len(names) > 0 {
					turn = games.T(KeyMyGamesPicOthers, "players", strings.Join(names, ", "))
				}
				if len(games.SeatPrompts(pending, seat)) > 0 {
					key, item.waiting, item.since = KeyMyGameYours, true, t.Seats[seat].PromptSince
					turn = games.T(KeyMyGamesPicYours)
				}
			}
		}
		item.row = Row{Game: f.voice.GameName(r.Lang, t.GameID), Players: strings.Join(t.Names(), ", "),
			Turn: f.voice.Text(r.Lang, turn), Yours: item.waiting,
			Waited: f.voice.Text(r.Lang, games.T(KeyMyGamesPicWaited, "time", waitedFor(f.now().Sub(item.since))))}
		item.line = f.voice.Text(r.Lang, games.T(key, "game", f.voice.GameName(r.Lang, t.GameID), "channel", "<#"+ch+">",
			"since", interact.Timestamp(item.since), "players", strings.Join(t.Names(), ", ")))
		if v := t.Seats[seat].Vacation; v != nil && f.now().Before(v.Until) {
			item.line += f.voice.Text(r.Lang, games.T(KeyMyGameVacation, "until", interact.Timestamp(v.Until)))
			item.row.Turn += " · " + f.voice.Text(r.Lang, games.T(KeyMyGamesPicPaused))
		}
		list = append(list, item)
	}
	if len(list) == 0 {
		return f.voice.Key(r.Lang, tables.KeyDMNoTable)
	}
	slices.SortStableFunc(list, func(a, b myGame) int {
		if a.waiting != b.waiting {
			if a.waiting {
				return -1
			}
			return 1
		}
		return a.since.Compare(b.since)
	})
	lines := []string{f.voice.Text(r.Lang, games.T(KeyMyGamesTitle, "n", len(list)))}
	view := View{Title: f.voice.Text(r.Lang, games.T(KeyMyGamesPicTitle, "n", len(list)))}
	for i, g := range list {
		lines = append(lines, "- "+g.line)
		if i < myGamesPictureRows {
			view.Rows = append(view.Rows, g.row)
		}
	}
	if n := len(list) - len(view.Rows); n > 0 {
		view.More = f.voice.Text(r.Lang, games.T(KeyMyGamesPicMore, "n", n))
	}
	m := &interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)}
	if f.images != nil {
		if png, err := f.images.MyGames(view, interact.ImageMeta{Lang: r.Lang, Catalog: f.voice.Catalog(), Viewer: games.Public}); err != nil {
			f.log.Warn("my games image", "err", err) // the words still answer
		} else {
			m.Files = []interact.File{{Name: "games.png", Data: png}}
		}
	}
	return interact.Result{Reply: m}
}

// waitingFor names the seats with a decision pending.
func waitingFor(t *table.Table, pending []games.Prompt) []string {
	var names []string
	for i, name := range t.Names() {
		if len(games.SeatPrompts(pending, i)) > 0 {
			names = append(names, name)
		}
	}
	return names
}

// waitedFor writes a wait the short way, to the minute below an hour and
// to the hour above ("25m", "2d3h"), never below a minute.
func waitedFor(d time.Duration) string {
	if d >= time.Hour {
		return clock.FormatDuration(d.Truncate(time.Hour))
	}
	return clock.FormatDuration(max(d, time.Minute))
}
