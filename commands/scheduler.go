package commands

import (
	"context"
	"time"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/scheduler"
)

// Tick handles every table and tournament with a due event at or before
// now (see scheduler.Scheduler.Tick and fire): bot seats move (the game's
// policy) and decisions pending past their time get the game's safe
// answer, one storage transaction per table. Each Result is one table's
// change: carry out its Actions, then call Done.
func (s *Service) Tick(ctx context.Context) []Result { return s.sched.Tick(ctx) }

// outboxRetry is how long a change's messages may wait unconfirmed before
// the scheduler delivers them again (the transport failed to reach Discord).
const outboxRetry = delivery.Retry

// outboxCheck is how often the scheduler looks for deliveries to take
// over: those older than outboxRetry, and at once those whose carrier's
// claim ran out (its process died). It is also the default safety net
// (Deps.Poll) for a wake-up that never came: a due event another process
// staged while this one could not hear it (storage.DueListener).
const outboxCheck = 15 * time.Second

// RunScheduler runs the scheduler (see scheduler.Scheduler.Run) until ctx
// ends: at start-up it records an outage for the tables to credit (see
// play.Due.ForgiveOutage), delivers whatever the outbox kept from before a restart
// and starts the replay drawer (delivery.Carrier.RunReplays); then it plays due events as
// they come, and every outboxCheck delivers again what stayed unconfirmed
// (see delivery.Carrier.Redeliver). run carries out one change's actions and returns an
// error when they should be tried again later.
func (s *Service) RunScheduler(ctx context.Context, run func(context.Context, []Action) error) {
	s.sched.Run(ctx, run)
}

// schedule registers with the scheduler what the Service's parts do when
// due: a table's events, a tournament's, and the outbox's and heartbeat's
// periodic jobs.
func (s *Service) schedule() {
	due := s.play.Due()
	s.sched.Register(scheduler.Kind{Fire: due.Fire})
	s.sched.Register(s.tournaments.Kind())
	s.sched.OnStart(func(ctx context.Context, run scheduler.Run) {
		_, recorded := due.ForgiveOutage(ctx) // before any deadline of the downtime fires
		scheduler.Carry(ctx, run, s.Redeliver(ctx))
		go s.out.RunReplays(ctx, run) // replays take seconds: never in the tick
		if recorded {
			go due.CreditSweep(ctx, func(res Result) { scheduler.Carry(ctx, run, []Result{res}) })
		}
	})
	s.sched.Every(outboxCheck, func(ctx context.Context, now time.Time) []Result {
		return s.out.Redeliver(ctx, now.Add(-outboxRetry))
	})
	s.sched.Every(play.HeartbeatEvery, func(ctx context.Context, now time.Time) []Result {
		due.Beat(ctx, now)
		return nil
	})
}

// DrawReplays draws every replay staged in the outbox and returns each as
// a Result to carry out (see delivery.Carrier.DrawReplays); tests call it
// after Tick.
func (s *Service) DrawReplays(ctx context.Context) []Result { return s.out.DrawReplays(ctx) }

// Redeliver turns what the outbox still holds (changes stored before a
// crash or restart whose messages were never confirmed) into Results, oldest
// first, with pictures drawn from the state each change saved (see
// delivery.Carrier.Redeliver). Call it once at start-up, before serving.
func (s *Service) Redeliver(ctx context.Context) []Result {
	return s.out.Redeliver(ctx, time.Time{})
}
