package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/budget"
	"github.com/tavern-bot/tavern/commands"
)

// interactionLifetime is how long Discord accepts edits and follow-ups
// with an interaction token.
const interactionLifetime = 15 * time.Minute

// GatewayConfig is what RunGateway needs to connect.
type GatewayConfig struct {
	Token string
	AppID string
	// GuildID registers the commands in one guild (instant updates while
	// testing); empty registers them globally.
	GuildID string
	// APIURL is the REST base (default DefaultAPIURL). The gateway URL is
	// asked from GET /gateway on it.
	APIURL string
	// ShardID and ShardCount make this connection one shard of the bot's
	// gateway (ShardCount 0 or 1: the only one). Discord sends a guild's
	// interactions to shard (guild_id >> 22) % ShardCount and DMs to shard
	// 0 alone. Nothing here waits for a DM: what a move causes (posts, DMs,
	// due events, the outbox) is driven by the shared store, so every
	// shard serves its guilds whole and shard 0 also the clicks in DMs.
	ShardID, ShardCount int
	// Gate hands out identify slots to the shards of every process that
	// shares it (the PostgreSQL store); nil: this process's own.
	Gate IdentifyGate
	// Budget paces the REST calls (see WithBudget); nil: discordgo's
	// buckets alone.
	Budget *budget.Limiter
	// Done, if set, is called after each interaction is fully carried out.
	Done func(i *discordgo.Interaction)
	// Memory, if set, is the process's memory (refused DMs, answers with
	// live controls), shared with its other executors: the scheduler's
	// carries the ends of games that bots or clocks finish.
	Memory *Memory

	// sleep waits for an identify slot (tests: a fake clock's).
	sleep func(context.Context, time.Duration) error
}

// shard returns the configuration's shard, checked.
func (cfg GatewayConfig) shard() (id, count int, err error) {
	count = max(cfg.ShardCount, 1)
	if cfg.ShardID < 0 || cfg.ShardID >= count {
		return 0, 0, fmt.Errorf("bot: gateway shard %d is not between 0 and %d", cfg.ShardID, count-1)
	}
	return cfg.ShardID, count, nil
}

// RunGateway connects to the Discord gateway, registers h's commands once
// READY arrives, and serves interactions until ctx ends.
func RunGateway(ctx context.Context, cfg GatewayConfig, h commands.Interactions, log *slog.Logger) error {
	if log == nil {
		log = slog.Default()
	}
	shardID, shardCount, err := cfg.shard()
	if err != nil {
		return err
	}
	s, err := NewSession(cfg.Token, cfg.APIURL, WithBudget(cfg.Budget))
	if err != nil {
		return err
	}
	s.ShardID, s.ShardCount = shardID, shardCount
	log = log.With("shard", shardID, "shards", shardCount)
	// Interactions need no gateway intents.
	s.Identify.Intents = discordgo.IntentsNone
	s.LogLevel = discordgo.LogError
	exec := NewExecutor(s, log)
	exec.Done = cfg.Done
	if cfg.Memory != nil {
		exec.Memory = *cfg.Memory
	}
	d := dispatcher{h: h, exec: exec, log: log}
	var inflight sync.WaitGroup

	s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		if shardID != 0 {
			// One shard registers, so n shards do not overwrite the
			// commands n times (a rate-limited call) on every start.
			log.Info("discord: connected", "session", r.SessionID)
			return
		}
		appID := cfg.AppID
		if appID == "" && r.Application != nil {
			appID = r.Application.ID
		}
		if err := Register(ctx, s, appID, cfg.GuildID, h.Definitions()); err != nil {
			log.Error("discord: registering commands failed", "err", err)
			return
		}
		log.Info("discord: connected", "session", r.SessionID)
	})
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		// discordgo runs each handler on its own goroutine, so a slow
		// interaction does not hold up the next; the ack goes out first.
		// Shutdown does not cut a move short: it was stored already, so
		// its board and DMs should still go out.
		if !knownType(ic.Type) {
			log.Warn("discord: interaction of unknown type ignored", "interaction", ic.ID, "type", int(ic.Type))
			return
		}
		inflight.Add(1)
		defer inflight.Done()
		hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), interactionLifetime)
		defer cancel()
		i := ic.Interaction
		d.dispatch(hctx, i, func(resp *discordgo.InteractionResponse) error {
			return exec.Respond(hctx, i, resp)
		})
	})

	// discordgo identifies inside Open, so the slot is taken before it;
	// reconnections resume the session, which Discord does not limit.
	gate, sleep := cfg.Gate, cfg.sleep
	if gate == nil {
		gate = NewLocalIdentifyGate(time.Now)
	}
	if sleep == nil {
		sleep = sleepCtx
	}
	if err := awaitIdentify(ctx, gate, identifyBucket(ctx, s, shardID, log), sleep, log); err != nil {
		return fmt.Errorf("bot: identify slot: %w", err)
	}
	if err := s.Open(); err != nil {
		return fmt.Errorf("bot: open gateway: %w", err)
	}
	<-ctx.Done()
	err = s.Close()
	inflight.Wait()
	if err != nil {
		return fmt.Errorf("bot: close gateway: %w", err)
	}
	return nil
}

// Register overwrites the application's slash commands with defs, in
// guildID or (empty) globally. `tavern register` uses it on its own.
func Register(ctx context.Context, s *discordgo.Session, appID, guildID string, defs []*discordgo.ApplicationCommand) error {
	if appID == "" {
		return fmt.Errorf("bot: register commands: no application id")
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	if guildID != "" {
		endpoint = discordgo.EndpointApplicationGuildCommands(appID, guildID)
	}
	body := make([]commandBody, len(defs))
	for i, d := range defs {
		body[i] = commandBody{ApplicationCommand: d, DefaultMemberPermissions: d.DefaultMemberPermissions}
	}
	if _, err := s.RequestWithBucketID(http.MethodPut, endpoint, body, endpoint, discordgo.WithContext(ctx)); err != nil {
		return fmt.Errorf("bot: register %d commands (guild %q): %w", len(defs), guildID, err)
	}
	return nil
}

// commandBody is a command as the bulk overwrite sends it: discordgo
// writes default_member_permissions as a string, where Discord's
// specification has an integer. The outer field hides the embedded one.
type commandBody struct {
	*discordgo.ApplicationCommand
	DefaultMemberPermissions *int64 `json:"default_member_permissions,omitempty"`
}
