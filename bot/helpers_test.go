package bot

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

// stubInteractions is a tiny commands.Interactions: it answers every
// interaction with a reply naming the command or button, and runs the
// actions the test put in.
type stubInteractions struct {
	actions []commands.Action
	choices []*discordgo.ApplicationCommandOptionChoice
	defs    []*discordgo.ApplicationCommand
	// confirmed counts the Results whose Done the transport called.
	confirmed atomic.Int32
}

func (s *stubInteractions) Handle(_ context.Context, i *discordgo.Interaction) commands.Result {
	name := ""
	switch d := i.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		name = "/" + d.Name
	case discordgo.MessageComponentInteractionData:
		name = "button " + d.CustomID
	}
	return commands.Result{Reply: &commands.Message{Content: "handled " + name}, Actions: s.actions,
		Done: func(context.Context) { s.confirmed.Add(1) }}
}

func (s *stubInteractions) Autocomplete(context.Context, *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
	return s.choices
}

func (s *stubInteractions) Definitions() []*discordgo.ApplicationCommand { return s.defs }

func (s *stubInteractions) Localize(lang, key string) string { return lang + ":" + key }

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// newTestExecutor returns an executor talking to a fresh fake Discord.
func newTestExecutor(t testing.TB) (*fakediscord.Fake, *Executor) {
	t.Helper()
	fake := fakediscord.New(t)
	s, err := NewSession("test-token", fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	return fake, NewExecutor(s, quietLog())
}

// pngBytes is a stand-in for a rendered board (content is opaque to the transport).
var pngBytes = []byte("\x89PNG\r\n\x1a\nfake-board")

// doneSignal collects the Done hook into a channel.
func doneSignal() (func(*discordgo.Interaction), <-chan string) {
	ch := make(chan string, 16)
	return func(i *discordgo.Interaction) { ch <- i.ID }, ch
}

// awaitHandled returns the next interaction id the Done hook reported. The
// deadline only guards against a hang; it is not a speed check.
func awaitHandled(t testing.TB, ch <-chan string) string {
	t.Helper()
	select {
	case id := <-ch:
		return id
	case <-time.After(60 * time.Second):
		t.Fatal("interaction never finished")
		return ""
	}
}
