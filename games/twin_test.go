package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// cards is a small game with hidden hands, for testing the twin-deal
// check: each seat holds cards from 1..9; in turn a seat plays one face up
// (a reveal) or passes; then every seat is asked, in secret, whether to
// "shine". After four rounds the highest sum of played cards wins. Its
// mode injects the leaks the check must find.
type cards struct{ mode string }

type cardsState struct {
	Mode   string  `json:"mode"`
	Seats  int     `json:"seats"`
	RNG    *RNG    `json:"rng"`
	Deck   []int   `json:"deck"`
	Hands  [][]int `json:"hands"`
	Played [][]int `json:"played"`
	Turn   int     `json:"turn"`
	Round  int     `json:"round"`
	Asking []bool  `json:"asking"` // seats still to answer the shine question
}

// The leaks:
//   - "ask-holders": only seats holding a 9 are asked to shine.
//   - "narrate-hand": passing says how many cards the hand holds above 5.
//   - "bad-redeal": Redeal forgets to keep hand sizes.
func (g cards) Info() Info { return Info{ID: "cards", MinPlayers: 2, MaxPlayers: 4} }

func (g cards) New(s Setup) (State, error) {
	st := &cardsState{Mode: g.mode, Seats: s.Players, RNG: NewRNG(s.Seed)}
	for v := 1; v <= 9; v++ {
		st.Deck = append(st.Deck, v, v)
	}
	Shuffle(st.RNG, st.Deck)
	st.Hands = make([][]int, s.Players)
	st.Played = make([][]int, s.Players)
	for i := range st.Hands {
		st.Hands[i], st.Deck = st.Deck[:3:3], st.Deck[3:]
	}
	return st, nil
}

func (g cards) Load(b []byte) (State, error) {
	var s cardsState
	err := json.Unmarshal(b, &s)
	return &s, err
}

func (s *cardsState) Pending() []Prompt {
	if s.Over() {
		return nil
	}
	if s.Asking != nil {
		var out []Prompt
		for seat, ask := range s.Asking {
			if ask {
				out = append(out, Prompt{Seat: seat, Secret: true, Options: []Option{{ID: "shine"}, {ID: "dull"}}})
			}
		}
		return out
	}
	opts := []Option{{ID: "pass"}}
	for _, c := range s.Hands[s.Turn] {
		if id := "play" + strconv.Itoa(c); !strings.Contains(fmt.Sprint(opts), id) {
			opts = append(opts, Option{ID: id})
		}
	}
	return []Prompt{{Seat: s.Turn, Secret: true, Options: opts}}
}

func (s *cardsState) Apply(seat int, move string) (Outcome, error) {
	if !Legal(s, seat, move) {
		return Outcome{}, Errorf("cards.err.illegal")
	}
	var out Outcome
	switch {
	case s.Asking != nil:
		s.Asking[seat] = false
		for _, a := range s.Asking {
			if a {
				return out, nil
			}
		}
		s.Asking = nil
		s.Round++
		return out, nil
	case move == "pass":
		high := 0
		for _, c := range s.Hands[seat] {
			if c > 5 {
				high++
			}
		}
		if s.Mode == "narrate-hand" {
			out.Events = append(out.Events, T("cards.pass.high", "n", high))
		} else {
			out.Events = append(out.Events, T("cards.pass"))
		}
	default:
		c, _ := strconv.Atoi(strings.TrimPrefix(move, "play"))
		for i, h := range s.Hands[seat] {
			if h == c {
				s.Hands[seat] = append(s.Hands[seat][:i:i], s.Hands[seat][i+1:]...)
				break
			}
		}
		s.Played[seat] = append(s.Played[seat], c)
		out.Revealed = true
	}
	s.Turn = (s.Turn + 1) % s.Seats
	if s.Turn == 0 {
		s.Asking = make([]bool, s.Seats)
		for i := range s.Asking {
			s.Asking[i] = s.Mode != "ask-holders" || containsInt(s.Hands[i], 9)
		}
		if !containsBool(s.Asking, true) {
			s.Asking = nil
			s.Round++
		}
	}
	return out, nil
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func containsBool(s []bool, v bool) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// cardsView is the public view: played cards and hand sizes.
type cardsView struct {
	Played [][]int
	Hand   []int
	Round  int
}

func (s *cardsState) View(int) any {
	v := cardsView{Played: s.Played, Round: s.Round}
	for _, h := range s.Hands {
		v.Hand = append(v.Hand, len(h))
	}
	return v
}

func (s *cardsState) Over() bool { return s.Round >= 4 }

func (s *cardsState) Standings() []Standing {
	out := make([]Standing, s.Seats)
	for i := range out {
		out[i] = Standing{Seat: i, Rank: 1}
	}
	return out
}

func (s *cardsState) MarshalJSON() ([]byte, error) {
	type plain cardsState
	return json.Marshal((*plain)(s))
}

// Redeal pools the hands and the deck and deals them again, keeping each
// hand's size (unless the mode forgets to).
func (s *cardsState) Redeal(viewer int, rng *RNG) (State, error) {
	data, err := s.MarshalJSON()
	if err != nil {
		return nil, err
	}
	t := &cardsState{}
	if err := json.Unmarshal(data, t); err != nil {
		return nil, err
	}
	t.RNG = NewRNG(rng.Uint64())
	pool := append([]int(nil), t.Deck...)
	for seat, h := range t.Hands {
		if seat != viewer {
			pool = append(pool, h...)
		}
	}
	Shuffle(rng, pool)
	for seat, h := range t.Hands {
		if seat == viewer {
			continue
		}
		n := len(h)
		if s.Mode == "bad-redeal" {
			n = 3
		}
		t.Hands[seat], pool = pool[:n:n], pool[n:]
	}
	t.Deck = pool
	return t, nil
}

func TestCheckTwins(t *testing.T) {
	tests := []struct {
		mode string
		want string // a part of the violation; empty: none
	}{
		{"", ""},
		{"ask-holders", "the twins differ"},
		{"narrate-hand", "narration"},
		{"bad-redeal", "public views differ"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			var found error
			for seed := uint64(1); seed <= 50 && found == nil; seed++ {
				g := cards{mode: tc.mode}
				_, found = CheckTwins(g, Setup{Players: 3, Seed: seed}, NewRNG(seed), 1000)
			}
			switch {
			case tc.want == "" && found != nil:
				t.Fatalf("fair game flagged: %v", found)
			case tc.want != "" && found == nil:
				t.Fatalf("leak %q not found in 50 games", tc.mode)
			case tc.want != "" && !strings.Contains(found.Error(), tc.want):
				t.Fatalf("leak %q reported as %v, want %q", tc.mode, found, tc.want)
			}
		})
	}
}

// opaque hides every method of its game's states but State's.
type opaque struct{ toy }

func (g opaque) New(s Setup) (State, error) {
	st, err := g.toy.New(s)
	return struct{ State }{st}, err
}

func TestCheckTwinsNeedsRedeal(t *testing.T) {
	_, err := CheckTwins(opaque{}, DefaultSetup(toy{}, 2, 1), NewRNG(1), 100)
	if !errors.Is(err, ErrNoRedeal) {
		t.Fatalf("got %v, want ErrNoRedeal", err)
	}
}
