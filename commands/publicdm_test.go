package commands

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/features/play"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// boardRef is the newest channel message with buttons: its id and message.
func (h *harness) boardRef() (string, Message) {
	h.t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	for k := len(h.order) - 1; k >= 0; k-- {
		if m := h.msgs[h.order[k]]; len(m.msg.Components) > 0 {
			return m.id, m.msg
		}
	}
	h.t.Fatal("no channel message with buttons")
	return "", Message{}
}

// newDMs are user's DMs sent after the first n.
func (h *harness) newDMs(user string, n int) []Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]Message(nil), h.dms[user][n:]...)
}

// TestPublicDecisionDM: a decision answered on the board is DMed as a
// short note linking to that board, in the player's language, unless the
// player chose the picture in /settings (before the game or during it);
// secret decisions always come with the picture and the buttons. Each
// decision is one DM.
func TestPublicDecisionDM(t *testing.T) {
	tests := []struct {
		name    string
		before  string // Ann's public-dm setting before the game ("": none)
		during  string // changed after the start ("": not)
		picture bool
	}{
		{name: "default", picture: false},
		{name: "link chosen", before: "link", picture: false},
		{name: "picture chosen", before: "picture", picture: true},
		{name: "picture chosen during the game", during: "picture", picture: true},
		{name: "back to the link during the game", before: "picture", during: "link", picture: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			if tc.before != "" {
				h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptPublicDM, tc.before), "en", settingsfeature.KeySettingsSaved)
			}
			h.startGame(tabletest.ID, "rounds=2", ann, bo)
			if tc.during != "" {
				h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptPublicDM, tc.during), "en", settingsfeature.KeySettingsSaved)
			}
			// The secret bids: a DM each, with the picture and the buttons.
			for _, u := range []string{ann, bo} {
				dms := h.newDMs(u, 0)
				if len(dms) != 1 || len(dms[0].Files) != 1 || len(dms[0].Components) == 0 {
					t.Fatalf("%s's bid DMs %+v: want one with picture and buttons", u, dms)
				}
			}
			n := len(h.newDMs(ann, 0))
			h.wantDMAnswered(h.bidInDM(ann, "3"))
			h.bidInDM(bo, "1") // Ann's public turn follows
			dms := h.newDMs(ann, n)
			if len(dms) != 1 {
				t.Fatalf("Ann got %d DMs for her public turn, want one", len(dms))
			}
			boardID, board := h.boardRef()
			if ids := customIDs(board.Components); !strings.Contains(strings.Join(ids, " "), "|leap") {
				t.Fatalf("the board offers %v, not Ann's turn", ids)
			}
			dm := dms[0]
			link := "https://discord.com/channels/" + guildA + "/" + chanA + "/" + boardID
			if tc.picture {
				if len(dm.Files) != 1 || len(dm.Components) == 0 || strings.Contains(dm.Content, link) {
					t.Fatalf("Ann asked for the picture and got %q with %d files and %d rows", dm.Content, len(dm.Files), len(dm.Components))
				}
			} else {
				if len(dm.Files) != 0 || len(dm.Components) != 0 || !strings.Contains(dm.Content, link) ||
					!strings.Contains(dm.Content, "<#"+chanA+">") || !strings.Contains(dm.Content, "/settings public-dm") {
					t.Fatalf("Ann's short DM %q with %d files and %d rows: want no picture, no buttons, the link %s and the hint", dm.Content, len(dm.Files), len(dm.Components), link)
				}
				if seat := h.table().Seats[0]; len(seat.LiveDMs) != 0 {
					t.Errorf("the short DM is remembered as live: %+v", seat.LiveDMs)
				}
			}
			// Ann takes her turn on the board; Bo's public turn is DMed to
			// him in German, as the default short note.
			n = len(h.newDMs(bo, 0))
			h.run(h.svc.Handle(ctxBG, boardClick(ann, boardID, findID(t, []Message{board}, KindMove, "leap"))))
			bos := h.newDMs(bo, n)
			boardID, _ = h.boardRef()
			if len(bos) != 1 || len(bos[0].Components) != 0 || !strings.Contains(bos[0].Content, "➡️ Hier antworten: https://discord.com/channels/"+guildA+"/"+chanA+"/"+boardID) {
				t.Fatalf("Bo's DMs for his turn %+v: want one short note in German linking to %s", bos, boardID)
			}
			// Round 2's bids are secret again: picture and buttons for both.
			_, board = h.boardRef()
			h.run(h.svc.Handle(ctxBG, boardClick(bo, boardID, findID(t, []Message{board}, KindMove, "leap"))))
			for _, u := range []string{ann, bo} {
				dms := h.newDMs(u, 0)
				last := dms[len(dms)-1]
				if len(last.Files) != 1 || !strings.Contains(strings.Join(customIDs(last.Components), " "), "bid"+tabletest.SecretMarker) {
					t.Fatalf("%s's round-2 bid DM %q: want the picture and the bid buttons", u, last.Content)
				}
			}
			h.assertNoSecrets()
		})
	}
}

// boardClick is a click on a component of the channel message messageID.
func boardClick(user, messageID, customID string, values ...string) *discordgo.Interaction {
	i := clickInteraction(user, customID, values...)
	i.Message = &discordgo.Message{ID: messageID, ChannelID: chanA}
	return i
}

// TestNoDoneWhereTheClickShows: a click on the board that replaces it
// (the board loses its buttons under a new one) gets no "Done: …" answer;
// one on an ephemeral answer neither: the ephemeral is removed, the new
// board is the answer; the same move typed gets "Done".
func TestNoDoneWhereTheClickShows(t *testing.T) {
	tests := []struct {
		name    string
		click   func(h *harness, id string) Result
		done    bool
		deleted bool // the ephemeral clicked is removed
	}{
		{"board clicked", func(h *harness, id string) Result {
			boardID, _ := h.boardRef()
			return h.run(h.svc.Handle(ctxBG, boardClick(ann, boardID, id)))
		}, false, false},
		{"typed", func(h *harness, _ string) Result { return h.slash(ann, CmdMove, "", OptOption, "leap") }, true, false},
		{"ephemeral answer clicked", func(h *harness, id string) Result {
			i := boardClick(ann, "eph1", id)
			i.Message.Flags = discordgo.MessageFlagsEphemeral
			return h.run(h.svc.Handle(ctxBG, i))
		}, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.startGame(tabletest.ID, "rounds=1", ann, bo)
			h.bidInDM(ann, "3")
			h.bidInDM(bo, "1")
			_, board := h.boardRef()
			before := h.table().Moves
			res := tc.click(h, findID(t, []Message{board}, KindMove, "leap"))
			if h.table().Moves != before+1 {
				t.Fatalf("the move was not applied: %d moves, want %d", h.table().Moves, before+1)
			}
			if tc.done {
				h.wantReply(res, "en", play.KeyOKMove)
			} else if res.Reply != nil {
				t.Fatalf("a click answered %q besides the new board", res.Reply.Content)
			}
			if res.DeleteClicked != tc.deleted {
				t.Fatalf("the clicked message removed: %v, want %v", res.DeleteClicked, tc.deleted)
			}
		})
	}
}

// TestPublicDMSetting: /settings shows the choice (default: the short
// link) and saves it for the player and their seats (a bad value:
// TestSettingsBadInput).
func TestPublicDMSetting(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1", ann, bo)
	res := h.slash(ann, settingsfeature.CmdSettings, "")
	if !strings.Contains(res.Reply.Content, "a short DM with a link to the board") {
		t.Errorf("settings %q do not show the default", res.Reply.Content)
	}
	res = h.slash(bo, settingsfeature.CmdSettings, "", settingsfeature.OptPublicDM, "picture")
	h.wantReply(res, "de", settingsfeature.KeySettingsSaved)
	if !strings.Contains(res.Reply.Content, "eine Direktnachricht mit deinem Bild und den Knöpfen") {
		t.Errorf("saved settings %q do not show the picture in German", res.Reply.Content)
	}
	if got := h.user(bo).PublicDM; got != settings.PublicDMPicture {
		t.Errorf("stored %q", got)
	}
	if !h.table().Seats[1].Notify.WantsPicture() {
		t.Error("Bo's seat does not follow the new setting")
	}
}
