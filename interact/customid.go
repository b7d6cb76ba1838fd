package interact

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Kind says what a button or select does.
type Kind string

// The component kinds. They are short because custom ids hold 100 chars.
const (
	KindMove       Kind = "m"  // button answering a prompt; Arg is the move id
	KindMoveSelect Kind = "s"  // select answering a prompt; the value is the move id
	KindJoin       Kind = "j"  // lobby: take a seat
	KindLeave      Kind = "l"  // lobby: give up a seat
	KindStart      Kind = "st" // lobby: host starts the game
	KindOption     Kind = "o"  // lobby select: Arg is the option id, the value its choice
	KindHand       Kind = "h"  // "Show my hand"
	KindGroup      Kind = "g"  // select of option groups; Arg is the prompt's seat, the value a group
	KindBack       Kind = "b"  // step back within one's open turn
	KindAddBot     Kind = "ab" // lobby: host seats a bot
	KindRemoveBot  Kind = "rb" // lobby: host takes the last bot's seat away
	KindPickTable  Kind = "pt" // DM select "which table?"; Arg is the /game subcommand, the value a channel
	// KindLook is the board's "Look at a player" select: the value is the
	// seat (from 1) whose part of the board to show at full size.
	KindLook Kind = "lk"
	// KindVote is a vote's End ("e") or Keep waiting ("k") button at a
	// table with absent=vote; Version is the vote's id, not the table's.
	KindVote Kind = "av"
	// Tournaments: Channel is the tournament's channel, Table its id.
	KindTourJoin    Kind = "tj" // sign-up: join
	KindTourLeave   Kind = "tl" // sign-up: leave
	KindTourStart   Kind = "ts" // sign-up: the organiser starts round 1
	KindTourConfirm Kind = "tc" // confirmation of an organiser's action; Arg is the action
)

var knownKinds = map[Kind]bool{KindMove: true, KindMoveSelect: true, KindJoin: true, KindLeave: true, KindStart: true, KindOption: true, KindHand: true, KindGroup: true, KindBack: true, KindAddBot: true, KindRemoveBot: true, KindPickTable: true, KindVote: true, KindLook: true,
	KindTourJoin: true, KindTourLeave: true, KindTourStart: true, KindTourConfirm: true}

// MaxCustomIDLen is Discord's limit for a component custom id.
const MaxCustomIDLen = 100

// Discord's limits on a message's components.
const (
	MaxRows           = 5   // action rows in a message
	MaxButtonsPerRow  = 5   // buttons in a row
	MaxSelectOptions  = 25  // choices in a select (and autocomplete choices)
	MaxSelectValueLen = 100 // a select choice's value (and an autocomplete choice's)
	// The texts of a choice, in characters.
	MaxButtonLabel       = 80
	MaxSelectLabel       = 100
	MaxSelectDescription = 100
)

// Separator divides the fields of a custom id; only the last (Arg) may
// hold it.
const Separator = "|"

// CustomID is the decoded custom id of a component. It carries the table's
// channel, so a click in a DM still finds its table, the table id, so a
// button from an earlier game in the channel is refused, and the version the
// component was made at, so stale or double clicks are refused.
type CustomID struct {
	Kind    Kind
	Channel string
	Table   string
	Version int
	Arg     string
}

// ErrBadCustomID means a custom id is not one this bot made.
var ErrBadCustomID = errors.New("interact: malformed custom id")

// Encode renders c as "kind|channel|table|version|arg" (version in base 36).
func (c CustomID) Encode() (string, error) {
	if !knownKinds[c.Kind] || c.Channel == "" || c.Table == "" || c.Version < 0 ||
		strings.Contains(c.Channel, Separator) || strings.Contains(c.Table, Separator) {
		return "", fmt.Errorf("encode %+v: %w", c, ErrBadCustomID)
	}
	s := strings.Join([]string{string(c.Kind), c.Channel, c.Table, strconv.FormatInt(int64(c.Version), 36), c.Arg}, Separator)
	if len(s) > MaxCustomIDLen {
		return "", fmt.Errorf("encode %+v: %d chars, limit %d: %w", c, len(s), MaxCustomIDLen, ErrBadCustomID)
	}
	return s, nil
}

// ParseCustomID decodes a custom id made by Encode.
func ParseCustomID(s string) (CustomID, error) {
	if len(s) > MaxCustomIDLen {
		return CustomID{}, fmt.Errorf("parse custom id: too long: %w", ErrBadCustomID)
	}
	parts := strings.SplitN(s, Separator, 5)
	if len(parts) != 5 {
		return CustomID{}, fmt.Errorf("parse custom id %q: %w", s, ErrBadCustomID)
	}
	c := CustomID{Kind: Kind(parts[0]), Channel: parts[1], Table: parts[2], Arg: parts[4]}
	v, err := strconv.ParseInt(parts[3], 36, 32)
	if err != nil || v < 0 || !knownKinds[c.Kind] || c.Channel == "" || c.Table == "" {
		return CustomID{}, fmt.Errorf("parse custom id %q: %w", s, ErrBadCustomID)
	}
	c.Version = int(v)
	if (c.Kind == KindMove || c.Kind == KindOption) && c.Arg == "" {
		return CustomID{}, fmt.Errorf("parse custom id %q: missing argument: %w", s, ErrBadCustomID)
	}
	return c, nil
}

// TableOfControls is the table (its channel and id) whose controls comps
// carry, read from the first custom id among them that this bot made.
func TableOfControls(comps []discordgo.MessageComponent) (channel, table string, ok bool) {
	for _, c := range comps {
		var id string
		switch c := c.(type) {
		case discordgo.ActionsRow:
			if channel, table, ok = TableOfControls(c.Components); ok {
				return channel, table, true
			}
		case *discordgo.ActionsRow:
			if channel, table, ok = TableOfControls(c.Components); ok {
				return channel, table, true
			}
		case discordgo.Button:
			id = c.CustomID
		case *discordgo.Button:
			id = c.CustomID
		case discordgo.SelectMenu:
			id = c.CustomID
		case *discordgo.SelectMenu:
			id = c.CustomID
		}
		if cid, err := ParseCustomID(id); err == nil {
			return cid.Channel, cid.Table, true
		}
	}
	return "", "", false
}
