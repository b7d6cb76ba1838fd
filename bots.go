package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
)

type botsFlags struct {
	game     string
	players  int
	games    int
	strength string
	against  string
	seed     uint64
	options  string
	within   time.Duration
}

func (b *botsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.game, "game", "", "game id (required)")
	fs.IntVar(&b.players, "players", 0, "players per game (default: 2; 1 with --against solo)")
	fs.IntVar(&b.games, "games", 20, "number of games")
	fs.StringVar(&b.strength, "strength", "normal", "the measured bot: easy, normal or strong")
	fs.StringVar(&b.against, "against", "random", "the other seats: random, easy, normal or strong; solo: the game's own opponent")
	fs.Uint64Var(&b.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.StringVar(&b.options, "options", "", "game options besides the defaults, as in the lobby: opponent=…,solo=legendary")
	fs.DurationVar(&b.within, "for", 0, "start no game after this much wall time (0: no limit); the game in progress is finished and counted")
}

// botsReport is what a run of the bots command measured.
type botsReport struct {
	games, wins int
	botScore    float64 // summed over games
	otherScore  float64 // summed means of the other seats (or rivals)
	decisions   []time.Duration
	wall        []time.Duration
	heap        uint64 // the most heap the process reserved after a decision
}

// runBots plays the bot of one strength in one seat (rotated from game to
// game) against other policies, or alone against a solo game's opponent,
// and prints its win rate with a 95% confidence interval, the mean scores
// and its decision times (CPU time, which on a busy machine is what a
// decision costs one core; wall time beside it). The bots search without
// their wall-time cap, so a run's figures replay on any machine. A run
// bounded by --for finishes the game in progress and starts no other.
func runBots(ctx context.Context, f botsFlags, out io.Writer) error {
	g, err := batchGame("bots", f.game, f.games)
	if err != nil {
		return err
	}
	strength, err := search.ParseStrength(f.strength)
	if err != nil {
		return fmt.Errorf("bots: --strength: %w", err)
	}
	solo := f.against == "solo"
	if f.players == 0 {
		f.players = 2
		if solo {
			f.players = 1
		}
	}
	if solo != (f.players == 1) {
		return errors.New("bots: --against solo is the one-player game: use it with --players 1 (or no --players)")
	}
	var others games.Policy
	switch {
	case solo:
	case f.against == "random":
		others = games.RandomPolicy
	default:
		st, err := search.ParseStrength(f.against)
		if err != nil {
			return fmt.Errorf("bots: --against: %w (or random, solo)", err)
		}
		if others, err = search.ReplayPolicy(g, st); err != nil {
			return fmt.Errorf("bots: %w", err)
		}
	}
	options, err := parseOptions(f.options)
	if err != nil {
		return fmt.Errorf("bots: %w", err)
	}
	if _, err := games.SetupWith(g, f.players, f.seed, options); err != nil {
		return fmt.Errorf("bots: %w", err)
	}
	bot, err := search.ReplayPolicy(g, strength)
	if err != nil {
		return fmt.Errorf("bots: %w", err)
	}
	var rep botsReport
	timed := games.PolicyFunc(func(st games.State, seat int, seed uint64) (string, bool) {
		cpu0, wall0 := cpuTime(), time.Now()
		move, ok := bot.Choose(st, seat, seed)
		rep.decisions = append(rep.decisions, cpuTime()-cpu0)
		rep.wall = append(rep.wall, time.Since(wall0))
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		rep.heap = max(rep.heap, m.HeapSys)
		return move, ok
	})
	start := time.Now()
	for i := range f.games {
		if i > 0 && f.within > 0 && time.Since(start) >= f.within {
			// Out of time: stopping between games wastes none of the
			// game in progress, which a cut by timeout(1) drops.
			fmt.Fprintf(out, "stopped before game %d: --for %s has passed\n", i+1, f.within)
			break
		}
		setup, _ := games.SetupWith(g, f.players, f.seed+uint64(i), options)
		seats := make([]games.Policy, f.players)
		for k := range seats {
			seats[k] = others
		}
		botSeat := i % f.players
		seats[botSeat] = timed
		final, err := search.Match(g, setup, stoppable(ctx, seats))
		if ctx.Err() != nil {
			// Interrupted (a bound such as timeout(1) ran out): the game
			// in progress is dropped and the games played are reported.
			fmt.Fprintf(out, "stopped during game %d: %v\n", i+1, ctx.Err())
			if rep.games > 0 {
				rep.print(out, f)
			}
			return fmt.Errorf("bots: %w", ctx.Err())
		}
		if err != nil {
			return fmt.Errorf("bots: %w", err)
		}
		rep.add(final, botSeat)
		fmt.Fprintf(out, "game %d (seed %d): the bot in seat %d; %s\n", i+1, setup.Seed, botSeat, standingsLine(final))
	}
	rep.print(out, f)
	return nil
}

// stoppable is seats whose every policy declines once ctx is done, which
// ends a match at its next decision.
func stoppable(ctx context.Context, seats []games.Policy) []games.Policy {
	out := make([]games.Policy, len(seats))
	for i, p := range seats {
		if p == nil {
			continue // a solo game's opponent lives in the state
		}
		out[i] = games.PolicyFunc(func(st games.State, seat int, seed uint64) (string, bool) {
			if ctx.Err() != nil {
				return "", false
			}
			return p.Choose(st, seat, seed)
		})
	}
	return out
}

// add counts one finished game for the bot in botSeat.
func (r *botsReport) add(final games.State, botSeat int) {
	r.games++
	var others []float64
	for _, s := range final.Standings() {
		if s.Seat == botSeat {
			r.botScore += float64(s.Score)
			if s.Rank == 1 {
				r.wins++
			}
			continue
		}
		others = append(others, float64(s.Score))
	}
	if rv, ok := final.(games.Rivaled); ok {
		for _, x := range rv.Rivals() {
			others = append(others, float64(x.Score))
		}
	}
	if len(others) > 0 {
		sum := 0.0
		for _, v := range others {
			sum += v
		}
		r.otherScore += sum / float64(len(others))
	}
}

// standingsLine is a finished game's ranks and scores, seats and rivals.
func standingsLine(final games.State) string {
	var b strings.Builder
	for _, s := range final.Standings() {
		fmt.Fprintf(&b, "seat %d: rank %d, %d; ", s.Seat, s.Rank, s.Score)
	}
	if rv, ok := final.(games.Rivaled); ok {
		for _, x := range rv.Rivals() {
			fmt.Fprintf(&b, "opponent: rank %d, %d; ", x.Rank, x.Score)
		}
	}
	return strings.TrimSuffix(b.String(), "; ")
}

func (r *botsReport) print(out io.Writer, f botsFlags) {
	lo, hi := wilson(r.wins, r.games)
	against := f.against + " seats"
	if f.against == "solo" {
		against = "the game's solo opponent"
	}
	fmt.Fprintf(out, "%s, %d players, %s bot against %s", f.game, f.players, f.strength, against)
	if f.options != "" {
		fmt.Fprintf(out, " (%s)", f.options)
	}
	fmt.Fprintf(out, ", %d games from seed %d", r.games, f.seed)
	if r.games < f.games {
		fmt.Fprintf(out, " (stopped; %d asked for)", f.games)
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "wins: %d/%d = %.0f%% (95%% CI %.0f–%.0f%%)\n", r.wins, r.games, 100*float64(r.wins)/float64(r.games), 100*lo, 100*hi)
	fmt.Fprintf(out, "mean score: bot %.1f, others %.1f\n", r.botScore/float64(r.games), r.otherScore/float64(r.games))
	cpu, wall := percentiles(r.decisions), percentiles(r.wall)
	fmt.Fprintf(out, "bot decisions: %d; CPU p50 %s, p95 %s, max %s; wall p50 %s, p95 %s, max %s\n",
		len(r.decisions), cpu[0], cpu[1], cpu[2], wall[0], wall[1], wall[2])
	fmt.Fprintf(out, "heap the process reserved at most: %.0f MB (a bound on one search's memory)\n", float64(r.heap)/(1<<20))
}

// wilson is the Wilson score interval at 95% for wins out of n.
func wilson(wins, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p, nf := float64(wins)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, mid-half), min(1, mid+half)
}

// percentiles are the p50, p95 and maximum of ds, rounded for reading.
func percentiles(ds []time.Duration) [3]time.Duration {
	if len(ds) == 0 {
		return [3]time.Duration{}
	}
	s := slices.Sorted(slices.Values(ds))
	at := func(q float64) time.Duration {
		return s[min(len(s)-1, int(math.Ceil(q*float64(len(s))))-1)].Round(10 * time.Microsecond)
	}
	return [3]time.Duration{at(0.50), at(0.95), s[len(s)-1].Round(10 * time.Microsecond)}
}

// cpuTime is the CPU time the process has used so far: what a decision
// costs a core, where wall time on a shared machine counts the
// neighbours' work too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
