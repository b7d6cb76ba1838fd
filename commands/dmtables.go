package commands

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

// inDM reports an interaction typed in a DM with the bot (no guild).
func inDM(r interact.Request) bool { return r.Interaction.GuildID == "" }

// dmInfo answers /game status, hand or log typed in a DM, where no table
// is: about the player's one running table, or with a menu of them when
// there are several.
func (s *Service) dmInfo(ctx context.Context, r interact.Request, sub string) Result {
	channels, err := s.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	switch len(channels) {
	case 0:
		return s.voice.Key(r.Lang, tables.KeyDMNoTable)
	case 1:
		return s.info(ctx, r, sub, channels[0])
	}
	id, err := CustomID{Kind: KindPickTable, Channel: r.ChannelID, Table: noTable, Arg: sub}.Encode()
	if err != nil {
		return s.voice.Err(r, err)
	}
	sel := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: id,
		Placeholder: interact.Truncate(s.voice.Text(r.Lang, games.T(KeyDMPickTable)), 150)}
	var links []string
	for _, ch := range channels[:min(len(channels), maxPickTables)] {
		t, err := s.store.Get(ctx, ch)
		if err != nil {
			continue // ended or moved since the index was read
		}
		label := s.voice.GameName(r.Lang, t.GameID) + ": " + strings.Join(t.Names(), ", ")
		sel.Options = append(sel.Options, discordgo.SelectMenuOption{Label: interact.Truncate(label, 100), Value: ch})
		links = append(links, "<#"+ch+">")
	}
	if len(sel.Options) == 0 {
		return s.voice.Key(r.Lang, tables.KeyDMNoTable)
	}
	m := Message{
		Content:    s.voice.Text(r.Lang, games.T(KeyDMWhichTable, "tables", strings.Join(links, ", "))),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}}},
	}
	return Result{Reply: &m}
}

// pickTable answers the "which table?" menu: the chosen table's info, if
// the player still sits there.
func (s *Service) pickTable(ctx context.Context, r interact.Request, sub, channelID string) Result {
	channels, err := s.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	for _, ch := range channels {
		if ch == channelID {
			return s.info(ctx, r, sub, ch)
		}
	}
	return s.voice.Key(r.Lang, tables.KeyDMNoTable)
}

// info is /game status, hand or log about channelID's table.
func (s *Service) info(ctx context.Context, r interact.Request, sub, channelID string) Result {
	switch sub {
	case SubStatus:
		return s.status(ctx, r, channelID)
	case SubHand:
		return s.hand(ctx, r, channelID, "")
	case SubLog:
		return s.showLog(ctx, r, channelID)
	}
	return s.voice.Key(r.Lang, KeyMalformed)
}
