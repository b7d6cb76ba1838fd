//go:build race

package main

// raceEnabled: the crash test kills and restarts a race-instrumented bot
// process dozens of times, too slow to be useful; it runs without -race.
const raceEnabled = true
