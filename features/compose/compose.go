// Package compose turns a table right after a change into what players
// see, as plain data for the table's outbox: boards with their buttons,
// the live status, DMs and their countdowns, votes, reminders and the
// standings, and the pictures those posts name. It reads the table and
// changes only the message references it keeps; storing, staging and
// carrying out are features/play's and delivery's.
package compose

import (
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/table"
)

// Scene is a table right after a change, with its state and pending
// decisions computed once: every message of the change is made from it.
type Scene struct {
	Table   *table.Table
	Game    games.Game
	State   games.State // nil in the lobby and after an abandon
	Pending []games.Prompt
	// Quiet: the change is a quiet commit (games.Outcome.Quiet), told in
	// text without a new board where nothing public awaits an answer.
	Quiet bool
	// From, when set, is the table's version before a change that made
	// several moves (bots and timeouts one after another): a seat asked at
	// any of them has a new decision. Unset, only the last version's are.
	From int
}

// Teller composes what a change shows: boards, the status, DMs, votes,
// reminders and the standings, as outbox posts.
type Teller struct {
	voice interact.Voice
	menus *menus.Menus
	views *Views
}

// NewTeller speaks with voice, offers decisions with menus and names the
// pictures of views.
func NewTeller(voice interact.Voice, menus *menus.Menus, views *Views) *Teller {
	return &Teller{voice: voice, menus: menus, views: views}
}

// Views are the pictures a table's posts name and the final standings,
// drawn by the renderer (nil: text only).
type Views struct {
	images render.Images
	voice  interact.Voice
}

// NewViews draws with images in voice's languages.
func NewViews(images render.Images, voice interact.Voice) *Views {
	return &Views{images: images, voice: voice}
}
