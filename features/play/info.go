package play

import (
	"context"
	"errors"
	"strings"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// logLength is how many recent moves /game log shows.
const logLength = 10

func (f *Feature) status(ctx context.Context, r interact.Request, channelID string) interact.Result {
	t, g, err := f.tables.Load(ctx, channelID, "")
	if err != nil {
		return f.voice.Err(r, err)
	}
	var st games.State
	if t.Status == table.StatusPlaying || t.Status == table.StatusOver {
		if st, err = t.Load(g); err != nil {
			return f.voice.Err(r, err)
		}
	}
	sc := compose.Scene{Table: t, Game: g, State: st}
	if st != nil && t.Status == table.StatusPlaying {
		sc.Pending = st.Pending()
	}
	m := interact.Message{Content: f.tell.StatusText(sc, r.Lang)}
	if t.Status == table.StatusLobby {
		m.Content += "\n" + f.voice.Text(r.Lang, games.T(lobby.KeyLobbyPlayers, "n", len(t.Seats), "min", g.Info().MinPlayers, "max", g.Info().MaxPlayers, "names", strings.Join(t.Names(), ", ")))
	}
	if st != nil {
		m.Files = f.draw(t, g, st, games.Public, "board.png")
	}
	return interact.Result{Reply: &m}
}

// Hand answers /game hand and "Show my hand": the private view and the
// pending options, visible only to the asking player.
func (f *Feature) Hand(ctx context.Context, r interact.Request, channelID, tableID string) interact.Result {
	t, g, err := f.tables.Load(ctx, channelID, tableID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	seat := t.SeatOf(r.UserID)
	if seat < 0 {
		return f.voice.Err(r, games.Errorf(table.ErrNotSeated))
	}
	if t.Status != table.StatusPlaying {
		return f.voice.Err(r, t.NotPlaying())
	}
	st, err := t.Load(g)
	if err != nil {
		return f.voice.Err(r, err)
	}
	m := f.tell.HandMessage(t, g, st, st.Pending(), seat, r.Lang)
	m.Files = f.draw(t, g, st, seat, "hand.png")
	return interact.Result{Reply: &m}
}

func (f *Feature) showLog(ctx context.Context, r interact.Request, channelID string) interact.Result {
	t, _, err := f.tables.Load(ctx, channelID, "", storage.WithRecentLog(logLength))
	if err != nil {
		return f.voice.Err(r, err)
	}
	if len(t.Log) == 0 {
		return f.voice.Key(r.Lang, KeyLogEmpty)
	}
	lines := []string{f.voice.Text(r.Lang, games.T(KeyLogTitle))}
	from := max(0, len(t.Log)-logLength)
	for n, e := range t.Log[from:] {
		n += t.LogFrom
		// Only the public narration is shown: the move id itself may be a
		// secret answer (a sealed bid).
		var events []string
		for _, ev := range e.Events {
			events = append(events, f.voice.AtTable(t, r.Lang, ev))
		}
		if len(events) == 0 {
			events = []string{f.voice.Text(r.Lang, games.T(KeyLogMoved))}
		}
		if e.Timeout && !e.TimeUp { // the game's time-up move tells it itself
			events = append([]string{f.voice.Text(r.Lang, games.T(KeyLogTimeout))}, events...)
		}
		name := "?"
		if e.Seat >= 0 && e.Seat < len(t.Seats) {
			name = t.Seats[e.Seat].Name
		}
		lines = append(lines, f.voice.Text(r.Lang, games.T(KeyLogLine, "n", from+n+1, "player", name, "events", strings.Join(events, " "))))
	}
	return interact.Reply(interact.Truncate(strings.Join(lines, "\n"), 2000))
}

// Undo answers /game undo: the player's last move is taken back.
func (f *Feature) Undo(ctx context.Context, r interact.Request) interact.Result {
	return f.takeBack(ctx, r, r.ChannelID, "", table.AnyVersion, false)
}

// takeBack answers /game undo and the "Back one step" button: the
// player's last move is taken back. A step inside the open turn changes
// only the player's own view; a committed move posts a new board.
func (f *Feature) takeBack(ctx context.Context, r interact.Request, channelID, tableID string, version int, withinTurn bool) interact.Result {
	var (
		res       table.MoveResult
		d         outbox.Delivery
		committed bool
	)
	from, _ := compose.ClickedDM(r)
	change := func(t *table.Table, g games.Game) error {
		seat := t.SeatOf(r.UserID)
		undone := -1 // the version of the move taken back, whose board then says so
		if last, ok := t.History().Last(); ok {
			undone = last.Version
		}
		if seat >= 0 && version != table.AnyVersion && (version < t.Seats[seat].PromptVersion || version > t.Version) {
			return games.Errorf(table.ErrStale) // a second click on the same "Back"
		}
		committed = !t.History().CanStepBack(seat)
		var err error
		if withinTurn {
			res, err = t.History().Back(g, r.UserID, f.now())
		} else {
			res, err = t.History().Undo(g, r.UserID, f.now())
		}
		if err != nil {
			return err
		}
		sc := compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending}
		if committed {
			name := t.Seats[seat].Name
			board, told := t.LiveBoards.TakeVersion(undone)
			d, err = f.tell.AfterChange(sc, []string{f.voice.Text(t.Lang, games.T(KeyBoardUndo, "player", name))}, from)
			if err == nil && told {
				// The board of the move taken back keeps its picture; its
				// text no longer tells the move as if it stood.
				c := &outbox.Composer{Delivery: d}
				c.Add(outbox.Post{Kind: outbox.KindClear, ChannelID: board.Channel, MessageID: board.ID},
					interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyBoardUndone, "player", name))})
				d, err = c.Done()
			}
		} else {
			d, err = f.tell.StepDelivery(sc, seat, from)
		}
		return f.stage(t, d, err)
	}
	// Within the open turn, the turn's part of the log is enough; undoing
	// a committed move replays the whole log, which only then is read.
	t, err := f.tables.Update(ctx, channelID, tableID, change, storage.WithOpenTurn())
	if errors.Is(err, table.ErrLogNotLoaded) && !withinTurn {
		t, err = f.tables.Update(ctx, channelID, tableID, change, storage.WithLog())
	}
	if err != nil {
		return f.voice.Err(r, err)
	}
	key := KeyOKUndo
	if withinTurn {
		key = KeyOKBack
	}
	reply := &interact.Message{Content: f.voice.Text(r.Lang, games.T(key))}
	if !committed && !from.Clicked() {
		res.Steps = []table.Step{{Seat: t.SeatOf(r.UserID)}}
		reply = f.stepReply(t, res, r.Lang)
		reply.Content = f.voice.Text(r.Lang, games.T(key)) + "\n" + reply.Content
	}
	out := f.deliver(t, d, res.State, reply)
	out.ReplaceClicked = withinTurn && compose.ClickedEphemeral(r)
	return out
}

// Abandon answers /game abandon: the host or a channel manager ends the
// table; anyone else seated votes to.
func (f *Feature) Abandon(ctx context.Context, r interact.Request) interact.Result {
	var (
		res       table.AbandonResult
		wasLobby  bool
		byVote    bool
		voterName = r.UserName
	)
	var spent []live.Ref // boards and DMs whose buttons the end clears
	t, err := f.tables.Update(ctx, r.ChannelID, "", func(t *table.Table, _ games.Game) error {
		wasLobby = t.Status == table.StatusLobby
		byVote = r.UserID != t.Host && !r.Manage
		if i := t.SeatOf(r.UserID); i >= 0 {
			voterName = t.Seats[i].Name
		}
		var err error
		if res, err = t.Abandon(r.UserID, r.Manage, f.now()); err != nil || !res.Abandoned {
			return err
		}
		spent = t.LiveBoards.Take()
		for seat := range t.Seats {
			spent = append(spent, t.Seats[seat].LiveDMs.Take()...)
		}
		return nil
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	g, _ := f.games.Get(t.GameID)
	if !res.Abandoned {
		post := interact.ChannelPost{ChannelID: t.ChannelID, Message: interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyAbandonVote, "player", voterName, "votes", res.Votes, "needed", res.Needed))}}
		return interact.Result{Reply: &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKVote, "votes", res.Votes, "needed", res.Needed))}, Actions: []interact.Action{post}}
	}
	text := games.T(KeyAbandonPost, "player", voterName)
	if byVote {
		text = games.T(KeyAbandonByVote)
	}
	actions := []interact.Action{interact.ChannelPost{ChannelID: t.ChannelID, Message: interact.Message{Content: f.voice.Text(t.Lang, text)}}}
	if wasLobby {
		actions = append(actions, f.lobby.Edit(r, t, f.lobby.Closed(t)))
	} else {
		c := outbox.NewComposer(t, false)
		f.tell.StatusPost(c, compose.Scene{Table: t, Game: g})
		d, err := c.Done()
		more, rerr := f.out.Actions(d)
		if err != nil || rerr != nil {
			f.log.Error("abandon: status", "table", t.ID, "err", errors.Join(err, rerr))
		}
		actions = append(actions, more...)
	}
	for _, ref := range spent {
		actions = append(actions, interact.ClearButtons{ChannelID: ref.Channel, MessageID: ref.ID})
	}
	return interact.Result{Reply: &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyOKAbandoned))}, Actions: actions}
}

// Back answers the "Back one step" button: the clicker's last step inside
// the open turn is taken back.
func (f *Feature) Back(ctx context.Context, r interact.Request, channelID, tableID string, version int) interact.Result {
	return f.takeBack(ctx, r, channelID, tableID, version, true)
}
