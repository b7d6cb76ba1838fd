package commands

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// errNothingDue leaves a table untouched when its deadline moved meanwhile.
var errNothingDue = errors.New("commands: no decision is due")

// Tick answers every decision that has been pending longer than its
// table's deadline (the core "deadline" option) with the game's safe
// default (games.TimeoutMover), one storage transaction per table, and
// returns what a transport must carry out: for each such table the same
// board post, status edit and DMs a normal move produces. Main calls it
// periodically, every minute or so; a table whose game has no safe default
// is never touched.
func (s *Service) Tick(ctx context.Context) []Action {
	tables, err := s.store.List(ctx)
	if err != nil {
		s.log.Error("deadline tick: list tables", "err", err)
		return nil
	}
	now := s.now()
	var out []Action
	for _, t := range tables {
		if ctx.Err() != nil {
			break
		}
		if t.Status != table.StatusPlaying || t.Deadline.IsZero() || now.Before(t.Deadline) {
			continue
		}
		out = append(out, s.timeOut(ctx, t.ChannelID, t.ID, now)...)
	}
	return out
}

// timeOut applies the due timeout answers of one table. The table is
// reloaded inside the transaction, so a move made since the listing wins.
func (s *Service) timeOut(ctx context.Context, channelID, tableID string, now time.Time) []Action {
	var (
		moves  []table.TimedMove
		st     games.State
		closed bool
	)
	t, err := s.update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		var err error
		moves, st, err = t.ApplyTimeouts(g, now)
		if err == nil && len(moves) == 0 {
			return errNothingDue
		}
		closed = err == nil && t.CloseIdle(now)
		return err
	})
	if err != nil {
		if !errors.Is(err, errNothingDue) {
			s.log.Error("deadline tick", "channel", channelID, "table", tableID, "err", err)
		}
		return nil
	}
	g, _ := s.games.Get(t.GameID)
	var lines []string
	for _, m := range moves {
		name := t.Seats[m.Seat].Name
		if m.Secret { // the chosen answer itself may be a secret
			lines = append(lines, s.cat.Localize(t.Lang, games.T(KeyTimedOutQuiet, "player", name)))
		} else {
			lines = append(lines, s.cat.Localize(t.Lang, games.T(KeyTimedOut, "player", name, "option", s.say(t, t.Lang, m.Label))))
		}
		for _, e := range m.Outcome.Events {
			lines = append(lines, s.say(t, t.Lang, e))
		}
	}
	s.log.Info("deadline tick: answered for absent players", "channel", channelID, "table", tableID, "moves", len(moves), "closed", closed)
	if closed {
		lines = append(lines, s.cat.Localize(t.Lang, games.T(KeyIdleClosed, "n", table.IdleTimeouts)))
	}
	return s.afterChange(t, g, st, lines, dmSource{})
}

// discordTime is Discord's timestamp markup, shown relative ("in 5 hours")
// in each reader's own language and time zone.
func discordTime(at time.Time) string {
	return "<t:" + strconv.FormatInt(at.Unix(), 10) + ":R>"
}
