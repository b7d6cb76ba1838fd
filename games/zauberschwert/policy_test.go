package zauberschwert

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// policyGames is how many games per player count the policy tests play.
func policyGames() int {
	if testing.Short() || raceBuild {
		return 4
	}
	return 20
}

// TestPolicyPlaysWholeGames lets the bot play every seat of whole games at
// every player count: it answers every prompt (it has no fallback: a
// prompt it does not know is ok=false), every answer is legal, and the
// game's invariants hold after each move.
func TestPolicyPlaysWholeGames(t *testing.T) {
	g := New()
	bot := g.(*Game).Policy()
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			for i := range policyGames() {
				seed := uint64(players*1000 + i)
				choose := func(s games.State, p games.Prompt, moves int) (string, bool) {
					return bot.Choose(s, p.Seat, games.PolicySeed(seed, moves, p.Seat))
				}
				_, final, err := games.PlayWith(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves, choose, nil)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				// All-bot games take 16 to 25 rounds: bots never leave the
				// display blocked.
				if r := final.(*State).Round; !final.Over() || r > 40 {
					t.Fatalf("seed %d: over %v after %d rounds", seed, final.Over(), r)
				}
			}
		})
	}
}

// policyPositions plays random games and calls visit at every position
// with each seat that has a prompt there.
func policyPositions(t *testing.T, perCount int, visit func(s *State, seat int, n int)) {
	t.Helper()
	g := New()
	n := 0
	for players := 2; players <= 4; players++ {
		for i := range perCount {
			seed := uint64(players*7919 + i)
			_, _, err := games.PlayWith(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves,
				func(st games.State, p games.Prompt, _ int) (string, bool) {
					for _, q := range st.Pending() {
						visit(st.(*State), q.Seat, n)
						n++
					}
					return p.Options[games.NewRNG(uint64(n)).IntN(len(p.Options))].ID, true
				}, nil)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPolicyNeverPeeks: at every position of random games, the bot gives
// the same answer on the game and on a twin whose hidden parts (other
// hands, piles, secret answers, others' offers) are dealt anew.
func TestPolicyNeverPeeks(t *testing.T) {
	bot := New().(*Game).Policy()
	checked := 0
	policyPositions(t, policyGames(), func(s *State, seat, n int) {
		if n%3 != 0 {
			return // every third position keeps the test quick
		}
		twin, err := s.Redeal(seat, games.NewRNG(uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(n) * 31
		a, okA := bot.Choose(s, seat, seed)
		b, okB := bot.Choose(twin, seat, seed)
		if a != b || okA != okB {
			t.Fatalf("step %s seat %d: %q (%v) on the game, %q (%v) on its twin", s.Step, seat, a, okA, b, okB)
		}
		checked++
	})
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestPolicyLeavesTheGameAlone: choosing changes neither the state nor its
// random draws, and the same seed gives the same answer.
func TestPolicyLeavesTheGameAlone(t *testing.T) {
	bot := New().(*Game).Policy()
	policyPositions(t, 2, func(s *State, seat, n int) {
		before, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		a, _ := bot.Choose(s, seat, uint64(n))
		b, _ := bot.Choose(s, seat, uint64(n))
		after, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if string(before) != string(after) {
			t.Fatalf("step %s: the policy changed the state", s.Step)
		}
		if a != b {
			t.Fatalf("step %s: %q, then %q with the same seed", s.Step, a, b)
		}
	})
}

// TestPolicyDecisions pins the policy's reasoning at hand-made positions.
func TestPolicyDecisions(t *testing.T) {
	bot := New().(*Game).Policy()
	tests := []struct {
		name    string
		display []string
		magic   []int
		want    string
	}{
		{"a creature it can pay beats passing", []string{"a-goblins-1", "c-dragons-3"}, []int{6, 6}, "place:0"},
		{"an orb beats a creature it cannot pay", []string{"a-goblins-1", "a-orb-3"}, []int{3, 6}, "place:1"},
		{"passing beats a creature it cannot pay", []string{"c-dragons-3", "b-shadows-2"}, []int{4, 4}, "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := atPlacement(t, 2, 0, tt.display, tt.magic)
			if got, ok := bot.Choose(s, 0, 1); !ok || got != tt.want {
				t.Fatalf("got %q (%v), want %q", got, ok, tt.want)
			}
		})
	}
}

// TestPolicyBreaksStalls: two creatures nobody wants block the display
// (new adventures come only when it has room); a bot whose magic is at the
// cap, so that passing gains nothing, beats one even for no reward, and a
// bot below the cap passes.
func TestPolicyBreaksStalls(t *testing.T) {
	bot := New().(*Game).Policy()
	for _, tt := range []struct {
		magic int
		want  []string
	}{
		{30, []string{"place:0", "place:1"}},
		{10, []string{"pass"}},
	} {
		s := atPlacement(t, 2, 0, []string{"a-spiders-1", "a-spiders-2"}, []int{tt.magic, tt.magic})
		// No artifact card is left to win: the spiders give nothing.
		s.Seats[1].Hand, s.ArtPile = s.ArtPile, []int{}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		if got, ok := bot.Choose(s, 0, 1); !ok || !slices.Contains(tt.want, got) {
			t.Fatalf("magic %d: got %q (%v), want one of %q", tt.magic, got, ok, tt.want)
		}
	}
}

// TestPolicyBeatsRandom: one bot seat (rotated) against random seats wins
// most games. The benchmark below measures the rate.
func TestPolicyBeatsRandom(t *testing.T) {
	g := New()
	bot := g.(*Game).Policy()
	const n = 20 // quick even under -race; fewer would make "most" a coin toss
	for _, players := range []int{2, 3} {
		wins := 0
		for i := range n {
			if gamestest.BotWinsAt(t, g, bot, players, i%players, i) {
				wins++
			}
		}
		if 2*wins <= n {
			t.Fatalf("%d players: the bot won %d of %d games, want most", players, wins, n)
		}
	}
}

// BenchmarkPolicyVsRandom reports the bot's share of wins against random
// seats, its seat rotated:
// go test ./games/zauberschwert -run '^$' -bench PolicyVsRandom -benchtime 1000x
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	bot := g.(*Game).Policy()
	for _, players := range []int{2, 3, 4} {
		b.Run(fmt.Sprint(players), func(b *testing.B) {
			wins := 0
			for i := range b.N {
				if gamestest.BotWinsAt(b, g, bot, players, i%players, i) {
					wins++
				}
			}
			b.ReportMetric(100*float64(wins)/float64(b.N), "win-%")
		})
	}
}

// BenchmarkPolicyChoose times one decision, over the positions of a few
// random games.
func BenchmarkPolicyChoose(b *testing.B) {
	g := New()
	bot := g.(*Game).Policy()
	type position struct {
		s    games.State
		seat int
	}
	var positions []position
	for players := 2; players <= 4; players++ {
		for i := range 3 {
			seed := uint64(i)
			_, _, err := games.PlayWith(g, games.DefaultSetup(g, players, seed), games.NewRNG(seed), games.SimMaxMoves,
				func(st games.State, p games.Prompt, moves int) (string, bool) {
					c, err := g.Load(mustJSON(b, st))
					if err != nil {
						b.Fatal(err)
					}
					positions = append(positions, position{c, p.Seat})
					return bot.Choose(st, p.Seat, uint64(moves))
				}, nil)
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := positions[i%len(positions)]
		if _, ok := bot.Choose(p.s, p.seat, uint64(i)); !ok {
			b.Fatal("no answer")
		}
	}
}

func mustJSON(tb testing.TB, s games.State) []byte {
	tb.Helper()
	data, err := s.MarshalJSON()
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
