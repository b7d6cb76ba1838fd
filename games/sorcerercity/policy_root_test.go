package sorcerercity

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestRootPolicyBlind: the root policy's move, buys included, is the
// same on a twin dealt anew for its seat (its deck in another order
// above all), at every position of random games of 2 and 3 players.
func TestRootPolicyBlind(t *testing.T) {
	g := New()
	three := games.DefaultSetup(g, 3, 32)
	three.Options["artifacts"] = "yes"
	setups := []games.Setup{games.DefaultSetup(g, 2, 31), three}
	if testing.Short() || raceBuild {
		setups = setups[:1]
	}
	for _, setup := range setups {
		gamestest.PolicyBlind(t, g, g.RootPolicy(), setup)
	}
}

// TestRootPolicyRanksBuys: at market prompts of heuristic games of 2
// and 3 players, the root policy's buy ranking (rankBuys) holds every
// offered option once, its move first; the buys that add to the seat's
// districts come first, most first, then "done"; a buy that adds nothing
// is never its move; its ranking for the search is that move alone, as
// at every build decision; and the solo game keeps the heuristic's buys.
func TestRootPolicyRanksBuys(t *testing.T) {
	g := New()
	root := g.RootPolicy().(rootPolicy)
	most := 6 // market prompts judged a game: each judges hundreds of builds
	if testing.Short() || raceBuild {
		most = 2
	}
	for _, players := range []int{1, 2, 3} {
		setup := games.DefaultSetup(g, players, uint64(40+players))
		judged := 0
		_, _, err := games.PlayWith(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, func(st games.State, p games.Prompt, n int) (string, bool) {
			s := st.(*State)
			seed := uint64(n)
			if players > 1 && s.Stage == stageBuild {
				want, _ := choose(s, p.Seat, seed)
				if got := root.Rank(s, p.Seat, seed); !slices.Equal(got, []string{want}) {
					t.Fatalf("move %d: ranked %v while building, want the heuristic's %q alone", n, got, want)
				}
				return want, true
			}
			if !s.buysByDeck(p.Seat, p) {
				if players > 1 || s.Stage != stageBuy {
					return choose(s, p.Seat, seed)
				}
				// Solo: the same move as the heuristic's.
				want, _ := choose(s, p.Seat, seed)
				if got, _ := root.Choose(s, p.Seat, seed); got != want {
					t.Fatalf("solo move %d: root %q, the heuristic %q", n, got, want)
				}
				return want, true
			}
			if players == 1 {
				t.Fatalf("solo move %d: the root policy judges a solo market", n)
			}
			if judged == most {
				return choose(s, p.Seat, seed)
			}
			judged++
			ranked := s.rankBuys(p.Seat, p, seed)
			first, _ := root.Choose(s, p.Seat, seed)
			if got := root.Rank(s, p.Seat, seed); !slices.Equal(got, []string{first}) {
				t.Fatalf("move %d: ranked %v for the search, want its move %q alone", n, got, first)
			}
			if len(ranked) != len(p.Options) || ranked[0] != first {
				t.Fatalf("move %d: ranked %v of %d options, the move %q first", n, ranked, len(p.Options), first)
			}
			for _, o := range p.Options {
				if !slices.Contains(ranked, o.ID) {
					t.Fatalf("move %d: %q left out of %v", n, o.ID, ranked)
				}
			}
			gain := map[string]int{}
			for _, b := range s.buyGains(p.Seat, p, seed) {
				gain[b.move] = b.by
			}
			last := 1 << 30
			for _, id := range ranked {
				if id == "done" {
					break
				}
				if g, buy := gain[id]; !buy || g <= 0 || g > last {
					t.Fatalf("move %d: %q (adds %d, a buy %v) ranked before done after one adding %d: %v", n, id, g, buy, last, ranked)
				}
				last = gain[id]
			}
			if g, buy := gain[first]; buy && g <= 0 {
				t.Fatalf("move %d: buys %q, which adds %d", n, first, g)
			}
			return first, true
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if players > 1 && judged == 0 {
			t.Fatalf("%d players: no market prompt judged", players)
		}
	}
}

// TestBuildWorthCountsGoals: the starting tiles, built together, score
// something, and what the seat owns does not depend on its deck's hidden
// order, so neither do the builds drawn from it.
func TestBuildWorthCountsGoals(t *testing.T) {
	s := newGame(t, 2, 5)
	owned := s.ownedTiles(0)
	if len(owned) == 0 {
		t.Fatal("the seat owns no tiles")
	}
	if got := s.buildWorth(owned, games.NewRNG(1)); got <= 0 {
		t.Fatalf("the starting tiles build a district worth %d", got)
	}
	shuffled := slices.Clone(s.Seats[0].Deck)
	games.Shuffle(games.NewRNG(9), shuffled)
	s.Seats[0].Deck = shuffled
	if got := s.ownedTiles(0); !slices.Equal(got, owned) {
		t.Fatalf("the seat's tiles depend on its deck's order: %v, then %v", owned, got)
	}
}

// BenchmarkRootPolicyVsPolicy reports how the root policy fares against
// the heuristic, 2 players, its seat alternating, game i on seed from+i
// (the figures in RootPolicy's comment; from 1001 tuned, from 1 not):
// go test -run '^$' -bench 'RootPolicyVsPolicy/from-1001' -benchtime 40x ./games/sorcerercity
// go test -run '^$' -bench 'RootPolicyVsPolicy/from-1$' -benchtime 20x ./games/sorcerercity
func BenchmarkRootPolicyVsPolicy(b *testing.B) {
	g := New()
	root, heuristic := g.RootPolicy(), g.Policy()
	for _, from := range []uint64{1, 1001} {
		b.Run(fmt.Sprintf("from-%d", from), func(b *testing.B) {
			wins, mine, theirs := 0, 0, 0
			for i := range b.N {
				setup := games.DefaultSetup(g, 2, from+uint64(i))
				seat := i % 2
				_, final, err := games.PlayWith(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, func(st games.State, p games.Prompt, n int) (string, bool) {
					pol := heuristic
					if p.Seat == seat {
						pol = root
					}
					return pol.Choose(st, p.Seat, games.PolicySeed(setup.Seed, n, p.Seat))
				}, nil)
				if err != nil {
					b.Fatal(err)
				}
				for _, sd := range final.Standings() {
					if sd.Seat != seat {
						theirs += sd.Score
						continue
					}
					mine += sd.Score
					if sd.Rank == 1 {
						wins++
					}
				}
			}
			b.ReportMetric(100*float64(wins)/float64(b.N), "%won")
			b.ReportMetric(float64(mine)/float64(b.N), "prestige")
			b.ReportMetric(float64(theirs)/float64(b.N), "rival-prestige")
		})
	}
}
