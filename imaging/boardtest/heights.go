package boardtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
)

// Heights walks a whole game of g from setup, the moves picked at random
// by seed (a recorded game: the same seed replays it), and draws the
// public board with m after the setup and after every every-th commit, and
// at the end; a view the same as the one drawn last is not drawn again
// (the picture would be the same). It fails at the first board whose
// height differs from the first one's (a phone reading the channel would
// see the board jump) and returns that height. With seats set it checks
// each seat's own picture the same way, per seat.
func Heights(tb testing.TB, g games.Game, r imaging.Renderer, setup games.Setup, m imaging.Meta, every int, seats bool) int {
	tb.Helper()
	public := height{}
	own := make([]height, setup.Players)
	commit := 0
	check := func(st games.State) error {
		commit++
		if (commit-1)%every != 0 && !st.Over() {
			return nil
		}
		if err := public.same(r, st.View(games.Public), m); err != nil {
			return fmt.Errorf("public board: %w", err)
		}
		if !seats {
			return nil
		}
		for seat := range setup.Players {
			pm := m
			pm.Viewer = seat
			if err := own[seat].same(r, st.View(seat), pm); err != nil {
				return fmt.Errorf("seat %d's picture: %w", seat, err)
			}
		}
		return nil
	}
	moves, _, err := games.RandomPlay(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, check)
	if err != nil {
		tb.Fatalf("%d players, %s, seed %d, commit %d: %v", setup.Players, m.Lang, setup.Seed, len(moves), err)
	}
	return public.px
}

// height is the height of a picture through a game, and the view it was
// last drawn from.
type height struct {
	px   int
	last []byte
}

// same draws view, unless it is the view drawn last, and checks the
// picture's height against the first one's.
func (h *height) same(r imaging.Renderer, view any, m imaging.Meta) error {
	data, err := json.Marshal(view)
	if err == nil && h.px != 0 && bytes.Equal(data, h.last) {
		return nil
	}
	h.last = data
	img, err := r.Render(view, m)
	if err != nil {
		return err
	}
	px := img.Bounds().Dy()
	if h.px == 0 {
		h.px = px
	}
	if px != h.px {
		return fmt.Errorf("%d px high, was %d", px, h.px)
	}
	return nil
}
