// Package scheduler plays due events as they come: it sleeps until the
// next due moment of the store's due index, or until a change (this
// process's, or another's heard through storage.DueListener) makes
// something due sooner, and hands each due key to the kind of event that
// claims it.
//
// The features register their kinds of due event (a table's bot moves and
// deadlines, a tournament's rounds) and the jobs that run at start-up or
// periodically (redelivery, the heartbeat); it knows none of them.
package scheduler

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Index is the store's due index: the keys (a table's channel, a
// tournament's key) with an event due.
type Index interface {
	// DueBefore returns the keys due at or before now, earliest first,
	// each once, at most limit.
	DueBefore(ctx context.Context, now time.Time, limit int) ([]string, error)
	// NextDue is the earliest due moment; ok is false when none is due.
	NextDue(ctx context.Context) (at time.Time, ok bool, err error)
}

// Kind is one kind of due event.
type Kind struct {
	// Claims reports whether a key of the due index is this kind's; nil
	// claims every key no other kind claims (a table's channel).
	Claims func(key string) bool
	// Fire plays what is due at key at now: each Result is one change to
	// carry out.
	Fire func(ctx context.Context, key string, now time.Time) []interact.Result
}

// Run carries out one change's actions; an error means they should be
// tried again later.
type Run func(context.Context, []interact.Action) error

// job runs every period, after a tick.
type job struct {
	every time.Duration
	run   func(ctx context.Context, now time.Time) []interact.Result
}

// Batch bounds how many due keys one Tick handles; the rest wait for the
// next tick, which the scheduler runs at once when it is behind.
const Batch = 1000

// nap is the longest the scheduler sleeps without looking at the due
// index: a guard against a clock that jumps, not a polling rate.
const nap = time.Minute

// retry is how soon a due key that could not be handled is tried again.
const retry = 10 * time.Second

// Scheduler plays the due events of one index.
type Scheduler struct {
	index Index
	now   func() time.Time
	log   *slog.Logger
	// poll is the safety net: the longest it sleeps without looking at
	// the due index when no change woke it.
	poll  time.Duration
	kinds []Kind
	def   *Kind // the kind claiming every other key
	jobs  []job
	start []func(ctx context.Context, run Run)
	wake  chan struct{} // a change made something due now
	// running is set while Run runs: without it (a Tick called alone),
	// work apart happens at once (Apart).
	running atomic.Bool
	// apart carries each change made apart from the tick to the running
	// loop, which carries it out.
	apart chan interact.Result
	// planned is when the sleeping scheduler looks next (Unix ns of now),
	// 0 while it is awake: a change due sooner wakes it (DueAt).
	planned atomic.Int64
	// wakes counts why the scheduler woke: its timer ran out, or a change
	// (this process's or, through storage.DueListener, another's) woke it.
	wakes struct{ timer, nudged atomic.Int64 }
}

// New is a scheduler over index, looking at it at least every poll;
// log may be nil.
func New(index Index, now func() time.Time, poll time.Duration, log *slog.Logger) *Scheduler {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Scheduler{index: index, now: now, poll: poll, log: log, wake: make(chan struct{}, 1),
		apart: make(chan interact.Result)}
}

// Register adds a kind of due event; register before Run.
func (s *Scheduler) Register(k Kind) {
	if k.Claims == nil {
		s.def = &k
		return
	}
	s.kinds = append(s.kinds, k)
}

// Every runs fn every period after a tick (the first time a period after
// Run starts); its results are carried out like a tick's.
func (s *Scheduler) Every(period time.Duration, fn func(ctx context.Context, now time.Time) []interact.Result) {
	s.jobs = append(s.jobs, job{every: period, run: fn})
}

// OnStart runs fn when Run starts, before the first tick, in the order
// registered.
func (s *Scheduler) OnStart(fn func(ctx context.Context, run Run)) {
	s.start = append(s.start, fn)
}

// Tick plays every event due at or before now, each by the kind that
// claims its key. It loads only what is due, so its cost does not depend
// on how much is stored.
func (s *Scheduler) Tick(ctx context.Context) []interact.Result {
	var out []interact.Result
	s.tick(ctx, func(res interact.Result) { out = append(out, res) })
	return out
}

// tick is Tick handing each change to made as soon as its key has fired;
// it returns how many keys were due and how many changes they made.
func (s *Scheduler) tick(ctx context.Context, made func(interact.Result)) (keys, changes int) {
	now := s.now()
	due, err := s.index.DueBefore(ctx, now, Batch)
	if err != nil {
		s.log.Error("scheduler: due tables", "err", err)
		return 0, 0
	}
	for _, key := range due {
		if ctx.Err() != nil {
			break
		}
		if k := s.kindOf(key); k != nil {
			for _, res := range k.Fire(ctx, key, now) {
				made(res)
				changes++
			}
		}
	}
	return len(due), changes
}

// tickAndCarry is a tick whose changes are carried out with run as they
// are made, in a goroutine of its own, oldest first: the first due event
// of a long batch (a restart after downtime makes a thousand due at once)
// is told as soon as it fired, not after the whole batch, and firing never
// waits for Discord. It returns once every change is carried out.
func (s *Scheduler) tickAndCarry(ctx context.Context, run Run) (keys, changes int) {
	made := make(chan interact.Result, Batch)
	carried := make(chan struct{})
	go func() {
		defer close(carried)
		for res := range made {
			_ = res.Carry(ctx, run)
		}
	}()
	keys, changes = s.tick(ctx, func(res interact.Result) { made <- res })
	close(made)
	<-carried
	return keys, changes
}

// kindOf is the kind claiming key.
func (s *Scheduler) kindOf(key string) *Kind {
	for i := range s.kinds {
		if s.kinds[i].Claims(key) {
			return &s.kinds[i]
		}
	}
	return s.def
}

// Carry carries out results with run, each in turn with its table's
// other changes; a failure waits for the redelivery.
func Carry(ctx context.Context, run Run, results []interact.Result) {
	for _, res := range results {
		_ = res.Carry(ctx, run)
	}
}

// Run listens for other processes' changes when the index can be heard
// (storage.DueListener), runs the start-up jobs, then plays due events
// as they come: it sleeps until the next due moment, or until a change
// makes something due sooner, at most poll, runs Tick and the periodic
// jobs, until ctx ends.
func (s *Scheduler) Run(ctx context.Context, run Run) {
	if l, ok := s.index.(storage.DueListener); ok {
		go l.ListenDue(ctx, s.DueAt) // other processes' changes
	}
	s.running.Store(true)
	defer s.running.Store(false)
	for _, fn := range s.start {
		fn(ctx, run)
	}
	last := make([]time.Time, len(s.jobs))
	for i := range last {
		last[i] = s.now()
	}
	for {
		s.planned.Store(0) // awake: a change due meanwhile wakes the next round
		keys, changes := s.tickAndCarry(ctx, run)
		for i, j := range s.jobs {
			if now := s.now(); now.Sub(last[i]) >= j.every {
				Carry(ctx, run, j.run(ctx, now))
				last[i] = now
			}
		}
		wait := min(nap, s.poll)
		if at, ok, err := s.index.NextDue(ctx); err != nil {
			s.log.Error("scheduler: next due", "err", err)
			wait = retry // the database may be back soon
		} else if ok {
			wait = min(wait, max(0, at.Sub(s.now())))
		}
		switch {
		case keys >= Batch:
			wait = 0 // behind: go on at once
		case changes == 0 && wait == 0:
			// Due but nothing came of it (a table failing to load): do not
			// spin; the failure is logged, and it is retried later.
			wait = retry
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
		case res := <-s.apart: // a change made apart (Apart)
			timer.Stop()
			Carry(ctx, run, []interact.Result{res})
		}
	}
}

// Apart runs work apart from the tick (a kind's slow part: bots thinking
// their moves out). While Run runs, work runs in a goroutine of its own and
// the loop carries out its changes as they come, and Apart returns none;
// otherwise (a Tick called alone, as tests do) work runs at once and Apart
// returns its changes.
func (s *Scheduler) Apart(ctx context.Context, work func() []interact.Result) []interact.Result {
	if !s.running.Load() {
		return work()
	}
	go func() {
		for _, res := range work() {
			select {
			case s.apart <- res:
			case <-ctx.Done():
				return
			}
		}
	}()
	return nil
}

// WakeIfDue nudges the scheduler when a change left t due before the
// scheduler means to look (a bot seat's turn, a deadline sooner).
func (s *Scheduler) WakeIfDue(t *table.Table) {
	if at, ok := t.NextDue(); ok {
		s.DueAt(at)
	}
}

// DueAt wakes the scheduler when something is due at at before it means
// to look, or at any time while it is awake (it looks again once done);
// the zero time wakes it always (changes may have been missed).
func (s *Scheduler) DueAt(at time.Time) {
	if p := s.planned.Load(); !at.IsZero() && p != 0 && at.UnixNano() >= p {
		return
	}
	select {
	case s.wake <- struct{}{}:
	default: // woken already
	}
}

// Asleep reports whether the scheduler sleeps, waiting for its next look.
func (s *Scheduler) Asleep() bool { return s.planned.Load() != 0 }

// Wakes counts why the running scheduler woke: its timer ran out, or a
// change nudged it.
func (s *Scheduler) Wakes() (timer, nudged int64) {
	return s.wakes.timer.Load(), s.wakes.nudged.Load()
}
