package commands

import "github.com/tavern-bot/tavern/interact"

// The vocabulary of interactions is interact's; the surface names it too,
// so a transport (and its tests) imports the one package it calls.
type (
	Result        = interact.Result
	Message       = interact.Message
	File          = interact.File
	Action        = interact.Action
	ChannelPost   = interact.ChannelPost
	ChannelEdit   = interact.ChannelEdit
	DirectMessage = interact.DirectMessage
	ClearButtons  = interact.ClearButtons
	Unpin         = interact.Unpin
	ThreadOpen    = interact.ThreadOpen
	ThreadArchive = interact.ThreadArchive
	ImageMeta     = interact.ImageMeta
	CustomID      = interact.CustomID
	Kind          = interact.Kind
)

// The component kinds, as interact defines them.
const (
	KindMove        = interact.KindMove
	KindMoveSelect  = interact.KindMoveSelect
	KindJoin        = interact.KindJoin
	KindLeave       = interact.KindLeave
	KindStart       = interact.KindStart
	KindOption      = interact.KindOption
	KindHand        = interact.KindHand
	KindGroup       = interact.KindGroup
	KindBack        = interact.KindBack
	KindAddBot      = interact.KindAddBot
	KindRemoveBot   = interact.KindRemoveBot
	KindPickTable   = interact.KindPickTable
	KindVote        = interact.KindVote
	KindLook        = interact.KindLook
	KindTourJoin    = interact.KindTourJoin
	KindTourLeave   = interact.KindTourLeave
	KindTourStart   = interact.KindTourStart
	KindTourConfirm = interact.KindTourConfirm
)

// ParseCustomID decodes a custom id the bot made (interact.ParseCustomID).
func ParseCustomID(s string) (CustomID, error) { return interact.ParseCustomID(s) }
