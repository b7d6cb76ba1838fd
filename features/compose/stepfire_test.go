package compose

import (
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestStepWithoutMover: a step inside a turn that nobody clicked (a bot's
// steps thought out apart and made by the scheduler) has no mover whose
// DMs it spends: it composes the seats' DMs and leaves their live ones
// (it took seat -1's and panicked).
func TestStepWithoutMover(t *testing.T) {
	g := tabletest.Game()
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	voice := interact.NewVoice(reg, reg.Catalog(interact.Catalog(Texts(), menus.Texts())), nil)
	tell := NewTeller(voice, menus.NewMenus(voice), NewViews(nil, voice))
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GuildID: "g1", GameID: g.Info().ID, Lang: "en", Seed: 1, Now: now,
		Host: table.Seat{UserID: "u1", Name: "Ann"}})
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "u2", Name: "Bo"}, now); err != nil {
		t.Fatal(err)
	}
	st, err := tb.Lobby().Start(g, "u1", now)
	if err != nil {
		t.Fatal(err)
	}
	// Both seats' secret decisions went out as DMs, remembered since.
	tb.Live().Add(nil, map[string][]live.Ref{"u1": {{Channel: "d1", ID: "m1"}}, "u2": {{Channel: "d2", ID: "m2"}}}, now)
	tb.NewVersion()
	if len(games.SeatPrompts(st.Pending(), 0)) == 0 || len(games.SeatPrompts(st.Pending(), 1)) == 0 {
		t.Fatalf("both seats should have a decision pending: %+v", st.Pending())
	}
	if _, err := tell.StepDelivery(Scene{Table: tb, Game: g, State: st, Pending: st.Pending()}, -1, DMSource{}); err != nil {
		t.Fatal(err)
	}
	for k, seat := range tb.Seats {
		if len(seat.LiveDMs) != 1 {
			t.Errorf("seat %d's live DMs: %d, want its one kept", k, len(seat.LiveDMs))
		}
	}
}
