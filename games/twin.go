package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Redealer is implemented by states that can deal their hidden parts anew
// (hands, face-down decks, secret picks not yet revealed, the order of
// future draws) in a way consistent with everything viewer can see or
// could have deduced from the game's flow. The result is a new state,
// sharing nothing with the receiver, that viewer cannot tell apart from it:
// the same View(viewer), the same public prompts, the same counts. Its RNG
// is seeded from rng, so its future draws differ too.
//
// Two uses: the twin-deal check (CheckTwins) proves that a game's flow
// gives nothing hidden away, and a fair bot samples worlds it cannot see
// from it instead of peeking at other seats' cards.
type Redealer interface {
	Redeal(viewer int, rng *RNG) (State, error)
}

// ErrNoRedeal reports a game whose states cannot be re-dealt, so the
// twin-deal check cannot run: every game must implement Redealer.
var ErrNoRedeal = errors.New("state does not implement games.Redealer")

// CheckTwins plays one random game like RandomPlay and keeps a twin of it
// whose hidden parts are dealt anew (Redeal for Public). Each move of the
// game is played on the twin too when the twin offers the same seat the
// same option; after it, unless either side drew or revealed something
// (Outcome.Revealed), the two must be alike for the channel: the same
// narration, the same public view, the same seats asked, in secret or
// not, and the same public prompts. A move the twin cannot copy (it
// depended on a hidden card), or one that revealed something, is played
// on the game alone and the twin is dealt anew from the game's new state,
// which must be alike too. So any difference in the flow that stems only
// from hidden cards (a prompt put only to players holding something, a
// phase skipped for some hands) is a violation. The moves played so far
// are returned, so a failure can be replayed with the same rng.
func CheckTwins(g Game, setup Setup, rng *RNG, maxMoves int) (moves []Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic after %d moves: %v", len(moves), r)
		}
	}()
	s, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	if _, ok := s.(Redealer); !ok {
		return nil, ErrNoRedeal
	}
	twinRNG := NewRNG(rng.Uint64())
	redeal := func() (State, error) {
		t, err := s.(Redealer).Redeal(Public, twinRNG)
		if err != nil {
			return nil, fmt.Errorf("redeal: %w", err)
		}
		if err := alike(s, t, nil, nil); err != nil {
			return nil, fmt.Errorf("a fresh re-deal already differs: %w", err)
		}
		return t, nil
	}
	twin, err := redeal()
	if err != nil {
		return nil, fmt.Errorf("after setup: %w", err)
	}
	for !s.Over() {
		if len(moves) >= maxMoves {
			return moves, fmt.Errorf("%w (%d)", ErrTooLong, maxMoves)
		}
		pending := s.Pending()
		if len(pending) == 0 {
			return moves, ErrStall
		}
		p := pending[rng.IntN(len(pending))]
		m := Move{Seat: p.Seat, ID: p.Options[rng.IntN(len(p.Options))].ID}
		moves = append(moves, m)
		copied := Legal(twin, m.Seat, m.ID)
		out, err := s.Apply(m.Seat, m.ID)
		if err != nil {
			return moves, fmt.Errorf("move %d %+v refused: %w", len(moves), m, err)
		}
		if copied {
			twinOut, err := twin.Apply(m.Seat, m.ID)
			if err != nil {
				return moves, fmt.Errorf("move %d %+v refused by the twin: %w", len(moves), m, err)
			}
			if !out.Revealed && !twinOut.Revealed {
				if err := alike(s, twin, out.Events, twinOut.Events); err != nil {
					return moves, fmt.Errorf("after move %d %+v, the twins differ: %w", len(moves), m, err)
				}
				continue
			}
		}
		if twin, err = redeal(); err != nil {
			return moves, fmt.Errorf("after move %d %+v: %w", len(moves), m, err)
		}
	}
	return moves, nil
}

// alike reports the first difference the channel could see between a and
// b, given the narrations of the move that led to each.
func alike(a, b State, eventsA, eventsB []Text) error {
	if !reflect.DeepEqual(eventsA, eventsB) {
		return fmt.Errorf("narration %v vs %v", eventsA, eventsB)
	}
	if a.Over() != b.Over() {
		return fmt.Errorf("one is over, the other not")
	}
	va, err := json.Marshal(a.View(Public))
	if err != nil {
		return fmt.Errorf("public view: %w", err)
	}
	vb, err := json.Marshal(b.View(Public))
	if err != nil {
		return fmt.Errorf("public view: %w", err)
	}
	if !bytes.Equal(va, vb) {
		return fmt.Errorf("public views differ:\n%s\n%s", va, vb)
	}
	pa, pb := publicPrompts(a.Pending()), publicPrompts(b.Pending())
	if !reflect.DeepEqual(pa, pb) {
		return fmt.Errorf("prompts differ: %+v vs %+v", pa, pb)
	}
	return nil
}

// publicPrompts is what the channel learns of pending: who is asked, in
// secret or not, under which phase, and everything of the open prompts.
func publicPrompts(pending []Prompt) []Prompt {
	out := make([]Prompt, len(pending))
	for i, p := range pending {
		if p.Secret {
			p = Prompt{Seat: p.Seat, Secret: true, Phase: p.Phase}
		}
		out[i] = p
	}
	return out
}

// CloneFor is the start of a Redeal: a deep copy of s through its JSON
// form, decoded by load, which shares nothing with s.
func CloneFor[S State](s S, load func([]byte) (S, error)) (S, error) {
	data, err := s.MarshalJSON()
	if err != nil {
		var zero S
		return zero, err
	}
	return load(data)
}
