package sorcerercity

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func randomGames() int {
	switch {
	case testing.Short():
		return 10
	case raceBuild:
		return 12
	}
	return 60
}

// TestSimulate plays random games at every player count: every prompt is
// well formed, every game ends, survives a JSON round trip and a replay,
// and passes the twin-deal check.
func TestSimulate(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			rep, err := games.Simulate(g, players, randomGames(), uint64(players)*7919)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Violation != "" {
				t.Fatalf("seed %d after %d moves: %s", rep.Seed, len(rep.Log), rep.Violation)
			}
			if rep.Finished != rep.Games {
				t.Fatalf("%d of %d games finished", rep.Finished, rep.Games)
			}
		})
	}
}

// TestTimeoutMoves plays whole games answering only with TimeoutMove:
// every prompt has a safe legal answer and the game still ends.
func TestTimeoutMoves(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		st, err := g.New(games.DefaultSetup(g, players, uint64(players)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for moves := 0; !s.Over(); moves++ {
			pending := s.Pending()
			if len(pending) == 0 || moves > games.SimMaxMoves {
				t.Fatalf("%d players: stalled after %d moves in %s", players, moves, s.Stage)
			}
			seat := pending[0].Seat
			move, ok := s.TimeoutMove(seat)
			if !ok || !games.Legal(s, seat, move) {
				t.Fatalf("%d players: no legal timeout answer for seat %d in %s: %q", players, seat, s.Stage, move)
			}
			if _, err := s.Apply(seat, move); err != nil {
				t.Fatalf("%d players: %q: %v", players, move, err)
			}
		}
	}
}

// TestEveryTaskComesUp plays games in which seats keep drawing, and checks
// that every monster task and every stage is met and answered, so the
// random games above exercise all of them, and that every text on the way
// exists in both languages.
func TestEveryTaskComesUp(t *testing.T) {
	g := New()
	check := textChecker(t, games.BaseCatalog().Merge(catalog()))
	seen := map[string]int{}
	for i := range 40 {
		players := 2 + i%5
		st, err := g.New(games.DefaultSetup(g, players, uint64(1000+i)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		census := s.census()
		rng := games.NewRNG(uint64(i))
		for moves := 0; !s.Over(); moves++ {
			pending := s.Pending()
			if len(pending) == 0 || moves > games.SimMaxMoves {
				t.Fatalf("stalled in %s", s.Stage)
			}
			p := pending[rng.IntN(len(pending))]
			if ts := s.Seats[p.Seat].Tasks; len(ts) > 0 {
				seen[ts[0].Kind]++
			}
			move := p.Options[rng.IntN(len(p.Options))].ID
			if s.Stage == stageBuild && len(s.Seats[p.Seat].Tasks) == 0 && len(s.Seats[p.Seat].Deck) > 0 && rng.IntN(10) > 0 {
				move = "draw"
				if !s.Seats[p.Seat].Started {
					move = "start"
				}
			}
			if s.Stage == stageBuild && s.Seats[p.Seat].Started && rng.IntN(60) == 0 {
				move = moveTimeUp // now and then the sand timer runs out
				seen["timeup"]++
			}
			checkPending(check, s)
			out, err := s.Apply(p.Seat, move)
			if err != nil {
				t.Fatalf("%s: %q: %v", s.Stage, move, err)
			}
			for _, e := range out.Events {
				check("event", e)
			}
			if got := s.census(); !maps.Equal(got, census) {
				t.Fatalf("move %d (%q by seat %d, now %s): tiles %s", moves, move, p.Seat, s.Stage, censusDiff(census, got))
			}
			seen["stage:"+s.Stage]++
		}
	}
	for _, k := range []string{taskPlace, taskRemove, taskRemoveShield, taskDiscardRed, taskDiscardYell, taskDestroy,
		taskTurn, taskChimera, taskGenie, taskBeastNext, "stage:" + stageSpells, "stage:" + stageTransform, "stage:" + stageBuy,
		taskFree, taskPickReward, taskUnused, taskKill, taskGiveMonster, taskVendorAll, taskTake, taskDestroyOwn,
		taskGiveTile, taskCash, taskKillOther, taskEarly, taskLift, taskKillHere, "timeup"} {
		if seen[k] == 0 {
			t.Errorf("never met %s in 40 games: %v", k, seen)
		}
	}
}

// TestSimulateOptions plays random games with artifacts at every player
// count and the solo expert variant, with the same checks as Simulate.
func TestSimulateOptions(t *testing.T) {
	g := New()
	type variant struct {
		players int
		opts    map[string]string
	}
	var vs []variant
	for players := MinPlayers; players <= MaxPlayers; players++ {
		vs = append(vs, variant{players, map[string]string{"artifacts": "yes", "expert": "no"}})
	}
	vs = append(vs, variant{1, map[string]string{"artifacts": "no", "expert": "yes"}}, variant{1, map[string]string{"artifacts": "yes", "expert": "yes"}})
	for _, v := range vs {
		t.Run(fmt.Sprint(v.players, v.opts), func(t *testing.T) {
			for i := range randomGames() / 2 {
				seed := uint64(v.players*100 + i)
				setup := games.Setup{Players: v.players, Options: v.opts, Seed: seed}
				moves, final, err := games.RandomPlay(g, setup, games.NewRNG(seed), games.SimMaxMoves, nil)
				if err == nil {
					err = games.CheckRoundTrip(g, final)
				}
				if err == nil {
					err = games.CheckReplay(g, setup, moves, final)
				}
				if err == nil {
					moves, err = games.CheckTwins(g, setup, games.NewRNG(^seed), games.SimMaxMoves)
				}
				if err != nil {
					t.Fatalf("seed %d after %d moves: %v", seed, len(moves), err)
				}
			}
		})
	}
}

func TestExpertNeedsSolo(t *testing.T) {
	g := New()
	_, err := g.New(games.Setup{Players: 2, Options: map[string]string{"expert": "yes"}, Seed: 1})
	var ge *games.Error
	if !errors.As(err, &ge) || ge.Text.Key != "sc.err.expert" {
		t.Fatalf("expert with 2 players: %v", err)
	}
}

// TestTilesConserved: no tile appears from nowhere or vanishes; a tile
// that leaves the game is counted as gone. Random games at every player
// count, with artifacts, and solo (expert too), with the sand timer
// running out now and then.
func TestTilesConserved(t *testing.T) {
	g := New()
	type variant struct {
		players int
		options map[string]string
	}
	var variants []variant
	for n := 1; n <= 6; n++ {
		variants = append(variants, variant{n, nil}, variant{n, map[string]string{"artifacts": "yes"}})
	}
	variants = append(variants, variant{1, map[string]string{"expert": "yes", "artifacts": "yes"}})
	for i, v := range variants {
		for round := range 8 {
			setup := games.DefaultSetup(g, v.players, uint64(7000+10*i+round))
			maps.Copy(setup.Options, v.options)
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			want := s.census()
			rng := games.NewRNG(uint64(i*3 + round))
			for moves := 0; !s.Over(); moves++ {
				pending := s.Pending()
				if len(pending) == 0 || moves > games.SimMaxMoves {
					t.Fatalf("stalled in %s", s.Stage)
				}
				p := pending[rng.IntN(len(pending))]
				move := p.Options[rng.IntN(len(p.Options))].ID
				if s.Stage == stageBuild && s.Seats[p.Seat].Started && rng.IntN(40) == 0 {
					move = moveTimeUp
				}
				if _, err := s.Apply(p.Seat, move); err != nil {
					t.Fatalf("%s: %q: %v", s.Stage, move, err)
				}
				if got := s.census(); !maps.Equal(got, want) {
					t.Fatalf("%d players %v, move %d (%q by seat %d, now %s): tiles %s", v.players, v.options, moves, move, p.Seat, s.Stage, censusDiff(want, got))
				}
			}
		}
	}
}

// censusDiff names the tiles whose counts differ.
func censusDiff(want, got map[string]int) string {
	var out []string
	for id := range want {
		if got[id] != want[id] {
			out = append(out, fmt.Sprintf("%s %d→%d", id, want[id], got[id]))
		}
	}
	for id := range got {
		if _, ok := want[id]; !ok {
			out = append(out, fmt.Sprintf("%s 0→%d", id, got[id]))
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}

// TestPace: outside building, a player's Influence & Buy turn is one
// commit (its buys are steps), a secret Raw Magic pick made while others
// still pick is a quiet commit, and the last one, which ends the stage, is
// a full commit with a board.
func TestPace(t *testing.T) {
	g := New()
	policy := g.Policy()
	steps, turns, quiet, stageEnds := 0, 0, 0, 0
	for i := range 6 {
		st, err := g.New(games.DefaultSetup(g, 3+i%2, uint64(300+i)))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for moves := 0; !s.Over(); moves++ {
			p := s.Pending()[0]
			move, ok := policy.Choose(s, p.Seat, uint64(moves))
			if !ok {
				t.Fatal("the bot has no move")
			}
			stage, turn := s.Stage, s.Turn
			othersPicking := false
			for _, q := range s.Pending() {
				othersPicking = othersPicking || (q.Seat != p.Seat && stage == stageTransform)
			}
			out, err := s.Apply(p.Seat, move)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case stage == stageBuild:
			case s.Over() || s.Stage != stage:
				if out.Uncommitted || out.Quiet {
					t.Fatalf("%q ended stage %s but is a step (%v) or quiet (%v)", move, stage, out.Uncommitted, out.Quiet)
				}
				stageEnds++
			case stage == stageBuy && s.Turn == turn:
				if !out.Uncommitted && !slices.ContainsFunc(s.Pending(), func(q games.Prompt) bool { return q.Seat != p.Seat && !q.Secret }) {
					t.Fatalf("%q in the middle of seat %d's buy turn is a commit", move, p.Seat)
				}
				steps++
			case stage == stageBuy:
				if out.Uncommitted || out.Quiet {
					t.Fatalf("%q ended seat %d's buy turn without a board", move, p.Seat)
				}
				turns++
			case stage == stageTransform && othersPicking:
				if !out.Quiet || out.Uncommitted {
					t.Fatalf("a Raw Magic pick while others pick: quiet %v, step %v; want a quiet commit", out.Quiet, out.Uncommitted)
				}
				quiet++
			}
		}
	}
	if steps == 0 || turns == 0 || quiet == 0 || stageEnds == 0 {
		t.Fatalf("buy steps %d, buy turns %d, quiet picks %d, stage ends %d: every kind must come up", steps, turns, quiet, stageEnds)
	}
}

// TestDestroyOwnIsPrivate: the reward that makes the others destroy a tile
// of their deck lists each deck, kept artifact included, so it is asked in
// private; the twin-deal check of this game (found by tavern sim) failed
// while it was asked under the board.
func TestDestroyOwnIsPrivate(t *testing.T) {
	g := New()
	setup := games.DefaultSetup(g, 3, 131)
	setup.Options["artifacts"] = "yes"
	if _, err := games.CheckTwins(g, setup, games.NewRNG(^uint64(131)), games.SimMaxMoves); err != nil {
		t.Fatal(err)
	}
}
