package commands

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// bidInDM answers the newest bid prompt in user's DMs, clicking it there.
func (h *harness) bidInDM(user string, n string) Result {
	h.t.Helper()
	return h.run(h.svc.Handle(ctxBG, h.dmClick(user, KindMove, "bid"+tabletest.SecretMarker+n)))
}

// dmClick is a click on the component of kind and arg in the newest of
// user's DMs that has one, as Discord delivers it: without guild or member,
// in the DM channel, with the DM message the component sits on.
func (h *harness) dmClick(user string, kind Kind, arg string, values ...string) *discordgo.Interaction {
	h.t.Helper()
	h.mu.Lock()
	dms := append([]Message(nil), h.dms[user]...)
	ids := append([]string(nil), h.dmIDs[user]...)
	h.mu.Unlock()
	customID := findID(h.t, dms, kind, arg)
	messageID := ""
	for k := len(dms) - 1; k >= 0 && messageID == ""; k-- {
		if slices.Contains(customIDs(dms[k].Components), customID) {
			messageID = ids[k]
		}
	}
	i := clickInteraction(user, customID, values...)
	i.GuildID, i.ChannelID, i.GuildLocale = "", dmPrefix+user, nil
	i.User, i.Member = i.Member.User, nil
	i.Context = discordgo.InteractionContextBotDM
	i.Message = &discordgo.Message{ID: messageID, ChannelID: i.ChannelID}
	return i
}

func TestHappyPath(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	tb := h.table()
	if tb.Status != table.StatusPlaying || tb.Options["rounds"] != "1" || len(tb.Seats) != 2 || tb.Lang != "en" {
		t.Fatalf("after start: %+v", tb)
	}
	if tb.StatusMessageID == "" || tb.LobbyMessageID == "" {
		t.Fatalf("status %q / lobby %q message ids not remembered", tb.StatusMessageID, tb.LobbyMessageID)
	}
	statusID := tb.StatusMessageID

	// Both seats owe a secret bid: each got a DM with its private view and
	// bid buttons, in its own language.
	for _, u := range []string{ann, bo} {
		if len(h.dms[u]) != 1 {
			t.Fatalf("%s got %d DMs, want 1", u, len(h.dms[u]))
		}
		dm := h.dms[u][0]
		if len(dm.Files) != 1 || !bytes.Equal(dm.Files[0].Data, h.images.priv) {
			t.Errorf("%s DM lacks the private view image", u)
		}
		if !strings.Contains(componentText(dm.Components), tabletest.SecretMarker) {
			t.Errorf("%s DM lacks the bid options", u)
		}
	}
	if !strings.Contains(h.dms[bo][0].Content, "Wähle dein geheimes Gebot") {
		t.Errorf("Bo's DM is not German: %q", h.dms[bo][0].Content)
	}
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))

	// Turn phase: Ann acts on a public prompt in the channel.
	msgs := h.channelMsgs()
	board := msgs[len(msgs)-1] // newest board post; the status is edited in place
	if !strings.Contains(board.Content, "Ann wins the bidding.") {
		t.Errorf("board narration %q", board.Content)
	}
	if !slices.Equal(board.Mentions, []string{ann}) {
		t.Errorf("board mentions %v, want only Ann", board.Mentions)
	}
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)

	tb = h.table()
	if tb.Status != table.StatusOver {
		t.Fatalf("status %q, want over", tb.Status)
	}
	if tb.StatusMessageID != statusID {
		t.Errorf("status message reposted: %s -> %s", statusID, tb.StatusMessageID)
	}
	status := h.msgs[statusID].msg
	if !strings.Contains(status.Content, "the game is over") || len(status.Components) != 0 {
		t.Errorf("final status %q with %d component rows", status.Content, len(status.Components))
	}
	msgs = h.channelMsgs()
	standings := msgs[len(msgs)-1].Content
	if !strings.HasPrefix(standings, "Final standings:\n1. Ann: 3") || !strings.Contains(standings, "2. Bo: 1") {
		t.Errorf("standings %q", standings)
	}
	last := msgs[len(msgs)-1]
	if len(last.Files) != 1 || last.Files[0].Name != "results.png" || !bytes.Equal(last.Files[0].Data, h.images.png) {
		t.Errorf("standings post carries %d files, want the results picture", len(last.Files))
	}
	if len(h.images.results) != 1 || len(h.images.results[0]) != 2 || h.images.results[0][0].Seat != 0 || h.images.results[0][0].Score != 3 {
		t.Errorf("results drawn for %+v, want Ann first with 3", h.images.results)
	}
	for _, m := range h.channelMsgs() {
		if len(m.Components) > 0 {
			t.Errorf("after the end a channel message still has buttons: %q", m.Content)
		}
	}
	// A client that missed the edit (an ephemeral answer Discord no longer
	// lets the bot edit alike): one line says the game is over.
	leap := findID(t, h.history(), KindMove, "leap")
	h.wantReply(h.click(ann, leap), "en", table.ErrGameOver)
	h.wantReply(h.click(bo, leap), "de", table.ErrGameOver)
	h.assertNoSecrets()

	// The channel is free again.
	h.wantReply(h.slash(cy, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
	if h.table().ID == tb.ID {
		t.Error("new table reuses the old id")
	}
}

func TestGermanChannel(t *testing.T) {
	h := newHarness(t)
	i := slashInteraction(ann, CmdGame, SubNew, OptGame, tabletest.ID)
	de := "de"
	i.GuildLocale = (*discordLocale)(&de)
	h.wantReply(h.run(h.svc.Handle(ctxBG, i)), "en", lobby.KeyOKNew)
	if got := h.channelMsgs()[0].Content; !strings.Contains(got, "Schein-Rennen") || !strings.Contains(got, "Beitreten") {
		t.Errorf("lobby in a German server: %q", got)
	}
}

func TestCoreCatalogComplete(t *testing.T) {
	c := CoreCatalog()
	if m := c.MissingKeys("de"); len(m) > 0 {
		t.Errorf("German lacks %v", m)
	}
	if m := (games.Catalog{"en": c["de"], "de": c["en"]}).MissingKeys("de"); len(m) > 0 {
		t.Errorf("English lacks %v", m)
	}
	for _, k := range []string{interact.KeyNoTable, interact.KeyBusy, compose.KeyDMBlocked, table.ErrStale} {
		if c["en"][k] == "" || c["de"][k] == "" {
			t.Errorf("key %s is empty", k)
		}
	}
}
