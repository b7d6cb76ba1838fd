package play

import (
	"context"
	"fmt"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// Move applies one answer (button, select or /move) and reports the turn.
// A step inside a turn (not a commit) changes only the mover's own
// message; a commit posts a new board.
func (f *Feature) Move(ctx context.Context, r interact.Request, channelID, tableID string, version int, moveID string) interact.Result {
	var (
		res  table.MoveResult
		d    outbox.Delivery
		told bool // the commit shows in the channel: a new board, or a line
	)
	from, _ := compose.ClickedDM(r)
	t, err := f.tables.Update(ctx, channelID, tableID, func(t *table.Table, g games.Game) error {
		var err error
		if res, err = t.Move(g, r.UserID, moveID, version, f.now()); err != nil {
			return err
		}
		sc := compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending, Quiet: res.Quiet()}
		if !res.Committed {
			d, err = f.tell.StepDelivery(sc, res.Seat(), from)
		} else {
			lines := f.tell.Narrate(t, res)
			told = !sc.Quiet || len(lines) > 0
			d, err = f.tell.AfterChange(sc, lines, from)
		}
		return f.stage(t, d, err)
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	label := games.Text{Key: moveID}
	if len(res.Steps) > 0 {
		label = res.Steps[0].Label
	}
	reply := &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKMove, "option", f.voice.AtTable(t, r.Lang, label)))}
	switch {
	case !res.Committed && !from.Clicked():
		// A step clicked on the board, in an ephemeral message or typed:
		// the mover's next options come as this ephemeral answer, with the
		// private view.
		reply = f.stepReply(t, res, r.Lang)
	case compose.ChangesClicked(d, r, from, t.ChannelID):
		// The message clicked is edited in place (a DM) or loses its
		// buttons under a new board: the change is the answer.
		reply = nil
	case res.Committed && told && compose.ClickedEphemeral(r):
		// A commit clicked in an ephemeral answer shows in the channel:
		// that is the answer, and the ephemeral with its controls goes.
		out := f.deliver(t, d, res.State, nil)
		out.DeleteClicked = true
		return out
	}
	out := f.deliver(t, d, res.State, reply)
	// A step or the commit clicked in the ephemeral answer to an earlier
	// step takes its place: one message per turn, the older controls gone.
	out.ReplaceClicked = reply != nil && compose.ClickedEphemeral(r)
	return out
}

// stepReply is the ephemeral answer to a step made outside a DM: the
// mover's private view and next options, with a way back.
func (f *Feature) stepReply(t *table.Table, res table.MoveResult, lang string) *interact.Message {
	g, _ := f.games.Get(t.GameID)
	seat := res.Seat()
	m := f.tell.HandMessage(t, g, res.State, res.Pending, seat, lang)
	m.Components = append(m.Components, f.tell.BackRow(t, seat, lang)...)
	m.Files = f.draw(t, g, res.State, seat, "hand.png")
	return &m
}

// stage puts a composed delivery into the table's outbox, inside the
// change's transaction.
func (f *Feature) stage(t *table.Table, d outbox.Delivery, err error) error {
	if err != nil {
		return err
	}
	scratch, _ := f.scratch.Get().(*[]byte)
	if scratch == nil {
		scratch = new([]byte)
	}
	data, grown, err := outbox.Encode(d, *scratch)
	*scratch = grown
	f.scratch.Put(scratch)
	if err != nil {
		return fmt.Errorf("play: stage delivery for table %s: %w", t.ID, err)
	}
	t.Outbox = append(t.Outbox, data)
	return nil
}

// deliver draws the staged delivery's pictures and returns it as the
// interact.Result's actions (see delivery.Carrier.Deliver): Done removes the outbox
// entry once they are carried out, in turn after the table's earlier
// changes.
func (f *Feature) deliver(t *table.Table, d outbox.Delivery, st games.State, reply *interact.Message) interact.Result {
	return f.out.Deliver(t, d, st, reply)
}

// Return answers /game return: a player whose seat a bot took over
// (their time ran out, lobby option absent=bot) plays it again.
func (f *Feature) Return(ctx context.Context, r interact.Request) interact.Result {
	var (
		res table.MoveResult
		d   outbox.Delivery
	)
	t, err := f.tables.Update(ctx, r.ChannelID, "", func(t *table.Table, g games.Game) error {
		var err error
		if res, err = t.Bots().Return(g, r.UserID, f.now()); err != nil {
			return err
		}
		sc := compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending}
		d, err = f.tell.AfterChange(sc, []string{f.voice.Text(t.Lang, games.T(KeyReturned, "player", r.UserName))}, compose.DMSource{})
		return f.stage(t, d, err)
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	return f.deliver(t, d, res.State, &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKReturned))})
}

// draw renders one view someone asked for; a failed or missing renderer
// only costs the picture.
func (f *Feature) draw(t *table.Table, g games.Game, st games.State, viewer int, name string) []interact.File {
	return f.out.DrawAll(t.ID, []delivery.Picture{f.views.BoardPicture(t, g, st, viewer, name)}, true)[0]
}
