package viscounts

import (
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestPolicyPlaysWholeGames lets the bot play every seat: each game ends,
// every answer is legal, and the invariants hold throughout.
func TestPolicyPlaysWholeGames(t *testing.T) {
	g := New()
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, err := g.New(games.Setup{Players: players, Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		moves := 0
		for !s.Over() {
			p := s.Pending()
			if len(p) != 1 {
				t.Fatalf("%d players: %d prompts", players, len(p))
			}
			move, ok := g.Policy().Choose(s, p[0].Seat, uint64(moves))
			if !ok || !games.Legal(s, p[0].Seat, move) {
				t.Fatalf("%d players: policy answered %q (ok=%v)", players, move, ok)
			}
			if _, err := s.Apply(p[0].Seat, move); err != nil {
				t.Fatal(err)
			}
			if err := s.(*State).Check(); err != nil {
				t.Fatalf("%d players after %d moves: %v", players, moves, err)
			}
			moves++
			if moves > 5000 {
				t.Fatalf("%d players: no end after %d moves", players, moves)
			}
		}
		t.Logf("%d players: %d moves, %d rounds, standings %+v", players, moves, s.(*State).Round, s.Standings())
	}
}

// TestPolicyLeavesTheGameAlone: choosing changes neither the state nor
// its random draws.
func TestPolicyLeavesTheGameAlone(t *testing.T) {
	g := New()
	s, _ := g.New(games.Setup{Players: 3, Seed: 7})
	for range 40 {
		p := s.Pending()[0]
		before, _ := s.MarshalJSON()
		move, _ := g.Policy().Choose(s, p.Seat, 1)
		after, _ := s.MarshalJSON()
		if string(before) != string(after) {
			t.Fatal("the policy changed the state")
		}
		if _, err := s.Apply(p.Seat, move); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPolicyBeatsRandom: one bot seat against two random seats wins at
// least 80% of 3-player games. The benchmark below plays as many games as
// asked (1,000 in the README).
func TestPolicyBeatsRandom(t *testing.T) {
	g := New()
	n := 10
	if testing.Short() || raceBuild {
		n = 3
	}
	wins := 0
	for i := range n {
		if gamestest.BotWins(t, g, g.Policy(), 3, i) {
			wins++
		}
	}
	if wins*100 < 80*n {
		t.Fatalf("the bot won %d of %d games, want at least 80%%", wins, n)
	}
}

// BenchmarkPolicyVsRandom reports the bot's share of wins against random
// seats, with 2 and 3 players:
// go test -run '^$' -bench PolicyVsRandom -benchtime 200x ./games/viscounts
func BenchmarkPolicyVsRandom(b *testing.B) {
	g := New()
	gamestest.BenchVsRandom(b, g, g.Policy(), 2, 3)
}

// BenchmarkRoundsToEnd reports how many rounds a game of bots lasts at
// each player count, the figure data/ending.toml's counts are designed
// by (the i-th game uses seed 7i+players):
// go test -run '^$' -bench RoundsToEnd -benchtime 40x
func BenchmarkRoundsToEnd(b *testing.B) {
	g := New()
	for players := 1; players <= MaxPlayers; players++ {
		b.Run(strconv.Itoa(players), func(b *testing.B) {
			rounds := 0
			for i := range b.N {
				st, err := g.New(games.DefaultSetup(g, players, uint64(7*i+players)))
				if err != nil {
					b.Fatal(err)
				}
				for moves := 0; !st.Over(); moves++ {
					p := st.Pending()[0]
					move, _ := g.Policy().Choose(st, p.Seat, uint64(moves))
					if _, err := st.Apply(p.Seat, move); err != nil {
						b.Fatal(err)
					}
				}
				rounds += st.(*State).Round
			}
			b.ReportMetric(float64(rounds)/float64(b.N), "rounds/game")
		})
	}
}

// TestPolicyBlind: the policy's (and the root policy's) move is the same on a twin of the game
// whose hidden parts are dealt anew for its seat, at every position of
// games at every player count and against every solo opponent.
func TestPolicyBlind(t *testing.T) {
	g := New()
	var setups []games.Setup
	for players := MinPlayers; players <= MaxPlayers; players++ {
		setups = append(setups, games.DefaultSetup(g, players, uint64(10*players)))
	}
	opponents := g.c.Opponents
	if testing.Short() || raceBuild {
		setups, opponents = setups[:2], opponents[:1]
	}
	for i, o := range opponents {
		setup := games.DefaultSetup(g, 1, uint64(50+i))
		setup.Options[optOpponent] = o.ID
		setups = append(setups, setup)
	}
	for _, setup := range setups {
		gamestest.PolicyBlind(t, g, g.Policy(), setup)
	}
	// The root policy looks further ahead on the same blind copies: a game
	// of two players and one against the last opponent.
	for _, setup := range []games.Setup{setups[1], setups[len(setups)-1]} {
		gamestest.PolicyBlind(t, g, g.RootPolicy(), setup)
	}
}

// TestQuietCopiesPlayAlike: the lookahead's copies build no texts, yet
// offer the same options as the game and every option leaves them where
// it leaves a copy that builds its texts, at positions of games at every
// player count and solo.
func TestQuietCopiesPlayAlike(t *testing.T) {
	g := New()
	setups := []games.Setup{games.DefaultSetup(g, 1, 3), games.DefaultSetup(g, 2, 4), games.DefaultSetup(g, 4, 5)}
	for _, setup := range setups {
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for moves := 0; !s.Over() && moves < 400; moves++ {
			p := s.Pending()[0]
			if moves%7 == 0 {
				_, _, want := s.choices(s.Tasks[0])
				for i := range want {
					quiet := s.copied(games.NewRNG(uint64(moves)))
					loud := s.copied(games.NewRNG(uint64(moves)))
					loud.quiet = false
					_, _, qs := quiet.choices(quiet.Tasks[0])
					_, _, ls := loud.choices(loud.Tasks[0])
					if len(qs) != len(want) || qs[i].opt.ID != want[i].opt.ID || ls[i].opt.ID != want[i].opt.ID {
						t.Fatalf("%d players, move %d: the quiet copy offers other options", setup.Players, moves)
					}
					quiet.Tasks, loud.Tasks = quiet.Tasks[1:], loud.Tasks[1:]
					qs[i].do()
					ls[i].do()
					quiet.run()
					loud.run()
					a, _ := quiet.MarshalJSON()
					b, _ := loud.MarshalJSON()
					if string(a) != string(b) {
						t.Fatalf("%d players, move %d: option %s leaves the quiet copy elsewhere", setup.Players, moves, want[i].opt.ID)
					}
				}
			}
			move, _ := g.Policy().Choose(s, p.Seat, uint64(moves))
			if _, err := s.Apply(p.Seat, move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestValueCountsTheOpponentsGoodsOnce: a solo opponent's resource is a VP
// of its score, and the value adds nothing more for it; the player's
// resource scores nothing but is worth a VP while it may still buy.
func TestValueCountsTheOpponentsGoodsOnce(t *testing.T) {
	s := soloState(t, "merchant", 0, 9)
	ai := s.Solo.Seat
	for _, tc := range []struct {
		seat int
		want int
	}{{ai, 10}, {0, 10}} {
		before := s.value(tc.seat)
		s.Seats[tc.seat].Res[Gold]++
		if got := s.value(tc.seat) - before; got != tc.want {
			t.Errorf("seat %d: a Gold more is worth %d tenths, want %d", tc.seat, got, tc.want)
		}
	}
}

// TestValueOfGoodsInTheLastRound: the player's Silver, resources and
// hired townsfolk are worth something while a turn may still spend them,
// and nothing in the final round, when they score nothing (a bot used to
// trade for Gold on its last turn); a queued reward still counts there.
func TestValueOfGoodsInTheLastRound(t *testing.T) {
	for _, tc := range []struct {
		name  string
		last  bool
		gain  func(s *State)
		worth bool
	}{
		{"gold before the end", false, func(s *State) { s.Seats[0].Res[Gold]++ }, true},
		{"silver before the end", false, func(s *State) { s.Seats[0].Silver += 2 }, true},
		{"gold in the last round", true, func(s *State) { s.Seats[0].Res[Gold]++ }, false},
		{"silver in the last round", true, func(s *State) { s.Seats[0].Silver += 2 }, false},
		{"a townsfolk in the last round", true, func(s *State) {
			s.Seats[0].Discard = append(s.Seats[0].Discard, s.Folk[0][len(s.Folk[0])-1])
		}, false},
		{"a queued manuscript in the last round", true, func(s *State) {
			s.Tasks = append(s.Tasks, Task{Seat: 0, Kind: "manuscript", N: 1})
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := soloState(t, "cleric", 0, 9)
			if tc.last {
				s.LastRound = s.Round
			}
			before := s.value(0)
			tc.gain(s)
			if got := s.value(0) - before; (got > 0) != tc.worth {
				t.Errorf("worth %d tenths of a VP, want worth something: %v", got, tc.worth)
			}
		})
	}
}

// BenchmarkSoloAgainstOpponents reports the policy's and the root
// policy's share of wins and mean margin in VP against each solo
// opponent (the i-th game uses seed i+1), the figures the search's
// normal strength starts from, and where each side's points come from
// (mean VP by source, "bot-" and "ai-") and how many rounds a game lasts:
// go test -run '^$' -bench SoloAgainstOpponents -benchtime 100x ./games/viscounts
func BenchmarkSoloAgainstOpponents(b *testing.B) {
	g := New()
	for _, pol := range []struct {
		name   string
		policy games.Policy
	}{{"policy", g.Policy()}, {"root", g.RootPolicy()}} {
		for _, o := range g.c.Opponents {
			b.Run(pol.name+"/"+o.ID, func(b *testing.B) {
				wins, margin, rounds := 0, 0, 0
				var sources [2]vpSources
				for i := range b.N {
					setup := games.DefaultSetup(g, 1, uint64(i+1))
					setup.Options[optOpponent] = o.ID
					st, err := g.New(setup)
					if err != nil {
						b.Fatal(err)
					}
					for moves := 0; !st.Over(); moves++ {
						p := st.Pending()[0]
						move, _ := pol.policy.Choose(st, p.Seat, uint64(moves))
						if _, err := st.Apply(p.Seat, move); err != nil {
							b.Fatal(err)
						}
					}
					s := st.(*State)
					sc := s.scores()
					margin += sc[0].Total - sc[1].Total
					if sc[0].Total > sc[1].Total {
						wins++
					}
					rounds += s.Round
					for seat := range sources {
						sources[seat].add(sc[seat])
					}
				}
				b.ReportMetric(100*float64(wins)/float64(b.N), "%won")
				b.ReportMetric(float64(margin)/float64(b.N), "VP-margin")
				b.ReportMetric(float64(rounds)/float64(b.N), "rounds")
				for seat, side := range []string{"bot-", "ai-"} {
					for k, vp := range sources[seat] {
						b.ReportMetric(float64(vp)/float64(b.N), side+vpSourceNames[k])
					}
				}
			})
		}
	}
}

// vpSources sums scores by where the points come from: buildings, castle
// (workers and the leader), manuscripts (sets, their own points, cleric
// bonus cards), Debts and Deeds (with the Poverty and Prosperity
// majorities) and the opponent's leftover goods.
type vpSources [5]int

var vpSourceNames = [len(vpSources{})]string{"buildings", "castle", "scripts", "debts+deeds", "goods"}

func (v *vpSources) add(sc Score) {
	v[0] += sc.Buildings
	v[1] += sc.Castle + sc.Leader
	v[2] += sc.Sets + sc.Scripts + sc.Bonus
	v[3] += sc.Debts + sc.Deeds + sc.Approved + sc.Poverty + sc.Prosperity
	v[4] += sc.Resources
}

// TestValueOfTimeLeftBySoloOpponent: the player ends a solo game by the
// Debts and Deeds it takes, so a Deed fewer above Prosperity (the game
// nearer its end, nothing else changed) is worth more against the Noble
// and the Cleric, whose points come faster as the game goes on, and less
// against the Builder and the Merchant.
func TestValueOfTimeLeftBySoloOpponent(t *testing.T) {
	for _, tc := range []struct {
		opp   string
		hurry bool
	}{{"noble", true}, {"cleric", true}, {"builder", false}, {"merchant", false}} {
		t.Run(tc.opp, func(t *testing.T) {
			s := soloState(t, tc.opp, 0, 9)
			before, left := s.value(0), s.timeLeft()
			s.DeedsAbove--
			if s.timeLeft() >= left {
				t.Fatalf("a Deed fewer leaves the time to come at %d‰ (was %d‰)", s.timeLeft(), left)
			}
			got := s.value(0) - before
			if (got > 0) != tc.hurry || got == 0 {
				t.Errorf("a Deed fewer above Prosperity changes the value by %d tenths, want it higher: %v", got, tc.hurry)
			}
		})
	}
}

// TestPolicyRanks: the policy and the root policy rank every offered
// option once, their own choice first and the rest by the values they
// choose by, in solo games against each opponent and at 2 players.
func TestPolicyRanks(t *testing.T) {
	g := New()
	setups := []games.Setup{games.DefaultSetup(g, 2, 5)}
	for _, o := range g.c.Opponents {
		setup := games.DefaultSetup(g, 1, 3)
		setup.Options[optOpponent] = o.ID
		setups = append(setups, setup)
	}
	for _, pol := range []struct {
		name  string
		depth int
	}{{"policy", lookahead}, {"root", deepLookahead}} {
		p := lookingAhead(pol.depth).(looker)
		for _, setup := range setups {
			st, err := g.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			for moves := 0; !st.Over() && moves < 60; moves++ {
				pr := st.Pending()[0]
				seed := uint64(moves)
				first, _ := p.Choose(st, pr.Seat, seed)
				ranked := p.Rank(st, pr.Seat, seed)
				if len(ranked) != len(pr.Options) || ranked[0] != first {
					t.Fatalf("%s, %d players, move %d: ranked %v of %d options, the choice %q first", pol.name, setup.Players, moves, ranked, len(pr.Options), first)
				}
				offered := map[string]bool{}
				for _, o := range pr.Options {
					offered[o.ID] = true
				}
				for _, id := range ranked {
					if !offered[id] {
						t.Fatalf("%s, move %d: %q ranked but not offered (or twice): %v", pol.name, moves, id, ranked)
					}
					delete(offered, id)
				}
				values := p.valued(st, pr.Seat, seed)
				for i, o := range values {
					if o.id != ranked[i] || o.v > values[0].v || i > 1 && o.v > values[i-1].v {
						t.Fatalf("%s, move %d: ranked by value %+v", pol.name, moves, values)
					}
				}
				if _, err := st.Apply(pr.Seat, first); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
