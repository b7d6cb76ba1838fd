// Package search is the bot that plays every game by thinking ahead: at a
// decision it samples worlds its seat cannot tell apart from the real one
// and chooses the option whose playouts end best for it. It works through
// the rules contract alone (games.State, games.Redealer, games.Policy), so
// a game needs nothing but a Redeal and a fast heuristic policy to get it.
//
// The method is determinized Monte Carlo search with UCB1 at the root
// (single-observer information-set MCTS cut to one level): each iteration
// re-deals the hidden parts from the seat's view (Redeal), picks one of the
// seat's options by UCB1 over the statistics gathered across all sampled
// worlds, plays the game out with the game's heuristic policy for every
// seat, and scores the end by the standings (rank first, then the score
// margin). One level is deliberate: the heuristic playouts carry the game
// knowledge, the budgets are hundreds of playouts, and a deeper tree over
// sampled worlds would spread them thin and fuse strategies across worlds
// a seat cannot tell apart. Multi-step turns need no tree either, since
// every step is a decision of its own and is searched when it comes.
//
// A budget may ask for paired comparison instead of UCB1 (Budget.Paired):
// a few candidates, the heuristic's best (Ranker), are each played out in
// every sampled world from the same seed, so the luck of the deal falls
// out of their differences and tens of worlds decide what hundreds of
// independent playouts could not.
//
// The heuristic's own answer is searched first and stays unless another
// option's playouts beat it beyond their noise (keepHeuristic): with tens
// of playouts a decision, the most visited option is otherwise as often
// luck as skill, and the bot would play worse than its heuristic. A game
// whose heuristic can think longer than a playout move may (Rooted) gives
// that slower answer as the one to beat; one whose playouts may take a
// cheaper policy than its bots (Playouter) gives that one.
//
// What the games bring is handled by the contract: secret and
// simultaneous decisions of other seats not yet revealed are re-dealt by
// Redeal and answered in the playouts by the heuristic (pending prompts
// in an order drawn from the search's own RNG); chance is re-seeded by
// every Redeal; option trees are flat Options (Path only presents them);
// a solo game's opponent lives in the state and ranks as a rival
// (games.Rivaled). The real state is read for the seat's own prompts
// only; every world comes from Redeal(seat, …), and Redeal deals from a
// canonical order (games.Reshuffle), so the bot's decision can depend on
// nothing its seat cannot see.
package search

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Estimator is implemented by states that can forecast the standings of a
// game still running (a game-specific evaluation), so a playout may stop
// after Budget.Depth moves. Without it playouts run to the end.
type Estimator interface {
	// Estimate is the standings (and rivals, as games.Rivaled gives
	// them) the game would likely end with; ok=false: no forecast here
	// (a position it cannot judge), the playout asks again after its
	// next move, and plays on to the end if none comes.
	Estimate() (standings []games.Standing, rivals []games.Rival, ok bool)
}

// Rooted is implemented by games whose heuristic can think longer than a
// playout move may: the search starts from its answer (arm 0, kept unless
// playouts find better beyond their noise) while playouts use the game's
// fast policy.
type Rooted interface {
	RootPolicy() games.Policy
}

// Playouter is implemented by games whose playouts may use another
// policy than the one their bots play by (a cheaper one, so that a
// search plays out more worlds in the same time).
type Playouter interface {
	PlayoutPolicy() games.Policy
}

// Unlabeller is implemented by states that can leave out of the prompts
// they build what only people read (prompt texts, option labels): the
// search unlabels every world it plays out, since none is ever shown,
// and a game's policy decides by option ids alone, so no decision
// changes. In Sorcerer City the labels (tiles and sides in words) were
// most of a playout move's cost.
type Unlabeller interface {
	Unlabel()
}

// Ranker is implemented by rollout policies that can order a seat's
// options best first, as they weigh them: paired search (Budget.Paired)
// compares the best few. The first is the policy's own choice for the
// same state, seat and seed.
type Ranker interface {
	Rank(st games.State, seat int, seed uint64) []string
}

// Budget bounds one decision's search. Iterations make it deterministic:
// the same state, seat, seed and Iterations give the same move.
type Budget struct {
	// Iterations is the most sampled worlds played out.
	Iterations int
	// Moves, if set, also stops the search once its playouts have made
	// this many moves in all: a count that follows the CPU time a
	// decision takes (a move's cost is about constant within a game,
	// while a playout's length shrinks as the game nears its end) and
	// keeps the search deterministic.
	Moves int
	// Depth bounds a playout's moves before an Estimator's forecast is
	// taken (at the first move from Depth on where it gives one); 0
	// means no bound. States without an Estimator play on to
	// the end, or until the playout has made Moves moves (or
	// playoutLimit), and are then scored by their current standings.
	Depth int
	// Paired, if set, searches by paired comparison instead of UCB1:
	// this many candidates (the heuristic's answer, then its next best
	// where the policy ranks options: Ranker) are each played out in
	// every sampled world from the same seed, and another candidate
	// replaces the heuristic's answer only if its rewards beat the
	// answer's, world by world, beyond keepHeuristic standard errors of
	// those differences. Sharing worlds and seeds takes the luck of the
	// deal out of the comparison, so tens of worlds tell apart options
	// that hundreds of independent playouts could not.
	Paired int
	// MaxTime, if set, stops the search early on a slow machine; the
	// decision is then no longer reproducible, so tests leave it zero.
	MaxTime time.Duration
	// Solo, if set, is the budget of a game with one seat (against the
	// game's own opponent): its playouts may cost another share of CPU a
	// move (Playouter), and it may need another kind of search.
	Solo *Budget
}

// playoutLimit bounds a playout far beyond any real game, so a rules bug
// that loops can never hang a bot.
const playoutLimit = 20000

// exploration is UCB1's constant for rewards in [0, 1].
const exploration = 0.7

// rankWeight is the share of the reward the rank earns; the score margin
// earns the rest, so margin breaks ties between equal ranks and pushes
// towards the stronger win.
const rankWeight = 0.75

// Searcher is a games.Policy that searches; see the package comment.
type Searcher struct {
	rollout games.Policy
	root    games.Policy // the answer searched first: Rooted's, else rollout
	budget  Budget
}

var _ games.Policy = (*Searcher)(nil)

// New is the search for g's states with budget, playing out with the
// game's own heuristic policy (games.PolicyOf).
func New(g games.Game, budget Budget) *Searcher {
	s := &Searcher{rollout: games.PolicyOf(g), budget: budget}
	s.root = s.rollout
	if r, ok := g.(Rooted); ok {
		s.root = r.RootPolicy()
	}
	if p, ok := g.(Playouter); ok {
		s.rollout = p.PlayoutPolicy()
	}
	return s
}

// arm is one root option's statistics.
type arm struct {
	id     string
	visits int
	rank   float64 // summed rank terms in [0, 1]
	margin float64 // summed score margins
}

// Choose answers seat's pending decision. The real state is used only
// for seat's own prompts and to re-deal worlds from seat's view; every
// playout runs on a re-dealt copy. A seat with one option answers at once.
func (s *Searcher) Choose(st games.State, seat int, seed uint64) (string, bool) {
	return s.ChooseYielding(st, seat, seed, nil)
}

// ChooseYielding is Choose calling yield before every playout move, where
// the search may stop for more urgent work (bots.Thinker waits there
// while people's moves are handled): yield blocks as long as it must and
// returns how long it waited, which the wall-time cap (Budget.MaxTime)
// does not count. Waiting changes nothing the search computes, so the
// decision is Choose's for the same seed and budget; yield may be nil.
func (s *Searcher) ChooseYielding(st games.State, seat int, seed uint64, yield func() time.Duration) (string, bool) {
	options := ownOptions(st.Pending(), seat)
	switch {
	case len(options) == 0:
		return "", false
	case len(options) == 1:
		return options[0], true
	}
	if s.budget.Solo != nil && len(st.Standings()) == 1 {
		solo := *s
		solo.budget = *s.budget.Solo
		s = &solo
	}
	rd, ok := st.(games.Redealer)
	if !ok || s.budget.Iterations <= 0 {
		return s.root.Choose(st, seat, seed)
	}
	if s.budget.Paired > 0 {
		return s.choosePaired(st, rd, seat, options, seed, yield)
	}
	rng := games.NewRNG(seed)
	y := &yielder{yield: yield}
	deadline := s.deadline()
	var arms []arm
	var spread moments
	heuristic := false // arm 0 is the heuristic's answer
	lo, hi := math.Inf(1), math.Inf(-1)
	total, moves := 0, 0
	for it := 0; it < s.budget.Iterations; it++ {
		y.pause()
		if it > 0 && s.spent(moves, deadline, y) {
			break
		}
		world, err := rd.Redeal(seat, rng)
		if err != nil {
			break
		}
		if u, ok := world.(Unlabeller); ok {
			u.Unlabel()
		}
		if arms == nil {
			// The heuristic's answer in the first world is the first
			// candidate (arm 0), the one kept unless search finds better.
			id, _ := s.root.Choose(world, seat, rng.Uint64())
			arms = candidates(options, id, max(2, s.budget.Iterations/minVisits), rng)
			heuristic = arms[0].id == id
		}
		i := 0 // the first playout tries the heuristic's answer
		if it > 0 {
			i = pick(arms, total, lo, hi, rng)
		}
		a := &arms[i]
		rank, margin, n, err := s.playout(world, seat, a.id, rng, y)
		moves += n
		if it == 0 && s.budget.Moves > 0 {
			// The first playout's length tells how many worlds the
			// move budget allows: keep the candidates it can tell apart.
			worlds := min(s.budget.Iterations, s.budget.Moves/max(1, n))
			arms = arms[:min(len(arms), max(2, worlds/minVisits))]
			a = &arms[0]
		}
		if err != nil {
			continue // this world refuses the option: sample another
		}
		a.visits++
		a.rank += rank
		a.margin += margin
		spread.add(rank, margin)
		lo, hi = min(lo, margin), max(hi, margin)
		total++
	}
	if total == 0 {
		return s.root.Choose(st, seat, seed)
	}
	b := best(arms, lo, hi)
	if heuristic && b != 0 && !clearlyBetter(&arms[b], &arms[0], &spread, lo, hi) {
		// A few noisy playouts must not overrule the heuristic: its
		// answer stays unless another is better beyond the noise.
		b = 0
	}
	return arms[b].id, true
}

// deadline is when the wall-time cap stops a search begun now; zero
// without a cap.
func (s *Searcher) deadline() time.Time {
	if s.budget.MaxTime > 0 {
		return time.Now().Add(s.budget.MaxTime)
	}
	return time.Time{}
}

// spent reports a search that has made its budget's moves, or outrun
// its deadline (the time yield waited not counted).
func (s *Searcher) spent(moves int, deadline time.Time, y *yielder) bool {
	return s.budget.Moves > 0 && moves >= s.budget.Moves || !deadline.IsZero() && time.Now().After(deadline.Add(y.waited))
}

// keepHeuristic is how many standard errors an option's mean reward must
// exceed the heuristic's answer by to be played instead: two, since the
// option compared is the best of several, each with its own luck.
// Measured: with the margin of UCB1's robust choice alone, Dungeon
// Designer's normal bot lost to Jael more often than its heuristic did,
// and Sorcerer City's normal bot fell in solo games its heuristic survived:
// tens of playouts per decision pick noise as often as a better move.
const keepHeuristic = 2.0

// moments gathers the sums of the playouts' rank terms and margins, to
// tell the spread of their rewards.
type moments struct {
	n                            float64
	rank, margin                 float64
	rank2, margin2, rankByMargin float64
}

func (m *moments) add(rank, margin float64) {
	m.n++
	m.rank += rank
	m.margin += margin
	m.rank2 += rank * rank
	m.margin2 += margin * margin
	m.rankByMargin += rank * margin
}

// variance is the variance of one playout's reward (as arm.mean weighs
// rank and the margin scaled by lo and hi), over every playout of the
// search: pooled, since single options get too few playouts to tell
// their own.
func (m *moments) variance(lo, hi float64) float64 {
	if m.n < 2 {
		return 0
	}
	a, b := rankWeight, 0.0
	if hi > lo {
		b = (1 - rankWeight) / (hi - lo)
	}
	vr := m.rank2/m.n - (m.rank/m.n)*(m.rank/m.n)
	vm := m.margin2/m.n - (m.margin/m.n)*(m.margin/m.n)
	c := m.rankByMargin/m.n - (m.rank/m.n)*(m.margin/m.n)
	return max(0, a*a*vr+b*b*vm+2*a*b*c)
}

// clearlyBetter reports whether arm a's mean reward exceeds base's by
// more than keepHeuristic standard errors of the difference.
func clearlyBetter(a, base *arm, spread *moments, lo, hi float64) bool {
	if base.visits == 0 {
		return true
	}
	if a.visits == 0 {
		return false
	}
	se := math.Sqrt(spread.variance(lo, hi) * (1/float64(a.visits) + 1/float64(base.visits)))
	return a.mean(lo, hi)-base.mean(lo, hi) > keepHeuristic*se
}

// minVisits is how many playouts each candidate should get at least: with
// more options than the budget allows for, only the heuristic's answer
// and a sample of the others are searched, since options tried once or
// twice would be chosen by the noise of their playouts.
const minVisits = 8

// candidates are the options searched: the heuristic's answer first (if it
// is one of them), then the others in an order drawn from rng, at most n.
func candidates(options []string, heuristic string, n int, rng *games.RNG) []arm {
	order := make([]string, 0, len(options))
	for _, id := range options {
		if id != heuristic {
			order = append(order, id)
		}
	}
	games.Shuffle(rng, order)
	if len(order) < len(options) {
		order = append([]string{heuristic}, order...)
	}
	arms := make([]arm, min(n, len(order)))
	for i := range arms {
		arms[i].id = order[i]
	}
	return arms
}

// ownOptions are the ids of every option of seat's pending prompts.
func ownOptions(pending []games.Prompt, seat int) []string {
	var ids []string
	for _, p := range games.SeatPrompts(pending, seat) {
		for _, o := range p.Options {
			ids = append(ids, o.ID)
		}
	}
	return ids
}

// mean is an arm's mean reward, its margins scaled into [0, 1] by the
// lowest and highest margin seen in this search.
func (a *arm) mean(lo, hi float64) float64 {
	if a.visits == 0 {
		return 0
	}
	n := float64(a.visits)
	m := 0.5
	if hi > lo {
		m = (a.margin/n - lo) / (hi - lo)
	}
	return rankWeight*a.rank/n + (1-rankWeight)*m
}

// pick is the arm UCB1 plays next: every arm once, in an order drawn from
// rng, then the best upper confidence bound.
func pick(arms []arm, total int, lo, hi float64, rng *games.RNG) int {
	var fresh []int
	for i := range arms {
		if arms[i].visits == 0 {
			fresh = append(fresh, i)
		}
	}
	if len(fresh) > 0 {
		return fresh[rng.IntN(len(fresh))]
	}
	logN := math.Log(float64(total))
	bestI, bestU := 0, math.Inf(-1)
	for i := range arms {
		u := arms[i].mean(lo, hi) + exploration*math.Sqrt(logN/float64(arms[i].visits))
		if u > bestU {
			bestI, bestU = i, u
		}
	}
	return bestI
}

// best is the arm to play: the most visited (UCB1's robust choice), the
// higher mean among equals, and the heuristic's own answer (arm 0) where
// the search found nothing better.
func best(arms []arm, lo, hi float64) int {
	b := 0
	for i := range arms {
		switch {
		case arms[i].visits > arms[b].visits:
			b = i
		case arms[i].visits == arms[b].visits && arms[i].mean(lo, hi) > arms[b].mean(lo, hi):
			b = i
		}
	}
	return b
}

// yielder calls a search's yield (ChooseYielding) and sums its waits.
type yielder struct {
	yield  func() time.Duration
	waited time.Duration
}

// pause lets more urgent work go first, if there is a yield.
func (y *yielder) pause() {
	if y.yield != nil {
		y.waited += y.yield()
	}
}

// errPlayout reports a playout that could not be completed.
var errPlayout = errors.New("search: playout stopped")

// playout answers seat's decision with move in world, plays on with the
// rollout policy for every seat and scores the end for seat. It also
// counts the moves it made, pausing before each (y).
func (s *Searcher) playout(world games.State, seat int, move string, rng *games.RNG, y *yielder) (rank, margin float64, moves int, err error) {
	if !games.Legal(world, seat, move) {
		return 0, 0, 0, fmt.Errorf("%w: %q not offered in this world", errPlayout, move)
	}
	if _, err := world.Apply(seat, move); err != nil {
		return 0, 0, 0, fmt.Errorf("%w: %w", errPlayout, err)
	}
	// No playout outruns the decision's whole budget: one cut there is
	// scored by the standings so far. Only a game that cannot forecast
	// plays that far (a solo Sorcerer City game early on), and one such
	// playout spends the budget, so the heuristic's answer stands either
	// way; the cut keeps the decision's cost within its budget. Paired
	// search plays every candidate in a world: each gets its share.
	limit := playoutLimit
	if s.budget.Moves > 0 {
		limit = min(limit, max(1, s.budget.Moves/max(1, s.budget.Paired)))
	}
	depth := s.budget.Depth
	if depth <= 0 || depth > limit {
		depth = limit
	}
	est, estimates := world.(Estimator)
	if !estimates {
		depth = limit
	}
	for ; !world.Over(); moves++ {
		if moves >= limit {
			break
		}
		if moves >= depth {
			if standings, rivals, ok := est.Estimate(); ok {
				r, m := score(standings, rivals, seat)
				return r, m, moves, nil
			}
		}
		y.pause()
		pending := world.Pending()
		if len(pending) == 0 {
			return 0, 0, moves, fmt.Errorf("%w: stall", errPlayout)
		}
		p := pending[rng.IntN(len(pending))]
		id, ok := s.rollout.Choose(world, p.Seat, rng.Uint64())
		if !ok || !games.Legal(world, p.Seat, id) {
			id = p.Options[rng.IntN(len(p.Options))].ID
		}
		if _, err := world.Apply(p.Seat, id); err != nil {
			return 0, 0, moves, fmt.Errorf("%w: %w", errPlayout, err)
		}
	}
	var rivals []games.Rival
	if rv, ok := world.(games.Rivaled); ok {
		rivals = rv.Rivals()
	}
	r, m := score(world.Standings(), rivals, seat)
	return r, m, moves, nil
}

// score is seat's rank term in [0, 1] (1 for first, 0 for last, among
// seats and rivals) and its score margin over the best other competitor
// (its own score when it has none, as in a solo game without a rival).
func score(standings []games.Standing, rivals []games.Rival, seat int) (rank, margin float64) {
	n := len(standings) + len(rivals)
	mine, found := games.Standing{}, false
	best, others := math.Inf(-1), false
	for _, st := range standings {
		if st.Seat == seat {
			mine, found = st, true
			continue
		}
		best, others = max(best, float64(st.Score)), true
	}
	for _, r := range rivals {
		best, others = max(best, float64(r.Score)), true
	}
	if !found {
		return 0, 0
	}
	rank = 1
	if n > 1 {
		rank = float64(n-mine.Rank) / float64(n-1)
	}
	margin = float64(mine.Score)
	if others {
		margin -= best
	}
	return max(0, min(1, rank)), margin
}
