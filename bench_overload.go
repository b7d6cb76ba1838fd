package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
)

// The overload phase of `tavern bench --backend postgres --overload D`
// (issue 30: under overload Tavern degrades, it does not fail). The run
// before it plays every table a move at a time, each waiting until its
// move is carried out, so its rate is what the workers sustain (what
// limits it is named on its "limit:" line). The phase then offers moves
// at twice that rate for D, open loop: a move is sent at every tick to the
// next table whose last move is acknowledged (committed), whether or not
// it has been posted yet, as players who do not wait for the board would.
// It reports what the player sees: whether each interaction was
// acknowledged (HTTP 200, or 503 when the endpoint sheds it), how long
// until its answer (the deferred reply) went out (p50/p95/p99/max, the
// share within Discord's 15 s a harness gives a deferred answer, and
// whether all came within the 15 minutes an interaction token lives), and
// how the tables' boards caught up (calls per move, the time the outbox
// took to drain once the offer stopped).

// Discord's deadlines for a deferred answer: what a player waits at most
// before it looks broken, and how long the interaction token lives.
const (
	answerPatience = 15 * time.Second
	answerDeadline = 15 * time.Minute
)

// overloadMove is one move the phase sent.
type overloadMove struct {
	code     int           // the endpoint's HTTP status (0: no worker took it)
	ack      time.Duration // sending → acknowledged
	answer   time.Duration // sending → answered; 0 while not
	answered bool
}

// overload offers moves at rate per second for dur and reports.
func (b *pgBench) overload(ctx context.Context, reg *games.Registry, rate float64, dur time.Duration, out io.Writer) error {
	if rate <= 0 {
		return fmt.Errorf("bench: no rate to double (%.2f moves/s)", rate)
	}
	n := b.flags.tables
	versions := make([]int, n)
	for k := range n {
		tb, err := b.store.Tables().Get(ctx, benchChannel(k))
		if err != nil {
			return fmt.Errorf("bench: table %d: %w", k, err)
		}
		versions[k] = tb.Version
	}
	fmt.Fprintf(out, "overload: offering %.1f moves/s (twice the %.1f/s sustained above) for %v over %d tables\n", rate, rate/2, dur, n)
	calls := discordCalls(b.fake)
	var (
		mu       sync.Mutex
		moves    []*overloadMove
		busy     = make([]atomic.Bool, n)
		over     = make([]atomic.Bool, n)
		rngs     = make([]*games.RNG, n)
		skipped  int // moves owed when no table was free to move
		wg       sync.WaitGroup
		failures []error
	)
	for k := range n {
		rngs[k] = games.NewRNG(b.flags.seed + 7919 + uint64(k))
	}
	// A tick may come late on a busy machine (a ticker drops what its
	// reader missed): each sends what the rate owes by then.
	tick := time.NewTicker(min(time.Duration(float64(time.Second)/rate), 50*time.Millisecond))
	defer tick.Stop()
	start := time.Now()
	sent, next := 0, 0
	for time.Since(start) < dur {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
		for owed := int(time.Since(start).Seconds()*rate) - sent; owed > 0; owed-- {
			sent++
			k := -1
			for j := range n {
				c := (next + j) % n
				if !over[c].Load() && busy[c].CompareAndSwap(false, true) {
					k = c
					break
				}
			}
			if k < 0 {
				skipped++
				continue
			}
			next = k + 1
			wg.Go(func() {
				m, ok, err := b.offer(ctx, reg, k, rngs[k], func() { busy[k].Store(false) })
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					failures = append(failures, err)
				case !ok:
					over[k].Store(true) // the game ended
				default:
					moves = append(moves, m)
				}
			})
		}
	}
	offered := time.Since(start)
	wg.Wait()
	if len(failures) > 0 {
		return fmt.Errorf("bench: overload: %w (and %d more)", failures[0], len(failures)-1)
	}
	drainStart := time.Now()
	if err := b.drainOutbox(ctx, answerDeadline); err != nil {
		return err
	}
	drained := time.Since(drainStart)
	applied := 0
	for k := range n {
		tb, err := b.store.Tables().Get(ctx, benchChannel(k))
		if err != nil {
			return fmt.Errorf("bench: table %d: %w", k, err)
		}
		applied += tb.Version - versions[k]
	}
	writeOverload(out, moves, skipped, applied, offered, discordCalls(b.fake)-calls, drained)
	return nil
}

// offer plays one move at table k: sent, acknowledged (then free is
// called: the table may take its next move), answered. ok is false when
// the table's game is over.
func (b *pgBench) offer(ctx context.Context, reg *games.Registry, k int, rng *games.RNG, free func()) (*overloadMove, bool, error) {
	var (
		m   *overloadMove
		ok  bool
		err error
	)
	defer func() {
		if m == nil || m.code != http.StatusOK {
			free()
		}
	}()
	failed := untilFatal(func(f commandstest.Failer) {
		drv := commandstest.Driver{TB: f, Store: b.store, Reg: reg, Game: b.flags.game}
		choice, more := drv.Move(benchChannel(k), rng)
		if !more {
			return
		}
		ok = true
		i := b.click(ctx, k, choice)
		body, jerr := json.Marshal(i)
		if jerr != nil {
			f.Fatal(jerr)
		}
		answered := make(chan struct{})
		b.answers.Store(i.ID, answered)
		defer b.answers.Delete(i.ID)
		m = &overloadMove{}
		sent := time.Now()
		worker := b.workers[int(b.next.Add(1))%len(b.workers)]
		code, perr := b.post(ctx, worker.addr, body)
		m.code, m.ack = code, time.Since(sent)
		if perr != nil || code != http.StatusOK {
			return // counted: not acknowledged
		}
		free()
		select {
		case <-answered:
			m.answer, m.answered = time.Since(sent), true
		case <-time.After(answerDeadline):
		case <-ctx.Done():
			err = ctx.Err()
		}
	})
	if failed != nil {
		return nil, false, failed
	}
	return m, ok, err
}

// writeOverload reports the overload phase.
func writeOverload(out io.Writer, moves []*overloadMove, skipped, applied int, offered time.Duration, calls int, drained time.Duration) {
	codes := map[int]int{}
	var acks, answers []time.Duration
	for _, m := range moves {
		codes[m.code]++
		if m.code == http.StatusOK {
			acks = append(acks, m.ack)
		}
		if m.answered {
			answers = append(answers, m.answer)
		}
	}
	var other []string
	for _, c := range slices.Sorted(maps.Keys(codes)) {
		if c != http.StatusOK {
			other = append(other, fmt.Sprintf("%d× %s", codes[c], codeWord(c)))
		}
	}
	if len(other) == 0 {
		other = []string{"none refused (no 503)"}
	}
	fmt.Fprintf(out, "overload: %d interactions sent in %.1f s (%.1f/s; %d owed found every table still awaiting its acknowledgement); acknowledged %d of %d, %s; acknowledgement p50 %.0f ms, p99 %.0f ms\n",
		len(moves), offered.Seconds(), float64(len(moves))/offered.Seconds(), skipped, codes[http.StatusOK], len(moves), strings.Join(other, ", "),
		quantile(acks, 0.5), quantile(acks, 0.99))
	within := 0
	for _, a := range answers {
		if a <= answerPatience {
			within++
		}
	}
	acked := codes[http.StatusOK]
	share := 0.0
	if acked > 0 {
		share = 100 * float64(within) / float64(acked)
	}
	fmt.Fprintf(out, "overload: answers (sending → the deferred reply out) %d of %d acknowledged: p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms; %.1f%% within %v, %s\n",
		len(answers), acked, quantile(answers, 0.5), quantile(answers, 0.95), quantile(answers, 0.99), quantile(answers, 1), share, answerPatience,
		map[bool]string{true: "all within " + answerDeadline.String(), false: fmt.Sprintf("%d not within %v", acked-len(answers), answerDeadline)}[len(answers) == acked])
	perMove := 0.0
	if applied > 0 {
		perMove = float64(calls) / float64(applied)
	}
	fmt.Fprintf(out, "overload: %d moves applied (%.1f/s offered time), %.2f calls under the global limit per move; the outbox drained %.1f s after the offer stopped\n",
		applied, float64(applied)/offered.Seconds(), perMove, drained.Seconds())
}

// quantile is the q-quantile of ds in milliseconds (0 for none); q = 1 is
// the maximum.
func quantile(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return quantileMS(s, q)
}

func codeWord(c int) string {
	if c == 0 {
		return "not taken by any worker"
	}
	return fmt.Sprintf("HTTP %d", c)
}
