package viscounts

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// envInt reads a benchmark's knob from the environment, def when unset.
func envInt(b *testing.B, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		b.Fatalf("%s=%q: %v", name, v, err)
	}
	return n
}

// fitRow is one recorded position: its features and the game's final
// margin (the player's VP less the opponent's).
type fitRow struct {
	f      [numFeatures]float64
	margin float64
}

// gain is what the fit predicts: the final margin less the margin the
// hand-weighed value foresees (the player's value less the opponent's
// score now), so that the fitted value is the hand-weighed one plus the
// weighed features, and a weight the data do not support shrinks to
// leaving the hand-weighed value as it is.
func (r fitRow) gain() float64 { return r.margin - r.f[fHeuristic] }

// playFitGame plays one solo game against opp with the policy looking
// depth decisions ahead, recording the features at each of the player's
// decisions, and returns them with the final margin.
func playFitGame(b *testing.B, g *Game, opp string, seed uint64, depth int) ([]fitRow, int) {
	setup := games.DefaultSetup(g, 1, seed)
	setup.Options[optOpponent] = opp
	st, err := g.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	pol := lookingAhead(depth)
	var rows []fitRow
	for moves := 0; !st.Over(); moves++ {
		s := st.(*State)
		p := st.Pending()[0]
		if s.Phase == phaseTurn && !s.lastRound() {
			sc := s.scores()
			rows = append(rows, fitRow{f: s.features(sc, s.heuristic(0, sc))})
		}
		move, _ := pol.Choose(st, p.Seat, uint64(moves))
		if _, err := st.Apply(p.Seat, move); err != nil {
			b.Fatal(err)
		}
	}
	sc := st.(*State).scores()
	m := sc[0].Total - sc[1].Total
	for i := range rows {
		rows[i].margin = float64(m)
	}
	return rows, m
}

// ridge fits y ≈ w·x by least squares with an L2 penalty lambda on the
// standardised features (all but the bias, which is not penalised), and
// returns the weights on the features as they are.
func ridge(rows []fitRow, lambda float64, raw bool) ([numFeatures]float64, float64) {
	const p = numFeatures
	n := float64(len(rows))
	var mean, sd [p]float64
	for _, r := range rows {
		for j, x := range r.f {
			mean[j] += x / n
		}
	}
	for _, r := range rows {
		for j, x := range r.f {
			sd[j] += (x - mean[j]) * (x - mean[j]) / n
		}
	}
	for j := range sd {
		switch {
		case sd[j] == 0:
		case raw:
			// Penalised in the features' own units: a feature that
			// rarely varies (a third-tier worker) keeps a small weight
			// unless the data insist.
			sd[j] = 1
		default:
			sd[j] = math.Sqrt(sd[j])
		}
	}
	// Standardised design with a column of ones in place of the bias.
	// The hand-weighed margin is what the gain is measured from, not a
	// feature: weighed, it would shrink the hand-weighed value towards
	// its mean (its noise attenuates it), and with it every difference
	// between the options the policy compares.
	sd[fHeuristic] = 0
	z := func(r fitRow, j int) float64 {
		if j == fBias {
			return 1
		}
		if sd[j] == 0 {
			return 0
		}
		return (r.f[j] - mean[j]) / sd[j]
	}
	var a [p][p + 1]float64
	for _, r := range rows {
		var zr [p]float64
		for j := range p {
			zr[j] = z(r, j)
		}
		for i := range p {
			for j := range p {
				a[i][j] += zr[i] * zr[j]
			}
			a[i][p] += zr[i] * r.gain()
		}
	}
	for j := range p {
		if j != fBias {
			a[j][j] += lambda * n
		}
		if a[j][j] == 0 {
			a[j][j] = 1
		}
	}
	// Gaussian elimination with partial pivoting.
	for c := range p {
		piv := c
		for r := c + 1; r < p; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		a[c], a[piv] = a[piv], a[c]
		for r := range p {
			if r == c || a[r][c] == 0 {
				continue
			}
			k := a[r][c] / a[c][c]
			for j := c; j <= p; j++ {
				a[r][j] -= k * a[c][j]
			}
		}
	}
	var beta, w [p]float64
	for j := range p {
		beta[j] = a[j][p] / a[j][j]
	}
	w[fBias] = beta[fBias]
	for j := range p {
		if j == fBias || sd[j] == 0 {
			continue
		}
		w[j] = beta[j] / sd[j]
		w[fBias] -= beta[j] * mean[j] / sd[j]
	}
	return w, explained(rows, w)
}

// explained is the share of the gains' variance that w explains in rows
// (R²).
func explained(rows []fitRow, w [numFeatures]float64) float64 {
	var ss, res, ym float64
	for _, r := range rows {
		ym += r.gain() / float64(len(rows))
	}
	for _, r := range rows {
		pred := 0.0
		for j, x := range r.f {
			pred += w[j] * x
		}
		ss += (r.gain() - ym) * (r.gain() - ym)
		res += (r.gain() - pred) * (r.gain() - pred)
	}
	return 1 - res/ss
}

// holdOut fits rows without every fifth block of 50 (about a game's
// positions) and returns the R² on the blocks left out.
func holdOut(rows []fitRow, lambda float64, raw bool) float64 {
	var train, test []fitRow
	for i, r := range rows {
		if i/50%5 == 4 {
			test = append(test, r)
		} else {
			train = append(train, r)
		}
	}
	w, _ := ridge(train, lambda, raw)
	return explained(test, w)
}

// BenchmarkFitSoloValue fits the solo value's weights (soloWeights):
// it plays FIT_GAMES solo games against each opponent (seeds FIT_SEED
// on, never the seeds the bots are measured on) with the policy looking
// FIT_DEPTH decisions ahead, as the value stands, records the features
// at each of the player's decisions before the final round with the
// game's final margin, and fits them by ridge regression (FIT_LAMBDA
// thousandths, see fitWeights). It reports the games' wins and mean
// margin (the value it played by, on these seeds) and prints the
// weights as Go source for fitted_weights.go. Its weights are confounded
// with how the games went: against seeds 1001-1200 (root policy) they
// won 15, 11.5, 82 and 14.5% against the Builder, Cleric, Merchant and
// Noble where the hand-weighed value won 34, 21, 92.5 and 22.5%:
//
//	FIT_GAMES=200 FIT_SEED=1001 FIT_LAMBDA=100 go test -run '^$' -bench FitSoloValue -benchtime 1x ./games/viscounts
func BenchmarkFitSoloValue(b *testing.B) {
	g := New()
	n := envInt(b, "FIT_GAMES", 100)
	seed := envInt(b, "FIT_SEED", 1001)
	depth := envInt(b, "FIT_DEPTH", deepLookahead)
	if seed <= 200 {
		b.Fatalf("FIT_SEED=%d: fit on seeds past 200, never on those the bots are measured on", seed)
	}
	var out strings.Builder
	fitHeader(b, &out, fmt.Sprintf("FIT_GAMES=%d FIT_SEED=%d FIT_DEPTH=%d (positions)", n, seed, depth))
	for range b.N {
		for _, o := range g.c.Opponents {
			var rows []fitRow
			wins, margin := 0, 0
			for i := range n {
				r, m := playFitGame(b, g, o.ID, uint64(seed+i), depth)
				rows = append(rows, r...)
				margin += m
				if m > 0 {
					wins++
				}
			}
			b.ReportMetric(100*float64(wins)/float64(max(1, n)), o.ID+"-%won")
			b.ReportMetric(float64(margin)/float64(max(1, n)), o.ID+"-margin")
			fitWeights(b, &out, o.ID, fmt.Sprintf("positions of %d games", n), rows, true)
		}
	}
	fitDone(b, &out)
}

// fitWeights fits rows against opp by ridge regression (FIT_LAMBDA
// thousandths, on standardised features unless FIT_RAW is set), tells
// on stderr how well a fit without every fifth game's positions
// predicts them at five penalties around it, and writes the weights as
// Go source to out. what names the rows; keepBias false drops the
// fitted constant.
func fitWeights(b *testing.B, out *strings.Builder, opp, what string, rows []fitRow, keepBias bool) {
	lambda := float64(envInt(b, "FIT_LAMBDA", 10)) / 1000
	raw := os.Getenv("FIT_RAW") != ""
	if dir := os.Getenv("FIT_ROWS"); dir != "" {
		rows = append(rows, keepRows(b, dir, opp, rows)...)
	}
	for _, l := range []float64{lambda / 10, lambda / 3, lambda, 3 * lambda, 10 * lambda} {
		fmt.Fprintf(os.Stderr, "%s: lambda %g: held-out R² %.4f\n", opp, l, holdOut(rows, l, raw))
	}
	w, r2 := ridge(rows, lambda, raw)
	if !keepBias {
		w[fBias] = 0
	}
	b.ReportMetric(r2, opp+"-R²")
	fmt.Fprintf(out, "\t%q: { // %d %s, R² %.3f\n", opp, len(rows), what, r2)
	for j, x := range w {
		fmt.Fprintf(out, "\t\t%.4f, // %s\n", x, featureNames[j])
	}
	out.WriteString("\t},\n")
}

// fitHeader starts the weights' Go source with the knobs of the run.
func fitHeader(b *testing.B, out *strings.Builder, how string) {
	fmt.Fprintf(out, "// %s FIT_LAMBDA=%d FIT_RAW=%s\n", how, envInt(b, "FIT_LAMBDA", 10), os.Getenv("FIT_RAW"))
	out.WriteString("var soloWeights = map[string][numFeatures]float64{\n")
}

// fitDone ends the weights' Go source and writes it to FIT_OUT, or
// stdout.
func fitDone(b *testing.B, out *strings.Builder) {
	out.WriteString("}\n")
	if path := os.Getenv("FIT_OUT"); path != "" {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		return
	}
	fmt.Print(out.String())
}

// keepRows saves this run's rows against opp in dir (FIT_ROWS) under
// the run's FIT_TAG and returns the rows saved there by earlier runs, so a
// fit may pool the positions of every policy so far.
func keepRows(b *testing.B, dir, opp string, rows []fitRow) []fitRow {
	var old []fitRow
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), opp+"-") {
			continue
		}
		data, err := os.ReadFile(dir + "/" + e.Name())
		if err != nil {
			b.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var r fitRow
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			if len(fields) != numFeatures+1 {
				b.Fatalf("%s: a row of %d fields, want %d", e.Name(), len(fields), numFeatures+1)
			}
			for j, x := range fields {
				v, err := strconv.ParseFloat(x, 64)
				if err != nil {
					b.Fatal(err)
				}
				if j == 0 {
					r.margin = v
				} else {
					r.f[j-1] = v
				}
			}
			old = append(old, r)
		}
	}
	var out strings.Builder
	for _, r := range rows {
		out.WriteString(strconv.FormatFloat(r.margin, 'g', -1, 64))
		for _, x := range r.f {
			out.WriteString(" " + strconv.FormatFloat(x, 'g', -1, 64))
		}
		out.WriteString("\n")
	}
	name := fmt.Sprintf("%s/%s-%s", dir, opp, os.Getenv("FIT_TAG"))
	if err := os.WriteFile(name, []byte(out.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return old
}

// TestRidgeRecoversWeights: on positions whose gain is an exact linear
// function of the features, the fit finds that function again.
func TestRidgeRecoversWeights(t *testing.T) {
	rng := games.NewRNG(5)
	var want [numFeatures]float64
	for j := range want {
		want[j] = float64(rng.IntN(21)-10) / 4
	}
	want[fHeuristic] = 0 // what the gain is measured from, never weighed
	rows := make([]fitRow, 2000)
	for i := range rows {
		r := &rows[i]
		r.f[fBias] = 1
		for j := 1; j < numFeatures; j++ {
			r.f[j] = float64(rng.IntN(30))
		}
		r.margin = r.f[fHeuristic]
		for j, x := range r.f {
			r.margin += want[j] * x
		}
	}
	got, r2 := ridge(rows, 1e-9, false)
	for j := range want {
		if math.Abs(got[j]-want[j]) > 1e-3 {
			t.Errorf("%s: weight %.4f, want %.4f", featureNames[j], got[j], want[j])
		}
	}
	if r2 < 0.999 {
		t.Errorf("R² %.4f of an exact fit", r2)
	}
}

// TestFittedValueLikesScore: against an opponent with fitted weights,
// the player's value rises with a Deed or an Approved Deed more (its
// score alone changed) and with a worker sent from the supply to the
// castle's third tier rather than its first; against one without, the
// value is the hand-weighed one.
func TestFittedValueLikesScore(t *testing.T) {
	g := New()
	for _, o := range g.c.Opponents {
		t.Run(o.ID, func(t *testing.T) {
			_, fitted := soloWeights[o.ID]
			for seed := uint64(1001); seed <= 1020; seed++ {
				s := soloState(t, o.ID, 0, seed)
				for moves := 0; moves < int(seed%40) && !s.Over(); moves++ {
					p := s.Pending()[0]
					move, _ := g.Policy().Choose(s, p.Seat, uint64(moves))
					if _, err := s.Apply(p.Seat, move); err != nil {
						t.Fatal(err)
					}
				}
				if s.Over() || s.lastRound() || s.Seats[0].Workers == 0 {
					continue
				}
				base := s.value(0)
				if !fitted {
					if h := s.heuristic(0, s.scores()); base != h {
						t.Errorf("seed %d: valued %d tenths without weights, hand-weighed %d", seed, base, h)
					}
					continue
				}
				for _, tc := range []struct {
					what   string
					change func(c *State)
				}{
					{"a Deed more", func(c *State) { c.Seats[0].Deeds++ }},
					{"an Approved Deed more", func(c *State) { c.Seats[0].Approved++ }},
				} {
					c := s.copied(games.NewRNG(1))
					tc.change(c)
					if got := c.value(0); got <= base {
						t.Errorf("seed %d: %s is worth %d tenths, the position %d", seed, tc.what, got, base)
					}
				}
				inner, outer := s.copied(games.NewRNG(1)), s.copied(games.NewRNG(1))
				inner.Seats[0].Workers--
				inner.Tiers[2][0] = append(inner.Tiers[2][0], 0)
				outer.Seats[0].Workers--
				outer.Tiers[0][0] = append(outer.Tiers[0][0], 0)
				if inner.value(0) <= outer.value(0) {
					t.Errorf("seed %d: a worker on the third tier is worth %d tenths, on the first %d", seed, inner.value(0), outer.value(0))
				}
			}
		})
	}
}

// playOut plays c to its end with pol from move number base and returns
// the final margin (the player's VP less the opponent's).
func playOut(b *testing.B, c *State, pol games.Policy, base uint64) float64 {
	for moves := base; !c.Over(); moves++ {
		p := c.Pending()[0]
		move, _ := pol.Choose(c, p.Seat, moves)
		if _, err := c.Apply(p.Seat, move); err != nil {
			b.Fatal(err)
		}
	}
	sc := c.scores()
	return float64(sc[0].Total - sc[1].Total)
}

// BenchmarkFitSoloAdvantage fits soloWeights from paired playouts: at
// every FIT_EVERY-th decision of FIT_GAMES games (the root policy
// playing, seeds FIT_SEED on) the root policy's choice and another of its
// best three options are each applied to a copy dealt with the same
// seed and played to the end by the policy; the fit explains the
// difference of the two final margins, less the difference of the
// hand-weighed values, by the difference of the features right after
// the two options. Unlike positions of one game, an option's effect is
// not confounded with how the game went before it. FIT_OPPONENTS limits
// the fit to some opponents; FIT_ROWS and FIT_TAG keep the rows (and
// pool earlier runs'). The weights in fitted_weights.go, with the table
// empty as the policy playing:
//
//	FIT_GAMES=120 FIT_EVERY=4 FIT_SEED=1001 FIT_OPPONENTS=cleric FIT_RAW=1 FIT_LAMBDA=3000 go test -run '^$' -bench FitSoloAdvantage -benchtime 1x ./games/viscounts
func BenchmarkFitSoloAdvantage(b *testing.B) {
	g := New()
	n := envInt(b, "FIT_GAMES", 100)
	seed := envInt(b, "FIT_SEED", 1001)
	every := envInt(b, "FIT_EVERY", 3)
	if seed <= 200 {
		b.Fatalf("FIT_SEED=%d: fit on seeds past 200, never on those the bots are measured on", seed)
	}
	root, pol := lookingAhead(deepLookahead).(looker), g.Policy()
	var out strings.Builder
	fitHeader(b, &out, fmt.Sprintf("FIT_GAMES=%d FIT_SEED=%d FIT_EVERY=%d (paired playouts)", n, seed, every))
	for range b.N {
		for _, o := range g.c.Opponents {
			if only := os.Getenv("FIT_OPPONENTS"); only != "" && !slices.Contains(strings.Split(only, ","), o.ID) {
				continue
			}
			var rows []fitRow
			for i := range n {
				setup := games.DefaultSetup(g, 1, uint64(seed+i))
				setup.Options[optOpponent] = o.ID
				st, err := g.New(setup)
				if err != nil {
					b.Fatal(err)
				}
				s := st.(*State)
				for moves := 0; !s.Over(); moves++ {
					p := s.Pending()[0]
					ranked := root.valued(s, p.Seat, uint64(moves))
					if len(ranked) > 1 && s.Phase == phaseTurn && !s.lastRound() && moves%every == 0 {
						other := ranked[1+moves/every%min(2, len(ranked)-1)].id
						var row fitRow
						for k, id := range []string{ranked[0].id, other} {
							c := s.copied(games.NewRNG(uint64(seed+i)<<20 + uint64(moves)))
							if _, err := c.Apply(p.Seat, id); err != nil {
								b.Fatal(err)
							}
							sc := c.scores()
							f := c.features(sc, c.heuristic(0, sc))
							m := playOut(b, c, pol, uint64(moves+1))
							sign := 1.0 - 2*float64(k)
							for j, x := range f {
								row.f[j] += sign * x
							}
							row.margin += sign * m
						}
						row.f[fBias] = 1
						rows = append(rows, row)
					}
					if _, err := s.Apply(p.Seat, ranked[0].id); err != nil {
						b.Fatal(err)
					}
				}
			}
			// The mean advantage of the choice is no part of a position's value.
			fitWeights(b, &out, o.ID, fmt.Sprintf("pairs of %d games", n), rows, false)
		}
	}
	fitDone(b, &out)
}
