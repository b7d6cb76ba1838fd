package boardtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
)

// Walk is a recorded game to walk: the same Walk plays the same moves.
type Walk struct {
	Game  games.Game
	Setup games.Setup // its seed also picks the moves
	// Policy picks each move of a pending seat chosen at random; nil
	// picks uniformly among all pending options (games.RandomPlay).
	Policy games.Policy
	// Every draws after every Every-th move only (0 or 1: after each).
	Every int
	// Seats checks each seat's own picture too, per seat.
	Seats bool
}

// Heights walks a whole game and draws the public board with m after the
// setup, after every move (see Walk.Every; a step inside a turn leaves the
// public view as it was) and at the end; a view the same as the one drawn
// last is not drawn again (the picture would be the same). It fails at the first board whose height differs from the first
// one's (a phone scrolling the channel would see the board jump) and
// returns that height, and with Walk.Seats each seat's picture's.
func Heights(tb testing.TB, r imaging.Renderer, m imaging.Meta, w Walk) (board int, seats []int) {
	tb.Helper()
	public := height{}
	own := make([]height, w.Setup.Players)
	every := max(w.Every, 1)
	move := 0 // the check's count: the setup, then each move
	check := func(st games.State) error {
		move++
		if (move-1)%every != 0 && !st.Over() {
			return nil
		}
		if err := public.same(r, st.View(games.Public), m); err != nil {
			return fmt.Errorf("public board: %w", err)
		}
		if !w.Seats {
			return nil
		}
		for seat := range w.Setup.Players {
			pm := m
			pm.Viewer = seat
			if err := own[seat].same(r, st.View(seat), pm); err != nil {
				return fmt.Errorf("seat %d's picture: %w", seat, err)
			}
		}
		return nil
	}
	if _, err := w.play(check); err != nil {
		tb.Fatalf("%d players, %s, seed %d, move %d: %v", w.Setup.Players, m.Lang, w.Setup.Seed, move-1, err)
	}
	if w.Seats {
		for _, h := range own {
			seats = append(seats, h.px)
		}
	}
	return public.px, seats
}

// play plays the game to its end (games.PlayWith), calling check after
// the setup and after every move; it returns the final state.
func (w Walk) play(check func(games.State) error) (games.State, error) {
	rng := games.NewRNG(w.Setup.Seed)
	if w.Policy == nil {
		_, end, err := games.RandomPlay(w.Game, w.Setup, rng, games.SimMaxMoves, check)
		return end, err
	}
	_, end, err := games.PlayWith(w.Game, w.Setup, rng, games.SimMaxMoves, func(st games.State, p games.Prompt, moves int) (string, bool) {
		return w.Policy.Choose(st, p.Seat, w.Setup.Seed*7919+uint64(moves))
	}, check)
	return end, err
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

// PhoneAspect is the most a picture may be as tall as it is wide: a phone
// showing it PhoneWidth (400) px wide scrolls 1.5 screens of 900 px at most
// (issue 31), 2700 px on a 1200 px board.
const PhoneAspect = 2.25

// Ceiling walks a whole game as Heights does, drawing the public board
// and, with Walk.Seats, each seat's own picture at every drawn moment (a
// view the same as the one drawn last for that viewer is not drawn again).
// It fails at the first picture taller than PhoneAspect times its width;
// it returns the tallest picture's height on a phone (OnPhone) and the
// game's final state.
func Ceiling(tb testing.TB, r imaging.Renderer, m imaging.Meta, w Walk) (float64, games.State) {
	tb.Helper()
	viewers := []int{games.Public}
	if w.Seats {
		for seat := range w.Setup.Players {
			viewers = append(viewers, seat)
		}
	}
	last := make([][]byte, len(viewers))
	tallest := 0.0
	every := max(w.Every, 1)
	move := 0
	check := func(st games.State) error {
		move++
		if (move-1)%every != 0 && !st.Over() {
			return nil
		}
		for k, viewer := range viewers {
			view := st.View(viewer)
			data, err := json.Marshal(view)
			if err == nil && bytes.Equal(data, last[k]) {
				continue
			}
			last[k] = data
			vm := m
			vm.Viewer = viewer
			img, err := r.Render(view, vm)
			if err != nil {
				return err
			}
			width, height := img.Bounds().Dx(), img.Bounds().Dy()
			tallest = max(tallest, OnPhone(float64(height), width))
			if float64(height) > PhoneAspect*float64(width) {
				return fmt.Errorf("%s is %dx%d, %.0f px tall on a phone %d px wide: more than %.2f times its width", pictureName(viewer), width, height, OnPhone(float64(height), width), PhoneWidth, PhoneAspect)
			}
		}
		return nil
	}
	end, err := w.play(check)
	if err != nil {
		tb.Fatalf("%d players, %s, seed %d, move %d: %v", w.Setup.Players, m.Lang, w.Setup.Seed, move-1, err)
	}
	return tallest, end
}

// pictureName names the picture a viewer gets, for a failure message.
func pictureName(viewer int) string {
	if viewer == games.Public {
		return "the public board"
	}
	return fmt.Sprintf("seat %d's own picture", viewer)
}
