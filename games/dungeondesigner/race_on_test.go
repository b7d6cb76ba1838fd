//go:build race

package dungeondesigner

// raceEnabled shrinks the random-play run under the race detector, which
// slows the rules down tenfold; the full run happens without -race.
const raceEnabled = true
