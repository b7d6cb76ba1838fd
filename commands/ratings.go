package commands

import (
	"context"
	"errors"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/table"
)

// errRecordFirst stops the scheduler's change of a finished table whose
// game is not yet in the ratings and stats: those are recorded first (in
// their own transaction, once per table id), then the change runs again
// and drops the table's DueRecord event.
var errRecordFirst = errors.New("commands: record the finished game first")

// ratingGame is a finished table as ratings see it: each seat's place in
// the final standings, a seat a bot took over for its absent player as a
// quitter, the bots the lobby seated apart, and each person's decisions.
func ratingGame(t *table.Table, st games.State) rating.Game {
	ranks := make([]int, len(t.Seats))
	for _, s := range st.Standings() {
		if s.Seat >= 0 && s.Seat < len(ranks) {
			ranks[s.Seat] = s.Rank
		}
	}
	g := rating.Game{TableID: t.ID, GameID: t.GameID, GuildID: t.GuildID, Rated: t.Rated()}
	for i, s := range t.Seats {
		g.Players = append(g.Players, rating.Player{
			UserID: s.UserID, Name: s.Name, Rank: ranks[i],
			Bot: s.Bot && !s.Away, Quit: s.Away,
			Answered: s.Answered, Missed: s.Missed, Think: s.Think,
		})
	}
	return g
}

// recordGame puts the game of a finished table into its players' ratings
// and stats, once: the storage call is idempotent by table id, and the
// table's due event goes only after it succeeded.
func (s *Service) recordGame(ctx context.Context, g rating.Game) error {
	recorded, err := s.store.RecordGame(ctx, g)
	if err != nil {
		return err
	}
	s.log.Info("ratings: game recorded", "table", g.TableID, "game", g.GameID, "rated", g.Rated && len(g.RatedKeys()) > 0, "new", recorded)
	return nil
}

// Keys of the ratings texts.
const (
	KeyLobbyRated   = "core.lobby.rated"
	KeyLobbyUnrated = "core.lobby.unrated"
)

// ratedLine tells the lobby whether the game will be rated as seated now.
func (s *Service) ratedLine(t *table.Table, lang string) string {
	if t.Rated() {
		return s.cat.Localize(lang, games.T(KeyLobbyRated))
	}
	return s.cat.Localize(lang, games.T(KeyLobbyUnrated))
}
