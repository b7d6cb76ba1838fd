package bots_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

var now = time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)

// botsOnly is a started table of game id with a bot at each strength.
func botsOnly(t *testing.T, g games.Game, strengths ...string) *table.Table {
	t.Helper()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "host"}, Seed: 11, Now: now, Options: map[string]string{}})
	tb.Seats = nil
	for i, s := range strengths {
		tb.Options[coreopt.Bot] = s
		if err := tb.Bots().Add(g.Info(), "host", "Bot", now); err != nil {
			t.Fatalf("bot %d: %v", i, err)
		}
	}
	if _, err := tb.Lobby().Start(g, "host", now); err != nil {
		t.Fatal(err)
	}
	return tb
}

// The moves a thinker plans on a copy are those its bots make where they
// are asked (Inline), and the change replays them; the quick pass answers
// easy bots at once and leaves searching ones to the plan.
func TestPlanReplaysInline(t *testing.T) {
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	th, err := bots.New(ctx, reg, bots.Options{Workers: 1, Reproducible: true})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Get("zauberschwert")
	direct := botsOnly(t, g, coreopt.BotNormal, coreopt.BotEasy)
	res, err := direct.FireWith(g, th.Inline(g.Info().ID), now)
	if err != nil || len(res.Steps) == 0 {
		t.Fatalf("inline: %d moves, %v", len(res.Steps), err)
	}
	planned := botsOnly(t, g, coreopt.BotNormal, coreopt.BotEasy)
	quick := th.Quick(g.Info().ID)
	if res, err := planned.Clone(); err == nil {
		if r, err := res.FireWith(g, quick, now); err != nil || !quick.Deferred || len(r.Steps) > 1 {
			t.Errorf("the quick pass made %d moves (deferred %v, %v); want the normal bot deferred", len(r.Steps), quick.Deferred, err)
		}
	}
	thought, err := th.Plan(ctx, planned, g, now)
	if err != nil || len(thought) == 0 {
		t.Fatalf("plan: %d moves, %v", len(thought), err)
	}
	got, err := planned.FireWith(g, thought, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Steps) != len(thought) {
		t.Errorf("the change made %d of the %d moves thought out", len(got.Steps), len(thought))
	}
	for i, s := range got.Steps {
		if i >= len(res.Steps) || s.Seat != res.Steps[i].Seat || s.Move != res.Steps[i].Move {
			t.Fatalf("move %d: %+v, where the bots asked inline made %+v", i, s, res.Steps[:min(len(res.Steps), i+1)])
		}
	}
	if !slices.ContainsFunc(got.Steps, func(s table.Step) bool { return s.Seat == 0 }) {
		t.Error("the normal bot made no move from the plan")
	}
}
