package tables

import (
	"context"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Notice says how a feature's change to a table tells the table's
// channel (Announcer).
type Notice struct {
	// TableID is the table the change is meant for; "" takes the
	// channel's current table.
	TableID string
	// Status edits the table's status message too.
	Status bool
	// Countdown names a player whose seat's countdown DMs follow the
	// change (a vacation moved their deadline).
	Countdown string
}

// Announcer changes a table for a feature and tells its channel:
// composing what a change posts and delivering it exactly once is the
// engine's, which features that change tables on the side (settings,
// tournaments) ask through this.
type Announcer interface {
	// Announce changes the table in channelID in one transaction. When
	// change returns a message, the table moves to a new version and the
	// message is posted to its channel, with what n asks for; the Result
	// carries that out and told is true. A change that returns an empty
	// message is stored and tells nothing. An error of change stores
	// nothing and is returned.
	Announce(ctx context.Context, channelID string, n Notice, change func(*table.Table, games.Game) (interact.Message, error)) (res interact.Result, told bool, err error)
}
