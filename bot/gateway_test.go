package bot

import (
	"context"
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

func TestGatewayRoundTrip(t *testing.T) {
	fake := fakediscord.New(t)
	h := &stubInteractions{
		defs:    []*discordgo.ApplicationCommand{{Name: "game", Description: "Play a game"}},
		choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Zauberschwert", Value: "zauberschwert"}},
		actions: []commands.Action{commands.ChannelPost{ChannelID: "chan", Message: commands.Message{
			Content: "board", Files: []commands.File{{Name: "board.png", Data: pngBytes}}}}},
	}
	done, handled := doneSignal()
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() {
		stopped <- RunGateway(ctx, GatewayConfig{Token: "secret", AppID: fakediscord.AppID, GuildID: "guild", APIURL: fake.APIURL(), Done: done}, h, quietLog())
	}()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("RunGateway: %v", err)
		}
	}()

	fake.Await(t, "READY and command registration", func() bool {
		return fake.GatewayReady() == 1 && len(fake.Commands("guild")) == 1
	})
	if ids := fake.Identifies(); len(ids) != 1 || ids[0].Token != "Bot secret" {
		t.Fatalf("identify = %+v, want one with the bot token", ids)
	}
	if got := fake.Commands("guild")[0].Name; got != "game" {
		t.Errorf("registered %q, want game", got)
	}

	alice := fakediscord.Actor{UserID: "u1", Username: "alice", ChannelID: "chan", GuildID: "guild", Locale: discordgo.German}
	cases := []struct {
		name     string
		i        *discordgo.Interaction
		ack      discordgo.InteractionResponseType
		ackFlags discordgo.MessageFlags
		reply    string // "" = no ephemeral reply expected
		posts    int    // channel posts after this interaction, cumulative
	}{
		{"slash command", fake.Command(alice, "game", fakediscord.SubCommand("new")),
			discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.MessageFlagsEphemeral, "handled /game", 1},
		{"button", fake.Click(alice, nil, "t:1:move"),
			discordgo.InteractionResponseDeferredMessageUpdate, 0, "handled button t:1:move", 2},
		{"autocomplete", fake.Autocomplete(alice, "game", fakediscord.Focused(fakediscord.StringOpt("id", "zau"))),
			discordgo.InteractionApplicationCommandAutocompleteResult, 0, "", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := fake.SendInteraction(tc.i); err != nil {
				t.Fatal(err)
			}
			if id := awaitHandled(t, handled); id != tc.i.ID {
				t.Fatalf("handled %s, want %s", id, tc.i.ID)
			}
			rec, ok := fake.Interaction(tc.i.ID)
			if !ok || len(rec.Callbacks) != 1 {
				t.Fatalf("callbacks = %+v, want exactly one ack", rec.Callbacks)
			}
			cb := rec.Callbacks[0]
			if cb.Type != tc.ack {
				t.Errorf("ack type %d, want %d", cb.Type, tc.ack)
			}
			if tc.ackFlags != 0 && (cb.Data == nil || cb.Data.Flags != tc.ackFlags) {
				t.Errorf("ack data %+v, want flags %d", cb.Data, tc.ackFlags)
			}
			if tc.ack == discordgo.InteractionApplicationCommandAutocompleteResult &&
				(cb.Data == nil || len(cb.Data.Choices) != 1 || cb.Data.Choices[0].Value != "zauberschwert") {
				t.Errorf("autocomplete choices %+v", cb.Data)
			}
			replies := fake.Replies(tc.i.ID)
			switch {
			case tc.reply == "" && len(replies) != 0:
				t.Errorf("unexpected replies %+v", replies)
			case tc.reply != "" && (len(replies) != 1 || replies[0].Content != tc.reply):
				t.Errorf("replies = %+v, want one %q", replies, tc.reply)
			case tc.reply != "" && replies[0].Flags&discordgo.MessageFlagsEphemeral == 0 && tc.ack == discordgo.InteractionResponseDeferredMessageUpdate:
				t.Errorf("follow-up is not ephemeral: flags %d", replies[0].Flags)
			}
			if got := len(fake.Messages("chan")); got != tc.posts {
				t.Errorf("channel has %d posts, want %d", got, tc.posts)
			}
		})
	}

	// An interaction of a type Discord does not define is ignored: no ack,
	// no handling. The command sent after it is the next one handled.
	unknown := fake.Command(alice, "game", fakediscord.SubCommand("new"))
	unknown.Type = 42
	next := fake.Command(alice, "game", fakediscord.SubCommand("new"))
	for _, i := range []*discordgo.Interaction{unknown, next} {
		if err := fake.SendInteraction(i); err != nil {
			t.Fatal(err)
		}
	}
	if id := awaitHandled(t, handled); id != next.ID {
		t.Fatalf("handled %s, want %s (the unknown type must be skipped)", id, next.ID)
	}
	if rec, _ := fake.Interaction(unknown.ID); len(rec.Callbacks) != 0 || len(fake.Replies(unknown.ID)) != 0 {
		t.Errorf("the unknown type was answered: %+v", rec.Callbacks)
	}
}

func TestGatewayBadAPIURL(t *testing.T) {
	err := RunGateway(context.Background(), GatewayConfig{Token: "x", APIURL: "ftp://nowhere"}, &stubInteractions{}, quietLog())
	if err == nil {
		t.Fatal("RunGateway accepted an ftp API URL")
	}
}

func TestSendInteractionWithoutClient(t *testing.T) {
	fake := fakediscord.New(t)
	i := fake.Command(fakediscord.Actor{UserID: "u"}, "game")
	if err := fake.SendInteraction(i); !errors.Is(err, fakediscord.ErrNoGateway) {
		t.Fatalf("err = %v, want ErrNoGateway", err)
	}
}
