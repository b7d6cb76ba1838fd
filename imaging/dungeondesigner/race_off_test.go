//go:build !race

package dungeondesigner

const raceEnabled = false
