//go:build race

package zauberschwert

// raceBuild makes the height test walk fewer commits under the race
// detector, which slows drawing down tenfold; the full walk happens
// without -race.
const raceBuild = true
