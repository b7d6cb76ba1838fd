package tournament

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// exactLimit is the largest player count cut by exhaustive search.
const exactLimit = 12

// Pair appends the next round: its tables (seats in order) and byes. The
// previous round must be complete. It changes nothing on error.
func (t *Tournament) Pair() error {
	if r := t.Current(); r >= 0 && !t.Rounds[r].Done() {
		return games.Errorf(ErrRoundOpen)
	}
	if t.Finished() {
		return games.Errorf(ErrOver)
	}
	var (
		round Round
		err   error
	)
	switch t.Config.Format {
	case Knockout:
		round, err = t.pairKnockout()
	case RoundRobin:
		round, err = t.pairRoundRobin()
	default:
		round, err = t.pairGroups(t.swissOrder(), true)
	}
	if err != nil {
		return err
	}
	t.Rounds = append(t.Rounds, round)
	return nil
}

// TableSizes splits n players into tables of size (and size−1, or as even
// as possible) never below least; byes is how many must sit out.
func TableSizes(n, size, least int) (sizes []int, byes int) {
	least = max(least, MinTableSize)
	for ; n >= least; n, byes = n-1, byes+1 {
		k := (n + size - 1) / size
		if n/k < least {
			continue
		}
		sizes = make([]int, k)
		for i := range sizes {
			sizes[i] = n / k
			if i < n%k {
				sizes[i]++
			}
		}
		return sizes, byes
	}
	return nil, byes + n
}

// swissOrder is the active players, best first: by rating (then the seed
// order) before round 1, by the standings after.
func (t *Tournament) swissOrder() []int {
	if len(t.Rounds) == 0 {
		return t.ratingOrder()
	}
	var out []int
	for _, s := range t.Standings() {
		if t.Players[s.Player].Status == Active {
			out = append(out, s.Player)
		}
	}
	return out
}

// ratingOrder is the active players by rating, best first, ties (and
// unrated players) in the seed's order.
func (t *Tournament) ratingOrder() []int {
	order := t.seedOrder()
	var out []int
	for i, p := range t.Players {
		if p.Status == Active {
			out = append(out, i)
		}
	}
	slices.SortFunc(out, func(a, b int) int {
		if c := cmp.Compare(t.Players[b].Rating, t.Players[a].Rating); c != 0 {
			return c
		}
		return cmp.Compare(order[a], order[b])
	})
	return out
}

// shuffledActive is the active players in an order drawn from the seed and
// the round: round robin's order, where standings do not matter.
func (t *Tournament) shuffledActive() []int {
	out := t.ratingOrder()
	slices.Sort(out)
	rng := rand.New(rand.NewPCG(t.Config.Seed, uint64(len(t.Rounds))+1))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// pairGroups cuts order into tables (see the package doc), the byes taken
// from the bottom of the order.
func (t *Tournament) pairGroups(order []int, spread bool) (Round, error) {
	sizes, byes := TableSizes(len(order), t.Config.TableSize, t.Config.MinSize)
	if len(sizes) == 0 {
		return Round{}, games.Errorf(ErrTooFew, "min", t.Config.MinSize, "n", len(order))
	}
	order, bye := t.takeByes(order, byes)
	m := t.meetings(order)
	groups := cut(len(order), sizes, m, spread)
	round := Round{Byes: bye}
	seats := t.seatCounts()
	for _, g := range groups {
		players := make([]int, len(g))
		for i, pos := range g {
			players[i] = order[pos]
		}
		round.Tables = append(round.Tables, Table{Seats: rotate(players, seats)})
	}
	return round, nil
}

// takeByes removes n players from the bottom of order, those with the
// fewest byes so far first.
func (t *Tournament) takeByes(order []int, n int) (rest, byes []int) {
	if n == 0 {
		return order, nil
	}
	had := make(map[int]int)
	for _, r := range t.Rounds {
		for _, p := range r.Byes {
			had[p]++
		}
	}
	idx := make([]int, len(order))
	for i := range idx {
		idx[i] = len(order) - 1 - i // bottom first
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(had[order[a]], had[order[b]]) })
	out := map[int]bool{}
	for _, i := range idx[:n] {
		out[i] = true
		byes = append(byes, order[i])
	}
	for i, p := range order {
		if !out[i] {
			rest = append(rest, p)
		}
	}
	return rest, byes
}

// meetings counts, for the players of order by position, how often each
// two sat at one table before.
type meetings struct {
	n int
	m []uint8
}

func (m meetings) get(a, b int) int { return int(m.m[a*m.n+b]) }

// cost is what seating a and b together costs: m·(m+1)/2 for m earlier
// meetings.
func (m meetings) cost(a, b int) int {
	x := m.get(a, b)
	return x * (x + 1) / 2
}

func (t *Tournament) meetings(order []int) meetings {
	pos := make(map[int]int, len(order))
	for i, p := range order {
		pos[p] = i
	}
	m := meetings{n: len(order), m: make([]uint8, len(order)*len(order))}
	for _, r := range t.Rounds {
		for _, tb := range r.Tables {
			for i, a := range tb.Seats {
				pa, ok := pos[a]
				if !ok {
					continue
				}
				for _, b := range tb.Seats[i+1:] {
					if pb, ok := pos[b]; ok && m.m[pa*m.n+pb] < 255 {
						m.m[pa*m.n+pb]++
						m.m[pb*m.n+pa]++
					}
				}
			}
		}
	}
	return m
}

// seatCounts is how often each player sat in each seat position.
func (t *Tournament) seatCounts() map[int][]int {
	out := map[int][]int{}
	for _, r := range t.Rounds {
		for _, tb := range r.Tables {
			for i, p := range tb.Seats {
				if out[p] == nil {
					out[p] = make([]int, MaxTableSize)
				}
				out[p][i]++
			}
		}
	}
	return out
}

// rotate orders a table's players into seats: each seat, first to last,
// to the player who sat there least often (then who sat first least
// often, then in the table's order).
func rotate(players []int, counts map[int][]int) []int {
	left := slices.Clone(players)
	out := make([]int, 0, len(players))
	count := func(p, seat int) int {
		if c := counts[p]; c != nil {
			return c[seat]
		}
		return 0
	}
	for seat := range players {
		best := 0
		for i := 1; i < len(left); i++ {
			a, b := left[i], left[best]
			if c := cmp.Or(cmp.Compare(count(a, seat), count(b, seat)), cmp.Compare(count(a, 0), count(b, 0))); c < 0 {
				best = i
			}
		}
		out = append(out, left[best])
		left = slices.Delete(left, best, best+1)
	}
	return out
}

// cost of a cut: the repeat cost first, the spread second.
type cost struct{ repeat, spread int }

func (c cost) less(o cost) bool {
	return c.repeat < o.repeat || c.repeat == o.repeat && c.spread < o.spread
}

func (c cost) plus(o cost) cost { return cost{c.repeat + o.repeat, c.spread + o.spread} }

// tableCost is one table's cost; positions are places in the order.
func tableCost(g []int, m meetings, spread bool) cost {
	var c cost
	lo, hi := g[0], g[0]
	for i, a := range g {
		lo, hi = min(lo, a), max(hi, a)
		for _, b := range g[i+1:] {
			c.repeat += m.cost(a, b)
		}
	}
	if spread {
		c.spread = hi - lo
	}
	return c
}

// CutCost is the total (repeat cost, spread) of groups of positions.
func cutCost(groups [][]int, m meetings, spread bool) cost {
	var c cost
	for _, g := range groups {
		c = c.plus(tableCost(g, m, spread))
	}
	return c
}

// cut splits positions 0…n−1 into tables of sizes (see the package doc).
func cut(n int, sizes []int, m meetings, spread bool) [][]int {
	sizes = slices.Clone(sizes)
	slices.SortFunc(sizes, func(a, b int) int { return cmp.Compare(b, a) })
	if n <= exactLimit {
		return exactCut(n, sizes, m, spread)
	}
	groups := greedyCut(n, sizes, m)
	improve(groups, m, spread)
	return groups
}

// exactCut searches every partition (branch and bound; the first best in
// enumeration order wins ties).
func exactCut(n int, sizes []int, m meetings, spread bool) [][]int {
	left := map[int]int{}
	var kinds []int
	for _, s := range sizes {
		if left[s] == 0 {
			kinds = append(kinds, s)
		}
		left[s]++
	}
	used := make([]bool, n)
	var (
		cur, best [][]int
		bestCost  = cost{repeat: int(^uint(0) >> 1)}
		found     bool
	)
	var place func(c cost)
	var fill func(g []int, size, from int, c cost)
	place = func(c cost) {
		if found && !c.less(bestCost) {
			return
		}
		first := slices.Index(used, false)
		if first < 0 {
			best, bestCost, found = cloneGroups(cur), c, true
			return
		}
		for _, s := range kinds {
			if left[s] == 0 {
				continue
			}
			left[s]--
			used[first] = true
			fill([]int{first}, s, first+1, c)
			used[first] = false
			left[s]++
		}
	}
	fill = func(g []int, size, from int, c cost) {
		if len(g) == size {
			cur = append(cur, slices.Clone(g))
			place(c.plus(tableCost(g, m, spread)))
			cur = cur[:len(cur)-1]
			return
		}
		for p := from; p < n; p++ {
			if used[p] || n-p < size-len(g) {
				continue
			}
			used[p] = true
			fill(append(g, p), size, p+1, c)
			used[p] = false
		}
	}
	place(cost{})
	return best
}

func cloneGroups(gs [][]int) [][]int {
	out := make([][]int, len(gs))
	for i, g := range gs {
		out[i] = slices.Clone(g)
	}
	return out
}

// greedyCut opens each table with the best unseated position and fills it
// from the next few the one adding the least repeat cost.
func greedyCut(n int, sizes []int, m meetings) [][]int {
	free := make([]int, n)
	for i := range free {
		free[i] = i
	}
	groups := make([][]int, 0, len(sizes))
	for _, s := range sizes {
		g := []int{free[0]}
		free = free[1:]
		for len(g) < s {
			window := min(len(free), 3*s)
			best, bestAdd := 0, -1
			for i := range window {
				add := 0
				for _, a := range g {
					add += m.cost(a, free[i])
				}
				if bestAdd < 0 || add < bestAdd {
					best, bestAdd = i, add
				}
			}
			g = append(g, free[best])
			free = slices.Delete(free, best, best+1)
		}
		groups = append(groups, g)
	}
	return groups
}

// improve swaps two players of two tables while that lowers the cost,
// within bounded passes (see the package doc).
func improve(groups [][]int, m meetings, spread bool) {
	const passes, near, allPairs = 32, 8, 64
	costs := make([]cost, len(groups))
	for i, g := range groups {
		costs[i] = tableCost(g, m, spread)
	}
	for range passes {
		better := false
		for i := range groups {
			for j := i + 1; j < len(groups); j++ {
				if len(groups) > allPairs && j-i > near && costs[i].repeat == 0 && costs[j].repeat == 0 {
					continue
				}
				if trySwaps(groups, costs, i, j, m, spread) {
					better = true
				}
			}
		}
		if !better {
			return
		}
	}
}

// trySwaps makes the best improving swap between tables i and j, if any.
func trySwaps(groups [][]int, costs []cost, i, j int, m meetings, spread bool) bool {
	a, b := groups[i], groups[j]
	was := costs[i].plus(costs[j])
	bi, bj := -1, -1
	var best, bestA, bestB cost
	for x := range a {
		for y := range b {
			a[x], b[y] = b[y], a[x]
			ca, cb := tableCost(a, m, spread), tableCost(b, m, spread)
			a[x], b[y] = b[y], a[x]
			if now := ca.plus(cb); now.less(was) && (bi < 0 || now.less(best)) {
				bi, bj, best, bestA, bestB = x, y, now, ca, cb
			}
		}
	}
	if bi < 0 {
		return false
	}
	a[bi], b[bj] = b[bj], a[bi]
	slices.Sort(a)
	slices.Sort(b)
	costs[i], costs[j] = bestA, bestB
	return true
}

// advancing is who goes on after the last knockout round: the top
// Advance of every table (ties by game score, then the seed order) and the
// byes, active players only.
func (t *Tournament) advancing() []int {
	r := t.Current()
	if r < 0 {
		return nil
	}
	order := t.seedOrder()
	var out []int
	for _, p := range t.Rounds[r].Byes {
		if t.Players[p].Status == Active {
			out = append(out, p)
		}
	}
	for _, tb := range t.Rounds[r].Tables {
		if tb.Result == nil {
			continue
		}
		idx := make([]int, len(tb.Seats))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(x, y int) int {
			return cmp.Or(cmp.Compare(tb.Result.Ranks[x], tb.Result.Ranks[y]),
				cmp.Compare(tb.Result.Scores[y], tb.Result.Scores[x]),
				cmp.Compare(order[tb.Seats[x]], order[tb.Seats[y]]))
		})
		taken := 0
		for _, i := range idx {
			if p := tb.Seats[i]; taken < t.Config.Advance && t.Players[p].Status == Active {
				out = append(out, p)
				taken++
			}
		}
	}
	return out
}

// pairKnockout seeds round 1 like swiss and later rounds from who
// advanced, by the standings, dealt over the tables in a snake; at most a
// table's worth left play the final.
func (t *Tournament) pairKnockout() (Round, error) {
	var order []int
	if len(t.Rounds) == 0 {
		order = t.ratingOrder()
	} else {
		going := map[int]bool{}
		for _, p := range t.advancing() {
			going[p] = true
		}
		for _, s := range t.Standings() {
			if going[s.Player] {
				order = append(order, s.Player)
			}
		}
	}
	if len(order) <= t.Config.TableSize && len(order) >= t.Config.MinSize {
		return Round{Tables: []Table{{Seats: rotate(order, t.seatCounts())}}}, nil
	}
	// Every table seats more than advance, so the field shrinks.
	sizes, byes := TableSizes(len(order), t.Config.TableSize, max(t.Config.MinSize, t.Config.Advance+1))
	if len(sizes) == 0 {
		return Round{}, games.Errorf(ErrTooFew, "min", t.Config.MinSize, "n", len(order))
	}
	// Byes go to the best seeds in a knockout: they advance unplayed.
	round := Round{Byes: slices.Clone(order[:byes])}
	order = order[byes:]
	tables := make([][]int, len(sizes))
	k, dir := 0, 1
	for _, p := range order {
		for len(tables[k]) == sizes[k] {
			k, dir = snakeNext(k, dir, len(sizes))
		}
		tables[k] = append(tables[k], p)
		k, dir = snakeNext(k, dir, len(sizes))
	}
	seats := t.seatCounts()
	for _, g := range tables {
		round.Tables = append(round.Tables, Table{Seats: rotate(g, seats)})
	}
	return round, nil
}

// snakeNext walks 0 … k−1, k−1 … 0, 0 … .
func snakeNext(i, dir, k int) (int, int) {
	if i+dir < 0 || i+dir >= k {
		return i, -dir
	}
	return i + dir, dir
}
