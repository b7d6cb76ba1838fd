package games

import "slices"

// RankByValues ranks seats 0…len(values)-1 by value, highest first, as
// standings: equal values share a rank (1, 1, 3) and keep seat order;
// each Score is its value divided by scale (values kept in finer units
// than the printed score, such as tenths).
func RankByValues(values []int, scale int) []Standing {
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return values[b] - values[a] })
	out := make([]Standing, len(order))
	for i, seat := range order {
		rank := i + 1
		if i > 0 && values[seat] == values[order[i-1]] {
			rank = out[i-1].Rank
		}
		out[i] = Standing{Seat: seat, Rank: rank, Score: values[seat] / scale}
	}
	return out
}
