package dungeondesigner

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

type logged struct {
	seat int
	move string
}

// playRandom plays one game with random legal answers, checking invariants
// after every move, and returns the final state and its move log.
func playRandom(t *testing.T, g games.Game, players int, opts map[string]string, seed uint64, full bool) (*State, []logged) {
	t.Helper()
	st, err := g.New(games.Setup{Players: players, Options: opts, Seed: seed})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	s := st.(*State)
	r := rand.New(rand.NewPCG(seed, 7))
	var log []logged
	for step := 0; !s.Over(); step++ {
		if step > 2000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
		pending := s.Pending()
		if len(pending) == 0 {
			t.Fatalf("seed %d: no pending prompt before the end", seed)
		}
		p := pending[r.IntN(len(pending))]
		if len(p.Options) == 0 {
			t.Fatalf("seed %d: prompt without options: %+v", seed, p)
		}
		o := p.Options[r.IntN(len(p.Options))]
		if len(o.ID) > 40 {
			t.Fatalf("option id too long: %q", o.ID)
		}
		var before PublicView
		if full && p.Secret {
			before = s.View(games.Public).(PublicView)
		}
		out, err := s.Apply(p.Seat, o.ID)
		if err != nil {
			t.Fatalf("seed %d: Apply(%d, %q): %v", seed, p.Seat, o.ID, err)
		}
		log = append(log, logged{p.Seat, o.ID})
		if full && p.Secret && !out.Revealed {
			checkSecretKept(t, s, before, out)
		}
		if full || s.Over() {
			checkInvariants(t, s)
		}
	}
	return s, log
}

// checkSecretKept: a secret answer before the reveal changes the public
// view only in the "Picked" flags, and its narration names no room.
func checkSecretKept(t *testing.T, s *State, before PublicView, out games.Outcome) {
	t.Helper()
	after := s.View(games.Public).(PublicView)
	for i := range after.Seats {
		before.Seats[i].Picked, after.Seats[i].Picked = false, false
	}
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("public view changed by a secret pick")
	}
	for _, e := range out.Events {
		for _, a := range e.Args {
			if strings.HasPrefix(a.Key, "dd.room.") {
				t.Fatalf("secret pick narrated a room: %+v", e)
			}
		}
	}
}

func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestRandomPlay(t *testing.T) {
	g := New()
	// Every game is checked at its end; every fifth after every move; every
	// 25th is replayed from its log.
	n := 500
	if testing.Short() || raceEnabled {
		n = 40
	}
	for _, tc := range []struct {
		players int
		solo    string
	}{{1, "normal"}, {1, "legendary"}, {2, ""}, {3, ""}, {4, ""}, {5, ""}} {
		t.Run(fmt.Sprintf("%dp%s", tc.players, tc.solo), func(t *testing.T) {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				s, log := playRandom(t, g, tc.players, map[string]string{"solo": tc.solo}, seed, seed%5 == 0)
				for i, st := range s.Seats {
					if n := st.Dungeon.Rooms(); n != 16 {
						t.Fatalf("seed %d seat %d: %d rooms at the end", seed, i, n)
					}
					if len(st.Tasks) != 3 {
						t.Fatalf("seed %d seat %d: %d tasks at the end", seed, i, len(st.Tasks))
					}
				}
				if len(s.Pending()) != 0 || len(s.Standings()) != tc.players {
					t.Fatalf("seed %d: finished game still pending or bad standings", seed)
				}
				if seed%25 == 0 {
					checkReplay(t, g, tc.players, map[string]string{"solo": tc.solo}, seed, log, s)
				}
			}
		})
	}
}

// checkReplay replays the log from the seed, reloading the state from JSON
// after every move, and compares the result with the played state.
func checkReplay(t *testing.T, g games.Game, players int, opts map[string]string, seed uint64, log []logged, want *State) {
	t.Helper()
	st, err := g.New(games.Setup{Players: players, Options: opts, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range log {
		data, err := st.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if st, err = g.Load(data); err != nil {
			t.Fatal(err)
		}
		if !games.Legal(st, m.seat, m.move) {
			t.Fatalf("replay: %q not legal for seat %d", m.move, m.seat)
		}
		if _, err := st.Apply(m.seat, m.move); err != nil {
			t.Fatalf("replay: %v", err)
		}
	}
	a, _ := st.MarshalJSON()
	b, _ := want.MarshalJSON()
	if !bytes.Equal(a, b) {
		t.Fatalf("seed %d: replayed state differs", seed)
	}
}

// TestSimulate runs the shared random-play driver, which also checks
// prompt shapes, standings, the JSON round trip, the replay and the
// twin-deal check (a second game per seed with its hidden parts re-dealt).
func TestSimulate(t *testing.T) {
	n := 200
	if testing.Short() || raceEnabled {
		n = 10
	}
	for players := 1; players <= 5; players++ {
		rep, err := games.Simulate(New(), players, n, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Violation != "" || rep.Finished != n {
			t.Fatalf("%d players: %s (seed %d)", players, rep.Violation, rep.Seed)
		}
	}
}

func TestCheckFindsBrokenStates(t *testing.T) {
	tests := map[string]func(s *State){
		"lost room":      func(s *State) { s.Deck = s.Deck[1:] },
		"duplicate room": func(s *State) { s.Discard = append(s.Discard, s.Deck[0]) },
		"lost tile":      func(s *State) { s.Supply["oval"] = s.Supply["oval"][1:] },
		"gold above 30":  func(s *State) { s.Seats[0].Gold = 31 },
		"negative gold":  func(s *State) { s.Seats[1].Gold = -1 },
	}
	for name, breakIt := range tests {
		s := newTest(t, 2, 50, nil)
		if err := s.Check(); err != nil {
			t.Fatalf("fresh state: %v", err)
		}
		breakIt(s)
		if s.Check() == nil {
			t.Errorf("%s not detected", name)
		}
	}
}
