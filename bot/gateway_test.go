package bot

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

func TestGatewayRoundTrip(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	h := &stubInteractions{
		defs:    []*discordgo.ApplicationCommand{{Name: "game", Description: "Play a game"}},
		choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Zauberschwert", Value: "zauberschwert"}},
		actions: []commands.Action{commands.ChannelPost{ChannelID: "600000000000000003", Message: commands.Message{
			Content: "board", Files: []commands.File{{Name: "board.png", Data: pngBytes}}}}},
	}
	done, handled := doneSignal()
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() {
		stopped <- RunGateway(ctx, GatewayConfig{Token: "secret", AppID: fakediscord.AppID, GuildID: "600000000000000004", APIURL: fake.APIURL(), Done: done}, h, quietLog())
	}()
	defer func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("RunGateway: %v", err)
		}
	}()

	fake.Await(t, "READY, a heartbeat and command registration", func() bool {
		return fake.Gateway.Live() == 1 && len(fake.Commands("600000000000000004")) == 1
	})
	if ids := fake.Gateway.Identifies(); len(ids) != 1 || ids[0].Token != "Bot secret" {
		t.Fatalf("identify = %+v, want one with the bot token", ids)
	}
	if got := fake.Commands("600000000000000004")[0].Name; got != "game" {
		t.Errorf("registered %q, want game", got)
	}

	alice := fakediscord.Actor{UserID: "600000000000000011", Username: "alice", ChannelID: "600000000000000003", GuildID: "600000000000000004", Locale: discordgo.German}
	cases := []struct {
		name     string
		i        *discordgo.Interaction
		ack      discordgo.InteractionResponseType
		ackFlags discordgo.MessageFlags
		reply    string // "" = no ephemeral reply expected
		posts    int    // channel posts after this interaction, cumulative
	}{
		{"slash command", fake.Interactions.Command(alice, "game", fakediscord.SubCommand("new")),
			discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.MessageFlagsEphemeral, "handled /game", 1},
		{"button", fake.Interactions.Click(alice, nil, "t:1:move"),
			discordgo.InteractionResponseDeferredMessageUpdate, 0, "handled button t:1:move", 2},
		{"autocomplete", fake.Interactions.Autocomplete(alice, "game", fakediscord.Focused(fakediscord.StringOpt("id", "zau"))),
			discordgo.InteractionApplicationCommandAutocompleteResult, 0, "", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := fake.Gateway.SendInteraction(tc.i); err != nil {
				t.Fatal(err)
			}
			if id := awaitHandled(t, handled); id != tc.i.ID {
				t.Fatalf("handled %s, want %s", id, tc.i.ID)
			}
			rec, ok := fake.Interactions.Interaction(tc.i.ID)
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
			replies := fake.Interactions.Replies(tc.i.ID)
			switch {
			case tc.reply == "" && len(replies) != 0:
				t.Errorf("unexpected replies %+v", replies)
			case tc.reply != "" && (len(replies) != 1 || replies[0].Content != tc.reply):
				t.Errorf("replies = %+v, want one %q", replies, tc.reply)
			case tc.reply != "" && replies[0].Flags&discordgo.MessageFlagsEphemeral == 0 && tc.ack == discordgo.InteractionResponseDeferredMessageUpdate:
				t.Errorf("follow-up is not ephemeral: flags %d", replies[0].Flags)
			}
			if got := len(fake.Channels.Messages("600000000000000003")); got != tc.posts {
				t.Errorf("channel has %d posts, want %d", got, tc.posts)
			}
		})
	}

	// An interaction of a type Discord does not define is ignored: no ack,
	// no handling. The command sent after it is the next one handled.
	unknown := fake.Interactions.Command(alice, "game", fakediscord.SubCommand("new"))
	unknown.Type = 42
	next := fake.Interactions.Command(alice, "game", fakediscord.SubCommand("new"))
	for _, i := range []*discordgo.Interaction{unknown, next} {
		if err := fake.Gateway.SendInteraction(i); err != nil {
			t.Fatal(err)
		}
	}
	if id := awaitHandled(t, handled); id != next.ID {
		t.Fatalf("handled %s, want %s (the unknown type must be skipped)", id, next.ID)
	}
	if rec, _ := fake.Interactions.Interaction(unknown.ID); len(rec.Callbacks) != 0 || len(fake.Interactions.Replies(unknown.ID)) != 0 {
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
	i := fake.Interactions.Command(fakediscord.Actor{UserID: "600000000000000013"}, "game")
	if err := fake.Gateway.SendInteraction(i); !errors.Is(err, fakediscord.ErrNoGateway) {
		t.Fatalf("err = %v, want ErrNoGateway", err)
	}
}

// TestGatewayShards runs two gateway connections as shards 0 and 1 of 2:
// each identifies with its shard, only shard 0 registers the commands, a
// guild's interactions reach the shard Discord would pick and DMs reach
// shard 0 alone.
func TestGatewayShards(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	h := &stubInteractions{defs: []*discordgo.ApplicationCommand{{Name: "game", Description: "Play a game"}}}
	var handled [2]<-chan string
	var cancels []context.CancelFunc
	for shard := range 2 {
		done, ch := doneSignal()
		handled[shard] = ch
		ctx, cancel := context.WithCancel(context.Background())
		cancels = append(cancels, cancel)
		stopped := make(chan error, 1)
		go func() {
			stopped <- RunGateway(ctx, GatewayConfig{Token: "secret", AppID: fakediscord.AppID, GuildID: "600000000000000004", APIURL: fake.APIURL(),
				ShardID: shard, ShardCount: 2, Done: done}, h, quietLog())
		}()
		t.Cleanup(func() {
			if err := <-stopped; err != nil {
				t.Errorf("RunGateway shard %d: %v", shard, err)
			}
		})
		fake.Await(t, "READY and a heartbeat", func() bool { return fake.Gateway.Live() == shard+1 })
	}
	// Both shards close at once (discordgo's close takes a second), before
	// the cleanups above wait for them.
	t.Cleanup(func() {
		for _, cancel := range cancels {
			cancel()
		}
	})
	fake.Await(t, "command registration", func() bool { return len(fake.Commands("600000000000000004")) == 1 })
	var shards []int
	for _, id := range fake.Gateway.Identifies() {
		if id.Shard == nil || id.Shard[1] != 2 {
			t.Fatalf("identify shard %v, want [n 2]", id.Shard)
		}
		shards = append(shards, id.Shard[0])
	}
	if len(shards) != 2 || shards[0] != 0 || shards[1] != 1 {
		t.Errorf("identified shards %v, want [0 1]", shards)
	}
	if registrations := fake.CommandRegistrations(); registrations != 1 {
		t.Errorf("%d command registrations, want 1 (shard 0 alone)", registrations)
	}

	// (guild >> 22) % 2: 1<<22 is shard 1's, 2<<22 shard 0's.
	cases := []struct {
		name, guild string
		shard       int
	}{
		{"guild of shard 1", "4194304", 1},
		{"guild of shard 0", "8388608", 0},
		{"another guild of shard 1", "12582912", 1},
		{"DM", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := fakediscord.ShardOf(tc.guild, 2); err != nil || got != tc.shard {
				t.Fatalf("ShardOf(%q, 2) = %d, %v; want %d", tc.guild, got, err, tc.shard)
			}
			i := fake.Interactions.Click(fakediscord.Actor{UserID: "600000000000000011", Username: "alice", ChannelID: "600000000000000003", GuildID: tc.guild}, nil, "t:1:move")
			if err := fake.Gateway.SendInteraction(i); err != nil {
				t.Fatal(err)
			}
			if id := awaitHandled(t, handled[tc.shard]); id != i.ID {
				t.Fatalf("shard %d handled %s, want %s", tc.shard, id, i.ID)
			}
			select {
			case id := <-handled[1-tc.shard]:
				t.Fatalf("shard %d also handled %s", 1-tc.shard, id)
			default:
			}
		})
	}
	// A guild id that is no snowflake has no shard: the fake says so
	// rather than guess.
	i := fake.Interactions.Click(fakediscord.Actor{UserID: "600000000000000011", ChannelID: "600000000000000003", GuildID: "guild"}, nil, "t:1:move")
	if err := fake.Gateway.SendInteraction(i); !errors.Is(err, fakediscord.ErrNoGateway) || !strings.Contains(err.Error(), "snowflake") {
		t.Errorf("err = %v, want ErrNoGateway naming the guild id", err)
	}
}

func TestGatewayShardOutOfRange(t *testing.T) {
	tests := []struct{ id, count int }{{2, 2}, {-1, 2}, {1, 1}, {1, 0}}
	for _, tc := range tests {
		err := RunGateway(context.Background(), GatewayConfig{Token: "x", ShardID: tc.id, ShardCount: tc.count}, &stubInteractions{}, quietLog())
		if err == nil || !strings.Contains(err.Error(), "shard") {
			t.Errorf("shard %d of %d: err %v, want one naming the shard", tc.id, tc.count, err)
		}
	}
}

// TestRegisterSendsIntegerPermissions: default_member_permissions goes out
// as the integer Discord's specification has, not as discordgo's string.
func TestRegisterSendsIntegerPermissions(t *testing.T) {
	fake := fakediscord.New(t)
	s, err := NewSession("test-token", fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	manage := int64(discordgo.PermissionManageGuild)
	defs := []*discordgo.ApplicationCommand{
		{Name: "game", Description: "Play"},
		{Name: "server", Description: "Settings", DefaultMemberPermissions: &manage},
	}
	if err := Register(context.Background(), s, fakediscord.AppID, "600000000000000004", defs); err != nil {
		t.Fatal(err)
	}
	got := fake.Commands("600000000000000004")
	if len(got) != 2 || got[0].DefaultMemberPermissions != nil || got[1].DefaultMemberPermissions == nil || *got[1].DefaultMemberPermissions != manage {
		t.Fatalf("registered %+v, want /server with permissions %d", got, manage)
	}
	if err := Register(context.Background(), s, fakediscord.AppID, "", defs[:1]); err != nil {
		t.Fatal(err)
	}
	if got := fake.Commands(""); len(got) != 1 || got[0].Name != "game" {
		t.Fatalf("registered globally %+v, want /game", got)
	}
}
