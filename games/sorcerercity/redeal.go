package sorcerercity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Redealer = (*State)(nil)

// Redeal deals anew what viewer cannot see: every seat's deck and the
// face-down tiles in its district (nobody has seen those), the tile
// another seat drew while it only has to be placed (from its tiles that
// would ask nothing more either),
// of the vendor decks, the monster stacks and the Lich's Skeletons; the
// Mystery Players of years not yet revealed; and other seats' secret
// transformation picks.
func (s *State) Redeal(viewer int, rng *games.RNG) (games.State, error) {
	t, err := games.CloneFor(s, func(b []byte) (*State, error) { return load(s.c, b) })
	if err != nil {
		return nil, fmt.Errorf("sorcerercity: redeal: %w", err)
	}
	t.RNG = games.NewRNG(rng.Uint64())
	if t.Stage == stageArtifact {
		// Before the decks are dealt, which then forget where in them
		// the artifacts lay.
		t.redealArtifacts(viewer, rng)
	}
	for i, st := range t.Seats {
		t.redealSeat(i, i == viewer, rng)
		if i != viewer && st.Transform != nil {
			// How many cards a seat shows is public; which are not.
			var same []string
			for _, o := range t.transformOptions(i) {
				if strings.Count(o.ID, "+")+1 == len(st.Transform) {
					same = append(same, o.ID)
				}
			}
			st.Transform, _ = parsePicks(same[rng.IntN(len(same))])
		}
	}
	for v := range Vendors {
		games.Reshuffle(rng, t.Market.Decks[v])
	}
	for y := range t.Stacks {
		games.Reshuffle(rng, t.Stacks[y])
	}
	games.Reshuffle(rng, t.Skeletons)
	if t.Mystery != nil {
		for y := t.Shown + 1; y <= Years; y++ {
			cards := slices.Clone(s.c.Board.Mystery[y])
			games.Shuffle(rng, cards)
			t.Mystery[y] = cards[:len(t.Mystery[y])]
		}
	}
	return t, nil
}

// plainDraw reports whether drawing id asks nothing but its placement.
func (s *State) plainDraw(id string) bool {
	switch s.c.Tile(id).Beast {
	case "dragon", "gelatinous-cube", "kraken", "lich", "demon", "goblin":
		return false
	}
	return true
}

// redealSeat deals seat's unseen tiles anew; own keeps a face-up drawn
// tile, which its seat has seen.
func (s *State) redealSeat(seat int, own bool, rng *games.RNG) {
	st := s.Seats[seat]
	pool := slices.Clone(st.Deck)
	var down []*Placed
	for k := range st.District.Cells {
		for j := range st.District.Cells[k].Stack {
			if pl := &st.District.Cells[k].Stack[j]; pl.FaceDown {
				down = append(down, pl)
				pool = append(pool, pl.Tile)
			}
		}
	}
	// A drawn tile that only waits to be placed is unseen by others (a
	// tile a spell lifted, or one picked to be placed early, is not drawn).
	drawn := st.Drawn != "" && (st.DrawnDown || (!own && len(st.Tasks) == 1 && st.Tasks[0].Kind == taskPlace && st.Tasks[0].Arg == "" && s.plainDraw(st.Drawn)))
	if drawn {
		pool = append(pool, st.Drawn)
	}
	games.Reshuffle(rng, pool)
	// The drawn tile first: it must be a plain draw, and the face-down
	// tiles, which may be anything, could otherwise take every plain one.
	if drawn {
		k := len(pool) - 1
		if !st.DrawnDown {
			for k >= 0 && !s.plainDraw(pool[k]) {
				k--
			}
		}
		st.Drawn = pool[k] // k >= 0: the drawn tile itself is in the pool
		pool = slices.Delete(pool, k, k+1)
	}
	for _, pl := range down {
		pl.Tile, pool = pool[len(pool)-1], pool[:len(pool)-1]
	}
	st.Deck = pool
}

// redealArtifacts deals the other seats' artifacts anew while they are
// being kept: those offered, and those already kept (still in the decks).
func (s *State) redealArtifacts(viewer int, rng *games.RNG) {
	mine := map[string]bool{}
	if viewer >= 0 && viewer < len(s.Seats) {
		for _, id := range s.Seats[viewer].Offer {
			mine[id] = true
		}
		for _, id := range s.Seats[viewer].Deck {
			mine[id] = s.c.Tile(id).Kind == ArtifactTile
		}
	}
	var pool []string
	for _, id := range s.c.ByKind[ArtifactTile] {
		if !mine[id] {
			pool = append(pool, id)
		}
	}
	games.Shuffle(rng, pool)
	for i, st := range s.Seats {
		if i == viewer {
			continue
		}
		if len(st.Offer) > 0 {
			st.Offer, pool = slices.Clone(pool[:len(st.Offer)]), pool[len(st.Offer):]
		}
		for k, id := range st.Deck {
			if s.c.Tile(id).Kind == ArtifactTile {
				st.Deck[k], pool = pool[0], pool[1:]
			}
		}
	}
}
