//go:build !race

package tournament

// runsFull is how many random tournaments a property test plays.
const runsFull = 2000
