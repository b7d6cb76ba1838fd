package dungeondesigner

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// selfPlay plays one game with the policy in every seat, failing t on an
// answer that is not offered; it returns the final state.
func selfPlay(tb testing.TB, players int, opts map[string]string, seed uint64) *State {
	tb.Helper()
	g := New()
	st, err := g.New(games.Setup{Players: players, Options: opts, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	pol := g.(games.Bot).Policy()
	rng := games.NewRNG(seed)
	for moves := 0; !s.Over(); moves++ {
		if moves > games.SimMaxMoves {
			tb.Fatalf("%d players, seed %d: no end", players, seed)
		}
		pending := s.Pending()
		p := pending[rng.IntN(len(pending))]
		move, ok := pol.Choose(s, p.Seat, games.PolicySeed(seed, moves, p.Seat))
		if !ok || !games.Legal(s, p.Seat, move) {
			tb.Fatalf("%d players, seed %d, move %d: the policy answered %q (ok %v) to %+v", players, seed, moves, move, ok, p.Options)
		}
		if _, err := s.Apply(p.Seat, move); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// TestPolicyPlaysWholeGames: the policy in every seat, at every player
// count and solo at both difficulties, only ever answers with an offered
// option, and every game ends with the invariants intact.
func TestPolicyPlaysWholeGames(t *testing.T) {
	cases := []struct {
		players int
		opts    map[string]string
	}{
		{1, map[string]string{"solo": "normal"}},
		{1, map[string]string{"solo": "legendary"}},
		{2, nil}, {3, nil}, {4, nil}, {5, nil},
	}
	games := 3
	if testing.Short() || raceEnabled {
		games = 1
	}
	for _, c := range cases {
		for seed := range uint64(games) {
			s := selfPlay(t, c.players, c.opts, seed+1)
			if err := s.Check(); err != nil {
				t.Fatalf("%d players: %v", c.players, err)
			}
		}
	}
}

// TestPolicyLeavesTheGameAlone: choosing changes neither the state nor its
// random draws, and the same seed gives the same answer.
func TestPolicyLeavesTheGameAlone(t *testing.T) {
	for _, players := range []int{1, 2, 4} {
		s := newTest(t, players, 7, nil)
		pol := New().(games.Bot).Policy()
		for moves := 0; !s.Over(); moves++ {
			p := s.Pending()[0]
			before, _ := s.MarshalJSON()
			move, _ := pol.Choose(s, p.Seat, uint64(moves))
			after, _ := s.MarshalJSON()
			if !bytes.Equal(before, after) {
				t.Fatalf("%d players, move %d: the policy changed the state", players, moves)
			}
			if again, _ := pol.Choose(s, p.Seat, uint64(moves)); again != move {
				t.Fatalf("%d players, move %d: %q then %q with the same seed", players, moves, move, again)
			}
			mustApply(t, s, p.Seat, move)
		}
	}
}

// TestPolicyNeverPeeks: at every decision of whole games the policy answers
// the same on the state and on a twin re-dealt for the deciding seat (other
// hands and picks, face-down piles and deck orders dealt anew), given the
// same seed. The games go on with the policy's answer or, in one of three
// moves, a random one, so the positions vary beyond the policy's taste.
func TestPolicyNeverPeeks(t *testing.T) {
	pol := New().(games.Bot).Policy()
	for players := 1; players <= 5; players++ {
		for game := range uint64(2) {
			s := newTest(t, players, 40+10*game+uint64(players), nil)
			rng := games.NewRNG(uint64(players) + 100*game)
			checked := 0
			for moves := 0; !s.Over(); moves++ {
				pending := s.Pending()
				p := pending[rng.IntN(len(pending))]
				seed := games.PolicySeed(3, moves, p.Seat)
				move, _ := pol.Choose(s, p.Seat, seed)
				twin, err := s.Redeal(p.Seat, games.NewRNG(uint64(moves)))
				if err != nil {
					t.Fatal(err)
				}
				if twinMove, _ := pol.Choose(twin, p.Seat, seed); twinMove != move {
					t.Fatalf("%d players, move %d: %q on the game, %q on its twin", players, moves, move, twinMove)
				}
				checked++
				if rng.IntN(3) == 0 {
					move = p.Options[rng.IntN(len(p.Options))].ID
				}
				mustApply(t, s, p.Seat, move)
			}
			if checked < 30 { // a solo game has at least 4×8 decisions
				t.Fatalf("%d players: only %d decisions checked", players, checked)
			}
		}
	}
}

// TestPolicyBeatsRandom: one policy seat against a random one wins most of
// 20 two-player games (the benchmarks below measure more).
func TestPolicyBeatsRandom(t *testing.T) {
	g := New()
	n := 20
	if testing.Short() || raceEnabled {
		n = 6
	}
	wins := gamestest.Wins(t, g, g.(games.Bot).Policy(), 2, n)
	if wins*4 < n*3 {
		t.Fatalf("the policy won %d of %d games against a random seat, want at least 75%%", wins, n)
	}
}

// TestPolicyOutscoresRandomSolo: against Jael the policy scores far more
// than random answers do (45 on average), in every one of a few games.
func TestPolicyOutscoresRandomSolo(t *testing.T) {
	for seed := range uint64(4) {
		s := selfPlay(t, 1, map[string]string{"solo": "normal"}, seed+1)
		if got := s.Scores[0].Total; got < 60 {
			t.Errorf("seed %d: the policy scored %d against Jael's %d", seed+1, got, s.JaelScore.Total)
		}
	}
}

// BenchmarkPolicyVsRandom reports the policy's share of wins in seat 0
// against random seats:
// go test ./games/dungeondesigner -run '^$' -bench PolicyVsRandom -benchtime 200x
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	for _, players := range []int{2, 3, 4} {
		b.Run(string(rune('0'+players))+"p", func(b *testing.B) {
			wins := gamestest.Wins(b, g, g.(games.Bot).Policy(), players, b.N)
			b.ReportMetric(100*float64(wins)/float64(b.N), "win-%")
		})
	}
}

// BenchmarkPolicySolo reports the policy's wins and mean scores against
// Jael (normal and legendary):
// go test ./games/dungeondesigner -run '^$' -bench PolicySolo -benchtime 200x
func BenchmarkPolicySolo(b *testing.B) {
	for _, level := range []string{"normal", "legendary"} {
		b.Run(level, func(b *testing.B) {
			wins, mine, jael := 0, 0, 0
			for i := range b.N {
				s := selfPlay(b, 1, map[string]string{"solo": level}, uint64(i+1))
				if s.SoloWon() {
					wins++
				}
				mine += s.Scores[0].Total
				jael += s.JaelScore.Total
			}
			b.ReportMetric(100*float64(wins)/float64(b.N), "win-%")
			b.ReportMetric(float64(mine)/float64(b.N), "score")
			b.ReportMetric(float64(jael)/float64(b.N), "jael")
		})
	}
}

// BenchmarkPolicyDecision times one decision, averaged over the positions
// of random games (solo and 4 players), in wall and in CPU time:
// go test ./games/dungeondesigner -run '^$' -bench PolicyDecision -benchtime 2000x
func BenchmarkPolicyDecision(b *testing.B) {
	for _, players := range []int{1, 4} {
		b.Run(string(rune('0'+players))+"p", func(b *testing.B) {
			// Collect positions first, then time only the policy.
			var states []*State
			var seats []int
			for seed := uint64(1); len(states) < 400; seed++ {
				g := New()
				st, _ := g.New(games.Setup{Players: players, Seed: seed})
				s := st.(*State)
				rng := games.NewRNG(seed)
				for !s.Over() {
					pending := s.Pending()
					p := pending[rng.IntN(len(pending))]
					c, _ := g.Load(must(s.MarshalJSON()))
					states, seats = append(states, c.(*State)), append(seats, p.Seat)
					if _, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID); err != nil {
						b.Fatal(err)
					}
				}
			}
			pol := New().(games.Bot).Policy()
			b.ResetTimer()
			cpu := gamestest.CPUTime()
			for i := range b.N {
				k := i % len(states)
				pol.Choose(states[k], seats[k], uint64(i))
			}
			// On a shared machine wall time says little; CPU time does.
			b.ReportMetric(float64(gamestest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestPolicyRanks: at every decision of whole games (2 players and solo,
// a random answer in one of three moves so the positions vary), the
// ranking starts with the policy's move for the same seed, lists every
// offered option exactly once, puts a pass second where the policy buys
// in the market, and is the same on a twin re-dealt for the seat.
func TestPolicyRanks(t *testing.T) {
	pol := New().(games.Bot).Policy().(policy)
	for _, players := range []int{1, 2} {
		s := newTest(t, players, uint64(60+players), nil)
		rng := games.NewRNG(uint64(players))
		buys := 0
		for moves := 0; !s.Over(); moves++ {
			pending := s.Pending()
			p := pending[rng.IntN(len(pending))]
			seed := uint64(moves)
			first, _ := pol.Choose(s, p.Seat, seed)
			ranked := pol.Rank(s, p.Seat, seed)
			if len(ranked) == 0 || ranked[0] != first {
				t.Fatalf("%d players, move %d: ranked %v, the policy's move %q first", players, moves, ranked, first)
			}
			offered := map[string]bool{}
			for _, o := range p.Options {
				offered[o.ID] = true
			}
			for _, id := range ranked {
				if !offered[id] {
					t.Fatalf("%d players, move %d: ranked %q, not offered or twice: %v", players, moves, id, ranked)
				}
				delete(offered, id)
			}
			if len(offered) > 0 {
				t.Fatalf("%d players, move %d: %v left out of the ranking %v", players, moves, offered, ranked)
			}
			if s.Phase == PhaseImprove && s.Placing == nil && strings.HasPrefix(first, "buy:") {
				buys++
				if !strings.HasPrefix(ranked[1], "pass") {
					t.Fatalf("%d players, move %d: the policy buys, yet %q is second: %v", players, moves, ranked[1], ranked)
				}
			}
			twin, err := s.Redeal(p.Seat, games.NewRNG(uint64(moves)))
			if err != nil {
				t.Fatal(err)
			}
			if got := pol.Rank(twin, p.Seat, seed); !slices.Equal(got, ranked) {
				t.Fatalf("%d players, move %d: ranked %v, on a twin %v", players, moves, ranked, got)
			}
			move := first
			if rng.IntN(3) == 0 {
				move = p.Options[rng.IntN(len(p.Options))].ID
			}
			mustApply(t, s, p.Seat, move)
		}
		if buys == 0 {
			t.Fatalf("%d players: the policy never bought", players)
		}
	}
}
