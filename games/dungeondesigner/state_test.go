package dungeondesigner

import (
	"bytes"
	"errors"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func TestInvalidMovesChangeNothing(t *testing.T) {
	build := newTest(t, 3, 40, nil)
	market := newTest(t, 3, 40, nil)
	playBuild(t, market)
	actor := market.acting()
	other := (actor + 1) % 3
	tests := []struct {
		name string
		s    *State
		seat int
		move string
	}{
		{"room not in hand", build, 0, "pick:999:c1"},
		{"bad column", build, 0, "pick:" + itoa(build.Seats[0].Hand[0]) + ":c5"},
		{"garbage", build, 0, "pick:x"},
		{"second before pick", build, 0, "second:" + itoa(build.Seats[0].Hand[0])},
		{"market move while building", build, 0, "pass"},
		{"no such seat", build, 7, "pass"},
		{"not your turn", market, other, "pass:t" + itoa(market.TaskOpen[0])},
		{"no such stall", market, actor, "buy:9:u"},
		{"no such part", market, actor, "buy:1:x"},
		{"task not open", market, actor, "pass:t99"},
		{"plain pass while tasks are open", market, actor, "pass"},
		{"placing without a purchase", market, actor, "put:r1c1:tl"},
	}
	for _, tc := range tests {
		before, _ := tc.s.MarshalJSON()
		_, err := tc.s.Apply(tc.seat, tc.move)
		var ge *games.Error
		if !errors.As(err, &ge) {
			t.Errorf("%s: error %v, want a *games.Error", tc.name, err)
		}
		if after, _ := tc.s.MarshalJSON(); !bytes.Equal(before, after) {
			t.Errorf("%s: state changed", tc.name)
		}
	}
	// Too poor to buy.
	market.Seats[actor].Gold = 0
	if _, err := market.Apply(actor, "buy:1:u"); err == nil {
		t.Error("bought without gold")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestDecksRefill(t *testing.T) {
	s := newTest(t, 2, 41, nil)
	s.Deck, s.Discard = []int{1}, []int{2, 3, 4}
	got := s.drawRooms(3)
	if len(got) != 3 || got[0] != 1 || len(s.Deck)+len(s.Discard) != 1 {
		t.Errorf("draw across the reshuffle: %v, deck %v discard %v", got, s.Deck, s.Discard)
	}
	s.Deck, s.Discard = nil, nil
	if got := s.drawRooms(2); len(got) != 0 {
		t.Errorf("drew %v from nothing", got)
	}
	s.Supply["oval"] = nil
	s.TileDiscard = append(tilesOf(t, "gnoll", 2), tilesOf(t, "star+1", 1)...)
	if id := s.drawTile("oval"); testComps.Tile(id).Element != "gnoll" || len(s.Supply["oval"]) != 1 || len(s.TileDiscard) != 1 {
		t.Errorf("oval refill: tile %d, supply %v, discard %v", id, s.Supply["oval"], s.TileDiscard)
	}
	s.Supply["oval"] = nil
	if id := s.drawTile("oval"); id != 0 {
		t.Errorf("drew tile %d from an empty supply", id)
	}
}

func TestLoadRejects(t *testing.T) {
	g := New()
	s := newTest(t, 2, 42, nil)
	good, _ := s.MarshalJSON()
	if _, err := g.Load(good); err != nil {
		t.Fatalf("Load: %v", err)
	}
	for name, data := range map[string][]byte{
		"garbage":    []byte("{"),
		"old schema": bytes.Replace(good, []byte(`"version":1`), []byte(`"version":0`), 1),
		"no seats":   []byte(`{"version":1,"players":2}`),
	} {
		if _, err := g.Load(data); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}

func BenchmarkRandomGame(b *testing.B) {
	g := New()
	for i := range b.N {
		st, err := g.New(games.Setup{Players: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		for !st.Over() {
			p := st.Pending()[0]
			if _, err := st.Apply(p.Seat, p.Options[i%len(p.Options)].ID); err != nil {
				b.Fatal(err)
			}
		}
	}
}
