package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

const moveAnyVersion = table.AnyVersion

// errOtherTable stops a bookkeeping update meant for an earlier table.
var errOtherTable = errors.New("commands: channel holds another table now")

// update runs fn on the channel's table in one storage transaction and
// returns the saved table. tableID, when set, must match (a button from an
// earlier game in the same channel is refused). fn only mutates the table:
// rendering and Discord calls happen after the transaction.
func (s *Service) update(ctx context.Context, channelID, tableID string, fn func(*table.Table, games.Game) error, opts ...storage.LoadOption) (*table.Table, error) {
	var (
		saved *table.Table
		was   table.Status
	)
	err := s.store.Update(ctx, channelID, func(t *table.Table) error {
		if tableID != "" && t.ID != tableID {
			return games.Errorf(KeyOldTable)
		}
		was = t.Status
		g, ok := s.games.Get(t.GameID)
		if !ok {
			return fmt.Errorf("table %s: game %q is not registered", t.ID, t.GameID)
		}
		if err := fn(t, g); err != nil {
			return err
		}
		saved = t
		return nil
	}, opts...)
	if err != nil {
		return nil, err
	}
	s.wakeIfDue(saved)
	if was == table.StatusPlaying && !saved.Active() {
		s.tableEnded(ctx, saved) // a tournament's game records its result at once
	}
	return saved, nil
}

// load reads the channel's table and its game without changing anything.
func (s *Service) load(ctx context.Context, channelID, tableID string, opts ...storage.LoadOption) (*table.Table, games.Game, error) {
	t, err := s.store.Get(ctx, channelID, opts...)
	if err != nil {
		return nil, nil, err
	}
	if tableID != "" && t.ID != tableID {
		return nil, nil, games.Errorf(KeyOldTable)
	}
	g, ok := s.games.Get(t.GameID)
	if !ok {
		return nil, nil, fmt.Errorf("table %s: game %q is not registered", t.ID, t.GameID)
	}
	return t, g, nil
}

// remember returns an OnSent callback that stores a posted message's id on
// the table, if the channel still holds that table.
func (s *Service) remember(channelID, tableID string, set func(t *table.Table, id string, now time.Time)) func(string) {
	return func(messageID string) {
		err := s.store.Update(context.Background(), channelID, func(t *table.Table) error {
			if t.ID != tableID {
				return errOtherTable
			}
			set(t, messageID, s.now())
			return nil
		})
		if err != nil && !errors.Is(err, errOtherTable) {
			s.log.Error("remember message id", "channel", channelID, "table", tableID, "err", err)
		}
	}
}

// newTableID makes a short id that tells tables in one channel apart.
func (s *Service) newTableID() string {
	id := strconv.FormatUint(s.newSeed(), 36)
	if len(id) > 8 {
		id = id[:8]
	}
	return id
}
