//go:build race

package dungeondesigner

// raceEnabled makes the random-play test draw fewer private views under the
// race detector, which slows drawing down tenfold; the full run happens
// without -race.
const raceEnabled = true
