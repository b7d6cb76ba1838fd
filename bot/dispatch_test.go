package bot

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// events records what happened, in order, from several goroutines.
type events struct {
	mu   sync.Mutex
	seen []string
}

func (e *events) add(s string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.seen = append(e.seen, s)
}

func (e *events) list() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.seen...)
}

// committing stores a change during which the dispatcher's patience runs
// out (patience fires it), holding the acknowledgement as tables.Update
// does.
type committing struct {
	stubInteractions
	ev       *events
	patience func()
}

func (c *committing) Handle(ctx context.Context, i *discordgo.Interaction) commands.Result {
	release := interact.Hold(ctx)
	c.patience()
	c.ev.add("committed")
	release()
	c.ev.add("handler returned")
	return c.stubInteractions.Handle(ctx, i)
}

// reading answers only after it was acknowledged: a slow read (a drawing)
// must be acknowledged while it still works.
type reading struct {
	stubInteractions
	acked chan struct{}
}

func (r *reading) Handle(ctx context.Context, i *discordgo.Interaction) commands.Result {
	select {
	case <-r.acked:
	case <-time.After(10 * time.Second):
	}
	return r.stubInteractions.Handle(ctx, i)
}

// TestDispatchAcknowledgesAfterCommit: an interaction whose change is slow
// is acknowledged after the change is stored, even when the dispatcher's
// patience runs out meanwhile, and no sooner; one that changes nothing is
// acknowledged when patience runs out, before its handler returns.
func TestDispatchAcknowledgesAfterCommit(t *testing.T) {
	fake, exec := newTestExecutor(t)
	bob := fakediscord.Actor{UserID: "600000000000000012", Username: "bob", ChannelID: "600000000000000003", GuildID: "600000000000000004", Locale: discordgo.EnglishUS}

	t.Run("change", func(t *testing.T) {
		ev := &events{}
		h := &committing{ev: ev}
		d := dispatcher{h: h, exec: exec, log: quietLog(), afterPatience: func(_ time.Duration, due func()) func() bool {
			h.patience = due // runs out while the change is under way
			return func() bool { return true }
		}}
		i := fake.Interactions.Command(bob, "game", fakediscord.SubCommand("status"))
		d.dispatch(context.Background(), i, func(*discordgo.InteractionResponse) error {
			ev.add("acknowledged")
			return nil
		})
		got := ev.list()
		want := []string{"committed", "acknowledged", "handler returned"}
		if len(got) != len(want) {
			t.Fatalf("events %q, want %q", got, want)
		}
		for k := range want {
			if got[k] != want[k] {
				t.Fatalf("events %q, want %q", got, want)
			}
		}
	})
	t.Run("read", func(t *testing.T) {
		h := &reading{acked: make(chan struct{})}
		d := dispatcher{h: h, exec: exec, log: quietLog(), patience: time.Millisecond}
		i := fake.Interactions.Command(bob, "game", fakediscord.SubCommand("hand"))
		start := time.Now()
		acks := 0
		d.dispatch(context.Background(), i, func(*discordgo.InteractionResponse) error {
			acks++
			close(h.acked)
			return nil
		})
		if acks != 1 {
			t.Fatalf("%d acknowledgements, want 1", acks)
		}
		if waited := time.Since(start); waited >= 10*time.Second {
			t.Fatalf("the read was not acknowledged while it worked (waited %v)", waited)
		}
	})
}
