package sorcerercity

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Checker = (*State)(nil)

// Check verifies what must hold after every move: every track within
// 0–60, no tile counted more often than the game has it (in play or gone
// from the game; that the count never changes at all is checked move by
// move in random_test), a drawn tile only while tasks
// remain (a monster's first, then its placement), and the solo market's
// monsters matching its tiles.
func (s *State) Check() error {
	var errs []error
	seen := s.census()
	for id, n := range seen {
		t, ok := s.c.Tiles[id]
		if !ok {
			errs = append(errs, fmt.Errorf("unknown tile %q in play", id))
			continue
		}
		most := t.Copies
		if t.Kind == StartingTile {
			most *= len(s.Seats)
		}
		if n > most {
			errs = append(errs, fmt.Errorf("tile %s in play %d times, the game has %d", id, n, most))
		}
	}
	for i, st := range s.Seats {
		for r, v := range st.Annual {
			if v < 0 || v > TrackCap {
				errs = append(errs, fmt.Errorf("seat %d: %s track at %d", i, Resource(r), v))
			}
		}
		for _, c := range st.District.Cells {
			if len(c.Stack) == 0 {
				errs = append(errs, fmt.Errorf("seat %d: empty cell at %s", i, c.At))
			}
		}
		if st.Drawn != "" && len(st.Tasks) == 0 {
			errs = append(errs, fmt.Errorf("seat %d holds %s with nothing left to do with it", i, st.Drawn))
		}
	}
	for v := range Vendors {
		if s.Market.Guards[v] != nil && len(s.Market.Guards[v]) != len(s.Market.Up[v]) {
			errs = append(errs, fmt.Errorf("vendor %d: %d monsters for %d tiles", v+1, len(s.Market.Guards[v]), len(s.Market.Up[v])))
		}
	}
	return errors.Join(errs...)
}

// census counts every tile of the game, wherever it is: decks, districts,
// hands, the market, the monster stacks, and those gone from the game.
// It never changes from move to move (random_test checks it).
func (s *State) census() map[string]int {
	seen := map[string]int{}
	add := func(ids ...string) {
		for _, id := range ids {
			for _, one := range strings.Split(id, "+") {
				if one != "" {
					seen[one]++
				}
			}
		}
	}
	for _, st := range s.Seats {
		add(st.Deck...)
		add(st.Out...)
		add(st.Offer...)
		add(st.Drawn)
		for _, c := range st.District.Cells {
			for _, pl := range c.Stack {
				add(pl.Tile)
			}
		}
		for _, t := range st.Tasks {
			if t.Kind == taskGuard {
				add(t.Arg)
			}
		}
	}
	for v := range Vendors {
		add(s.Market.Decks[v]...)
		add(s.Market.Up[v]...)
	}
	for _, g := range s.Market.Guards {
		add(g...)
	}
	for range s.Market.Rainbow {
		add("rainbow")
	}
	for _, stack := range s.Stacks {
		add(stack...)
	}
	add(s.Skeletons...)
	add(s.Gone...)
	return seen
}
