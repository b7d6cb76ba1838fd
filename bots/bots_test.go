package bots_test

import (
	"context"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
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

// probe is a yielding policy that plays the first option and records the
// pauses its yield made (the pool's gate).
type probe struct {
	paused  chan struct{}      // told once, before the first pause
	waits   chan time.Duration // every pause's wait
	yielded *atomic.Bool
}

func (p probe) Choose(st games.State, seat int, _ uint64) (string, bool) {
	return games.SeatPrompts(st.Pending(), seat)[0].Options[0].ID, true
}

func (p probe) ChooseYielding(st games.State, seat int, seed uint64, yield func() time.Duration) (string, bool) {
	if p.yielded.CompareAndSwap(false, true) {
		close(p.paused)
	}
	select {
	case p.waits <- yield():
	default:
	}
	return p.Choose(st, seat, seed)
}

// probeThinker is a pool of one thread whose searching bots are a probe,
// and Zauberschwert, the game it is asked about.
func probeThinker(t *testing.T) (*bots.Thinker, probe, games.Game) {
	t.Helper()
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	pr := probe{paused: make(chan struct{}), waits: make(chan time.Duration, 64), yielded: new(atomic.Bool)}
	th, err := bots.New(t.Context(), reg, bots.Options{Workers: 1, Policies: func(g games.Game, st search.Strength) (games.Policy, error) {
		if st == search.Easy {
			return games.PolicyOf(g), nil
		}
		return pr, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Get("zauberschwert")
	return th, pr, g
}

// While people's work is in flight (People) a plan's search waits at its
// pause, and goes on once it is done; a bot asked inline (tools, tests)
// never pauses, so it cannot wait on work that waits for it.
func TestPlansWaitForPeople(t *testing.T) {
	ctx := t.Context()
	th, pr, g := probeThinker(t)
	tb := botsOnly(t, g, coreopt.BotNormal, coreopt.BotNormal)
	st := mustLoad(t, tb, g)
	if _, ok := th.Inline("zauberschwert").BotMove(st, st.Pending()[0].Seat, coreopt.BotNormal, 1); pr.yielded.Load() || ok {
		t.Fatalf("a bot asked inline paused (%v) or deferred (%v)", pr.yielded.Load(), ok)
	}
	leave := th.People()
	planned := make(chan error, 1)
	go func() {
		_, err := th.Plan(ctx, tb, g, now)
		planned <- err
	}()
	<-pr.paused // the search is at its first pause, or about to be
	select {
	case w := <-pr.waits:
		t.Fatalf("a pause ended (after %v) while people's work was in flight", w)
	case err := <-planned:
		t.Fatalf("the plan ended while people's work was in flight (%v)", err)
	case <-time.After(100 * time.Millisecond):
	}
	leave()
	if err := <-planned; err != nil {
		t.Fatal(err)
	}
	<-pr.waits // the pause that waited for people's work
	for len(pr.waits) > 0 {
		if w := <-pr.waits; w != 0 {
			t.Errorf("a pause after people's work waited %v", w)
		}
	}
}

// mustLoad is tb's game state.
func mustLoad(t *testing.T, tb *table.Table, g games.Game) games.State {
	t.Helper()
	st, err := tb.Load(g)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// Other pictures (the bots' own) wait while pictures someone waits for
// are drawn, and then go through one at a time; an interaction being
// handled does not hold them back, since it may draw one itself.
func TestAfterUrgent(t *testing.T) {
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	th, err := bots.New(t.Context(), reg, bots.Options{Workers: 1, Policies: func(g games.Game, _ search.Strength) (games.Policy, error) {
		return games.PolicyOf(g), nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	through := func() chan func() {
		ch := make(chan func(), 1)
		go func() { ch <- th.AfterUrgent() }()
		return ch
	}
	stillWaits := func(ch chan func(), what string) {
		t.Helper()
		select {
		case done := <-ch:
			done()
			t.Fatalf("another picture went through %s", what)
		case <-time.After(50 * time.Millisecond):
		}
	}
	handling := th.People()
	select {
	case done := <-through():
		done()
	case <-time.After(10 * time.Second):
		t.Fatal("a picture waited for an interaction being handled, which may be drawing it")
	}
	handling()
	leave := th.Urgent()
	first := through()
	stillWaits(first, "while an urgent one was drawn")
	leave()
	done := <-first
	second := through()
	stillWaits(second, "beside another")
	done()
	(<-second)()
}

// OwnProcs gives each pool thread a P of its own until restored.
func TestOwnProcs(t *testing.T) {
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		th, err := bots.New(t.Context(), reg, bots.Options{Workers: workers, Policies: func(g games.Game, _ search.Strength) (games.Policy, error) {
			return games.PolicyOf(g), nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		before := runtime.GOMAXPROCS(0)
		restore := th.OwnProcs()
		if got := runtime.GOMAXPROCS(0); got != before+workers {
			t.Errorf("%d workers: GOMAXPROCS %d, want %d", workers, got, before+workers)
		}
		restore()
		if got := runtime.GOMAXPROCS(0); got != before {
			t.Errorf("%d workers: GOMAXPROCS %d after restore, want %d", workers, got, before)
		}
	}
}

// Bots wait for people, but not for ever: with people's work that never
// ends, a plan's search waits at most MaxPause at a time and the plan
// still ends, and another picture still goes out after about MaxPause of
// urgent drawing.
func TestWaitsForPeopleEnd(t *testing.T) {
	ctx := t.Context()
	th, pr, g := probeThinker(t)
	tb := botsOnly(t, g, coreopt.BotNormal, coreopt.BotNormal)
	defer th.Urgent()() // people's work, and urgent drawing, never end here
	planned := make(chan error, 1)
	go func() {
		_, err := th.Plan(ctx, tb, g, now)
		planned <- err
	}()
	select {
	case err := <-planned:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the plan waited for people's work for a minute")
	}
	if first := <-pr.waits; first < bots.MaxPause || first > 10*bots.MaxPause {
		t.Errorf("the first pause waited %v, want about %v", first, bots.MaxPause)
	}
	start := time.Now()
	picture := make(chan func(), 1)
	go func() { picture <- th.AfterUrgent() }()
	select {
	case done := <-picture:
		done()
		if waited := time.Since(start); waited < bots.MaxPause {
			t.Errorf("another picture went out after %v of urgent drawing, want %v", waited, bots.MaxPause)
		}
	case <-time.After(time.Minute):
		t.Fatal("another picture waited for urgent drawing for a minute")
	}
}
