package commands

import (
	"context"
	"strings"

	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// What the tournaments (features/tournaments) ask of the engine: opening
// a round's table, and carrying out their own outbox items in turn (their
// stored items are a delivery.Kind, see deliveryDeps).

var _ tournaments.Engine = (*Service)(nil)

// OpenTable stores t, a new table that start starts, with its first board
// and DMs staged in its outbox; opened runs once it is stored, before the
// scheduler hears of it (tournaments.Engine).
func (s *Service) OpenTable(ctx context.Context, t *table.Table, g games.Game, start func(*table.Table) (games.State, error), opened func()) (Result, error) {
	st, err := start(t)
	if err != nil {
		return Result{}, err
	}
	names := strings.Join(t.Names(), ", ")
	sc := scene{t: t, g: g, st: st, pending: st.Pending()}
	d, err := s.afterChange(sc, []string{s.voice.Text(t.Lang, games.T(KeyBoardStarted, "names", names))}, dmSource{})
	if err := s.stage(t, d, err); err != nil {
		return Result{}, err
	}
	if err := s.store.Create(ctx, t); err != nil {
		return Result{}, err
	}
	opened()
	s.sched.WakeIfDue(t)
	return s.deliver(t, d, st, nil), nil
}

// Deliver carries out the actions of outbox items that owner (a
// tournament's due key) staged in channelID, in turn with owner's other
// items; Done removes them (tournaments.Engine, see delivery.Carrier.Staged).
func (s *Service) Deliver(channelID, owner string, keys []string, actions []Action) Result {
	return s.out.Staged(storage.OutboxTable{ChannelID: channelID, TableID: owner}, keys, actions)
}
