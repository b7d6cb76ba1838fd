package sorcerercity

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestCost: the rewards' halving and 2 less come first, then the spells'
// and artifacts' discounts; no tile costs less than 1.
func TestCost(t *testing.T) {
	cases := []struct {
		name          string
		rows          []string
		half, cheaper int
		tile          string
		want          int
	}{
		{"printed price", nil, 0, 0, "v4-11", 9},
		{"half, rounded up", nil, 1, 0, "v4-11", 5},
		{"quarter, rounded up", nil, 2, 0, "v4-11", 3},
		{"half, then 2 less", nil, 1, 1, "v4-11", 3},
		{"spell: 2 less", []string{"v3-19"}, 0, 0, "v4-11", 7},
		{"two spells, the Wand", []string{"v3-19 v3-19 wand"}, 0, 0, "v4-11", 4},
		{"crown on a green tile", []string{"crown"}, 0, 0, "v4-17", 6},
		{"crown on a tile without green", []string{"crown"}, 0, 0, "v4-11", 9},
		{"never below 1", []string{"v3-19 wand crown"}, 1, 1, "v4-17", 1},
		{"a covered spell does nothing", []string{"pixie-1/v3-19"}, 0, 0, "v4-11", 9},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := monsterTable(t, tc.rows)
			s.Seats[0].Half, s.Seats[0].Cheaper = tc.half, tc.cheaper
			if got := s.cost(0, tc.tile); got != tc.want {
				t.Fatalf("cost %d, want %d", got, tc.want)
			}
		})
	}
}

// buyTable is a 4-player game at the start of Influence & Buy in year 1,
// with the given Influence per seat and reward for the year.
func buyTable(t *testing.T, reward string, influence ...int) *State {
	t.Helper()
	g := New()
	st, err := g.New(games.DefaultSetup(g, len(influence), 3))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	s.Rewards[1] = reward
	s.Start = 0
	for i, st := range s.Seats {
		st.Done = true
		st.Annual = Annual{Money: 10, Influence: influence[i]}
	}
	s.Stage = stageBuy
	var out games.Outcome
	s.influence(&out)
	return s
}

func TestPlacesAndPrizes(t *testing.T) {
	s := buyTable(t, "half-price", 9, 7, 5, 1)
	if !slices.Equal(s.Order, []int{0, 1, 2, 3}) {
		t.Fatalf("order %v", s.Order)
	}
	yp := s.c.Board.YearPrestige[1]
	if s.Seats[0].Annual[Prestige] != yp || s.Seats[0].Half != 1 {
		t.Fatalf("first place: %v, half %d", s.Seats[0].Annual, s.Seats[0].Half)
	}
	play(t, s, 0, "done")
	if got := options(s, 1); !slices.Equal(got, []string{"prize:reward", "prize:prestige"}) {
		t.Fatalf("second place offered %v", got)
	}
	play(t, s, 1, "prize:prestige", "done")
	// Third place (4 players) gets what second left: the reward.
	if s.Seats[2].Half != 1 || s.Seats[2].Annual[Prestige] != 0 {
		t.Fatalf("third place: half %d, %v", s.Seats[2].Half, s.Seats[2].Annual)
	}
	play(t, s, 2, "done")
	if got := options(s, 3); !slices.Equal(got, []string{"prize:money", "prize:buy"}) {
		t.Fatalf("fourth place offered %v", got)
	}
}

func TestTieForSecondLeavesNoThird(t *testing.T) {
	s := buyTable(t, "half-price", 9, 7, 7, 5)
	places := []int{s.Seats[0].Place, s.Seats[1].Place, s.Seats[2].Place, s.Seats[3].Place}
	if !slices.Equal(places, []int{1, 2, 2, 4}) {
		t.Fatalf("places %v", places)
	}
	play(t, s, 0, "done")
	play(t, s, 1, "prize:reward", "done")
	play(t, s, 2, "prize:prestige", "done")
	if got := options(s, 3); !slices.Equal(got, []string{"prize:money", "prize:buy"}) {
		t.Fatalf("after a tie for second, the next seat is offered %v", got)
	}
}

func TestVendorForAll(t *testing.T) {
	s := buyTable(t, "vendor-for-all", 9, 5, 3)
	up := slices.Clone(s.Market.Up[1])
	play(t, s, 0, "vendor:2", "take:2:0", "take:2:0")
	if got := s.Seats[0].Out; len(got) != 2 || got[0] != up[0] {
		t.Fatalf("the winner gained %v", got)
	}
	// The others gain one each in turn order before the winner goes on.
	for _, seat := range []int{1, 2} {
		pending := s.Pending()
		if len(pending) != 1 || pending[0].Seat != seat {
			t.Fatalf("asked %+v, want seat %d", pending, seat)
		}
		play(t, s, seat, "take:2:0")
	}
	if len(s.Seats[1].Out) != 1 || len(s.Seats[2].Out) != 1 || len(s.Market.Up[1]) != vendorSlots {
		t.Fatalf("others gained %v and %v; vendor shows %v", s.Seats[1].Out, s.Seats[2].Out, s.Market.Up[1])
	}
	if got := options(s, 0); !slices.Contains(got, "done") {
		t.Fatalf("the winner is not back at the market: %v", got)
	}
}

func TestOthersDestroy(t *testing.T) {
	s := buyTable(t, "others-destroy", 9, 5, 3)
	for _, seat := range []int{1, 2} {
		pending := s.Pending()
		if len(pending) != 1 || pending[0].Seat != seat {
			t.Fatalf("asked %+v, want seat %d", pending, seat)
		}
		before := len(s.owned(seat))
		play(t, s, seat, options(s, seat)[0])
		if len(s.owned(seat)) != before-1 {
			t.Fatalf("seat %d still owns %d tiles", seat, len(s.owned(seat)))
		}
	}
}

func TestTwoEarly(t *testing.T) {
	s := buyTable(t, "two-early", 9, 5)
	for len(s.Pending()) > 0 && s.Stage == stageBuy {
		p := s.Pending()[0]
		play(t, s, p.Seat, s.timeoutOr(p.Seat))
	}
	if s.Year != 2 || s.Stage != stageBuild {
		t.Fatalf("year %d stage %s", s.Year, s.Stage)
	}
	got := options(s, 0)
	if len(got) == 0 || got[0][:6] != "early:" {
		t.Fatalf("seat 0 starts year 2 with %v, want to pick an early tile", got)
	}
	play(t, s, 0, got[0])
	deck := len(s.Seats[0].Deck)
	play(t, s, 0, options(s, 0)[0])
	if s.Seats[0].District.Len() != 1 || len(s.Seats[0].Deck) != deck {
		t.Fatalf("early tile not placed: %d cells", s.Seats[0].District.Len())
	}
	if got := options(s, 0); got[0][:6] != "early:" {
		t.Fatalf("second early pick missing: %v", got)
	}
}

// timeoutOr is the seat's safe answer.
func (s *State) timeoutOr(seat int) string {
	m, _ := s.TimeoutMove(seat)
	return m
}
