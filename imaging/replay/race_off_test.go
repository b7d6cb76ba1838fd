//go:build !race

package replay_test

import "github.com/tavern-bot/tavern/imaging/replay"

// The replays of whole games are checked as the bot makes them.
var everyGameOptions = replay.Options{}
