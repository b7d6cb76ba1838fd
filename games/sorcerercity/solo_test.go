package sorcerercity

import (
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// soloToCleanup plays a solo game's first year with safe answers up to the
// laying of the year's other monsters.
func soloToCleanup(t *testing.T) *State {
	t.Helper()
	g := New()
	st, err := g.New(games.DefaultSetup(g, 1, 11))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Stage != stageGuard {
		if s.Over() || s.Year > 1 {
			t.Fatalf("year %d, stage %s: no monsters to lay", s.Year, s.Stage)
		}
		play(t, s, 0, s.timeoutOr(0))
	}
	return s
}

func TestSoloMonstersGuardTheMarket(t *testing.T) {
	s := soloToCleanup(t)
	// The year's monster was dealt face down: while the others are laid,
	// no view shows which one the seat got.
	for _, viewer := range []int{games.Public, 0} {
		v := s.publicView(viewer)
		for _, id := range v.Seats[0].Bought {
			if s.c.Tile(id).Kind == MonsterTile {
				t.Fatalf("viewer %d sees the dealt monster %s", viewer, id)
			}
		}
	}
	if n := len(s.Seats[0].Tasks); n != soloGuards {
		t.Fatalf("%d monsters to lay, want %d", n, soloGuards)
	}
	for s.Stage == stageGuard {
		monster := s.Seats[0].Tasks[0].Arg
		col := s.c.guardColours(monster)
		for _, id := range options(s, 0) {
			rest := strings.TrimPrefix(id, "guard:")
			tile := "rainbow"
			if rest != "r" {
				v, k, _ := parseSlot(rest)
				tile = s.Market.Up[v][k]
				if s.Market.Guards[v][k] != "" {
					t.Fatalf("%s offered though guarded", id)
				}
			}
			if s.c.Tile(tile).Colours()&col == 0 {
				t.Fatalf("%s offered for %s without a shared colour", id, monster)
			}
		}
		play(t, s, 0, options(s, 0)[0])
	}
	guards := 0
	for v := range Vendors + 1 {
		for _, g := range s.Market.Guards[v] {
			if g != "" {
				guards++
			}
		}
	}
	if guards != soloGuards || s.Year != 2 {
		t.Fatalf("%d monsters on the market in year %d", guards, s.Year)
	}
}

func TestSoloGuardGoesWithItsTile(t *testing.T) {
	s := buyTable(t, "half-price", 0)
	st := s.Seats[0]
	st.Prize, st.Annual[Money] = "", 40
	s.Market.Guards[0][0] = "dragon-1"
	s.Market.Guards[1][0] = "kraken-1"
	play(t, s, 0, "buy:1:0")
	if !slices.Contains(st.Out, "dragon-1") {
		t.Fatalf("bought a guarded tile, gained %v", st.Out)
	}
	if s.Market.Guards[0][len(s.Market.Guards[0])-1] != "" {
		t.Fatalf("the refill came guarded: %v", s.Market.Guards[0])
	}
	play(t, s, 0, "discard:2:0")
	if slices.Contains(st.Out, "kraken-1") || slices.Contains(s.Market.Guards[1], "kraken-1") {
		t.Fatal("a discarded tile's monster survived")
	}
}

func TestSoloLoss(t *testing.T) {
	s := soloToCleanup(t)
	// Every market tile but one is guarded: the next monster covers the
	// last one, or finds none of its colour; either way the game is lost.
	for v := range Vendors + 1 {
		for k := range s.Market.Guards[v] {
			s.Market.Guards[v][k] = "dragon-1"
		}
	}
	s.Market.Guards[Vendors][0] = ""
	play(t, s, 0, "guard:r")
	if !s.Over() || !s.Lost {
		t.Fatalf("market covered, yet over %v lost %v", s.Over(), s.Lost)
	}
	if r := s.Rivals(); len(r) != 1 || r[0].Rank != 1 || s.Standings()[0].Rank != 2 {
		t.Fatalf("rivals %+v, standings %+v", r, s.Standings())
	}
}

func TestSoloRanks(t *testing.T) {
	for _, tc := range []struct {
		prestige int
		want     string
	}{{0, "junior"}, {50, "junior"}, {51, "veteran"}, {100, "veteran"}, {101, "head"}, {150, "head"}, {151, "legendary"}} {
		if got := soloRank(tc.prestige).Key; got != "sc.rank."+tc.want {
			t.Errorf("%d Prestige: %s", tc.prestige, got)
		}
	}
}
