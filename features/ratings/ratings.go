// Package ratings answers /leaderboard and /profile: the best rated
// players of a game in a server or across all, and a player's games,
// ratings, reliability and time per move, in words and, when the renderer
// can draw them, a picture.
//
// A finished table is recorded once (Recorder) when its end's due event
// fires or a new table archives it; the commands only read the records.
package ratings

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/storage"
)

// The ratings commands and their options, as Discord delivers them.
const (
	CmdLeaderboard = "leaderboard"
	CmdProfile     = "profile"
	OptGame        = "game"
	OptScope       = "scope"
	OptUser        = "user"
	ScopeServer    = "server"
	ScopeGlobal    = "global"
)

// leaderboardTop is how many players a leaderboard lists; the caller's own
// place follows when it is lower.
const leaderboardTop = 10

// Images draws the ratings' pictures. The renderer wired in may
// implement it; without it the answers are words only.
type Images interface {
	Leaderboard(b BoardView, m interact.ImageMeta) ([]byte, error)
	Profile(p ProfileView, m interact.ImageMeta) ([]byte, error)
}

// Feature answers the ratings commands.
type Feature struct {
	games  *games.Registry
	store  storage.Ratings
	images Images // nil: words only
	voice  interact.Voice
	log    *slog.Logger
}

// New is the ratings feature over reg's games and store's records; images
// may be nil.
func New(reg *games.Registry, store storage.Ratings, images Images, voice interact.Voice, log *slog.Logger) *Feature {
	return &Feature{games: reg, store: store, images: images, voice: voice, log: log}
}

// Command answers /leaderboard and /profile; ok is false for any other
// command.
func (f *Feature) Command(ctx context.Context, r interact.Request, data discordgo.ApplicationCommandInteractionData) (res interact.Result, ok bool) {
	switch data.Name {
	case CmdLeaderboard:
		return f.leaderboard(ctx, r, interact.StringOpt(data.Options, OptGame), interact.StringOpt(data.Options, OptScope)), true
	case CmdProfile:
		return f.profile(ctx, r, interact.StringOpt(data.Options, OptUser)), true
	}
	return interact.Result{}, false
}

// BoardView is a leaderboard as drawn: every text already in the reader's
// language.
type BoardView struct {
	Title    string // "Zauberschwert & Drachenei: leaderboard"
	Subtitle string // "this server" or "all servers"
	Rows     []BoardRow
}

// BoardRow is one player's line of a leaderboard.
type BoardRow struct {
	Place  int
	Name   string
	Rating int
	Detail string // "±120 · 12 played · 8 won"
	Mark   string // "provisional (1 of 5 games)", or "" for an established rating
	Caller bool   // the reader's own line
}

// Words is the row's detail and mark in one line.
func (r BoardRow) Words() string {
	if r.Mark == "" {
		return r.Detail
	}
	return r.Detail + " · " + r.Mark
}

// ProfileView is a player's profile as drawn, every text localized.
type ProfileView struct {
	Name  string
	Lines []string // games and wins, reliability, time per move
	Games []BoardRow
}

// scopeOf reads the scope option: this server's ratings by default in a
// server, the global ones in a DM.
func (f *Feature) scopeOf(r interact.Request, scope string) (key string, label string, ok bool) {
	switch {
	case scope == ScopeGlobal || scope == "" && r.Interaction.GuildID == "":
		return rating.Global, f.voice.Text(r.Lang, games.T(KeyBoardGlobal)), true
	case scope == ScopeServer || scope == "":
		return r.Interaction.GuildID, f.voice.Text(r.Lang, games.T(KeyBoardServer)), r.Interaction.GuildID != ""
	}
	return "", "", false
}

// leaderboard answers /leaderboard: the top players of a game in this
// server or across all, and the caller's own place.
func (f *Feature) leaderboard(ctx context.Context, r interact.Request, gameID, scope string) interact.Result {
	if _, ok := f.games.Get(gameID); !ok {
		return f.voice.UnknownGame(r.Lang, gameID)
	}
	if scope != "" && scope != ScopeServer && scope != ScopeGlobal {
		return f.voice.Key(r.Lang, KeyBoardBadScope, "scope", interact.Truncate(scope, 40))
	}
	scopeKey, scopeLabel, ok := f.scopeOf(r, scope)
	if !ok {
		return f.voice.Key(r.Lang, KeyBoardNoServer)
	}
	game := f.voice.GameName(r.Lang, gameID)
	records, err := f.store.Leaderboard(ctx, rating.Key{Game: gameID, Scope: scopeKey})
	if err != nil {
		return f.voice.Err(r, err)
	}
	if len(records) == 0 {
		return f.voice.Key(r.Lang, KeyBoardEmpty, "game", game, "scope", scopeLabel)
	}
	view := BoardView{Title: f.voice.Text(r.Lang, games.T(KeyBoardTitle, "game", game)), Subtitle: scopeLabel}
	for i, rec := range records {
		if i >= leaderboardTop && rec.UserID != r.UserID {
			continue
		}
		view.Rows = append(view.Rows, f.boardRow(r.Lang, i+1, rec, rec.Name, rec.UserID == r.UserID))
	}
	lines := []string{fmt.Sprintf("**%s** (%s)", view.Title, scopeLabel)}
	for _, row := range view.Rows {
		if row.Place > leaderboardTop {
			lines = append(lines, "…")
		}
		line := fmt.Sprintf("%d. %s: **%d** (%s)", row.Place, plainName(row.Name), row.Rating, row.Words())
		if row.Caller {
			line += " " + f.voice.Text(r.Lang, games.T(KeyBoardYou))
		}
		lines = append(lines, line)
	}
	if !containsCaller(view.Rows) {
		lines = append(lines, f.voice.Text(r.Lang, games.T(KeyBoardNotYou)))
	}
	lines = append(lines, f.voice.Text(r.Lang, games.T(KeyBoardHow)))
	return f.ratingsReply(r, lines, "leaderboard.png", func(ri Images, m interact.ImageMeta) ([]byte, error) { return ri.Leaderboard(view, m) })
}

// ratingsReply is the answer only the caller sees: lines, and the
// picture draw makes when the images can draw it (a failing picture costs
// only the picture).
func (f *Feature) ratingsReply(r interact.Request, lines []string, file string, draw func(Images, interact.ImageMeta) ([]byte, error)) interact.Result {
	m := &interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)}
	if f.images != nil {
		if png, err := draw(f.images, interact.ImageMeta{Lang: r.Lang, Catalog: f.voice.Catalog(), Viewer: games.Public}); err != nil {
			f.log.Warn("ratings image", "file", file, "err", err)
		} else {
			m.Files = []interact.File{{Name: file, Data: png}}
		}
	}
	return interact.Result{Reply: m}
}

func containsCaller(rows []BoardRow) bool {
	for _, r := range rows {
		if r.Caller {
			return true
		}
	}
	return false
}

// boardRow is one record as a line: its display rating, uncertainty,
// games and wins, and whether it is still provisional.
func (f *Feature) boardRow(lang string, place int, rec rating.Record, name string, caller bool) BoardRow {
	detail := f.voice.Text(lang, games.T(KeyBoardDetail, "plusminus", rec.Rating.Uncertainty(), "games", rec.Games, "wins", rec.Wins))
	row := BoardRow{Place: place, Name: name, Rating: rec.Rating.Display(), Detail: detail, Caller: caller}
	if rec.Provisional() {
		row.Mark = f.voice.Text(lang, games.T(KeyBoardProvisional, "n", rec.Games, "of", rating.ProvisionalGames))
	}
	return row
}

// plainName keeps a display name from formatting or pinging anyone in a
// message: markdown and mention characters are escaped.
func plainName(name string) string {
	r := strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "~", "\\~", "`", "\\`", "|", "\\|", ">", "\\>", "@", "@\u200b", "<", "\\<")
	return r.Replace(interact.Truncate(name, 64))
}

// profile answers /profile: a player's games and wins, their ratings with
// uncertainty, reliability and time per move.
func (f *Feature) profile(ctx context.Context, r interact.Request, userID string) interact.Result {
	if userID == "" {
		userID = r.UserID
	}
	stats, err := f.store.PlayerStats(ctx, userID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	// The name Discord resolves here (this server's nickname) comes
	// first: the stored one is from the player's last game, maybe in
	// another server.
	name, ok := r.ResolvedName(userID)
	if !ok {
		name = cmp.Or(stats.Name, userID)
	}
	if stats.Games == 0 {
		return f.voice.Key(r.Lang, KeyProfileNone, "player", plainName(name))
	}
	view := ProfileView{Name: name}
	view.Lines = append(view.Lines, f.voice.Text(r.Lang, games.T(KeyProfileGames, "games", stats.Games, "wins", stats.Wins)))
	if share, ok := stats.Reliability(); ok {
		view.Lines = append(view.Lines, f.voice.Text(r.Lang, games.T(KeyProfileReliability,
			"percent", int(math.Round(100*share)), "answered", stats.Answered, "decisions", stats.Answered+stats.Missed)))
	}
	if d, ok := stats.MoveTime(); ok {
		view.Lines = append(view.Lines, f.voice.Text(r.Lang, games.T(KeyProfileMoveTime, "time", moveTimeText(d))))
	}
	for _, k := range stats.Rated {
		if k.Scope != rating.Global && k.Scope != r.Interaction.GuildID {
			continue // another server's rating is that server's business
		}
		if _, ok := f.games.Get(k.Game); !ok {
			continue // a game this bot no longer offers
		}
		rec, ok, err := f.store.Rating(ctx, k, userID)
		if err != nil {
			return f.voice.Err(r, err)
		}
		if !ok {
			continue
		}
		scope := KeyBoardServer
		if k.Scope == rating.Global {
			scope = KeyBoardGlobal
		}
		label := f.voice.Text(r.Lang, games.T(KeyProfileRating, "game", f.voice.GameName(r.Lang, k.Game), "scope", f.voice.Text(r.Lang, games.T(scope))))
		view.Games = append(view.Games, f.boardRow(r.Lang, 0, rec, label, false))
	}
	lines := []string{fmt.Sprintf("**%s**", plainName(name))}
	lines = append(lines, view.Lines...)
	for _, g := range view.Games {
		lines = append(lines, fmt.Sprintf("%s: **%d** (%s)", g.Name, g.Rating, g.Words()))
	}
	if len(view.Games) == 0 {
		lines = append(lines, f.voice.Text(r.Lang, games.T(KeyProfileUnrated)))
	}
	return f.ratingsReply(r, lines, "profile.png", func(ri Images, m interact.ImageMeta) ([]byte, error) { return ri.Profile(view, m) })
}

// moveTimeText is an average time per move as players read it: seconds
// below a minute (most moves in a lively game), else as clocks are written
// ("1h30m", "2d3h").
func moveTimeText(d time.Duration) string {
	if d < time.Minute {
		return strconv.Itoa(int(d.Round(time.Second)/time.Second)) + "s"
	}
	return clock.FormatDuration(d)
}

// Definitions are /leaderboard and /profile.
func (f *Feature) Definitions() []*discordgo.ApplicationCommand {
	game := f.voice.Option("leaderboard.game", discordgo.ApplicationCommandOptionString, true)
	game.Choices = f.voice.GameChoices()
	scope := f.voice.Option("leaderboard.scope", discordgo.ApplicationCommandOptionString, false)
	for _, v := range []string{ScopeServer, ScopeGlobal} {
		key := KeyBoardServer
		if v == ScopeGlobal {
			key = KeyBoardGlobal
		}
		scope.Choices = append(scope.Choices, &discordgo.ApplicationCommandOptionChoice{
			Name: f.voice.Text("en", games.T(key)), Value: v,
			NameLocalizations: map[discordgo.Locale]string{discordgo.German: f.voice.Text("de", games.T(key))},
		})
	}
	return []*discordgo.ApplicationCommand{
		f.voice.Command("leaderboard", game, scope),
		f.voice.Command("profile", f.voice.Option("profile.user", discordgo.ApplicationCommandOptionUser, false)),
	}
}

// Keys of the leaderboard and profile texts.
const (
	KeyBoardTitle         = "core.board.title"
	KeyBoardServer        = "core.board.server"
	KeyBoardGlobal        = "core.board.global"
	KeyBoardEmpty         = "core.board.empty"
	KeyBoardBadScope      = "core.board.bad_scope"
	KeyBoardNoServer      = "core.board.no_server"
	KeyBoardDetail        = "core.board.detail"
	KeyBoardProvisional   = "core.board.provisional"
	KeyBoardYou           = "core.board.you"
	KeyBoardNotYou        = "core.board.not_you"
	KeyBoardHow           = "core.board.how"
	KeyProfileNone        = "core.profile.none"
	KeyProfileGames       = "core.profile.games"
	KeyProfileReliability = "core.profile.reliability"
	KeyProfileMoveTime    = "core.profile.move_time"
	KeyProfileRating      = "core.profile.rating"
	KeyProfileUnrated     = "core.profile.unrated"
)

// Texts are the leaderboard's and the profile's texts and command names
// in English and German.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyBoardTitle:         {"{game}: leaderboard", "{game}: Rangliste"},
		KeyBoardServer:        {"this server", "dieser Server"},
		KeyBoardGlobal:        {"all servers", "alle Server"},
		KeyBoardEmpty:         {"No rated game of {game} has ended yet ({scope}).", "Noch keine gewertete Partie {game} ist zu Ende ({scope})."},
		KeyBoardBadScope:      {"“{scope}” is not a scope: choose server or global.", "„{scope}“ ist kein Bereich: Wähle server oder global."},
		KeyBoardNoServer:      {"A direct message belongs to no server: ask for scope:global, or ask in a server.", "Eine Direktnachricht gehört zu keinem Server: Frag nach bereich:global oder frag in einem Server."},
		KeyBoardDetail:        {"±{plusminus} · {games} played · {wins} won", "±{plusminus} · {games} gespielt · {wins} gewonnen"},
		KeyBoardProvisional:   {"provisional ({n} of {of} games)", "vorläufig ({n} von {of} Partien)"},
		KeyBoardYou:           {"← you", "← du"},
		KeyBoardNotYou:        {"You have no rating here yet: finish a rated game.", "Du hast hier noch keine Wertung: Beende eine gewertete Partie."},
		KeyBoardHow:           {"Rating: the skill we are sure of (mean minus three times its uncertainty); a win never lowers it.", "Wertung: die Spielstärke, derer wir sicher sind (Mittel minus dreimal ihre Unsicherheit); ein Sieg senkt sie nie."},
		KeyProfileNone:        {"{player} has not finished a game yet.", "{player} hat noch keine Partie beendet."},
		KeyProfileGames:       {"Games finished: {games} · won: {wins}", "Beendete Partien: {games} · gewonnen: {wins}"},
		KeyProfileReliability: {"Reliability: {percent}% ({answered} of {decisions} decisions in time)", "Verlässlichkeit: {percent} % ({answered} von {decisions} Entscheidungen rechtzeitig)"},
		KeyProfileMoveTime:    {"Average time per move: {time}", "Durchschnittliche Zeit pro Zug: {time}"},
		KeyProfileRating:      {"{game} ({scope})", "{game} ({scope})"},
		KeyProfileUnrated:     {"No rating yet: finish a rated game (a table of two or more people).", "Noch keine Wertung: Beende eine gewertete Partie (ein Tisch mit zwei oder mehr Menschen)."},

		"core.cmd.leaderboard.name":       {"leaderboard", "rangliste"},
		"core.cmd.leaderboard.desc":       {"The best rated players of a game, and your place", "Die am besten gewerteten Spieler eines Spiels und dein Platz"},
		"core.cmd.leaderboard.game.name":  {"game", "spiel"},
		"core.cmd.leaderboard.game.desc":  {"Which game", "Welches Spiel"},
		"core.cmd.leaderboard.scope.name": {"scope", "bereich"},
		"core.cmd.leaderboard.scope.desc": {"This server (default) or all servers", "Dieser Server (Standard) oder alle Server"},
		"core.cmd.profile.name":           {"profile", "profil"},
		"core.cmd.profile.desc":           {"A player's games, wins, ratings and reliability", "Partien, Siege, Wertungen und Verlässlichkeit eines Spielers"},
		"core.cmd.profile.user.name":      {"user", "spieler"},
		"core.cmd.profile.user.desc":      {"Whose profile (default: yours)", "Wessen Profil (Standard: deines)"},
	}
}
