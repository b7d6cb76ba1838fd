//go:build race

package bot_test

// raceEnabled tells the end-to-end tests that the race detector is on.
const raceEnabled = true
