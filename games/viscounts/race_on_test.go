//go:build race

package viscounts

// raceBuild is true under -race, where random play is ~10x slower; the
// random-play tests then play fewer games (the rules run the same code).
const raceBuild = true
