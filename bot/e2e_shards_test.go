package bot_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

// shardedTransport is the gateway split into shards, one service each
// over the world's one store, as separate processes would run them. The
// fake Discord picks the shard of every interaction; deliver waits for
// the shard Discord's rule names and fails if another one handled it.
type shardedTransport struct {
	fake   *fakediscord.Fake
	shards []*gatewayTransport
	// handled counts the interactions each shard carried out.
	handled []int
}

// mem is the memory of the first shard's process; the
// others, processes of their own, remember for themselves.
func startShards(t testing.TB, fake *fakediscord.Fake, n int, first *commands.Service, deps commands.Deps, mem bot.Memory) *shardedTransport {
	t.Helper()
	st := &shardedTransport{fake: fake, handled: make([]int, n)}
	for id := range n {
		svc, mem := first, mem
		if id > 0 {
			mem = bot.NewMemory(deps.Store.LiveAnswers(), deps.Store.DMRefusals())
			var err error
			if svc, err = commands.NewService(deps); err != nil {
				t.Fatal(err)
			}
		}
		st.shards = append(st.shards, startGatewayShard(t, fake, svc, id, n, mem))
	}
	return st
}

func (st *shardedTransport) deliver(t testing.TB, i *discordgo.Interaction) {
	t.Helper()
	want, err := fakediscord.ShardOf(i.GuildID, len(st.shards))
	if err != nil {
		t.Fatal(err)
	}
	st.shards[want].deliver(t, i)
	st.handled[want]++
	for id, g := range st.shards {
		select {
		case other := <-g.done:
			t.Fatalf("shard %d carried out %s while shard %d had %s", id, other, want, i.ID)
		default:
		}
	}
}

// stop cancels every shard at once and returns once the fake Discord has
// dropped all their connections; wound waits for every shard's close.
func (st *shardedTransport) stop(t testing.TB) (wound func()) {
	t.Helper()
	ready := st.fake.Gateway.Ready()
	var wounds []func()
	for _, g := range st.shards {
		g.cancel()
		wounds = append(wounds, g.wound(t))
	}
	st.fake.Await(t, "the shards' connections closed", func() bool { return st.fake.Gateway.Ready() <= ready-len(st.shards) })
	return func() {
		for _, w := range wounds {
			w()
		}
	}
}

// TestEndToEndGatewayShards plays a whole game through two gateway shards
// with their own services over one store: the channel's guild belongs to
// shard 1, so its lobby, board clicks and /game hand go there, while every
// click in a DM arrives on shard 0 (Discord's rule). The game must play to
// its standings exactly as over one connection, with a restart of both.
func TestEndToEndGatewayShards(t *testing.T) {
	t.Parallel()
	if shard, err := fakediscord.ShardOf(guildID, 2); err != nil || shard != 1 {
		t.Fatalf("the test's guild %s is on shard %d of 2 (%v), want 1", guildID, shard, err)
	}
	w := newWorld(t, false)
	w.shutdown(t)
	w.shards = 2
	w.boot(t)
	spec := zauberschwertSpec()
	playIn(t, w, spec)
	st := w.tr.(*shardedTransport)
	t.Logf("shard 0 carried out %d interactions (DMs), shard 1 %d (the guild's)", st.handled[0], st.handled[1])
	if st.handled[0] == 0 || st.handled[1] == 0 {
		t.Errorf("each shard must carry its share: %v", st.handled)
	}
}
