package commands

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// draftHarness is a started two-seat draft: Ann and Bo each owe a secret pick.
func draftHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	h.extra = []games.Game{draftGame{}}
	h.restart()
	h.startGame(draftID, "", ann, bo)
	return h
}

// privateActions splits a result's private output: edits of DM messages
// and new DMs (by user, in order).
func privateActions(res Result) (edits []ChannelEdit, dms []DirectMessage) {
	for _, a := range res.Actions {
		switch a := a.(type) {
		case ChannelEdit:
			if strings.HasPrefix(a.ChannelID, dmPrefix) {
				edits = append(edits, a)
			}
		case DirectMessage:
			dms = append(dms, a)
		}
	}
	return edits, dms
}

// drawnSince lists the viewers of the boards drawn after the first n calls.
func (h *harness) drawnSince(n int) []int {
	h.images.mu.Lock()
	defer h.images.mu.Unlock()
	var out []int
	for _, c := range h.images.calls[n:] {
		out = append(out, c.Viewer)
	}
	slices.Sort(out)
	return out
}

func (h *harness) drawnCount() int {
	h.images.mu.Lock()
	defer h.images.mu.Unlock()
	return len(h.images.calls)
}

func TestDMEditedInPlace(t *testing.T) {
	a, c := draftCards[0], draftCards[2]
	tests := []struct {
		name  string
		prep  func(h *harness)
		click func(h *harness) *discordgo.Interaction
		edit  bool // Ann's clicked DM is replaced in place
		// settled: Ann has nothing left to decide, so her clicked DM is
		// replaced by her private view without options.
		settled bool
		dmTo    []string // who gets a new DM
		drawn   []int    // views drawn for the move, sorted
	}{
		{name: "click in DM, next pick secret again",
			click: func(h *harness) *discordgo.Interaction { return h.dmClick(ann, KindMove, a) },
			edit:  true, dmTo: []string{bo}, drawn: []int{games.Public, 0, 1}},
		{name: "move typed in the channel",
			click: func(h *harness) *discordgo.Interaction { return slashInteraction(ann, CmdMove, "", OptOption, a) },
			dmTo:  []string{ann, bo}, drawn: []int{games.Public, 0, 1}},
		{name: "click on the ephemeral Show my hand reply",
			click: func(h *harness) *discordgo.Interaction {
				hand := h.slash(ann, CmdGame, SubHand, "")
				i := clickInteraction(ann, findID(h.t, []Message{*hand.Reply}, KindMove, a))
				i.Message = &discordgo.Message{ID: "eph1", ChannelID: chanA, Flags: discordgo.MessageFlagsEphemeral}
				return i
			},
			dmTo: []string{ann, bo}, drawn: []int{games.Public, 0, 1}},
		{name: "click on an ephemeral message in the DM",
			click: func(h *harness) *discordgo.Interaction {
				i := h.dmClick(ann, KindMove, a)
				i.Message.Flags = discordgo.MessageFlagsEphemeral
				return i
			},
			dmTo: []string{ann, bo}, drawn: []int{games.Public, 0, 1}},
		{name: "click in a group DM",
			click: func(h *harness) *discordgo.Interaction {
				i := h.dmClick(ann, KindMove, a)
				i.Context = discordgo.InteractionContextPrivateChannel
				return i
			},
			dmTo: []string{ann, bo}, drawn: []int{games.Public, 0, 1}},
		{name: "last pick in DM: nothing left for Ann",
			prep: func(h *harness) {
				h.wantDMAnswered(h.run(h.svc.Handle(ctxBG, h.dmClick(ann, KindMove, c))))
			},
			click:   func(h *harness) *discordgo.Interaction { return h.dmClick(ann, KindMove, a) },
			settled: true, dmTo: []string{bo}, drawn: []int{games.Public, 0, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := draftHarness(t)
			if tc.prep != nil {
				tc.prep(h)
			}
			i := tc.click(h)
			annDMs, annEdits, calls := len(h.dms[ann]), h.dmEdits[ann], h.drawnCount()
			res := h.run(h.svc.Handle(ctxBG, i))
			// The clicked DM edited in place is the answer; a clicked
			// ephemeral goes (the channel tells the pick); otherwise the
			// clicker gets "Done".
			switch {
			case i.Message != nil && slices.ContainsFunc(res.Actions, func(a Action) bool {
				e, ok := a.(ChannelEdit)
				return ok && e.MessageID == i.Message.ID
			}):
				h.wantDMAnswered(res)
			case i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0:
				if res.Reply != nil || !res.DeleteClicked {
					t.Fatalf("an ephemeral clicked: reply %+v, removed %v; want no reply and the ephemeral removed", res.Reply, res.DeleteClicked)
				}
			default:
				h.wantReply(res, "en", play.KeyOKMove)
			}
			edits, dms := privateActions(res)
			var users []string
			for _, d := range dms {
				users = append(users, d.UserID)
			}
			if !slices.Equal(users, tc.dmTo) {
				t.Errorf("new DMs to %v, want %v", users, tc.dmTo)
			}
			switch {
			case tc.settled:
				if len(edits) != 1 || edits[0].ChannelID != dmPrefix+ann || edits[0].MessageID != i.Message.ID ||
					len(edits[0].Message.Components) != 0 || !strings.Contains(edits[0].Message.Content, "Nothing else is awaited") {
					t.Fatalf("edits %+v, want Ann's DM %s settled without options", edits, i.Message.ID)
				}
				if len(edits[0].Message.Files) != 1 || !bytes.Equal(edits[0].Message.Files[0].Data, h.images.priv) {
					t.Error("the settled DM must show the updated private view")
				}
				edits = nil // checked; the rest concerns messages with options
			case tc.edit && (len(edits) != 1 || edits[0].ChannelID != dmPrefix+ann || edits[0].MessageID != i.Message.ID):
				t.Fatalf("edits %+v, want one of Ann's DM %s", edits, i.Message.ID)
			case !tc.edit && len(edits) != 0:
				t.Fatalf("edited DMs %+v, want none", edits)
			}
			if tc.edit && (len(h.dms[ann]) != annDMs || h.dmEdits[ann] != annEdits+1) {
				t.Errorf("Ann has %d DMs (%d edits), want %d DMs with one more edit", len(h.dms[ann]), h.dmEdits[ann], annDMs)
			}
			version := h.table().Version
			private := make([]Message, 0, len(edits)+len(dms))
			for _, e := range edits {
				private = append(private, e.Message)
			}
			for _, d := range dms {
				private = append(private, d.Message)
			}
			for _, m := range private {
				if len(m.Files) != 1 || !bytes.Equal(m.Files[0].Data, h.images.priv) {
					t.Errorf("private message without the private view: %d files", len(m.Files))
				}
				ids := customIDs(m.Components)
				if len(ids) == 0 {
					t.Error("private message without options")
				}
				for _, id := range ids {
					cid, err := ParseCustomID(id)
					if err != nil || cid.Version != version || cid.Arg == a {
						t.Errorf("option %s (%v): want version %d and not the taken card", id, err, version)
					}
				}
			}
			if got := h.drawnSince(calls); !slices.Equal(got, tc.drawn) {
				t.Errorf("drew views %v, want %v", got, tc.drawn)
			}
			h.assertNoSecrets()
		})
	}
}

func TestDMEditKeepsStaleRule(t *testing.T) {
	h := draftHarness(t)
	a, b := draftCards[0], draftCards[1]
	h.mu.Lock()
	oldB := findID(t, h.dms[ann], KindMove, b)
	h.mu.Unlock()
	h.wantDMAnswered(h.run(h.svc.Handle(ctxBG, h.dmClick(ann, KindMove, a))))

	// The old button (held by a client that missed the edit) is stale; the
	// edited message's button for the same card works.
	stale := h.dmClick(ann, KindMove, b)
	stale.Data = discordgo.MessageComponentInteractionData{CustomID: oldB}
	h.wantReply(h.run(h.svc.Handle(ctxBG, stale)), "en", table.ErrStale)
	fresh := h.dmClick(ann, KindMove, b)
	if fresh.MessageComponentData().CustomID == oldB {
		t.Fatal("the edited DM still carries the old button")
	}
	h.wantDMAnswered(h.run(h.svc.Handle(ctxBG, fresh)))
	if picks := h.table().Log; len(picks) != 2 || picks[1].Move != b {
		t.Errorf("log %+v, want Ann's two picks", picks)
	}
	h.assertNoSecrets()
}

// viewerImages draws every view as its viewer's number, and fails or
// panics for chosen viewers.
type viewerImages struct {
	fail, panic int // a viewer, or -2 for none
}

const noViewer = -2

func (v viewerImages) Board(_ string, _ any, m ImageMeta) ([]byte, error) {
	switch m.Viewer {
	case v.fail:
		return nil, fmt.Errorf("no picture for %d", m.Viewer)
	case v.panic:
		panic("renderer bug")
	}
	return []byte(fmt.Sprint("view ", m.Viewer)), nil
}

func (v viewerImages) Lobby(string, LobbyView, ImageMeta) ([]byte, error) {
	return []byte("lobby"), nil
}

func (v viewerImages) Results(string, []games.Standing, ImageMeta) ([]byte, error) {
	return []byte("results"), nil
}

func TestPicturesFollowTheirMessages(t *testing.T) {
	tests := []struct {
		name        string
		fail, panic int
	}{
		{name: "all drawn", fail: noViewer, panic: noViewer},
		{name: "one private view fails", fail: 1, panic: noViewer},
		{name: "one private view panics", fail: noViewer, panic: 2},
		{name: "public board fails", fail: games.Public, panic: 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.render = viewerImages{fail: tc.fail, panic: tc.panic}
			h.restart()
			players := []string{ann, bo, cy, dee}
			h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
			for _, p := range players[1:] {
				h.click(p, findID(t, h.channelMsgs(), KindJoin, ""))
			}
			res := h.click(ann, findID(t, h.channelMsgs(), KindStart, ""))
			h.wantReply(res, "en", play.KeyOKStarted)
			want := func(viewer int) string {
				if viewer == tc.fail || viewer == tc.panic {
					return ""
				}
				return fmt.Sprint("view ", viewer)
			}
			got := func(m Message) string {
				if len(m.Files) != 1 {
					return ""
				}
				return string(m.Files[0].Data)
			}
			var dmUsers []string
			boards := 0
			for _, a := range res.Actions {
				switch a := a.(type) {
				case ChannelPost:
					if boards++; boards == 1 && got(a.Message) != want(games.Public) { // the board comes first
						t.Errorf("board carries %q, want %q", got(a.Message), want(games.Public))
					}
				case DirectMessage:
					seat := slices.Index(players, a.UserID)
					dmUsers = append(dmUsers, a.UserID)
					if got(a.Message) != want(seat) {
						t.Errorf("DM to seat %d carries %q, want %q", seat, got(a.Message), want(seat))
					}
				}
			}
			if boards != 2 || !slices.Equal(dmUsers, players) { // board and status
				t.Errorf("%d channel posts and DMs to %v, want board, status and DMs in seat order %v", boards, dmUsers, players)
			}
		})
	}
}

func TestDMClickBeforePublicPromptSendsNewDM(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	// Ann asked for her picture with public decisions too.
	h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptPublicDM, "picture"), "en", settingsfeature.KeySettingsSaved)
	// Ann bids last from her DM; her next decision is the public turn, so
	// she is told in a new DM and her bid DM loses its buttons: that is the
	// click's answer, with no "Done" besides (issue 31).
	before := len(h.dms[ann])
	res := h.bidInDM(ann, "3")
	if res.Reply != nil {
		t.Fatalf("the bid clicked in a DM answered %q besides clearing that DM's buttons", res.Reply.Content)
	}
	if !slices.ContainsFunc(res.Actions, func(a Action) bool {
		c, ok := a.(ClearButtons)
		return ok && strings.HasPrefix(c.ChannelID, dmPrefix)
	}) {
		t.Fatal("the bid DM clicked keeps its buttons")
	}
	edits, dms := privateActions(res)
	if len(edits) != 0 || len(dms) != 1 || dms[0].UserID != ann || len(h.dms[ann]) != before+1 {
		t.Fatalf("edits %d, DMs %+v; want one new DM to Ann", len(edits), dms)
	}
	if ids := customIDs(dms[0].Message.Components); len(ids) != 3 || strings.Contains(componentText(dms[0].Message.Components), tabletest.SecretMarker) {
		t.Errorf("turn DM offers %v", ids)
	}
	h.assertNoSecrets()
}

// A closed DM only needs the channel notice when the decision is secret:
// a public decision's buttons are on the board already.
func TestClosedDMNoticeOnlyForSecretDecisions(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	res := h.bidInDM(bo, "1") // ends the secret bids: Ann's public turn follows
	h.wantDMAnswered(res)
	_, dms := privateActions(res)
	found := false
	for _, d := range dms {
		if d.UserID == ann {
			found = true
			if d.Blocked != nil {
				t.Errorf("a DM for a public decision carries a closed-DM notice: %q", d.Blocked.Message.Content)
			}
		}
	}
	if !found {
		t.Fatal("Ann got no DM for her turn")
	}
	// TestClosedDMs covers the secret case: the bid DMs fall back.
}
