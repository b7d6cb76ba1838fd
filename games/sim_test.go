package games

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// toy is a tiny game for testing the driver: seats take turns choosing 1 or
// 2 until the total reaches Goal. Its mode option injects faults.
type toy struct{ mode string }

type toyState struct {
	Mode  string `json:"mode"`
	Seats int    `json:"seats"`
	Total int    `json:"total"`
	Goal  int    `json:"goal"`
	Turn  int    `json:"turn"`
	Score []int  `json:"score"`
}

func (g toy) Info() Info {
	return Info{ID: "toy", MinPlayers: 2, MaxPlayers: 3,
		Options: []OptionSpec{{ID: "goal", Choices: []string{"10", "20"}, Default: "10"}}}
}

func (g toy) New(s Setup) (State, error) {
	goal, err := strconv.Atoi(s.Options["goal"])
	if err != nil {
		return nil, Errorf("toy.err.goal")
	}
	return &toyState{Mode: g.mode, Seats: s.Players, Goal: goal, Score: make([]int, s.Players), Turn: int(s.Seed % uint64(s.Players))}, nil
}

func (g toy) Load(b []byte) (State, error) {
	var s toyState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	if s.Mode == "lossy" {
		s.Total = 0 // a broken decoder: round trips must notice
	}
	return &s, nil
}

func (s *toyState) Pending() []Prompt {
	if s.Over() || s.Mode == "stall" && s.Total > 3 {
		return nil
	}
	opts := []Option{{ID: "1"}, {ID: "2"}}
	if s.Mode == "badid" {
		opts = append(opts, Option{ID: "two words"})
	}
	return []Prompt{{Seat: s.Turn, Options: opts}}
}

func (s *toyState) Apply(seat int, move string) (Outcome, error) {
	if !Legal(s, seat, move) {
		return Outcome{}, Errorf("toy.err.illegal")
	}
	n, _ := strconv.Atoi(move)
	if s.Mode == "panic" && s.Total > 4 {
		panic("boom")
	}
	if s.Mode == "endless" {
		n = 0
	}
	s.Total += n
	s.Score[seat] += n
	s.Turn = (s.Turn + 1) % s.Seats
	return Outcome{}, nil
}

func (s *toyState) View(int) any { return s }

// Redeal copies the state: the toy hides nothing.
func (s *toyState) Redeal(int, *RNG) (State, error) {
	c := *s
	c.Score = append([]int(nil), s.Score...)
	return &c, nil
}
func (s *toyState) Over() bool { return s.Total >= s.Goal }
func (s *toyState) Standings() []Standing {
	out := make([]Standing, s.Seats)
	for i := range out {
		out[i] = Standing{Seat: i, Rank: 1, Score: s.Score[i]}
	}
	return out
}
func (s *toyState) MarshalJSON() ([]byte, error) {
	type plain toyState
	return json.Marshal((*plain)(s))
}

func (s *toyState) Check() error {
	if s.Mode == "broken" && s.Total > 5 {
		return errors.New("invariant broken")
	}
	return nil
}

func TestRandomPlay(t *testing.T) {
	tests := []struct {
		mode    string
		wantErr string
	}{
		{"", ""},
		{"panic", "panic"},
		{"stall", "stall"},
		{"endless", "move limit"},
		{"badid", "bad option id"},
		{"broken", "invariant broken"},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			g := toy{mode: tc.mode}
			setup := DefaultSetup(g, 2, 3)
			moves, final, err := RandomPlay(g, setup, NewRNG(1), 100, nil)
			if tc.wantErr == "" {
				if err != nil || final == nil || !final.Over() {
					t.Fatalf("err %v", err)
				}
				if err := CheckReplay(g, setup, moves, final); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
			if len(moves) == 0 && tc.mode != "badid" {
				t.Error("the moves up to the failure must be returned")
			}
		})
	}
}

func TestRandomPlayExternalCheck(t *testing.T) {
	g := toy{}
	calls := 0
	_, _, err := RandomPlay(g, DefaultSetup(g, 3, 1), NewRNG(2), 100, func(s State) error {
		calls++
		if s.(*toyState).Total >= 4 {
			return errors.New("too big")
		}
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), "too big") || calls < 3 {
		t.Fatalf("err %v after %d calls", err, calls)
	}
}

func TestCheckReplayDetectsDivergence(t *testing.T) {
	g := toy{}
	setup := DefaultSetup(g, 2, 3)
	moves, final, err := RandomPlay(g, setup, NewRNG(1), 100, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckReplay(g, setup, moves[:len(moves)-1], final); err == nil {
		t.Error("a shortened log must not reproduce the state")
	}
	if err := CheckReplay(g, setup, append(moves, Move{Seat: 0, ID: "9"}), final); err == nil {
		t.Error("a refused move must be reported")
	}
}

func TestSimulate(t *testing.T) {
	rep, err := Simulate(toy{}, 3, 25, 100)
	if err != nil || rep.Violation != "" || rep.Games != 25 || rep.Finished != 25 || rep.Moves < 25*4 {
		t.Fatalf("report %+v err %v", rep, err)
	}
	rep, err = Simulate(toy{mode: "panic"}, 2, 10, 7)
	if err != nil || rep.Violation == "" || rep.Games != 1 || rep.Finished != 0 || rep.Seed != 7 || len(rep.Log) == 0 {
		t.Fatalf("report %+v err %v", rep, err)
	}
	if _, err := Simulate(toy{}, 9, 1, 1); err == nil {
		t.Error("a player count outside the game's range must be an error")
	}
}

func TestCheckStandings(t *testing.T) {
	tests := []struct {
		name string
		st   []Standing
		ok   bool
	}{
		{"ok", []Standing{{Seat: 1, Rank: 1}, {Seat: 0, Rank: 2}}, true},
		{"tie", []Standing{{Seat: 1, Rank: 1}, {Seat: 0, Rank: 1}}, true},
		{"seat twice", []Standing{{Seat: 1, Rank: 1}, {Seat: 1, Rank: 2}}, false},
		{"rank skips", []Standing{{Seat: 1, Rank: 1}, {Seat: 0, Rank: 3}}, false},
		{"too few", []Standing{{Seat: 1, Rank: 1}}, false},
	}
	for _, tc := range tests {
		err := CheckStandings(standingsOnly(tc.st), 2)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err %v", tc.name, err)
		}
	}
}

type standingsOnly []Standing

func (s standingsOnly) Pending() []Prompt                  { return nil }
func (s standingsOnly) Apply(int, string) (Outcome, error) { return Outcome{}, nil }
func (s standingsOnly) View(int) any                       { return nil }
func (s standingsOnly) Over() bool                         { return true }
func (s standingsOnly) Standings() []Standing              { return s }
func (s standingsOnly) MarshalJSON() ([]byte, error)       { return []byte("[]"), nil }

func TestCheckRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		mode string
		ok   bool
	}{{"", true}, {"lossy", false}} {
		g := toy{mode: tc.mode}
		_, final, err := RandomPlay(g, DefaultSetup(g, 2, 1), NewRNG(1), 100, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckRoundTrip(g, final); (err == nil) != tc.ok {
			t.Errorf("mode %q: err %v", tc.mode, err)
		}
	}
}
