package replays

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Images animates a game: views are the public boards after every
// commit, oldest first, rounds each view's round (nil: the game has
// none), and around wraps the drawing of each frame (the feature passes
// the render pool, so a replay waits behind the boards players need). The
// result is a GIF.
type Images interface {
	Replay(gameID string, views []any, rounds []int, m interact.ImageMeta, around func(draw func())) ([]byte, error)
}

// Engine is what a replay takes from the table's other messages: the
// pictures' meta for a viewer, and the final standings' lines (a title
// and a line per place) as the game's end posts them.
type Engine interface {
	Meta(t *table.Table, viewer int) interact.ImageMeta
	FinalStandings(t *table.Table, g games.Game, st games.State) []string
}

// Feature answers /game replay and makes the replay a finished game posts.
type Feature struct {
	tables *tables.Tables
	images Images // nil: no replays
	render *render.Pool
	engine Engine
	voice  interact.Voice
	log    *slog.Logger
}

// New is the replays feature over tbls, drawing with images (nil: this
// bot draws no replays) in pool.
func New(tbls *tables.Tables, images Images, pool *render.Pool, engine Engine, voice interact.Voice, log *slog.Logger) *Feature {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Feature{tables: tbls, images: images, render: pool, engine: engine, voice: voice, log: log}
}

// Draws reports whether this bot draws replays at all.
func (f *Feature) Draws() bool { return f.images != nil }

// Keys of the replay texts.
const (
	KeyReplayEmpty   = "core.replay.empty"
	KeyReplayNoImage = "core.replay.no_images"
	KeyReplayPost    = "core.replay.post"
	KeyReplayFailed  = "core.replay.failed"
	KeyReplayDrawing = "core.replay.drawing"
	KeyOKReplay      = "core.ok.replay"
)

// Texts are the replays' texts in English and German: the answers to
// /game replay, the post's head and the summary's.
func Texts() map[string][2]string {
	out := summaryTexts()
	maps.Copy(out, replayTexts())
	return out
}

func replayTexts() map[string][2]string {
	return map[string][2]string{
		KeyReplayEmpty:   {"There is nothing to replay yet: no move has been made at this table.", "Noch gibt es nichts zum Abspielen: An diesem Tisch wurde noch kein Zug gemacht."},
		KeyReplayNoImage: {"This bot draws no pictures, so it cannot show a replay.", "Dieser Bot zeichnet keine Bilder und kann daher keine Wiederholung zeigen."},
		KeyReplayPost:    {"🎞️ Replay of **{game}**: the public board after each of {n} turns.", "🎞️ Wiederholung von **{game}**: das öffentliche Spielbrett nach jedem von {n} Zügen."},
		KeyReplayFailed:  {"The replay could not be drawn. The game itself is not affected.", "Die Wiederholung konnte nicht gezeichnet werden. Das Spiel selbst ist davon nicht betroffen."},
		KeyReplayDrawing: {"🎞️ The replay of **{game}** is being drawn…", "🎞️ Die Wiederholung von **{game}** wird gezeichnet …"},
		KeyOKReplay:      {"The replay is being drawn: it appears in the channel in a moment.", "Die Wiederholung wird gezeichnet: Sie erscheint gleich im Kanal."},
	}
}

// Command answers /game replay at once: drawing a replay takes seconds
// (more under load, where its frames wait behind the boards players need),
// longer than a deferred answer may keep a player waiting. The answer says
// it is on its way; a placeholder goes to the channel, and once the GIF
// of the public board after every commit so far is drawn (with a summary
// in words and the final standings once the game is over) it takes the
// placeholder's place, or says it could not be drawn. Only public views
// are drawn, so it may be asked for at any time; it changes nothing.
func (f *Feature) Command(ctx context.Context, r interact.Request) interact.Result {
	t, g, err := f.tables.Load(ctx, r.ChannelID, "", storage.WithLog())
	if err != nil {
		return f.voice.Err(r, err)
	}
	if t.Status == table.StatusLobby || t.Moves == 0 {
		return f.voice.Key(r.Lang, KeyReplayEmpty)
	}
	if f.images == nil {
		return f.voice.Key(r.Lang, KeyReplayNoImage)
	}
	var placeholder string
	post := interact.ChannelPost{ChannelID: t.ChannelID,
		Message: interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyReplayDrawing, "game", f.voice.GameName(t.Lang, t.GameID)))},
		OnSent:  func(id string) { placeholder = id }}
	res := interact.Result{Reply: &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKReplay))}, Actions: []interact.Action{post}}
	res.Carrier = func(ctx context.Context, run func(context.Context, []interact.Action) error) error {
		if err := run(ctx, []interact.Action{post}); err != nil {
			return err
		}
		m, err := f.Message(t, g)
		if err != nil {
			if !errors.Is(err, errReplayDraw) {
				f.log.Error("replay", "table", t.ID, "err", err)
			}
			m = interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyReplayFailed))}
		}
		if placeholder == "" { // the placeholder did not go out
			return run(ctx, []interact.Action{interact.ChannelPost{ChannelID: t.ChannelID, Message: m}})
		}
		return run(ctx, []interact.Action{interact.ChannelEdit{ChannelID: t.ChannelID, MessageID: placeholder, Message: m}})
	}
	return res
}

// Why a replay could not be made (besides the table's own errors).
var (
	errNoReplayer = errors.New("replays: the images draw no replays")
	errReplayDraw = errors.New("replays: the replay could not be drawn")
)

// Message is a table's replay (t carries its whole log): the GIF of
// its public boards, timed by round, drawn at low priority in the render
// pool, with a summary in words (who led when, the biggest swing) and the
// final standings once the game is over, in the table's language.
func (f *Feature) Message(t *table.Table, g games.Game) (interact.Message, error) {
	if f.images == nil {
		return interact.Message{}, errNoReplayer
	}
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return interact.Message{}, fmt.Errorf("replay of table %s: %w", t.ID, table.ErrLogNotLoaded)
	}
	log := make([]games.Logged, len(t.Log))
	for i, e := range t.Log {
		log[i] = games.Logged{Move: games.Move{Seat: e.Seat, ID: e.Move}, Uncommitted: e.Uncommitted}
	}
	course, err := games.PublicCourse(g, t.Setup(), log)
	if err != nil {
		return interact.Message{}, fmt.Errorf("replay of table %s: %w", t.ID, err)
	}
	around := func(draw func()) {
		f.render.Acquire(false)
		defer f.render.Release()
		draw()
	}
	gifData, err := f.images.Replay(t.GameID, course.Views, course.Rounds, f.engine.Meta(t, games.Public), around)
	if err != nil {
		f.log.Error("replay", "table", t.ID, "err", err)
		return interact.Message{}, errReplayDraw
	}
	name := f.voice.GameName(t.Lang, t.GameID)
	head := games.T(KeyReplayPost, "game", name, "n", len(course.Views)-1)
	if n := len(course.Rounds); n > 0 {
		head = games.T(KeyReplayPostRounds, "game", name, "n", len(course.Views)-1, "rounds", course.Rounds[n-1])
	}
	lines := []string{f.voice.Text(t.Lang, head)}
	lines = append(lines, Summarize(course).Lines(f.voice, t.Names(), t.Lang)...)
	if t.Status == table.StatusOver {
		st, err := t.Load(g)
		if err != nil {
			return interact.Message{}, errors.Join(fmt.Errorf("replay of table %s", t.ID), err)
		}
		lines = append(lines, f.engine.FinalStandings(t, g, st)...)
	}
	return interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000), Files: []interact.File{{Name: "replay.gif", Data: gifData}}}, nil
}

// Post is the message of a staged replay (delivery.Deps.Replay): the table is read with
// its whole log now. A table gone from its channel (a new one opened there
// meanwhile) or a replay that cannot be drawn leaves nothing to post.
func (f *Feature) Post(d outbox.Delivery) (interact.Message, bool) {
	t, g, err := f.tables.Load(context.Background(), d.Channel, d.Table, storage.WithLog())
	if err == nil {
		var m interact.Message
		if m, err = f.Message(t, g); err == nil {
			return m, true
		}
	}
	f.log.Warn("replay at the end: not posted", "channel", d.Channel, "table", d.Table, "err", err)
	return interact.Message{}, false
}
