package commands

import (
	"context"
	"time"
)

// Tick handles every table and tournament with a due event at or before
// now (see scheduler.Scheduler.Tick and fire): bot seats move (the game's
// policy) and decisions pending past their time get the game's safe
// answer, one storage transaction per table. Each Result is one table's
// change: carry out its Actions, then call Done.
func (s *Service) Tick(ctx context.Context) []Result { return s.sched.Tick(ctx) }

// RunScheduler runs the scheduler (see scheduler.Scheduler.Run) until ctx
// ends: at start-up it records an outage for the tables to credit (see
// play.Due.ForgiveOutage; see assembly.Build), delivers whatever the outbox kept from before a restart
// and starts the replay drawer (delivery.Carrier.RunReplays); then it plays due events as
// they come, and every assembly.OutboxCheck delivers again what stayed unconfirmed
// (see delivery.Carrier.Redeliver). run carries out one change's actions and returns an
// error when they should be tried again later.
func (s *Service) RunScheduler(ctx context.Context, run func(context.Context, []Action) error) {
	s.sched.Run(ctx, run)
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
