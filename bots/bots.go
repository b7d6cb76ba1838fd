// Package bots answers the decisions of bot seats at each table's chosen
// strength (package search), thinking a searching bot's moves out in a
// small pool of low-priority threads apart from the change that stores
// them, so bots never take the CPU or a table's lock from people. The
// threads' priority alone is not enough: a thinking thread holds one of
// the runtime's Ps and allocates, so while people's work is in flight
// (People) the searches wait at their next playout move, and the bots'
// own pictures are drawn after people's (AfterUrgent).
package bots

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// planDecisions bounds the bot moves one plan thinks out, and planTime
// the thinking after which it stops at the next decision, so that a table
// of bots takes turns in the pool with the others and its board follows
// its moves every few seconds.
const (
	planDecisions = 16
	planTime      = 3 * time.Second
)

// Thinker holds every game's bot policies by strength and the pool their
// searches run in.
type Thinker struct {
	policies map[string]map[string]games.Policy // game id → strength → policy
	jobs     chan func()
	holds    chan func() // taken before jobs (Hold)
	threads  int
	plans    atomic.Int64
	gate     gate          // people's work in flight: the searches wait (People)
	urgent   gate          // pictures someone waits for in flight: the others wait (Urgent)
	after    chan struct{} // the one other picture let through at a time (AfterUrgent)
	log      *slog.Logger
}

// Plans counts the plans thought out so far: how busy the bots are.
func (th *Thinker) Plans() int64 { return th.plans.Load() }

// Options shape a Thinker.
type Options struct {
	// Workers is how many pool threads think at once; ≤ 0 means half the
	// CPUs: the other half stays for people's moves and pictures.
	Workers int
	// Reproducible drops the searches' wall-time caps, so a decision is
	// the same on any machine however busy (tests); a live bot keeps them
	// as a guard against a slow machine.
	Reproducible bool
	// Policies, when set, gives each game's policy by strength in place
	// of the searches (tests that follow a bot's route, not its play).
	Policies func(games.Game, search.Strength) (games.Policy, error)
	// Log receives a failed decision (a policy that panicked); nil
	// discards it.
	Log *slog.Logger
}

// New builds the policies of every game in reg and starts the pool's
// threads (at least one), which live until ctx ends.
func New(ctx context.Context, reg *games.Registry, opts Options) (*Thinker, error) {
	th := &Thinker{policies: map[string]map[string]games.Policy{}, jobs: make(chan func()), holds: make(chan func()), after: make(chan struct{}, 1), log: opts.Log}
	if th.log == nil {
		th.log = slog.New(slog.DiscardHandler)
	}
	policyFor := search.PolicyFor
	if opts.Reproducible {
		policyFor = search.ReplayPolicy
	}
	if opts.Policies != nil {
		policyFor = opts.Policies
	}
	for _, id := range reg.IDs() {
		g, _ := reg.Get(id)
		th.policies[id] = map[string]games.Policy{}
		for _, st := range search.Strengths {
			p, err := policyFor(g, st)
			if err != nil {
				return nil, fmt.Errorf("bots: %s %s: %w", id, st, err)
			}
			th.policies[id][string(st)] = p
		}
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU() / 2
	}
	th.threads = max(workers, 1)
	for range th.threads {
		go th.work(ctx)
	}
	return th, nil
}

// OwnProcs raises GOMAXPROCS by the pool's threads until restore is
// called. A pool thread runs at nice 19, and while the kernel keeps it
// waiting (a machine busy with other processes) it still holds the P it
// ran on until it reaches its next pause, for up to hundreds of
// milliseconds; with a P of its own it never holds one people's goroutines
// run on. Call it once per process, after the parts that size themselves
// by GOMAXPROCS (the render pool) are built; GOMAXPROCS then no longer
// follows a change of the CPU limit while the process runs.
func (th *Thinker) OwnProcs() (restore func()) {
	prev := runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + th.threads)
	return func() { runtime.GOMAXPROCS(prev) }
}

// work runs jobs on a thread of its own at the lowest CPU priority, which
// it keeps: the goroutine never unlocks it, so the thread ends with it
// and no other goroutine ever runs at that priority.
func (th *Thinker) work(ctx context.Context) {
	runtime.LockOSThread()
	lowerPriority()
	for {
		select { // a hold first: it must not wait behind the plans queued
		case hold := <-th.holds:
			hold()
			continue
		default:
		}
		select {
		case <-ctx.Done():
			return
		case hold := <-th.holds:
			hold()
		case job := <-th.jobs:
			job()
		}
	}
}

// policy is the policy of a bot of strength in game; an unknown strength
// plays normal.
func (th *Thinker) policy(game, strength string) (games.Policy, bool) {
	ps, ok := th.policies[game]
	if !ok {
		return nil, false
	}
	if p, ok := ps[strength]; ok {
		return p, true
	}
	return ps[coreopt.BotNormal], true
}

// Inline is a table.BotMover for game that thinks every move out where it
// is asked (tools, tests, the playground's single process).
func (th *Thinker) Inline(game string) table.BotMover { return inline{th: th, game: game} }

// inline asks the policies where it is called; with yield set (the pool's
// threads) a search pauses there for people's work (People).
type inline struct {
	th    *Thinker
	game  string
	yield func() time.Duration
}

// yielding is a policy that can pause for more urgent work
// (search.Searcher).
type yielding interface {
	ChooseYielding(st games.State, seat int, seed uint64, yield func() time.Duration) (string, bool)
}

// A policy that panics (a rules or search bug: a sampled world the rules
// cannot hold) must neither crash the process nor stall the table: the
// seat plays the heuristic's move instead (easy), and if that fails too,
// no move, which the table answers with a random legal one.
func (in inline) BotMove(st games.State, seat int, strength string, seed uint64) (move string, later bool) {
	p, ok := in.th.policy(in.game, strength)
	if !ok {
		return "", false
	}
	defer func() {
		if r := recover(); r != nil {
			in.th.log.Error("bots: a bot's decision failed; its seat plays the heuristic's move",
				"game", in.game, "strength", strength, "panic", panicText(r))
			move, later = in.th.heuristicMove(in.game, st, seat, seed), false
		}
	}()
	if y, ok := p.(yielding); ok && in.yield != nil {
		move, _ = y.ChooseYielding(st, seat, seed, in.yield)
		return move, false
	}
	move, _ = p.Choose(st, seat, seed)
	return move, false
}

// heuristicMove is the easy bot's move, or none if it fails too.
func (th *Thinker) heuristicMove(game string, st games.State, seat int, seed uint64) (move string) {
	defer func() {
		if r := recover(); r != nil {
			th.log.Error("bots: the heuristic failed too; the table plays a random move",
				"game", game, "panic", panicText(r))
			move = ""
		}
	}()
	p, ok := th.policy(game, coreopt.BotEasy)
	if !ok {
		return ""
	}
	move, _ = p.Choose(st, seat, seed)
	return move
}

// panicText describes a recovered panic for the log: a runtime error's
// message (an index, a nil map), never another value's, which could hold
// a hidden card.
func panicText(r any) string {
	if err, ok := r.(runtime.Error); ok {
		return err.Error()
	}
	return fmt.Sprintf("a panic of type %T", r)
}

// People marks people's work in flight (an interaction being handled, the
// pictures someone waits for): until leave is called the pool's searches
// wait at their next playout move, so the bots take neither a P nor
// allocations from people while they move; a pause lasts at most
// maxPause, then the search thinks minThink before it waits again.
// Decisions do not change: they are counted in playouts, not time.
func (th *Thinker) People() (leave func()) { return th.gate.enter() }

// Urgent marks pictures someone waits for being drawn (delivery): people's
// work, which the searches wait for, and which other pictures wait for.
func (th *Thinker) Urgent() (leave func()) {
	leavePeople, leaveUrgent := th.gate.enter(), th.urgent.enter()
	return func() {
		leaveUrgent()
		leavePeople()
	}
}

// AfterUrgent waits while pictures someone waits for are drawn (Urgent):
// the bots' own pictures are drawn after people's. Then it lets one such
// picture through at a time, until done is called, so that a P stays
// free for people's work that arrives meanwhile (a picture takes tens of
// milliseconds and cannot stop halfway). It waits at most about
// maxPause in all, so that unbroken urgent drawing cannot hold the others
// back for ever. It does not wait for interactions being handled
// (People): a picture drawn while one is handled would wait for itself.
func (th *Thinker) AfterUrgent() (done func()) {
	until := time.Now().Add(maxPause)
	for {
		th.urgent.waitAtMost(max(time.Until(until), time.Nanosecond))
		th.after <- struct{}{}
		if !th.urgent.busy() || time.Now().After(until) {
			return func() { <-th.after }
		}
		<-th.after // urgent drawing came meanwhile: it goes first
	}
}

// Quick is a table.BotMover for game that answers at once the bots that
// do not search (easy) and defers the others, which Plan thinks out;
// Deferred reports whether it deferred one.
func (th *Thinker) Quick(game string) *Quick { return &Quick{th: th, game: game} }

// Quick answers easy bots in the change and leaves searching ones to Plan.
type Quick struct {
	th       *Thinker
	game     string
	Deferred bool
}

// BotMove answers an easy bot, or defers.
func (q *Quick) BotMove(st games.State, seat int, strength string, seed uint64) (string, bool) {
	if strength != coreopt.BotEasy {
		q.Deferred = true
		return "", true
	}
	return inline{th: q.th, game: q.game}.BotMove(st, seat, strength, seed)
}

// Hold takes every pool thread as soon as it has finished the plan it is
// thinking out, ahead of the plans queued, and keeps them until release
// is called: meanwhile plans wait. It lets a tool time people's moves with and without the bots'
// thinking on the same running service (`tavern bench`). It returns
// early, with nothing held, when ctx ends.
func (th *Thinker) Hold(ctx context.Context) (release func()) {
	free := make(chan struct{})
	var held sync.WaitGroup
	for range th.threads {
		held.Add(1)
		select {
		case th.holds <- func() { held.Done(); <-free }:
		case <-ctx.Done():
			held.Done()
		}
	}
	held.Wait()
	return func() { close(free) }
}

// ErrBusy reports a plan not started because ctx ended first.
var ErrBusy = errors.New("bots: no thinker free")

// Plan thinks out the bot moves t would make at now (table.Bots.Plan) on a
// pool thread, at most planDecisions of them or as many as planTime
// allows, and waits for them.
func (th *Thinker) Plan(ctx context.Context, t *table.Table, g games.Game, now time.Time) (table.Thought, error) {
	type answer struct {
		th  table.Thought
		err error
	}
	done := make(chan answer, 1)
	job := func() {
		th.plans.Add(1)
		pause := &pacer{gate: &th.gate}
		mover := &timed{in: inline{th: th, game: g.Info().ID, yield: pause.yield}, until: time.Now().Add(planTime)}
		thought, err := t.Bots().Plan(g, mover, now, planDecisions)
		done <- answer{thought, err}
	}
	select {
	case th.jobs <- job:
	case <-ctx.Done():
		return nil, ErrBusy
	}
	a := <-done
	return a.th, a.err
}

// timed defers every decision once its time is up, the first excepted.
type timed struct {
	in    table.BotMover
	until time.Time
	made  bool
}

func (m *timed) BotMove(st games.State, seat int, strength string, seed uint64) (string, bool) {
	if m.made && time.Now().After(m.until) {
		return "", true
	}
	m.made = true
	return m.in.BotMove(st, seat, strength, seed)
}
