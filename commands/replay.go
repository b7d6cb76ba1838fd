package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tavern-bot/tavern/features/replays"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Replayer is implemented by Images that can animate a game: views are
// the public boards after every commit, oldest first, rounds each view's
// round (nil: the game has none), and around wraps the drawing of each
// frame (the service passes its render pool, so a replay waits behind the
// boards players need). The result is a GIF.
type Replayer interface {
	Replay(gameID string, views []any, rounds []int, m ImageMeta, around func(draw func())) ([]byte, error)
}

// Keys of the replay texts.
const (
	KeyReplayEmpty   = "core.replay.empty"
	KeyReplayNoImage = "core.replay.no_images"
	KeyReplayPost    = "core.replay.post"
	KeyReplayFailed  = "core.replay.failed"
	KeyOKReplay      = "core.ok.replay"
)

func replayTexts() map[string][2]string {
	return map[string][2]string{
		KeyReplayEmpty:   {"There is nothing to replay yet: no move has been made at this table.", "Noch gibt es nichts zum Abspielen: An diesem Tisch wurde noch kein Zug gemacht."},
		KeyReplayNoImage: {"This bot draws no pictures, so it cannot show a replay.", "Dieser Bot zeichnet keine Bilder und kann daher keine Wiederholung zeigen."},
		KeyReplayPost:    {"🎞️ Replay of **{game}**: the public board after each of {n} turns.", "🎞️ Wiederholung von **{game}**: das öffentliche Spielbrett nach jedem von {n} Zügen."},
		KeyReplayFailed:  {"The replay could not be drawn. The game itself is not affected.", "Die Wiederholung konnte nicht gezeichnet werden. Das Spiel selbst ist davon nicht betroffen."},
		KeyOKReplay:      {"The replay is posted in the channel.", "Die Wiederholung steht im Kanal."},
	}
}

// replay answers /game replay: an animated GIF of the public board after
// every commit so far, posted in the channel, with a summary in words and
// the final standings once the game is over. Only public views are drawn,
// so it may be asked for at any time; it reads the table and changes
// nothing.
func (s *Service) replay(ctx context.Context, r interact.Request) Result {
	t, g, err := s.tables.Load(ctx, r.ChannelID, "", storage.WithLog())
	if err != nil {
		return s.voice.Err(r, err)
	}
	if t.Status == table.StatusLobby || t.Moves == 0 {
		return s.voice.Key(r.Lang, KeyReplayEmpty)
	}
	m, err := s.replayMessage(t, g)
	switch {
	case errors.Is(err, errNoReplayer):
		return s.voice.Key(r.Lang, KeyReplayNoImage)
	case errors.Is(err, errReplayDraw):
		return s.voice.Key(r.Lang, KeyReplayFailed)
	case err != nil:
		return s.voice.Err(r, err)
	}
	post := ChannelPost{ChannelID: t.ChannelID, Message: m}
	return Result{Reply: &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKReplay))}, Actions: []Action{post}}
}

// Why a replay could not be made (besides the table's own errors).
var (
	errNoReplayer = errors.New("commands: the images draw no replays")
	errReplayDraw = errors.New("commands: the replay could not be drawn")
)

// replayMessage is a table's replay (t carries its whole log): the GIF of
// its public boards, timed by round, drawn at low priority in the render
// pool, with a summary in words (who led when, the biggest swing) and the
// final standings once the game is over, in the table's language.
func (s *Service) replayMessage(t *table.Table, g games.Game) (Message, error) {
	rp, ok := s.images.(Replayer)
	if !ok {
		return Message{}, errNoReplayer
	}
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return Message{}, fmt.Errorf("replay of table %s: %w", t.ID, table.ErrLogNotLoaded)
	}
	log := make([]games.Logged, len(t.Log))
	for i, e := range t.Log {
		log[i] = games.Logged{Move: games.Move{Seat: e.Seat, ID: e.Move}, Uncommitted: e.Uncommitted}
	}
	course, err := games.PublicCourse(g, t.Setup(), log)
	if err != nil {
		return Message{}, fmt.Errorf("replay of table %s: %w", t.ID, err)
	}
	around := func(draw func()) {
		s.render.Acquire(false)
		defer s.render.Release()
		draw()
	}
	gifData, err := rp.Replay(t.GameID, course.Views, course.Rounds, s.meta(t, games.Public), around)
	if err != nil {
		s.log.Error("replay", "table", t.ID, "err", err)
		return Message{}, errReplayDraw
	}
	name := s.voice.GameName(t.Lang, t.GameID)
	head := games.T(KeyReplayPost, "game", name, "n", len(course.Views)-1)
	if n := len(course.Rounds); n > 0 {
		head = games.T(replays.KeyReplayPostRounds, "game", name, "n", len(course.Views)-1, "rounds", course.Rounds[n-1])
	}
	lines := []string{s.voice.Text(t.Lang, head)}
	lines = append(lines, replays.Summarize(course).Lines(s.voice, t.Names(), t.Lang)...)
	if t.Status == table.StatusOver {
		st, err := t.Load(g)
		if err != nil {
			return Message{}, errors.Join(fmt.Errorf("replay of table %s", t.ID), err)
		}
		lines = append(lines, s.voice.Text(t.Lang, games.T(KeyStandings)))
		lines = append(lines, s.standingLines(scene{t: t, g: g, st: st}, t.Lang)...)
	}
	return Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000), Files: []File{{Name: "replay.gif", Data: gifData}}}, nil
}
