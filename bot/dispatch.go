package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
)

// dispatcher is the one path every interaction takes, whichever transport
// delivered it: acknowledge as commands.AckFor says, then handle, then carry
// out the result.
type dispatcher struct {
	h    commands.Interactions
	exec *Executor
	log  *slog.Logger
}

// respondFunc delivers the acknowledgement: a REST callback for the
// gateway, the HTTP response for the interactions endpoint. It returns once
// Discord has it, so that the reply may edit it.
type respondFunc func(*discordgo.InteractionResponse) error

func (d dispatcher) dispatch(ctx context.Context, i *discordgo.Interaction, respond respondFunc) {
	defer func() {
		if p := recover(); p != nil {
			d.log.Error("discord: interaction panicked", "interaction", i.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
		}
		if d.exec.Done != nil {
			d.exec.Done(i)
		}
	}()
	ack := commands.AckFor(i)
	var choices []*discordgo.ApplicationCommandOptionChoice
	if ack == commands.AckAutocomplete {
		choices = d.h.Autocomplete(ctx, i)
	}
	if err := respond(AckResponse(ack, choices)); err != nil {
		// Without an ack the token is useless; Discord shows the user a failure.
		d.log.Warn("discord: acknowledge failed", "interaction", i.ID, "err", err)
		return
	}
	if ack == commands.AckPong || ack == commands.AckAutocomplete {
		return
	}
	res := d.h.Handle(ctx, i)
	// Carried out, its outbox entry is spent; a failure is delivered again.
	_ = d.exec.Execute(ctx, i, ack, res)
}
