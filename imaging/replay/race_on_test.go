//go:build race

package replay_test

import "github.com/tavern-bot/tavern/imaging/replay"

// Under the race detector every pixel loop is many times slower: the
// replays of whole games are checked at a smaller scale, fewer frames.
var everyGameOptions = replay.Options{Width: 240, MaxFrames: 30}
