//go:build !race

package imaging_test

const raceEnabled = false
