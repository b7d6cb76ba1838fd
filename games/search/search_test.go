package search

import (
	"encoding/json"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// race is a toy game for the search: seat 0 picks a pace, then both seats
// draw a number hidden from the other (seat 1 draws 0–9; seat 0 draws 0–9
// plus its pace's bonus) and the higher number wins. "safe" gives +3,
// "gamble" +9 with a 1 in 2 chance of falling to 0, "slow" +0; "crawl"
// is the only option once a seat has paced (a second step, as a
// multi-step turn has). Seat 0's drawn card is hidden from seat 1 and the
// other way round; a redeal draws them anew.
type race struct {
	Pace  string
	Steps int
	Cards [2]int
	RNG   *games.RNG
}

func (r *race) Pending() []games.Prompt {
	switch {
	case r.Pace == "":
		return []games.Prompt{{Seat: 0, Options: []games.Option{{ID: "slow"}, {ID: "safe"}, {ID: "gamble"}}}}
	case r.Steps == 0:
		return []games.Prompt{{Seat: 0, Options: []games.Option{{ID: "crawl"}}}}
	}
	return nil
}

func (r *race) Apply(seat int, move string) (games.Outcome, error) {
	if !games.Legal(r, seat, move) {
		return games.Outcome{}, games.Errorf("race.illegal")
	}
	if r.Pace == "" {
		r.Pace = move
		return games.Outcome{Uncommitted: true}, nil
	}
	r.Steps++
	r.Cards[0], r.Cards[1] = r.RNG.IntN(10), r.RNG.IntN(10)
	switch r.Pace {
	case "safe":
		r.Cards[0] += 3
	case "gamble":
		if r.RNG.IntN(2) == 0 {
			r.Cards[0] += 9
		} else {
			r.Cards[0] = 0
		}
	}
	return games.Outcome{Revealed: true}, nil
}

func (r *race) View(int) any { return r.Pace }
func (r *race) Over() bool   { return r.Steps > 0 }

func (r *race) Standings() []games.Standing {
	a, b := games.Standing{Seat: 0, Rank: 1, Score: r.Cards[0]}, games.Standing{Seat: 1, Rank: 1, Score: r.Cards[1]}
	switch {
	case a.Score > b.Score:
		b.Rank = 2
	case b.Score > a.Score:
		a.Rank = 2
		a, b = b, a
	}
	return []games.Standing{a, b}
}

func (r *race) MarshalJSON() ([]byte, error) {
	type plain race
	return json.Marshal((*plain)(r))
}

// Redeal keeps the pace (public) and reseeds the draws.
func (r *race) Redeal(_ int, rng *games.RNG) (games.State, error) {
	return &race{Pace: r.Pace, Steps: r.Steps, Cards: r.Cards, RNG: games.NewRNG(rng.Uint64())}, nil
}

// toyGame gives the search the policy it plays out with (all the search
// asks of a game besides its budget); it deals races.
type toyGame struct{ policy games.Policy }

func (toyGame) Info() games.Info                       { return games.Info{ID: "race", MinPlayers: 2, MaxPlayers: 2} }
func (toyGame) New(s games.Setup) (games.State, error) { return &race{RNG: games.NewRNG(s.Seed)}, nil }
func (toyGame) Load([]byte) (games.State, error)       { return nil, games.Errorf("race.load") }
func (g toyGame) Policy() games.Policy                 { return g.policy }

func TestSearchChoosesTheBestOdds(t *testing.T) {
	// Mean reward by pace: safe wins about 80%, gamble 50%, slow 45%; the
	// heuristic (always "slow") is overruled.
	slow := games.PolicyFunc(func(st games.State, seat int, _ uint64) (string, bool) {
		if p, ok := games.PromptFor(st, seat); ok {
			return p.Options[0].ID, true
		}
		return "", false
	})
	s := New(toyGame{slow}, Budget{Iterations: 300})
	for seed := range uint64(5) {
		st := &race{RNG: games.NewRNG(99)}
		if got, ok := s.Choose(st, 0, seed); !ok || got != "safe" {
			t.Errorf("seed %d: chose %q, want safe", seed, got)
		}
	}
}

func TestSearch(t *testing.T) {
	g := toyGame{games.RandomPolicy}
	for _, tc := range []struct {
		name   string
		state  *race
		seat   int
		budget Budget
		want   string // "" for no answer
	}{
		{"a single option is answered at once", &race{Pace: "safe", RNG: games.NewRNG(1)}, 0, Budget{Iterations: 0}, "crawl"},
		{"no prompt, no answer", &race{Pace: "safe", RNG: games.NewRNG(1)}, 1, Budget{Iterations: 50}, ""},
		{"no budget plays the heuristic", &race{RNG: games.NewRNG(1)}, 0, Budget{}, "any"},
		{"a move budget stops early but answers", &race{RNG: games.NewRNG(1)}, 0, Budget{Iterations: 1000, Moves: 3}, "any"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := New(g, tc.budget).Choose(tc.state, tc.seat, 7)
			switch {
			case tc.want == "" && ok:
				t.Errorf("answered %q", got)
			case tc.want == "any" && (!ok || !games.Legal(tc.state, tc.seat, got)):
				t.Errorf("answered %q, %v: not a legal move", got, ok)
			case tc.want != "" && tc.want != "any" && got != tc.want:
				t.Errorf("answered %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSearchIsDeterministic(t *testing.T) {
	s := New(toyGame{games.RandomPolicy}, Budget{Iterations: 9})
	seen := map[string]bool{}
	for seed := range uint64(40) {
		a, _ := s.Choose(&race{RNG: games.NewRNG(1)}, 0, seed)
		b, _ := s.Choose(&race{RNG: games.NewRNG(2)}, 0, seed)
		if a != b {
			t.Fatalf("seed %d: %q, then %q from a state differing only in its hidden draws", seed, a, b)
		}
		seen[a] = true
	}
	if len(seen) < 2 {
		t.Errorf("nine playouts always chose %v: the seed changes nothing", seen)
	}
}

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name         string
		standings    []games.Standing
		rivals       []games.Rival
		rank, margin float64
	}{
		{"second of three", []games.Standing{{Seat: 1, Rank: 1, Score: 30}, {Seat: 0, Rank: 2, Score: 20}, {Seat: 2, Rank: 3, Score: 5}}, nil, 0.5, -10},
		{"first", []games.Standing{{Seat: 0, Rank: 1, Score: 30}, {Seat: 1, Rank: 2, Score: 20}}, nil, 1, 10},
		{"tied first", []games.Standing{{Seat: 1, Rank: 1, Score: 30}, {Seat: 0, Rank: 1, Score: 30}}, nil, 1, 0},
		{"solo beaten by a rival", []games.Standing{{Seat: 0, Rank: 2, Score: 40}}, []games.Rival{{Rank: 1, Score: 52}}, 0, -12},
		{"solo beating a rival", []games.Standing{{Seat: 0, Rank: 1, Score: 60}}, []games.Rival{{Rank: 2, Score: 52}}, 1, 8},
		{"solo without a rival", []games.Standing{{Seat: 0, Rank: 1, Score: 104}}, nil, 1, 104},
		{"seat missing", []games.Standing{{Seat: 1, Rank: 1, Score: 3}}, nil, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rank, margin := score(tc.standings, tc.rivals, 0)
			if rank != tc.rank || margin != tc.margin {
				t.Errorf("score = %v, %v; want %v, %v", rank, margin, tc.rank, tc.margin)
			}
		})
	}
}

// coin is a toy game where seat 0's choice changes nothing: whatever it
// picks, a fair coin decides the winner. Search over it finds only noise.
type coin struct {
	Picked string
	Heads  bool
	RNG    *games.RNG
}

var coinOptions = []games.Option{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}, {ID: "e"}}

func (c *coin) Pending() []games.Prompt {
	if c.Picked != "" {
		return nil
	}
	return []games.Prompt{{Seat: 0, Options: coinOptions}}
}

func (c *coin) Apply(seat int, move string) (games.Outcome, error) {
	if !games.Legal(c, seat, move) {
		return games.Outcome{}, games.Errorf("coin.illegal")
	}
	c.Picked, c.Heads = move, c.RNG.IntN(2) == 0
	return games.Outcome{Revealed: true}, nil
}

func (c *coin) View(int) any { return c.Picked }
func (c *coin) Over() bool   { return c.Picked != "" }

func (c *coin) Standings() []games.Standing {
	win, lose := games.Standing{Seat: 0, Rank: 1, Score: 1}, games.Standing{Seat: 1, Rank: 2}
	if !c.Heads {
		win, lose = games.Standing{Seat: 1, Rank: 1, Score: 1}, games.Standing{Seat: 0, Rank: 2}
	}
	return []games.Standing{win, lose}
}

func (c *coin) MarshalJSON() ([]byte, error) { return json.Marshal(c.Picked) }

func (c *coin) Redeal(_ int, rng *games.RNG) (games.State, error) {
	return &coin{Picked: c.Picked, RNG: games.NewRNG(rng.Uint64())}, nil
}

func TestSearchKeepsTheHeuristicOverNoise(t *testing.T) {
	// Every option wins half the time: a search of 60 playouts has a most
	// visited option that is not the heuristic's in most decisions, by
	// chance alone; the heuristic's answer must stay in nearly all.
	pickC := games.PolicyFunc(func(games.State, int, uint64) (string, bool) { return "c", true })
	s := New(toyGame{pickC}, Budget{Iterations: 60})
	kept := 0
	const decisions = 40
	for seed := range uint64(decisions) {
		if got, ok := s.Choose(&coin{RNG: games.NewRNG(seed)}, 0, seed); ok && got == "c" {
			kept++
		}
	}
	if kept < decisions*85/100 {
		t.Errorf("the heuristic's answer was kept in %d of %d decisions between equal options", kept, decisions)
	}
}

// rootedGame is a toyGame that offers a slower root policy.
type rootedGame struct {
	toyGame
	root games.Policy
}

func (g rootedGame) RootPolicy() games.Policy { return g.root }

func TestSearchStartsFromTheRootPolicy(t *testing.T) {
	answer := func(id string) games.Policy {
		return games.PolicyFunc(func(games.State, int, uint64) (string, bool) { return id, true })
	}
	g := rootedGame{toyGame{answer("c")}, answer("d")}
	for _, budget := range []Budget{{}, {Iterations: 60}} {
		kept := 0
		const decisions = 40
		for seed := range uint64(decisions) {
			if got, ok := New(g, budget).Choose(&coin{RNG: games.NewRNG(seed)}, 0, seed); ok && got == "d" {
				kept++
			}
		}
		if kept < decisions*85/100 {
			t.Errorf("budget %+v: the root policy's answer was kept in %d of %d decisions between equal options", budget, kept, decisions)
		}
	}
}

// playoutGame is a toyGame that plays its worlds out by another policy.
type playoutGame struct {
	toyGame
	playout games.Policy
}

func (g playoutGame) PlayoutPolicy() games.Policy { return g.playout }

func TestPlayoutsUseThePlayoutPolicy(t *testing.T) {
	counting := func(n *int) games.Policy {
		return games.PolicyFunc(func(st games.State, seat int, _ uint64) (string, bool) {
			*n++
			if p, ok := games.PromptFor(st, seat); ok {
				return p.Options[0].ID, true
			}
			return "", false
		})
	}
	for _, budget := range []Budget{{Iterations: 20}, {Iterations: 20, Paired: 2}} {
		var own, playout int
		g := playoutGame{toyGame{counting(&own)}, counting(&playout)}
		if _, ok := New(g, budget).Choose(&race{RNG: games.NewRNG(3)}, 0, 1); !ok {
			t.Fatalf("budget %+v: no answer", budget)
		}
		// The game's own policy gives the answer to beat, once; every
		// playout's move (a crawl each) is the playout policy's.
		if own != 1 || playout < 20 {
			t.Errorf("budget %+v: the game's policy asked %d times, the playout policy %d", budget, own, playout)
		}
	}
}

// marathon is a game of many moves and no forecast: seat 0 steps until it
// has stepped length times.
type marathon struct{ Steps, Length int }

func (m *marathon) Pending() []games.Prompt {
	if m.Over() {
		return nil
	}
	return []games.Prompt{{Seat: 0, Options: []games.Option{{ID: "left"}, {ID: "right"}}}}
}

func (m *marathon) Apply(seat int, move string) (games.Outcome, error) {
	if !games.Legal(m, seat, move) {
		return games.Outcome{}, games.Errorf("marathon.illegal")
	}
	m.Steps++
	return games.Outcome{}, nil
}

func (m *marathon) View(int) any { return m.Steps }
func (m *marathon) Over() bool   { return m.Steps >= m.Length }
func (m *marathon) Standings() []games.Standing {
	return []games.Standing{{Seat: 0, Rank: 1, Score: m.Steps}, {Seat: 1, Rank: 2}}
}
func (m *marathon) MarshalJSON() ([]byte, error) {
	type plain marathon
	return json.Marshal((*plain)(m))
}
func (m *marathon) Redeal(int, *games.RNG) (games.State, error) {
	c := *m
	return &c, nil
}

// TestPlayoutsStayWithinTheBudget: a game that cannot forecast is played
// out no further than the decision's budget of moves, so a decision costs
// what its budget says however long the game still is.
func TestPlayoutsStayWithinTheBudget(t *testing.T) {
	for _, b := range []Budget{{Iterations: 1, Moves: 10}, {Iterations: 5, Moves: 30, Depth: 50}, {Iterations: 5, Moves: 30, Paired: 2}} {
		calls := 0
		counting := games.PolicyFunc(func(games.State, int, uint64) (string, bool) { calls++; return "left", true })
		if _, ok := New(toyGame{counting}, b).Choose(&marathon{Length: 1000}, 0, 7); !ok {
			t.Fatalf("budget %+v: no decision", b)
		}
		// The root's answer, then at most one playout past the budget's
		// start (a playout begins while moves remain and stops at Moves).
		if most := 1 + 2*b.Moves; calls > most {
			t.Errorf("budget %+v: the policy was asked %d times in one decision, want at most %d", b, calls, most)
		}
	}
}

// phased is a marathon whose forecast exists only between phases of ten
// steps, as a game may have positions it cannot judge (Sorcerer City's
// half-built districts). Its forecast scores seat 0 a thousand more than
// the standings do, to tell the two apart.
type phased struct{ marathon }

func (p *phased) Estimate() ([]games.Standing, []games.Rival, bool) {
	if p.Steps%10 != 0 {
		return nil, nil, false
	}
	return []games.Standing{{Seat: 0, Rank: 1, Score: 1000 + p.Steps}, {Seat: 1, Rank: 2}}, nil, true
}

// TestPlayoutsStopAtTheFirstForecast: a playout that reaches its Depth
// where the game cannot forecast plays on to the first position that it
// can, and is scored by that forecast, not played to the end.
func TestPlayoutsStopAtTheFirstForecast(t *testing.T) {
	for _, tc := range []struct {
		depth, moves, steps int
	}{
		{depth: 13, moves: 19, steps: 20}, // from step 14 on: the forecast at 20
		{depth: 9, moves: 9, steps: 10},   // step 10 forecasts at once
		{depth: 0, moves: 99, steps: 100}, // no Depth: played to the end
	} {
		always := games.PolicyFunc(func(games.State, int, uint64) (string, bool) { return "left", true })
		s := New(toyGame{always}, Budget{Iterations: 1, Depth: tc.depth})
		world := &phased{marathon{Length: 100}}
		_, margin, n, err := s.playout(world, 0, "left", games.NewRNG(1), &yielder{})
		if err != nil {
			t.Fatal(err)
		}
		want := float64(tc.steps)
		if tc.steps < 100 {
			want += 1000
		}
		if n != tc.moves || world.Steps != tc.steps || margin != want {
			t.Errorf("depth %d: stopped after %d moves at step %d, margin %v; want %d moves, step %d, margin %v", tc.depth, n, world.Steps, margin, tc.moves, tc.steps, want)
		}
	}
}
