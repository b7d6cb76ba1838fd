package search

import (
	"fmt"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Strength is how well a bot plays: the heuristic alone, or search with a
// small or a larger budget.
type Strength string

// The strengths a table offers, weakest first.
const (
	Easy   Strength = "easy"
	Normal Strength = "normal"
	Strong Strength = "strong"
)

// Strengths lists every strength, weakest first.
var Strengths = []Strength{Easy, Normal, Strong}

// ParseStrength reads "easy", "normal" or "strong".
func ParseStrength(s string) (Strength, error) {
	for _, st := range Strengths {
		if string(st) == s {
			return st, nil
		}
	}
	return "", fmt.Errorf("search: unknown strength %q (easy, normal or strong)", s)
}

// budgets are each searching strength's budget, by game. They were set
// from the CPU time a playout move costs in each game (its heuristic
// policy and its rules), measured with the bots command, so that a
// decision's p95 on one core stays within 1 s (normal) and 5 s (strong);
// Moves does most of the bounding, so early decisions, whose playouts
// are long, sample fewer worlds than late ones. The wall-time caps only
// guard a machine much slower than that.
var budgets = map[string]map[Strength]Budget{
	"zauberschwert": {
		Normal: {Iterations: 400, Moves: 50000, MaxTime: 2 * time.Second},
		Strong: {Iterations: 2000, Moves: 250000, MaxTime: 8 * time.Second},
	},
	"dungeon-designer": {
		// A playout move costs ~0.24 ms of CPU here (the policy's room
		// placement): 12,000 moves gave a normal decision's p95 2.9 s,
		// 3,000 moves 0.95 s and 2,000 moves 0.71 s (20 solo games
		// against Jael, seeds 1-20: 14 and 15 won).
		Normal: {Iterations: 300, Moves: 2000, MaxTime: 2 * time.Second},
		// Strong compares the heuristic's best three options (its
		// Rank) in the same worlds (Paired) instead of UCB1 over up to
		// ~20 sampled options: against easy, 2 players, seeds 1-20, it
		// won 16/20 (95% CI 58-92%; UCB1 7/10 on seeds 1-10) with a
		// decision's CPU p95 3.7-4.4 s and max 6.9 s (UCB1 4.3 s, max
		// 11.3 s); one search's heap grows 7-12 MB. Untuned: the one
		// setting tried, 15,000 moves across the three.
		Strong: {Iterations: 300, Moves: 15000, Paired: 3, MaxTime: 8 * time.Second},
	},
	"sorcerer-city": {
		// Solo play costs more a playout move (~2.9 ms at the 95th
		// percentile): 1,500 moves gave a normal decision's CPU p95 4.4 s
		// there (p50 1.4 s, 2 solo games), so both budgets were cut by the
		// same factor; since playouts build no labels (Unlabel) a move
		// costs half, and normal's budget doubles. The heuristic alone
		// survives solo games (the search keeps its answer unless
		// playouts clearly beat it). Strong compares the heuristic's
		// three best options on shared worlds (Paired), 40-move playouts
		// each: about 33 worlds a decision, where UCB1 over 120-move
		// playouts got 13 playouts and seldom left the heuristic.
		// So searching, strong won only 9/20 against easy (2 players,
		// seeds 1-20): its 40-move forecast judges placements, draw or
		// stop and buys no better than the heuristic. Both strengths
		// now start from the game's root policy (Rooted), which buys by
		// what a tile adds to the seat's own built districts, and
		// strong compares options only where the root ranks more than
		// its answer (outside building and buying in games of several
		// seats: Raw Magic, prizes, spells, score-phase choices).
		// Measured with the bots command, strong against easy, 2
		// players, seeds 1-20 (1-10 and 11-20 in two runs): won 14/20
		// (95% CI 48-85%), 169.4 Prestige against 150.4, decision CPU
		// p95 0.24 s (max 7.4 s). Normal solo is unchanged (the root
		// policy is the heuristic there): seeds 1-5 survived 5/5, 139
		// Prestige, p95 0.80 s. Since playouts are no longer cut while
		// the seats build (Estimate), normal against easy, 2 players,
		// seeds 1-20 (bots --strength normal --against easy --games 20
		// --seed 1) won 17/20, 168.6 Prestige against 142.8, decision
		// CPU p95 0.51 s (before: 16/20, 165.5 against 136.6, p95
		// 0.55 s, seed 1 lost 84 to 198 after stopping its year-4 build
		// with 16 tiles in its deck; now won 181 to 135); against
		// random, 2 players, seeds 1-20: 20/20, p95 0.27 s. Strong
		// against easy, seeds 1-20, 18/20, 185.6 against 150.2, CPU
		// p95 0.54 s (max 8.3 s).
		Normal: {Iterations: 100, Moves: 680, Depth: 80, MaxTime: 2 * time.Second},
		Strong: {Iterations: 200, Moves: 4000, Depth: 40, Paired: 3, MaxTime: 8 * time.Second},
	},
	"viscounts": {
		// With several seats normal runs UCB1 over 200 playout moves
		// (the same paired search took a CPU p95 of 1.64 s at 2 players
		// and 1.47 s at 3). Solo, both searching strengths compare the
		// root policy's five best options on shared worlds (Paired),
		// playouts looking two decisions ahead (PlayoutPolicy) and, once
		// the end is triggered, reaching the real final scoring
		// (Estimate). More worlds won more: against the Cleric on seeds
		// 101-112 (bots --players 1 --against solo --options
		// opponent=cleric --strength normal --games 12 --seed 101) three
		// options over 800 moves won about 30%, five over 1200 6/12,
		// three over 2400 7/12, five over 2400 10/12. Against the Noble
		// five over 2400 won 17/40 (seeds 1-20 and 101-120), five over
		// 4000 34/60 (seeds 1-20, 101-120, 201-220), the Cleric 33/60
		// and the Builder 39/60 (25/40 each at 2400 on 1-20 and
		// 101-120); the cheaper lookahead keeps normal's CPU p95 at 4000
		// near 0.4 s. Strong's 8000 cost about twice that (p95 0.73 s).
		Normal: {Iterations: 100, Moves: 200, Depth: 16, MaxTime: 2 * time.Second,
			Solo: &Budget{Iterations: 100, Moves: 4000, Depth: 16, Paired: 5, MaxTime: 2 * time.Second}},
		Strong: {Iterations: 500, Moves: 1600, Depth: 24, MaxTime: 8 * time.Second,
			Solo: &Budget{Iterations: 200, Moves: 8000, Depth: 16, Paired: 5, MaxTime: 8 * time.Second}},
	},
}

// fallback is the budget of a game not in budgets.
var fallback = map[Strength]Budget{
	Normal: {Iterations: 64, MaxTime: 2 * time.Second},
	Strong: {Iterations: 256, MaxTime: 8 * time.Second},
}

// BudgetFor is the search budget of strength for g; ok=false for Easy,
// which does not search.
func BudgetFor(g games.Game, st Strength) (Budget, bool) {
	if b, ok := budgets[g.Info().ID][st]; ok {
		return b, true
	}
	b, ok := fallback[st]
	return b, ok
}

// PolicyFor is the policy a bot of strength plays g by: what a table asks
// for when it seats a bot.
func PolicyFor(g games.Game, st Strength) (games.Policy, error) { return policyFor(g, st, true) }

// ReplayPolicy is PolicyFor without the wall-time cap: the same decisions
// on any machine, however busy, which replays and measurements need.
func ReplayPolicy(g games.Game, st Strength) (games.Policy, error) { return policyFor(g, st, false) }

func policyFor(g games.Game, st Strength, capped bool) (games.Policy, error) {
	if st == Easy {
		return games.PolicyOf(g), nil
	}
	b, ok := BudgetFor(g, st)
	if !ok {
		return nil, fmt.Errorf("search: unknown strength %q", st)
	}
	if !capped {
		b = b.Uncapped()
	}
	return New(g, b), nil
}

// Uncapped is b without a wall-time cap, its solo budget's included: the
// same decisions on any machine.
func (b Budget) Uncapped() Budget {
	b.MaxTime = 0
	if b.Solo != nil {
		solo := b.Solo.Uncapped()
		b.Solo = &solo
	}
	return b
}
