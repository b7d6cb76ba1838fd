package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// dispatcher is the one path every interaction takes, whichever transport
// delivered it: handle, acknowledge as commands.AckFor says once the change
// is stored, then carry out the result.
type dispatcher struct {
	h    commands.Interactions
	exec *Executor
	log  *slog.Logger
	// patience is how long a handler may run before a gate with no change
	// under way acknowledges (defaultPatience when zero).
	patience time.Duration
	// afterPatience, if set, arms the patience in place of time.AfterFunc
	// (tests fire it at a chosen moment); it returns the timer's Stop.
	afterPatience func(time.Duration, func()) (stop func() bool)
}

// respondFunc delivers the acknowledgement: a REST callback for the
// gateway, the HTTP response for the interactions endpoint. It returns once
// Discord has it, so that the reply may edit it.
type respondFunc func(*discordgo.InteractionResponse) error

func (d dispatcher) dispatch(ctx context.Context, i *discordgo.Interaction, respond respondFunc) {
	d.dispatchThen(ctx, i, respond, nil)
}

// dispatchThen is dispatch calling answered (when set) once the
// interaction is answered, before its change is carried out.
func (d dispatcher) dispatchThen(ctx context.Context, i *discordgo.Interaction, respond respondFunc, answered func()) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("discord: interaction panicked", "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		}
		if d.exec.Done != nil {
			d.exec.Done(i)
		}
	}()
	ack := commands.AckFor(i)
	if ack == commands.AckPong || ack == commands.AckAutocomplete {
		var choices []*discordgo.ApplicationCommandOptionChoice
		if ack == commands.AckAutocomplete {
			choices = d.h.Autocomplete(ctx, i)
		}
		if err := respond(AckResponse(ack, choices)); err != nil {
			d.log.Warn("discord: acknowledge failed", "interaction", i.ID, "err", err)
		}
		return
	}
	// Acknowledged means stored: the handler commits its change first and
	// the gate acknowledges after it (or, for a slow answer that changes
	// nothing, once Discord's patience runs short).
	acked := make(chan error, 1)
	hctx, gate := interact.WithAckGate(ctx, func() { acked <- respond(AckResponse(ack, nil)) })
	stop := d.armPatience(gate.Due)
	res := d.h.Handle(hctx, i)
	stop()
	gate.Done()
	if err := <-acked; err != nil {
		// Without an ack the token is useless and Discord shows the user a
		// failure; a change the handler stored is still carried out (its
		// outbox entry would be delivered again otherwise).
		d.log.Warn("discord: acknowledge failed", "interaction", i.ID, "err", err)
		_ = res.Carry(ctx, d.exec.Run)
		return
	}
	d.exec.Answer(ctx, i, ack, res)
	if answered != nil {
		answered()
	}
	// Carried out, its outbox entry is spent; a failure is delivered again.
	_ = res.Carry(ctx, d.exec.runFor(i, ack))
}

// defaultPatience is how long the dispatcher lets a handler that holds no
// change run before acknowledging: Discord drops an interaction not
// acknowledged within 3 s, and the answer must still travel.
const defaultPatience = 2 * time.Second

func (d dispatcher) armPatience(due func()) (stop func() bool) {
	if d.afterPatience != nil {
		return d.afterPatience(d.patienceOrDefault(), due)
	}
	return time.AfterFunc(d.patienceOrDefault(), due).Stop
}

func (d dispatcher) patienceOrDefault() time.Duration {
	if d.patience > 0 {
		return d.patience
	}
	return defaultPatience
}
