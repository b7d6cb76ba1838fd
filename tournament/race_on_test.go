//go:build race

package tournament

// runsFull is how many random tournaments a property test plays: fewer
// under the race detector, which slows pairing down twentyfold; the full
// run happens without -race.
const runsFull = 250
