package games

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
)

// Reshuffle deals s anew from rng: sorted first, then shuffled, so that
// the result depends only on which elements s holds, never on the order
// they had. Redeal uses it for every pile a viewer cannot see into: two
// states the viewer cannot tell apart then re-deal to the same world from
// the same rng, which is what makes a bot that samples worlds with Redeal
// unable to peek (its decision cannot depend on the hidden order).
func Reshuffle[T cmp.Ordered](rng *RNG, s []T) {
	slices.Sort(s)
	Shuffle(rng, s)
}

// CheckCanonicalRedeal verifies that Redeal(viewer, …) forgets everything
// viewer cannot see: re-dealing s and a twin of it (s re-dealt for viewer
// with another rng) with the same rng must give the same state, byte for
// byte. A failure means a bot's sampled worlds, and so its decisions,
// depend on hidden parts of the real state.
func CheckCanonicalRedeal(s State, viewer int, seed uint64) error {
	rd, ok := s.(Redealer)
	if !ok {
		return ErrNoRedeal
	}
	twin, err := rd.Redeal(viewer, NewRNG(^seed))
	if err != nil {
		return fmt.Errorf("canonical redeal: twin: %w", err)
	}
	a, err := rd.Redeal(viewer, NewRNG(seed))
	if err != nil {
		return fmt.Errorf("canonical redeal: %w", err)
	}
	b, err := twin.(Redealer).Redeal(viewer, NewRNG(seed))
	if err != nil {
		return fmt.Errorf("canonical redeal: from the twin: %w", err)
	}
	ja, err := a.MarshalJSON()
	if err != nil {
		return fmt.Errorf("canonical redeal: %w", err)
	}
	jb, err := b.MarshalJSON()
	if err != nil {
		return fmt.Errorf("canonical redeal: %w", err)
	}
	if !bytes.Equal(ja, jb) {
		return fmt.Errorf("canonical redeal: viewer %d: the state and its twin re-deal differently:\n%s", viewer, firstDiff(ja, jb))
	}
	return nil
}

// firstDiff shows where two JSON texts part, with some context.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return fmt.Sprintf("…%s\n…%s", a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}
