package commands

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// dueBatch bounds how many due tables one Tick handles; the rest wait for
// the next tick, which the scheduler runs at once when it is behind.
const dueBatch = 1000

// Tick handles every table with a due event at or before now: bot seats
// move (the game's policy) and decisions pending past their time get the
// game's safe answer, one storage transaction per table. It loads only the
// tables that are due, so its cost does not depend on how many tables
// exist. Each Result is one table's change: carry out its Actions, then
// call Done.
func (s *Service) Tick(ctx context.Context) []Result {
	now := s.now()
	channels, err := s.dueChannels(ctx, now)
	if err != nil {
		s.log.Error("scheduler: due tables", "err", err)
		return nil
	}
	var out []Result
	for _, ch := range channels {
		if ctx.Err() != nil {
			break
		}
		if id, ok := storage.ParseTournamentDue(ch); ok {
			out = append(out, s.fireTournament(ctx, id)...)
			continue
		}
		res, ok, think := s.fire(ctx, ch, now, nil)
		if ok {
			out = append(out, res)
		}
		if think {
			if res, ok := s.startThinking(ctx, ch); ok {
				out = append(out, res)
			}
		}
	}
	return out
}

// startThinking has the bots of the channel's table think their moves out
// (bots.Thinker.Plan) and then makes them in a change of their own. While
// the scheduler runs, that happens in the thinker's pool and the change
// reaches the scheduler through s.thoughts (ok=false here); otherwise
// (tests calling Tick) at once, and its result is returned. A table is
// thought about once at a time.
func (s *Service) startThinking(ctx context.Context, channelID string) (Result, bool) {
	if _, busy := s.thinking.LoadOrStore(channelID, struct{}{}); busy {
		return Result{}, false
	}
	think := func() (Result, bool) {
		defer s.thinking.Delete(channelID)
		t, g, err := s.tables.Load(ctx, channelID, "")
		if err != nil {
			s.log.Error("bots: table to think about", "channel", channelID, "err", err)
			return Result{}, false
		}
		thought, err := s.bots.Plan(ctx, t, g, s.now())
		if err != nil {
			if ctx.Err() == nil {
				s.log.Error("bots: thinking", "channel", channelID, "table", t.ID, "err", err)
			}
			return Result{}, false
		}
		res, ok, _ := s.fire(ctx, channelID, s.now(), thought)
		return res, ok
	}
	if !s.scheduling.Load() {
		return think()
	}
	go func() {
		if res, ok := think(); ok {
			select {
			case s.thoughts <- res:
			case <-ctx.Done():
			}
		}
	}()
	return Result{}, false
}

// fire plays what is due at one table. The table is loaded inside the
// transaction, so a move made since the index was read wins. Bots play
// the moves thought out for them (thought), or, without, the game's
// heuristic when no thinker is configured, else only easy bots; think
// reports bots whose moves are to be thought out apart (their turn was
// put off meanwhile: table.DelayBots).
func (s *Service) fire(ctx context.Context, channelID string, now time.Time, thought table.Thought) (_ Result, _ bool, think bool) {
	var (
		res    table.MoveResult
		d      delivery
		closed bool
	)
	var (
		tidy    *delivery
		remind  []table.Reminder
		pending []games.Prompt
		back    []int // seats back from vacation
		archive bool  // the thread of a game that ended a day ago
	)
	// tidyUp stages what is due without a move: clearing buttons
	// remembered too late (a delivery repeated after a crash), reminders,
	// votes opened or closed (absent=vote), and what follows a game's end.
	tidyUp := func(t *table.Table, g games.Game) error {
		stale := t.TakeStaleButtons()
		votes := len(res.VotesOpened) > 0 || t.HasClosedVotes()
		if len(stale) == 0 && len(remind) == 0 && len(back) == 0 && !archive && !votes {
			return nil
		}
		t.NewVersion()
		opened := len(res.VotesOpened) > 0 && t.Status == table.StatusPlaying && res.State != nil
		c := newComposer(t, opened) // the absent players' DMs are drawn anew
		clearAll(c, stale)
		s.votePosts(c, scene{t: t, g: g, st: res.State, pending: res.Pending}, res.VotesOpened, len(res.VotesOpened) > 0 && t.Status == table.StatusAbandoned)
		if opened {
			// The absent seats' deadlines moved to their votes' ends.
			s.statusPost(c, scene{t: t, g: g, st: res.State, pending: res.Pending})
		}
		if archive {
			c.add(post{Kind: kindArchive, ChannelID: t.ChannelID}, Message{})
		}
		s.reminderDMs(c, t, remind, pending)
		if len(back) > 0 {
			s.vacationOver(c, t, back)
			if res.State != nil {
				s.statusPost(c, scene{t: t, st: res.State, pending: res.Pending})
			}
		}
		d, err := c.done()
		tidy = &d
		return s.stage(t, d, err)
	}
	change := func(t *table.Table, g games.Game) error {
		if t.Status == table.StatusOver && t.Unrecorded {
			return errRecordFirst // in its own transaction first (settleFinished)
		}
		if t.Status != table.StatusPlaying {
			// Finished meanwhile: only what follows the end is due.
			archive = t.TakeEnded(table.DueArchive, now)
			return tidyUp(t, g)
		}
		var err error
		if back, err = t.TakeVacationEnds(g, now); err != nil {
			return err
		}
		if remind, err = t.TakeReminders(g, now); err != nil {
			return err
		}
		from := t.Version
		var quick *bots.Quick
		switch {
		case thought != nil:
			res, err = t.FireWith(g, thought, now)
		case s.bots != nil:
			quick = s.bots.Quick(g.Info().ID)
			res, err = t.FireWith(g, quick, now)
		default:
			res, err = t.Fire(g, games.PolicyOf(g), now)
		}
		if err != nil {
			return err
		}
		if think = quick != nil && quick.Deferred; think {
			t.DelayBots(now)
		}
		pending = res.Pending
		if len(res.Steps) == 0 {
			return tidyUp(t, g) // the due list was refreshed; nothing else to tell
		}
		closed = t.CloseIdle(now)
		sc := scene{t: t, g: g, st: res.State, pending: res.Pending, quiet: res.Quiet() && !closed, from: from}
		lines := s.narrate(t, res)
		if closed {
			lines = append(lines, s.voice.Text(t.Lang, games.T(KeyIdleClosed, "n", table.IdleTimeouts)))
		}
		if !res.Committed && !closed {
			d, err = s.stepDelivery(sc, -1, dmSource{})
		} else {
			d, err = s.afterChange(sc, lines, dmSource{})
		}
		if err == nil && !closed {
			c := &composer{d: d}
			s.reminderDMs(c, t, remind, res.Pending)
			s.vacationOver(c, t, back)
			d, err = c.done()
		}
		if err == nil {
			c := &composer{d: d}
			s.votePosts(c, sc, res.VotesOpened, len(res.VotesOpened) > 0 && t.Status == table.StatusAbandoned && !closed)
			d, err = c.done()
		}
		return s.stage(t, d, err)
	}
	t, err := s.tables.Update(ctx, channelID, "", change)
	if errors.Is(err, errRecordFirst) {
		if err = s.settleFinished(ctx, channelID); err == nil {
			t, err = s.tables.Update(ctx, channelID, "", change)
		}
	}
	if err != nil {
		s.log.Error("scheduler", "channel", channelID, "err", err)
		return Result{}, false, false
	}
	if t.Status == table.StatusOver && !t.ReplayStaged {
		s.stageReplay(ctx, channelID, t.ID, now)
	}
	if len(res.Steps) == 0 {
		if tidy != nil {
			return s.deliver(t, *tidy, nil, nil), true, think
		}
		return Result{}, false, think
	}
	s.log.Info("scheduler: moves made for bots and absent players", "channel", channelID, "table", t.ID, "moves", len(res.Steps), "closed", closed)
	return s.deliver(t, d, res.State, nil), true, think
}

// schedulerNap is the longest the scheduler sleeps without looking at the
// due index: a guard against a clock that jumps, not a polling rate.
const schedulerNap = time.Minute

// schedulerRetry is how soon a due table that could not be handled is
// tried again.
const schedulerRetry = 10 * time.Second

// outboxRetry is how long a change's messages may wait unconfirmed before
// the scheduler delivers them again (the transport failed to reach Discord).
const outboxRetry = time.Minute

// outboxCheck is how often the scheduler looks for deliveries to take
// over: those older than outboxRetry, and at once those whose carrier's
// claim ran out (its process died). It is also the default safety net
// (Deps.Poll) for a wake-up that never came: a due event another process
// staged while this one could not hear it (storage.DueListener).
const outboxCheck = 15 * time.Second

// RunScheduler first pauses running clocks over an outage (see
// forgiveOutage) and delivers whatever the outbox kept from before a
// restart, starts the replay drawer (runReplays), then plays due events
// as they come: it sleeps until the next due moment, or until a change
// makes a table due sooner (this process's, or another's when the store
// is a storage.DueListener), at most Deps.Poll, and runs Tick, until ctx
// ends. Every outboxCheck it delivers again what stayed unconfirmed (see
// redeliver). run carries out one change's actions and returns an error
// when they should be tried again later.
func (s *Service) RunScheduler(ctx context.Context, run func(context.Context, []Action) error) {
	carry := func(results []Result) {
		for _, res := range results {
			_ = res.Carry(ctx, run) // a failure waits for the redelivery
		}
	}
	if l, ok := s.store.(storage.DueListener); ok {
		go l.ListenDue(ctx, s.dueAt) // other processes' changes
	}
	s.scheduling.Store(true)
	defer s.scheduling.Store(false)
	s.forgiveOutage(ctx) // before any deadline of the downtime fires
	carry(s.Redeliver(ctx))
	go s.runReplays(ctx, run) // replays take seconds: never in the tick
	lastRetry, lastBeat := s.now(), s.now()
	for {
		s.planned.Store(0) // awake: a change due meanwhile wakes the next round
		results := s.Tick(ctx)
		carry(results)
		if now := s.now(); now.Sub(lastRetry) >= outboxCheck {
			carry(s.redeliver(ctx, now.Add(-outboxRetry)))
			lastRetry = now
		}
		if now := s.now(); now.Sub(lastBeat) >= heartbeatEvery {
			s.beat(ctx, now)
			lastBeat = now
		}
		wait := min(schedulerNap, s.poll)
		if at, ok, err := s.nextDue(ctx); err != nil {
			s.log.Error("scheduler: next due", "err", err)
			wait = schedulerRetry // the database may be back soon
		} else if ok {
			wait = min(wait, max(0, at.Sub(s.now())))
		}
		switch {
		case len(results) >= dueBatch:
			wait = 0 // behind: go on at once
		case len(results) == 0 && wait == 0:
			// Due but nothing came of it (a table failing to load): do not
			// spin; the failure is logged, and it is retried later.
			wait = schedulerRetry
		}
		s.planned.Store(max(1, s.now().Add(wait).UnixNano()))
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
			s.wakes.timer.Add(1)
		case <-s.wake:
			timer.Stop()
			s.wakes.nudged.Add(1)
		case res := <-s.thoughts: // bots' moves, thought out in the pool
			timer.Stop()
			carry([]Result{res})
		}
	}
}

// wakeIfDue nudges the scheduler when a change left t due before the
// scheduler means to look (a bot seat's turn, a deadline sooner).
func (s *Service) wakeIfDue(t *table.Table) {
	if at, ok := t.NextDue(); ok {
		s.dueAt(at)
	}
}

// dueAt wakes the scheduler when something is due at at before it means
// to look, or at any time while it is awake (it looks again once done);
// the zero time wakes it always (changes may have been missed).
func (s *Service) dueAt(at time.Time) {
	if p := s.planned.Load(); !at.IsZero() && p != 0 && at.UnixNano() >= p {
		return
	}
	select {
	case s.wake <- struct{}{}:
	default: // woken already
	}
}

// reminderDMs reminds each seat in remind that still has a decision
// pending (a timeout may have answered it meanwhile) as its player's
// settings say (Seat.Notify; the table left out the reminders they do
// not want): by DM (or by a mention in the channel when their DMs are
// closed) or by a mention, in their language. One message per seat,
// whatever reasons fell due together.
func (s *Service) reminderDMs(c *composer, t *table.Table, remind []table.Reminder, pending []games.Prompt) {
	for _, r := range remind {
		if r.Seat < 0 || r.Seat >= len(t.Seats) || len(games.SeatPrompts(pending, r.Seat)) == 0 || t.Seats[r.Seat].Bot {
			continue
		}
		u := t.Seats[r.Seat]
		prefs := u.Notify
		lang := seatLang(t, r.Seat)
		if prefs.Lang != "" {
			lang = prefs.Lang
		}
		dmKey, pingKey := reminderKeys(r)
		m := Message{Content: s.voice.Text(lang, games.T(dmKey, "game", s.voice.GameName(lang, t.GameID), "channel", "<#"+t.ChannelID+">", "when", interact.Timestamp(r.Deadline)))}
		if link := actLink(t, r.Seat); link != "" {
			m.Content += "\n" + s.voice.Text(lang, games.T(KeyReminderLink, "link", link))
		}
		notice := Message{Content: s.voice.Text(t.Lang, games.T(pingKey, "player", "<@"+u.UserID+">", "when", interact.Timestamp(r.Deadline))), Mentions: []string{u.UserID}}
		if prefs.Delivery == settings.DeliverMention {
			c.add(post{Kind: kindPost, ChannelID: t.ChannelID}, notice)
			continue
		}
		c.add(post{Kind: kindDM, UserID: u.UserID, Blocked: &post{Kind: kindPost, ChannelID: t.ChannelID, Message: storeMessage(notice)}}, m)
	}
}

// reminderKeys are the texts of a reminder by DM and by mention: the time
// running out, or everyone else having answered (with or without a clock).
func reminderKeys(r table.Reminder) (dm, ping string) {
	switch {
	case r.Last && r.Deadline.IsZero():
		return KeyLastOne, KeyLastOnePing
	case r.Last:
		return KeyLastOneDue, KeyLastOneDuePing
	}
	return KeyReminder, KeyReminderPing
}

// vacationOver tells the channel that seats are back from vacation: their
// clocks run again.
func (s *Service) vacationOver(c *composer, t *table.Table, back []int) {
	var lines []string
	for _, seat := range back {
		if seat >= 0 && seat < len(t.Seats) {
			lines = append(lines, s.voice.Text(t.Lang, games.T(KeyVacationOver, "player", t.Seats[seat].Name)))
		}
	}
	if len(lines) > 0 {
		c.add(post{Kind: kindPost, ChannelID: t.ChannelID}, Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000)})
	}
}
