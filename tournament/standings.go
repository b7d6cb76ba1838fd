package tournament

import (
	"cmp"
	"math/rand/v2"
	"slices"
)

// Points is what position r (1 = best, a tied group's mean position) at a
// table of s seats is worth in a tournament of table size size.
func Points(size, s int, r float64) float64 {
	if s < 2 {
		return float64(size-1) / 2
	}
	return float64(size-1) * (float64(s) - r) / float64(s-1)
}

// ByePoints is what sitting a round out is worth: a table's mean.
func ByePoints(size int) float64 { return float64(size-1) / 2 }

// seatPoints is every seat's points at a finished table: tied seats share
// the mean of the positions they cover.
func seatPoints(size int, res *Result) []float64 {
	s := len(res.Ranks)
	out := make([]float64, s)
	for i, r := range res.Ranks {
		tied := 0
		for _, o := range res.Ranks {
			if o == r {
				tied++
			}
		}
		mean := float64(r) + float64(tied-1)/2 // positions r … r+tied−1
		out[i] = Points(size, s, mean)
	}
	return out
}

// Standing is one player's line in the standings.
type Standing struct {
	Player   int     // index into Tournament.Players
	Rank     int     // 1 = best; shared when every key but the seed order ties
	Points   float64 // tournament points
	Opponent float64 // sum of opponents' points, one term per meeting
	Relative float64 // game score minus the table's mean, summed
	Head     int     // head-to-head among the players tied on the keys above
	Played   int     // finished games (byes not counted)
	Byes     int
	Reached  int // knockout: rounds reached (1 = the first)
	Dropped  bool
}

// Standings ranks every player (dropped ones too, marked): see the package
// doc for the keys.
func (t *Tournament) Standings() []Standing {
	n := len(t.Players)
	st := make([]Standing, n)
	for i := range st {
		st[i].Player = i
		st[i].Dropped = t.Players[i].Status == Dropped
	}
	var played []playedGame
	for ri, r := range t.Rounds {
		for _, p := range r.Byes {
			st[p].Points += ByePoints(t.Config.TableSize)
			st[p].Byes++
			st[p].Reached = ri + 1
		}
		for _, tb := range r.Tables {
			for _, p := range tb.Seats {
				st[p].Reached = ri + 1
			}
			if tb.Result == nil {
				continue
			}
			g := playedGame{seats: tb.Seats, pts: seatPoints(t.Config.TableSize, tb.Result), res: tb.Result}
			played = append(played, g)
			mean := 0.0
			for _, sc := range tb.Result.Scores {
				mean += sc
			}
			mean /= float64(len(tb.Seats))
			for i, p := range tb.Seats {
				st[p].Points += g.pts[i]
				st[p].Played++
				st[p].Relative += tb.Result.Scores[i] - mean
			}
		}
	}
	for _, g := range played {
		for i, p := range g.seats {
			for j, o := range g.seats {
				if i != j {
					st[p].Opponent += st[o].Points
				}
			}
		}
	}
	knockout := t.Config.Format == Knockout
	primary := func(a, b Standing) int {
		if knockout {
			if c := cmp.Compare(b.Reached, a.Reached); c != 0 {
				return c
			}
			if c := cmp.Compare(lastRank(t, a.Player), lastRank(t, b.Player)); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Opponent, a.Opponent); c != 0 {
			return c
		}
		return cmp.Compare(b.Relative, a.Relative)
	}
	order := t.seedOrder()
	slices.SortFunc(st, func(a, b Standing) int {
		if c := primary(a, b); c != 0 {
			return c
		}
		return cmp.Compare(order[a.Player], order[b.Player])
	})
	// Head-to-head inside each group tied on the primary keys.
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && primary(st[lo], st[hi]) == 0 {
			hi++
		}
		if hi-lo > 1 {
			group := map[int]bool{}
			for _, s := range st[lo:hi] {
				group[s.Player] = true
			}
			for k := lo; k < hi; k++ {
				st[k].Head = headToHead(st[k].Player, group, played)
			}
			slices.SortStableFunc(st[lo:hi], func(a, b Standing) int { return cmp.Compare(b.Head, a.Head) })
		}
		lo = hi
	}
	for k := range st {
		if k > 0 && primary(st[k-1], st[k]) == 0 && st[k-1].Head == st[k].Head {
			st[k].Rank = st[k-1].Rank
		} else {
			st[k].Rank = k + 1
		}
	}
	return st
}

// playedGame is a finished table: its seats, their points and result.
type playedGame struct {
	seats []int
	pts   []float64
	res   *Result
}

// headToHead is p's balance against the other players of group at every
// table they shared: +1 per one finished behind p, −1 per one ahead.
func headToHead(p int, group map[int]bool, games []playedGame) int {
	h := 0
	for _, g := range games {
		me := slices.Index(g.seats, p)
		if me < 0 {
			continue
		}
		for j, o := range g.seats {
			if o == p || !group[o] {
				continue
			}
			switch {
			case g.res.Ranks[me] < g.res.Ranks[j]:
				h++
			case g.res.Ranks[me] > g.res.Ranks[j]:
				h--
			}
		}
	}
	return h
}

// lastRank is p's rank at the last table it played (knockout standings:
// among those out in the same round, the better placed first); a bye or no
// result counts as after every rank.
func lastRank(t *Tournament, p int) int {
	for r := len(t.Rounds) - 1; r >= 0; r-- {
		for _, tb := range t.Rounds[r].Tables {
			if i := slices.Index(tb.Seats, p); i >= 0 {
				if tb.Result == nil {
					return MaxTableSize + 1
				}
				return tb.Result.Ranks[i]
			}
		}
		if slices.Contains(t.Rounds[r].Byes, p) {
			return 0
		}
	}
	return MaxTableSize + 1
}

// seedOrder is every player's place in the sign-up order shuffled by the
// seed: the last key of every ordering, so nothing depends on map order or
// on chance.
func (t *Tournament) seedOrder() []int {
	perm := rand.New(rand.NewPCG(t.Config.Seed, 0x7a11e5)).Perm(len(t.Players))
	order := make([]int, len(t.Players))
	for pos, p := range perm {
		order[p] = pos
	}
	return order
}
