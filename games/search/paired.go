package search

import (
	"math"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// choosePaired is ChooseYielding's search by paired comparison
// (Budget.Paired): every sampled world plays out each candidate from
// the same seed, and the heuristic's answer (candidate 0) stays unless
// another one's rewards beat it, world by world, clearly.
func (s *Searcher) choosePaired(st games.State, rd games.Redealer, seat int, options []string, seed uint64, yield func() time.Duration) (string, bool) {
	rng := games.NewRNG(seed)
	y := &yielder{yield: yield}
	deadline := s.deadline()
	var ids []string
	heuristic := false // ids[0] is the heuristic's answer
	var rows [][]outcome
	lo, hi := math.Inf(1), math.Inf(-1)
	moves := 0
	for w := 0; w < s.budget.Iterations; w++ {
		y.pause()
		if w > 0 && s.spent(moves, deadline, y) {
			break
		}
		worldSeed, playSeed := rng.Uint64(), rng.Uint64()
		if ids == nil {
			world, err := s.world(rd, seat, worldSeed)
			if err != nil {
				break
			}
			ids, heuristic = s.pairedCandidates(world, seat, options, rng)
			if len(ids) == 1 && heuristic {
				// A ranking of the answer alone (where the game's
				// forecast cannot judge) leaves nothing to compare.
				return ids[0], true
			}
		}
		row := make([]outcome, len(ids))
		for i, id := range ids {
			world, err := s.world(rd, seat, worldSeed)
			if err == nil {
				var n int
				row[i].rank, row[i].margin, n, err = s.playout(world, seat, id, games.NewRNG(playSeed), y)
				moves += n
			}
			if err != nil {
				row = nil // a world that refuses a candidate compares none
				break
			}
		}
		if row == nil {
			continue
		}
		for _, o := range row {
			lo, hi = min(lo, o.margin), max(hi, o.margin)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 || len(ids) == 0 {
		return s.root.Choose(st, seat, seed)
	}
	reward := func(o outcome) float64 {
		m := 0.5
		if hi > lo {
			m = (o.margin - lo) / (hi - lo)
		}
		return rankWeight*o.rank + (1-rankWeight)*m
	}
	means := make([]float64, len(ids))
	for _, row := range rows {
		for i, o := range row {
			means[i] += reward(o) / float64(len(rows))
		}
	}
	b := 0
	for i := range ids {
		if means[i] > means[b] {
			b = i
		}
	}
	if heuristic && b != 0 && !pairedBetter(rows, b, reward) {
		b = 0
	}
	return ids[b], true
}

// pairedBetter reports whether candidate b's rewards exceed candidate
// 0's, world by world, by more than keepHeuristic standard errors of the
// mean difference.
func pairedBetter(rows [][]outcome, b int, reward func(outcome) float64) bool {
	n := float64(len(rows))
	if n < 2 {
		return false
	}
	var sum, sum2 float64
	for _, row := range rows {
		d := reward(row[b]) - reward(row[0])
		sum += d
		sum2 += d * d
	}
	mean := sum / n
	variance := max(0, sum2/n-mean*mean) * n / (n - 1)
	return mean > keepHeuristic*math.Sqrt(variance/n)
}

// outcome is one playout's rank term and score margin.
type outcome struct{ rank, margin float64 }

// world is the world seat's view deals from worldSeed, unlabelled: the
// same seed deals the same world, so every candidate meets the same one.
func (s *Searcher) world(rd games.Redealer, seat int, worldSeed uint64) (games.State, error) {
	world, err := rd.Redeal(seat, games.NewRNG(worldSeed))
	if err != nil {
		return nil, err
	}
	if u, ok := world.(Unlabeller); ok {
		u.Unlabel()
	}
	return world, nil
}

// pairedCandidates are the options paired search compares: the
// heuristic's answer in world first (heuristic reports it is one of
// options), then the next best by the policy's Ranker, or a sample drawn
// from rng without one; Budget.Paired in all.
func (s *Searcher) pairedCandidates(world games.State, seat int, options []string, rng *games.RNG) (ids []string, heuristic bool) {
	policySeed := rng.Uint64()
	r, ranks := s.root.(Ranker)
	if !ranks {
		first, _ := s.root.Choose(world, seat, policySeed)
		arms := candidates(options, first, s.budget.Paired, rng)
		for _, a := range arms {
			ids = append(ids, a.id)
		}
		return ids, len(ids) > 0 && ids[0] == first
	}
	// A Ranker's first is the policy's own choice: no second Choose.
	ranked := r.Rank(world, seat, policySeed)
	if len(ranked) == 0 {
		return nil, false
	}
	first := ranked[0]
	offered := map[string]bool{}
	for _, id := range options {
		offered[id] = true
	}
	for _, id := range ranked {
		if offered[id] && len(ids) < s.budget.Paired {
			ids = append(ids, id)
			delete(offered, id)
		}
	}
	return ids, len(ids) > 0 && ids[0] == first
}
