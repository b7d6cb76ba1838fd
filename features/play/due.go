package play

import (
	"context"
	"errors"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// errRecordFirst stops the scheduler's change of a finished table whose
// game is not yet in the ratings and stats: Deps.Settle records it first,
// then the change runs again.
var errRecordFirst = errors.New("play: record the finished game first")

// Fire is the scheduler's kind for a table's channel: fire, and
// then the bots to think apart (startThinking).
func (du *Due) Fire(ctx context.Context, channelID string, now time.Time) []interact.Result {
	var out []interact.Result
	res, ok, think := du.fire(ctx, channelID, now, nil)
	if ok {
		out = append(out, res)
	}
	if think {
		out = append(out, du.startThinking(ctx, channelID)...)
	}
	return out
}

// startThinking has the bots of the channel's table think their moves out
// (bots.Thinker.Plan) and then makes them in a change of their own, apart
// from the tick (scheduler.Scheduler.Apart): while the scheduler runs, in
// the thinker's pool, the running scheduler carrying the change out;
// otherwise (tests calling Tick) at once, returning the change. A table
// is thought about once at a time.
func (du *Due) startThinking(ctx context.Context, channelID string) []interact.Result {
	if _, busy := du.f.thinking.LoadOrStore(channelID, struct{}{}); busy {
		return nil
	}
	return du.f.sched.Apart(ctx, func() []interact.Result {
		defer du.f.thinking.Delete(channelID)
		t, g, err := du.f.tables.Load(ctx, channelID, "")
		if err != nil {
			du.f.log.Error("bots: table to think about", "channel", channelID, "err", err)
			return nil
		}
		thought, err := du.f.bots.Plan(ctx, t, g, du.f.now())
		if err != nil {
			if ctx.Err() == nil {
				du.f.log.Error("bots: thinking", "channel", channelID, "table", t.ID, "err", err)
			}
			return nil
		}
		if res, ok, _ := du.fire(ctx, channelID, du.f.now(), thought); ok {
			return []interact.Result{res}
		}
		return nil
	})
}

// fire plays what is due at one table. The table is loaded inside the
// transaction, so a move made since the index was read wins. Bots play
// the moves thought out for them (thought), or, without, the game's
// heuristic when no thinker is configured, else only easy bots; think
// reports bots whose moves are to be thought out apart (their turn was
// put off meanwhile: table.Bots.Delay).
func (du *Due) fire(ctx context.Context, channelID string, now time.Time, thought table.Thought) (_ interact.Result, _ bool, think bool) {
	var (
		res    table.MoveResult
		d      outbox.Delivery
		closed bool
	)
	var (
		tidy     *outbox.Delivery
		remind   []table.Reminder
		pending  []games.Prompt
		back     []int // seats back from vacation
		archive  bool  // the thread of a game that ended a day ago
		credited bool  // the clocks were paused over an outage: deadlines moved
	)
	// tidyUp stages what is due without a move: clearing buttons
	// remembered too late (a delivery repeated after a crash), reminders,
	// votes opened or closed (absent=vote), and what follows a game's end.
	tidyUp := func(t *table.Table, g games.Game) error {
		stale := t.Live().TakeStaleButtons()
		votes := len(res.VotesOpened) > 0 || t.ClosedVotes.Known()
		if len(stale) == 0 && len(remind) == 0 && len(back) == 0 && !archive && !votes && !credited && len(res.TookOver) == 0 {
			return nil
		}
		t.NewVersion()
		opened := len(res.VotesOpened) > 0 && t.Status == table.StatusPlaying && res.State != nil
		c := outbox.NewComposer(t, opened || credited) // DMs drawn anew: the absent players', the moved countdowns
		compose.ClearAll(c, stale)
		du.f.tell.TookOver(c, t, res.TookOver) // the bots' moves follow apart
		du.f.tell.VotePosts(c, compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending}, res.VotesOpened, len(res.VotesOpened) > 0 && t.Status == table.StatusAbandoned)
		if opened {
			// The absent seats' deadlines moved to their votes' ends.
			du.f.tell.StatusPost(c, compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending})
		}
		if archive {
			c.Add(outbox.Post{Kind: outbox.KindArchive, ChannelID: t.ChannelID}, interact.Message{})
		}
		if credited && t.Status == table.StatusPlaying && !opened && len(back) == 0 {
			st := res.State
			if st == nil {
				var err error
				if st, err = t.Load(g); err != nil {
					return err
				}
			}
			du.f.tell.Paused(c, compose.Scene{Table: t, Game: g, State: st, Pending: st.Pending()})
		}
		du.f.tell.ReminderDMs(c, t, remind, pending)
		if len(back) > 0 {
			du.f.tell.VacationOver(c, t, back)
			if res.State != nil {
				du.f.tell.StatusPost(c, compose.Scene{Table: t, State: res.State, Pending: res.Pending})
			}
		}
		d, err := c.Done()
		tidy = &d
		return du.f.stage(t, d, err)
	}
	change := func(t *table.Table, g games.Game) error {
		credited = t.Clocks().TookCredit()
		if t.Status == table.StatusOver && t.Unrecorded {
			return errRecordFirst // in its own transaction first (Deps.Settle)
		}
		if t.Status != table.StatusPlaying {
			// Finished meanwhile: only what follows the end is due.
			archive = t.TakeEnded(table.DueArchive, now)
			return tidyUp(t, g)
		}
		var err error
		if back, err = t.Vacations().TakeEnds(g, now); err != nil {
			return err
		}
		if remind, err = t.Reminders().Take(g, now); err != nil {
			return err
		}
		from := t.Version
		var quick *bots.Quick
		switch {
		case thought != nil:
			res, err = t.FireWith(g, thought, now)
		case du.f.bots != nil:
			quick = du.f.bots.Quick(g.Info().ID)
			res, err = t.FireWith(g, quick, now)
		default:
			res, err = t.Fire(g, games.PolicyOf(g), now)
		}
		if err != nil {
			return err
		}
		if think = quick != nil && quick.Deferred; think {
			t.Bots().Delay(now)
		}
		pending = res.Pending
		if len(res.Steps) == 0 {
			return tidyUp(t, g) // the due list was refreshed; nothing else to tell
		}
		closed = t.CloseIdle(now)
		sc := compose.Scene{Table: t, Game: g, State: res.State, Pending: res.Pending, Quiet: res.Quiet() && !closed, From: from}
		lines := du.f.tell.Narrate(t, res)
		if closed {
			lines = append(lines, du.f.voice.Text(t.Lang, games.T(KeyIdleClosed, "n", table.IdleTimeouts)))
		}
		if !res.Committed && !closed {
			d, err = du.f.tell.StepDelivery(sc, -1, compose.DMSource{})
		} else {
			d, err = du.f.tell.AfterChange(sc, lines, compose.DMSource{})
		}
		if err == nil && !closed {
			c := &outbox.Composer{Delivery: d}
			du.f.tell.ReminderDMs(c, t, remind, res.Pending)
			du.f.tell.VacationOver(c, t, back)
			d, err = c.Done()
		}
		if err == nil {
			c := &outbox.Composer{Delivery: d}
			du.f.tell.VotePosts(c, sc, res.VotesOpened, len(res.VotesOpened) > 0 && t.Status == table.StatusAbandoned && !closed)
			d, err = c.Done()
		}
		return du.f.stage(t, d, err)
	}
	t, err := du.f.tables.Update(ctx, channelID, "", change)
	if errors.Is(err, errRecordFirst) {
		if err = du.f.settle(ctx, channelID); err == nil {
			t, err = du.f.tables.Update(ctx, channelID, "", change)
		}
	}
	if err != nil {
		du.f.log.Error("scheduler", "channel", channelID, "err", err)
		return interact.Result{}, false, false
	}
	if t.Status == table.StatusOver && !t.ReplayStaged {
		du.stageReplay(ctx, channelID, t.ID, now)
	}
	if len(res.Steps) == 0 {
		if tidy != nil {
			return du.f.deliver(t, *tidy, nil, nil), true, think
		}
		return interact.Result{}, false, think
	}
	du.f.log.Info("scheduler: moves made for bots and absent players", "channel", channelID, "table", t.ID, "moves", len(res.Steps), "closed", closed)
	return du.f.deliver(t, d, res.State, nil), true, think
}
