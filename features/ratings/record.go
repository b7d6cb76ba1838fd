package ratings

import (
	"context"
	"errors"
	"log/slog"
	"strconv"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// Recorder puts a finished game into its players' ratings and stats once.
type Recorder struct {
	store  storage.Ratings
	tables *tables.Tables
	log    *slog.Logger
}

// NewRecorder records into store the finished tables it reads through tbls.
func NewRecorder(store storage.Ratings, tbls *tables.Tables, log *slog.Logger) *Recorder {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Recorder{store: store, tables: tbls, log: log}
}

// GameOf is a finished table as ratings see it: each seat's place in
// the final standings, a seat a bot took over for its absent player as a
// quitter, the bots the lobby seated apart, and each person's decisions.
func GameOf(t *table.Table, st games.State) rating.Game {
	// A seat the standings leave out (or give no place) ranks last, not
	// first; a solo game's rivals (its automa) count among the places, so
	// a seat beaten by one keeps its rank 2 and is no winner.
	last := len(t.Seats)
	if r, ok := st.(games.Rivaled); ok {
		last += len(r.Rivals())
	}
	ranks := make([]int, len(t.Seats))
	for i := range ranks {
		ranks[i] = last
	}
	for _, s := range st.Standings() {
		if s.Seat >= 0 && s.Seat < len(ranks) && s.Rank > 0 {
			ranks[s.Seat] = min(s.Rank, last)
		}
	}
	g := rating.Game{TableID: recordID(t), GameID: t.GameID, GuildID: t.GuildID, Rated: t.Rated()}
	for i, s := range t.Seats {
		g.Players = append(g.Players, rating.Player{
			UserID: s.UserID, Name: s.Name, Rank: ranks[i],
			Bot: s.Bot && !s.Away, Quit: t.Forfeited(i),
			Answered: s.Answered, Missed: s.Missed, Think: s.Think,
		})
	}
	return g
}

// recordID names a finished table for recording it once. A table's own id
// is eight characters of its seed, which two tables of a busy bot may
// share; with the channel (or thread) and the moment it was opened it is
// unique.
func recordID(t *table.Table) string {
	return t.ChannelID + "/" + t.ID + "/" + strconv.FormatInt(t.CreatedAt.UnixNano(), 36)
}

// Settle puts the game of the channel's finished table into its
// players' ratings and stats, once, if it is not there yet: the storage
// call is idempotent by table id, and the table's record due event goes
// only after it succeeded, in a second transaction. It runs when that due
// event fires, and before a new table archives the finished one (which
// drops its due events). A state that cannot be read is logged and the
// table marked recorded without a record: retrying cannot help.
func (r *Recorder) Settle(ctx context.Context, channelID string) error {
	t, g, err := r.tables.Load(ctx, channelID, "")
	if errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if t.Status != table.StatusOver || !t.Unrecorded {
		return nil
	}
	if st, err := t.Load(g); err != nil {
		r.log.Error("ratings: finished game unreadable, not recorded", "table", t.ID, "err", err)
	} else {
		game := GameOf(t, st)
		recorded, err := r.store.RecordGame(ctx, game)
		if err != nil {
			return err
		}
		r.log.Info("ratings: game recorded", "table", t.ID, "game", t.GameID, "rated", len(game.RatedKeys()) > 0, "new", recorded)
	}
	_, err = r.tables.Update(ctx, channelID, t.ID, func(t *table.Table, _ games.Game) error {
		t.Recorded()
		return nil
	})
	return err
}
