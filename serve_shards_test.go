package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestServeGatewayShards starts two bots as shards 0 and 1 of 2 over one
// PostgreSQL database, as two processes with discord.shard_id 0 and 1
// would run: each identifies with its shard, the commands are registered
// once, and a table opened in a guild of either shard gets its lobby, the
// second player's click on it arriving at the same shard.
func TestServeGatewayShards(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	fake := fakediscord.New(t)
	for shard := range 2 {
		cfg := testConfig(t)
		cfg.Storage.Backend, cfg.Storage.URL = config.BackendPostgres, url
		cfg.Discord.Token, cfg.Discord.APIURL, cfg.Discord.GuildID = "test-token", fake.APIURL(), "700"
		cfg.Discord.ShardID, cfg.Discord.ShardCount = shard, 2
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		startServe(t, cfg)
		// Live (READY and a heartbeat): a session closed sooner would reconnect.
		fake.Await(t, fmt.Sprintf("shard %d live", shard), func() bool { return fake.Gateway.Live() == shard+1 })
	}
	fake.Await(t, "commands registered", func() bool { return len(fake.Commands("700")) > 0 })
	for i, id := range fake.Gateway.Identifies() {
		if id.Shard == nil || *id.Shard != [2]int{i, 2} {
			t.Errorf("identify %d has shard %v, want [%d 2]", i, id.Shard, i)
		}
	}
	// (guild >> 22) % 2: 1<<22 is shard 1's, 2<<22 shard 0's.
	for k, guild := range []string{"4194304", "8388608"} {
		channel := fmt.Sprintf("70%d", k)
		ann := fakediscord.Actor{UserID: fmt.Sprintf("80%d1", k), Username: "ann", ChannelID: channel, GuildID: guild, Locale: "de"}
		bo := fakediscord.Actor{UserID: fmt.Sprintf("80%d2", k), Username: "bo", ChannelID: channel, GuildID: guild}
		if err := fake.Gateway.SendInteraction(fake.Interactions.Command(ann, "game", fakediscord.SubCommand("new", fakediscord.StringOpt("game", "zauberschwert")))); err != nil {
			t.Fatal(err)
		}
		var lobby fakediscord.Message
		fake.Await(t, channel+": the lobby", func() bool {
			for _, m := range fake.Channels.Messages(channel) {
				if len(m.Attachments) > 0 && len(fakediscord.Controls(m)) > 0 {
					lobby = m
					return true
				}
			}
			return false
		})
		join := ""
		for _, c := range fakediscord.Controls(lobby) {
			if id, err := commands.ParseCustomID(c.CustomID); err == nil && id.Kind == commands.KindJoin {
				join = c.CustomID
			}
		}
		if join == "" {
			t.Fatalf("%s: the lobby has no join button: %+v", channel, fakediscord.Controls(lobby))
		}
		if err := fake.Gateway.SendInteraction(fake.Interactions.Click(bo, &lobby, join)); err != nil {
			t.Fatal(err)
		}
		fake.Await(t, channel+": bo seated", func() bool {
			m, _ := fake.Channels.Message(channel, lobby.ID)
			return strings.Contains(m.Content, "bo")
		})
	}
	if registrations := fake.CommandRegistrations(); registrations != 1 {
		t.Errorf("%d command registrations, want 1 (shard 0 alone)", registrations)
	}
}
