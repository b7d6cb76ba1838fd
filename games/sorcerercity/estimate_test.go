package sorcerercity

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// forecast is each seat's forecast score, by seat.
func forecast(t *testing.T, s *State) []int {
	t.Helper()
	standings, _, ok := s.Estimate()
	if !ok {
		t.Fatal("no forecast for a game of several seats")
	}
	out := make([]int, len(s.Seats))
	for _, st := range standings {
		out[st.Seat] = st.Score
	}
	return out
}

// TestEstimateSteadyAcrossStages: on every move of games the heuristic
// plays at 2 and 3 players, there is no forecast while the seats build (a
// district half built forecasts nothing sound: the search plays on until
// the build ends) and there is one everywhere else, and a purchase leaves
// the buyer's forecast as it was; a solo game has no forecast.
func TestEstimateSteadyAcrossStages(t *testing.T) {
	g := New()
	pol := g.Policy()
	building, bought := 0, 0 // the positions and moves checked
	for _, tc := range []struct {
		players int
		seeds   int
	}{{2, 6}, {3, 4}} {
		for seed := range uint64(tc.seeds) {
			setup := games.DefaultSetup(g, tc.players, seed)
			moves, _, err := games.PlayWith(g, setup, games.NewRNG(seed), games.SimMaxMoves, func(s games.State, p games.Prompt, n int) (string, bool) {
				return pol.Choose(s, p.Seat, games.PolicySeed(seed, n, p.Seat))
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for i, m := range moves {
				if s.Stage == stageBuild {
					building++
					if _, _, ok := s.Estimate(); ok {
						t.Fatalf("%dp seed %d move %d: a forecast while the seats build", tc.players, seed, i)
					}
					if _, err := s.Apply(m.Seat, m.ID); err != nil {
						t.Fatal(err)
					}
					continue
				}
				stage, before := s.Stage, forecast(t, s)
				if _, err := s.Apply(m.Seat, m.ID); err != nil {
					t.Fatal(err)
				}
				if s.Over() {
					break
				}
				if stage == stageBuy && s.Stage == stageBuy && len(m.ID) > 4 && m.ID[:4] == "buy:" {
					bought++
					if after := forecast(t, s); before[m.Seat] != after[m.Seat] {
						t.Errorf("%dp seed %d move %d: buying %s moved the buyer's forecast %d -> %d", tc.players, seed, i, m.ID, before[m.Seat], after[m.Seat])
					}
				}
			}
		}
	}
	if building == 0 || bought == 0 {
		t.Fatalf("the games had %d building positions and bought %d tiles, want some of each", building, bought)
	}
	solo, err := g.New(games.DefaultSetup(g, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := solo.(*State).Estimate(); ok {
		t.Error("a solo game was forecast; its monsters show only in a playout to the end")
	}
}

// TestEstimateCountsTheDistrictWhileBuying: in the buy stage a seat's
// Money and Influence for the years to come are what its district makes,
// not what is left on its tracks: a seat whose district made Money or
// Influence is forecast lower without it, and no lower for spending.
func TestEstimateCountsTheDistrictWhileBuying(t *testing.T) {
	g := New()
	pol := g.Policy()
	checked := 0
	for seed := range uint64(4) {
		setup := games.DefaultSetup(g, 2, seed)
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for n := 0; !s.Over(); n++ {
			if s.Stage == stageBuy && s.Year < Years {
				for i, seat := range s.Seats {
					made := seat.District.Score(s.c, nil)
					if made[Money]+made[Influence] == 0 {
						continue
					}
					before := forecast(t, s)[i]
					kept := seat.District
					seat.District = District{}
					without := forecast(t, s)[i]
					seat.District = kept
					if without >= before {
						t.Fatalf("seed %d year %d: seat %d's district makes %v, and its forecast is %d with it, %d without", seed, s.Year, i, made, before, without)
					}
					checked++
				}
			}
			p := s.Pending()[0]
			move, _ := pol.Choose(s, p.Seat, games.PolicySeed(seed, n, p.Seat))
			if _, err := s.Apply(p.Seat, move); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no buy stage with a district that makes Money or Influence")
	}
}
