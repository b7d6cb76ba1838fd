package play

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/tables"
)

// maxPickTables bounds the tables a "which table?" menu lists (a select
// holds 25).
const maxPickTables = 25

// noTable is the custom id's table for a menu that is about no one table.
const noTable = "-"

// What /game status, hand and log ask about a table (the surface's
// subcommand names).
const (
	InfoStatus = "status"
	InfoHand   = "hand"
	InfoLog    = "log"
)

// Info answers /game status, hand or log (sub): about the channel's
// table, or typed in a DM, about the player's running table.
func (f *Feature) Info(ctx context.Context, r interact.Request, sub string) interact.Result {
	if r.InDM() {
		return f.dmInfo(ctx, r, sub)
	}
	return f.info(ctx, r, sub, r.ChannelID)
}

// dmInfo answers /game status, hand or log typed in a DM, where no table
// is: about the player's one running table, or with a menu of them when
// there are several.
func (f *Feature) dmInfo(ctx context.Context, r interact.Request, sub string) interact.Result {
	channels, err := f.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	switch len(channels) {
	case 0:
		return f.voice.Key(r.Lang, tables.KeyDMNoTable)
	case 1:
		return f.info(ctx, r, sub, channels[0])
	}
	id, err := interact.CustomID{Kind: interact.KindPickTable, Channel: r.ChannelID, Table: noTable, Arg: sub}.Encode()
	if err != nil {
		return f.voice.Err(r, err)
	}
	sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id,
		Placeholder: interact.Truncate(f.voice.Text(r.Lang, games.T(KeyDMPickTable)), 150)}
	var links []string
	for _, ch := range channels[:min(len(channels), maxPickTables)] {
		t, err := f.store.Get(ctx, ch)
		if err != nil {
			continue // ended or moved since the index was read
		}
		label := f.voice.GameName(r.Lang, t.GameID) + ": " + strings.Join(t.Names(), ", ")
		sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: interact.Truncate(label, 100), Value: ch})
		links = append(links, "<#"+ch+">")
	}
	if len(sel.Options) == 0 {
		return f.voice.Key(r.Lang, tables.KeyDMNoTable)
	}
	m := interact.Message{
		Content:    f.voice.Text(r.Lang, games.T(KeyDMWhichTable, "tables", strings.Join(links, ", "))),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}}},
	}
	return interact.Result{Reply: &m}
}

// PickTable answers the "which table?" menu: the chosen table's info, if
// the player still sits there.
func (f *Feature) PickTable(ctx context.Context, r interact.Request, sub, channelID string) interact.Result {
	channels, err := f.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	for _, ch := range channels {
		if ch == channelID {
			return f.info(ctx, r, sub, ch)
		}
	}
	return f.voice.Key(r.Lang, tables.KeyDMNoTable)
}

// info is /game status, hand or log about channelID's table.
func (f *Feature) info(ctx context.Context, r interact.Request, sub, channelID string) interact.Result {
	switch sub {
	case InfoStatus:
		return f.status(ctx, r, channelID)
	case InfoHand:
		return f.Hand(ctx, r, channelID, "")
	case InfoLog:
		return f.showLog(ctx, r, channelID)
	}
	return f.voice.Key(r.Lang, interact.KeyMalformed)
}
