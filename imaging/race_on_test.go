//go:build race

package imaging_test

// raceEnabled makes the legibility test draw fewer games under the race
// detector, which slows drawing down tenfold; the full run happens without
// -race.
const raceEnabled = true
