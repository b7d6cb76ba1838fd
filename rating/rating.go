// Package rating rates players of multiplayer games with the Weng-Lin
// Bayesian approximation under the Plackett-Luce model (Weng & Lin 2011,
// "A Bayesian Approximation Method for Online Ranking", algorithm 4; the
// model OpenSkill uses by default). It handles any number of players and
// ties. No Go library for it can be fetched here, so the update rules are
// implemented from the paper with the standard library, and checked
// against the reference implementation's published figures (openskill.js).
//
// The package is pure: no I/O, no clock.
package rating

import (
	"math"
	"slices"
)

// Defaults of the model (the paper's and OpenSkill's): a new player's
// skill is believed to be Mu ± Sigma, and Beta is the spread of one
// game's performance around the skill.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	Beta         = DefaultSigma / 2
	// Tau is added to every sigma (in quadrature) before a game, so that
	// sigma settles at a floor instead of collapsing to zero and a rating
	// can still move after hundreds of games (OpenSkill's usual value).
	Tau = DefaultMu / 300
	// kappa keeps the variance factor positive (the paper's κ).
	kappa = 0.0001
)

// Rating is the belief about one player's skill: mean Mu, uncertainty
// Sigma (a standard deviation).
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// New is a new player's rating.
func New() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Ordinal is the conservative skill estimate mu − 3σ: the skill the player
// has with about 99.7% certainty. Ranking by it keeps a lucky newcomer
// below proven players.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Display is the rating shown to players: the ordinal scaled so that a new
// player starts at 1000 and one ordinal point is 40 rating points. Rate
// never lowers it for a player ranked first (see Options.Tau and the
// clamps in Rate).
func (r Rating) Display() int { return int(math.Round(1000 + 40*r.Ordinal())) }

// Uncertainty is 3σ in display points: the display rating plus twice this
// is the skill's mean, and it shrinks as the player plays.
func (r Rating) Uncertainty() int { return int(math.Round(40 * 3 * r.Sigma)) }

// Options tune Rate; the zero value is the plain update of the paper,
// without tau and without the clamps, as the reference figures use it.
type Options struct {
	// Tau inflates every sigma before the update (see the constant Tau).
	Tau float64
	// Monotone clamps the update so that a display rating behaves as
	// players expect: no sigma grows in a game (OpenSkill's limit_sigma),
	// and no player ranked first loses mu (the paper's rule lowers a
	// player who shares first place with weaker ones; see keepFirstsUp).
	// Together they make a first place never lower Display.
	Monotone bool
}

// Tavern are the options Tavern rates its games with.
func Tavern() Options { return Options{Tau: Tau, Monotone: true} }

// Rate updates the ratings of one game's players. ranks[i] is player i's
// place (1 = first; lower is better, equal ranks are ties, gaps are fine).
// It returns new ratings in the same order; the input is not changed.
// Fewer than two players, or ranks of a different length, leave the
// ratings as they are.
func Rate(players []Rating, ranks []int, o Options) []Rating {
	out := slices.Clone(players)
	n := len(players)
	if n < 2 || len(ranks) != n {
		return out
	}
	// Work on the players ordered by rank: the sums below run over the
	// players ranked at or after (or before) someone.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return ranks[a] - ranks[b] })

	sigmaSq := make([]float64, n) // by player index, tau included
	cSq := 0.0
	for i, p := range players {
		sigmaSq[i] = p.Sigma*p.Sigma + o.Tau*o.Tau
		cSq += sigmaSq[i] + Beta*Beta
	}
	c := math.Sqrt(cSq)
	exp := make([]float64, n)
	for i, p := range players {
		exp[i] = math.Exp(p.Mu / c)
	}
	// sumQ[q]: the sum of exp(mu/c) over the players ranked at or after q;
	// ties[q]: how many players share q's rank (the paper's A_q).
	sumQ := make([]float64, n)
	ties := make([]float64, n)
	for _, q := range order {
		for _, i := range order {
			if ranks[i] >= ranks[q] {
				sumQ[q] += exp[i]
			}
			if ranks[i] == ranks[q] {
				ties[q]++
			}
		}
	}
	omegas := make([]float64, n)
	for _, i := range order {
		omega, delta := 0.0, 0.0
		for _, q := range order {
			if ranks[q] > ranks[i] {
				break
			}
			quotient := exp[i] / sumQ[q]
			if q == i {
				omega += (1 - quotient) / ties[q]
			} else {
				omega -= quotient / ties[q]
			}
			delta += quotient * (1 - quotient) / ties[q]
		}
		gamma := math.Sqrt(sigmaSq[i]) / c
		omegas[i] = omega * sigmaSq[i] / c
		delta *= gamma * sigmaSq[i] / cSq
		sigma := math.Sqrt(sigmaSq[i] * max(1-delta, kappa))
		if o.Monotone {
			sigma = min(sigma, players[i].Sigma)
		}
		out[i].Sigma = sigma
	}
	if o.Monotone {
		keepFirstsUp(omegas, ranks, ranks[order[0]])
	}
	for i := range out {
		out[i].Mu = players[i].Mu + omegas[i]
	}
	return out
}

// keepFirstsUp takes the loss of players sharing first place (the paper
// lowers one who ties with weaker players) out of the gains of the others
// who share it, so that the game stays as zero-sum as the paper's update;
// when the first places lose overall (everyone tied), none of them moves.
func keepFirstsUp(omegas []float64, ranks []int, first int) {
	gain, loss := 0.0, 0.0
	for i, w := range omegas {
		if ranks[i] != first {
			continue
		}
		if w > 0 {
			gain += w
		} else {
			loss -= w
		}
	}
	if loss == 0 {
		return
	}
	scale := 0.0
	if gain > loss {
		scale = (gain - loss) / gain
	}
	for i, w := range omegas {
		if ranks[i] == first {
			omegas[i] = max(w, 0) * scale
		}
	}
}
