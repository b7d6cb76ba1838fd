package games

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// RNG is the only source of randomness a game may use. It is seeded at setup
// and serialized with the state, so replaying a move log reproduces every
// shuffle and draw.
type RNG struct{ pcg *rand.PCG }

// NewRNG seeds a generator deterministically from seed.
func NewRNG(seed uint64) *RNG {
	return &RNG{pcg: rand.NewPCG(seed, seed^seedMix)}
}

// seedMix makes a generator's second seed word from its seed.
const seedMix = 0x9e3779b97f4a7c15

// Reseed restarts r exactly as NewRNG(seed) starts: a search that makes
// a generator for every copy it tries can reuse one instead.
func (r *RNG) Reseed(seed uint64) { r.pcg.Seed(seed, seed^seedMix) }

// IntN returns a uniform integer in [0, n).
func (r *RNG) IntN(n int) int { return rand.New(r.pcg).IntN(n) }

// Uint64 returns a uniform 64-bit value: a seed for another generator.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// Shuffle permutes n elements with swap, Fisher–Yates.
func Shuffle[T any](r *RNG, s []T) {
	rand.New(r.pcg).Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}

// MarshalJSON stores the generator's exact position.
func (r *RNG) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("rng: %w", err)
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a generator stored by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	r.pcg = &rand.PCG{}
	if err := r.pcg.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	return nil
}
