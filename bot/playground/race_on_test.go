//go:build race

package playground

// raceBuild: the race detector makes drawing pictures some fifteen times
// slower, so the whole-games browser test plays without pictures then.
const raceBuild = true
