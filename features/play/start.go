package play

import (
	"context"
	"strings"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// Start answers /game start and the lobby's Start: the host starts the
// game; the first board and DMs go out and the lobby loses its buttons,
// in one delivery.
func (f *Feature) Start(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	var (
		st games.State
		d  outbox.Delivery
	)
	cal, users := f.settings(ctx, channelID)
	t, err := f.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		var err error
		t.Calendar = cal
		if st, err = t.Lobby().Start(g, r.UserID, f.now()); err != nil {
			return err
		}
		if err := t.Vacations().ApplySettings(g, users, f.now()); err != nil {
			return err
		}
		names := strings.Join(t.Names(), ", ")
		sc := compose.Scene{Table: t, Game: g, State: st, Pending: st.Pending()}
		if d, err = f.tell.AfterChange(sc, []string{f.voice.Text(t.Lang, games.T(KeyBoardStarted, "names", names))}, compose.DMSource{}); err != nil {
			return err
		}
		// The lobby loses its buttons in the same delivery, so that a
		// crash cannot leave it open to joins.
		c := &outbox.Composer{Delivery: d}
		closed := interact.Message{Content: f.voice.Text(t.Lang, games.T(lobby.KeyLobbyStarted, "game", f.voice.GameName(t.Lang, t.GameID), "names", names))}
		if id := lobby.MessageID(r, t); id != "" {
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: t.ChannelID, MessageID: id}, closed)
		}
		d, err = c.Done()
		return f.stage(t, d, err)
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	return f.deliver(t, d, st, &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKStarted))})
}
