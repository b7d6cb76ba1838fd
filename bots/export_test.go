package bots

// MaxPause is maxPause, for the tests of the bound on bots' waits.
const MaxPause = maxPause
