package commands

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// MyGamesImages draws /games as a picture. The Images a Service is given
// may implement it; without it (or when drawing fails) the answer is words
// only.
type MyGamesImages interface {
	MyGames(v MyGamesView, m ImageMeta) ([]byte, error)
}

// MyGamesView is /games as drawn, every text in the reader's language, in
// the order of the words (the one waiting longest for the reader first).
type MyGamesView struct {
	Title string
	Rows  []MyGamesRow
	More  string // "… and 3 more" when not every table fits; "" when all do
}

// MyGamesRow is one table of the picture.
type MyGamesRow struct {
	Game    string // the game's name
	Players string // who sits at the table
	Turn    string // "Your decision", "Waiting for Ann, Bo", "Lobby"
	Waited  string // "for 2d3h": how long the table has waited
	Yours   bool   // the reader's decision is pending
}

// The /games picture's texts.
const (
	KeyMyGamesPicTitle   = "core.mygames.pic.title"
	KeyMyGamesPicYours   = "core.mygames.pic.yours"
	KeyMyGamesPicOthers  = "core.mygames.pic.others"
	KeyMyGamesPicLobby   = "core.mygames.pic.lobby"
	KeyMyGamesPicWaiting = "core.mygames.pic.waiting"
	KeyMyGamesPicWaited  = "core.mygames.pic.waited"
	KeyMyGamesPicPaused  = "core.mygames.pic.paused"
	KeyMyGamesPicMore    = "core.mygames.pic.more"
)

func myGamesTexts() map[string][2]string {
	return map[string][2]string{
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
	row     MyGamesRow
	waiting bool // the player has a decision pending
	since   time.Time
}

// myGames answers /games: every running table the player sits at, in any
// server, those waiting for the player first (the longest waiting first,
// as Yucata lists them), each with a link to its channel.
func (s *Service) myGames(ctx context.Context, r interact.Request) Result {
	channels, err := s.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	var list []myGame
	for _, ch := range channels {
		t, g, err := s.tables.Load(ctx, ch, "")
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
		item.row = MyGamesRow{Game: s.voice.GameName(r.Lang, t.GameID), Players: strings.Join(t.Names(), ", "),
			Turn: s.voice.Text(r.Lang, turn), Yours: item.waiting,
			Waited: s.voice.Text(r.Lang, games.T(KeyMyGamesPicWaited, "time", waitedFor(s.now().Sub(item.since))))}
		item.line = s.voice.Text(r.Lang, games.T(key, "game", s.voice.GameName(r.Lang, t.GameID), "channel", "<#"+ch+">",
			"since", discordTime(item.since), "players", strings.Join(t.Names(), ", ")))
		if v := t.Seats[seat].Vacation; v != nil && s.now().Before(v.Until) {
			item.line += s.voice.Text(r.Lang, games.T(KeyMyGameVacation, "until", discordTime(v.Until)))
			item.row.Turn += " · " + s.voice.Text(r.Lang, games.T(KeyMyGamesPicPaused))
		}
		list = append(list, item)
	}
	if len(list) == 0 {
		return s.voice.Key(r.Lang, tables.KeyDMNoTable)
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
	lines := []string{s.voice.Text(r.Lang, games.T(KeyMyGamesTitle, "n", len(list)))}
	view := MyGamesView{Title: s.voice.Text(r.Lang, games.T(KeyMyGamesPicTitle, "n", len(list)))}
	for i, g := range list {
		lines = append(lines, "- "+g.line)
		if i < myGamesPictureRows {
			view.Rows = append(view.Rows, g.row)
		}
	}
	if n := len(list) - len(view.Rows); n > 0 {
		view.More = s.voice.Text(r.Lang, games.T(KeyMyGamesPicMore, "n", n))
	}
	m := &Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)}
	if mi, ok := s.images.(MyGamesImages); ok {
		if png, err := mi.MyGames(view, ImageMeta{Lang: r.Lang, Catalog: s.voice.Catalog(), Viewer: games.Public}); err != nil {
			s.log.Warn("my games image", "err", err) // the words still answer
		} else {
			m.Files = []File{{Name: "games.png", Data: png}}
		}
	}
	return Result{Reply: m}
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
