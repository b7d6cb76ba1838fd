package play

import (
	"context"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

var _ tables.Announcer = (*Feature)(nil)

// Announce changes the table in channelID for a feature and tells its
// channel (tables.Announcer): the message is posted through the table's
// outbox, with the status edited and the countdown DMs sent anew when n
// asks (a delivery with DMs keeps the state, for redrawing them).
func (f *Feature) Announce(ctx context.Context, channelID string, n tables.Notice, change func(*table.Table, games.Game) (interact.Message, error)) (res interact.Result, told bool, err error) {
	var (
		d  outbox.Delivery
		st games.State
	)
	t, err := f.tables.Update(ctx, channelID, n.TableID, func(t *table.Table, g games.Game) error {
		told, st = false, nil // a transaction tried again starts afresh
		m, err := change(t, g)
		if err != nil || m.Content == "" {
			return err
		}
		told = true
		if n.Status || n.Countdown != "" {
			if st, err = t.Load(g); err != nil {
				return err
			}
		}
		t.NewVersion()
		c := outbox.NewComposer(t, n.Countdown != "")
		c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, m)
		if st != nil {
			sc := compose.Scene{Table: t, Game: g, State: st, Pending: st.Pending()}
			if n.Status {
				f.tell.StatusPost(c, sc)
			}
			if n.Countdown != "" {
				f.tell.DeadlineDMs(c, sc, []int{t.SeatOf(n.Countdown)})
			}
		}
		d, err = c.Done()
		return f.stage(t, d, err)
	})
	if err != nil || !told {
		return interact.Result{}, false, err
	}
	return f.deliver(t, d, st, nil), true, nil
}
