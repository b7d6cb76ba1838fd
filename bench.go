package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
)

// runBench measures the performance budget on this machine: drawing and
// encoding a board, and one move interaction through the command service
// (storage transaction, rules, board image, DMs with private views).
func runBench(ctx context.Context, out io.Writer) error {
	reg, err := registry()
	if err != nil {
		return err
	}
	images, err := lineup.Images(reg)
	if err != nil {
		return err
	}
	for _, id := range reg.IDs() {
		if !images.HasBoard(id) {
			fmt.Fprintf(out, "%-18s board: no renderer yet\n", id)
			continue
		}
		g, _ := reg.Get(id)
		views, err := sampleViews(g, 3)
		if err != nil {
			return err
		}
		meta := commands.ImageMeta{Lang: "en", Catalog: reg.Catalog(commands.CoreCatalog()), Players: []string{"Ada", "Bruno", "Clara"}, Viewer: games.Public}
		n := 0
		res := testing.Benchmark(func(b *testing.B) {
			for b.Loop() {
				if _, err := images.Board(id, views[n%len(views)], meta); err != nil {
					b.Fatal(err)
				}
				n++
			}
		})
		fmt.Fprintf(out, "%-18s board render + PNG: %6.1f ms/op  (%d samples)\n", id, float64(res.NsPerOp())/1e6, res.N)
	}
	for _, id := range reg.IDs() {
		lat, err := interactionLatencies(ctx, reg, images, id, 150)
		if err != nil {
			return err
		}
		slices.Sort(lat)
		q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
		fmt.Fprintf(out, "%-18s move interaction: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms  (%d moves, 3 players, bbolt, real images)\n", id, q(0.5), q(0.9), q(0.99), len(lat))
	}
	return nil
}

// sampleViews plays one random game and keeps the public view every few moves.
func sampleViews(g games.Game, players int) ([]any, error) {
	var views []any
	k := 0
	_, _, err := games.RandomPlay(g, games.DefaultSetup(g, players, 1), games.NewRNG(1), games.SimMaxMoves, func(s games.State) error {
		if k++; k%15 == 0 {
			views = append(views, s.View(games.Public))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	return views, nil
}

// interactionLatencies opens a three-player table of game in a temporary
// database and times n button clicks answering pending prompts.
func interactionLatencies(ctx context.Context, reg *games.Registry, images commands.Images, game string, n int) ([]time.Duration, error) {
	dir, err := os.MkdirTemp("", "tavern-bench-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	store, err := storage.Open(filepath.Join(dir, "bench.db"))
	if err != nil {
		return nil, err
	}
	defer store.Close()
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
		Log: slog.New(slog.DiscardHandler), NewSeed: func() uint64 { return 7 }})
	if err != nil {
		return nil, err
	}
	const channel = "100"
	users := []string{"1", "2", "3"}
	svc.Handle(ctx, slash(users[0], channel, "new", &discordgo.ApplicationCommandInteractionDataOption{Name: commands.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: game}))
	for _, u := range users[1:] {
		if err := click(ctx, svc, store, u, channel, commands.KindJoin, ""); err != nil {
			return nil, err
		}
	}
	if err := click(ctx, svc, store, users[0], channel, commands.KindStart, ""); err != nil {
		return nil, err
	}
	rng := games.NewRNG(3)
	var lat []time.Duration
	for len(lat) < n {
		t, err := store.Get(ctx, channel)
		if err != nil {
			return nil, err
		}
		g, _ := reg.Get(t.GameID)
		st, err := t.Load(g)
		if err != nil {
			return nil, err
		}
		pending := st.Pending()
		if st.Over() || len(pending) == 0 {
			break
		}
		p := pending[rng.IntN(len(pending))]
		move := p.Options[rng.IntN(len(p.Options))].ID
		start := time.Now()
		if err := click(ctx, svc, store, t.Seats[p.Seat].UserID, channel, commands.KindMove, move); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(start))
	}
	if len(lat) == 0 {
		return nil, fmt.Errorf("bench: no move was applied")
	}
	return lat, nil
}

func slash(user, channel, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.Interaction {
	return &discordgo.Interaction{
		ID: "1", Type: discordgo.InteractionApplicationCommand, ChannelID: channel, GuildID: "9",
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: "u" + user}},
		Data: discordgo.ApplicationCommandInteractionData{Name: commands.CmdGame, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts},
		}},
	}
}

// click presses a button carrying the table's current version and checks
// that the service accepted it (an applied click yields actions, or, for a
// step, a new table version).
func click(ctx context.Context, svc *commands.Service, store storage.Store, user, channel string, kind commands.Kind, arg string) error {
	t, err := store.Get(ctx, channel)
	if err != nil {
		return err
	}
	id, err := commands.CustomID{Kind: kind, Channel: channel, Table: t.ID, Version: t.Version, Arg: arg}.Encode()
	if err != nil {
		return err
	}
	res := svc.Handle(ctx, &discordgo.Interaction{
		ID: "2", Type: discordgo.InteractionMessageComponent, ChannelID: channel, GuildID: "9",
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: "u" + user}},
		Data:   discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.ButtonComponent},
	})
	if len(res.Actions) > 0 {
		return nil
	}
	// A step inside a turn answers the mover alone: it was applied when
	// the table's version moved on.
	after, err := store.Get(ctx, channel)
	if err != nil {
		return err
	}
	if after.Version > t.Version {
		return nil
	}
	msg := ""
	if res.Reply != nil {
		msg = res.Reply.Content
	}
	return fmt.Errorf("bench: click %s %s refused: %s", kind, arg, msg)
}
