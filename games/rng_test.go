package games

import "testing"

// TestReseedStartsAsNew: a generator reseeded after use draws exactly
// what a new one from the same seed draws.
func TestReseedStartsAsNew(t *testing.T) {
	r := NewRNG(1)
	for range 5 {
		r.Uint64()
	}
	for _, seed := range []uint64{0, 7, 1 << 63} {
		r.Reseed(seed)
		fresh := NewRNG(seed)
		for i := range 10 {
			if a, b := r.Uint64(), fresh.Uint64(); a != b {
				t.Fatalf("seed %d, draw %d: reseeded %d, new %d", seed, i, a, b)
			}
		}
		if a, b := r.IntN(1000), fresh.IntN(1000); a != b {
			t.Fatalf("seed %d: reseeded IntN %d, new %d", seed, a, b)
		}
	}
}
