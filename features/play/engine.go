package play

import (
	"context"
	"strings"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// What the tournaments (features/tournaments) ask of the engine: opening
// a round's table, and carrying out their own outbox items in turn (their
// stored items are a delivery.Kind the surface wires). Play does not
// import the tournaments: they import nothing of play either.

// OpenTable stores t, a new table that start starts, with its first board
// and DMs staged in its outbox; opened runs once it is stored, before the
// scheduler hears of it (tournaments.Engine).
func (f *Feature) OpenTable(ctx context.Context, t *table.Table, g games.Game, start func(*table.Table) (games.State, error), opened func()) (interact.Result, error) {
	st, err := start(t)
	if err != nil {
		return interact.Result{}, err
	}
	names := strings.Join(t.Names(), ", ")
	sc := compose.Scene{Table: t, Game: g, State: st, Pending: st.Pending()}
	d, err := f.tell.AfterChange(sc, []string{f.voice.Text(t.Lang, games.T(KeyBoardStarted, "names", names))}, compose.DMSource{})
	if err := f.stage(t, d, err); err != nil {
		return interact.Result{}, err
	}
	if err := f.store.Create(ctx, t); err != nil {
		return interact.Result{}, err
	}
	opened()
	f.sched.WakeIfDue(t)
	return f.deliver(t, d, st, nil), nil
}

// Deliver carries out the actions of outbox items that owner (a
// tournament's due key) staged in channelID, in turn with owner's other
// items; Done removes them (tournaments.Engine, see delivery.Carrier.Staged).
func (f *Feature) Deliver(channelID, owner string, keys []string, actions []interact.Action) interact.Result {
	return f.out.Staged(storage.OutboxTable{ChannelID: channelID, TableID: owner}, keys, actions)
}
