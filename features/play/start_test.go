package play

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

// A start the table refuses (too few seated, not the host's) is answered
// in the clicker's language, with the count's grammar right for one
// player, and leaves the lobby as it was.
func TestStartRefused(t *testing.T) {
	tests := []struct {
		name    string
		guests  []string // who joined the host's lobby
		starter string
		want    [2]string // en, de
	}{
		{"the host alone", nil, "u1",
			[2]string{"This game needs 2 to 4 players; 1 is seated.", "Dieses Spiel braucht 2 bis 4 Spieler; es sitzt 1 am Tisch."}},
		{"a guest", []string{"u2"}, "u2",
			[2]string{"Only the host can do that.", "Das darf nur die Gastgeberin oder der Gastgeber."}},
	}
	for _, tc := range tests {
		for k, lang := range []string{"en", "de"} {
			reg, err := games.NewRegistry(tabletest.Game())
			if err != nil {
				t.Fatal(err)
			}
			store := storetest.Bolt(t)
			now := func() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }
			seed := func() uint64 { return 7 }
			voice := interact.NewVoice(reg, reg.Catalog(interact.Catalog(interact.Texts(), Texts(), lobby.Texts()).Merge(table.Catalog())), nil)
			tabs := tables.New(store.Tables(), reg, now, seed, nil, tables.Hooks{})
			lobbies := lobby.New(lobby.Deps{Games: reg, Store: store.Tables(), Tables: tabs, Voice: voice, Now: now, NewSeed: seed,
				Settle: func(context.Context, string) error { return nil }})
			f := New(Deps{Games: reg, Store: store.Tables(), Uptime: store.Uptime(), Tables: tabs, Voice: voice, Lobby: lobbies, Now: now,
				Settings: func(context.Context, string) (clock.Calendar, map[string]settings.User) { return clock.Calendar{}, nil }})
			ctx := context.Background()
			req := func(user string) interact.Request {
				r, ok := interact.NewRequest(&discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: "c1", GuildID: "g1",
					Locale: discordgo.Locale(lang), Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: user}},
					Data: discordgo.ApplicationCommandInteractionData{Name: "game"}})
				if !ok {
					t.Fatal("unreadable interaction")
				}
				return r
			}
			lobbies.Open(ctx, req("u1"), tabletest.ID, "", false)
			for _, g := range tc.guests {
				tb, err := store.Tables().Get(ctx, "c1")
				if err != nil {
					t.Fatal(err)
				}
				lobbies.Join(ctx, req(g), "c1", tb.ID)
			}
			before, err := store.Tables().Get(ctx, "c1")
			if err != nil {
				t.Fatal(err)
			}
			res := f.Start(ctx, req(tc.starter), "c1", "")
			if res.Reply == nil || res.Reply.Content != tc.want[k] {
				t.Errorf("%s (%s): answered %+v, want %q", tc.name, lang, res.Reply, tc.want[k])
			}
			after, err := store.Tables().Get(ctx, "c1")
			if err != nil {
				t.Fatal(err)
			}
			if after.Status != table.StatusLobby || after.Version != before.Version || len(res.Actions) > 0 {
				t.Errorf("%s (%s): a refused start changed the table (status %v, version %d → %d) or posted", tc.name, lang, after.Status, before.Version, after.Version)
			}
		}
	}
}
