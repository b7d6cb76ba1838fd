package commands

import (
	"testing"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

// setups bring a channel to a known point before the bad input.
var setups = map[string]func(h *harness){
	"empty": func(h *harness) {},
	"lobby": func(h *harness) {
		h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
		h.wantReply(h.click(bo, findID(h.t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	},
	"bid": func(h *harness) { h.lobbyAndStart(ann, bo) },
	"turn": func(h *harness) {
		h.lobbyAndStart(ann, bo)
		h.wantDMAnswered(h.bidInDM(ann, "3"))
		h.wantDMAnswered(h.bidInDM(bo, "1"))
	},
}

func TestBadInputsChangeNothing(t *testing.T) {
	tests := []struct {
		name  string
		setup string
		prep  func(h *harness)
		act   func(h *harness) Result
		lang  string
		key   string
	}{
		{name: "stranger clicks a move", setup: "turn", lang: "en", key: table.ErrNotSeated,
			act: func(h *harness) Result { return h.click(nobody, findID(h.t, h.channelMsgs(), KindMove, "leap")) }},
		{name: "wrong player clicks", setup: "turn", lang: "de", key: table.ErrNotYourTurn,
			act: func(h *harness) Result { return h.click(bo, findID(h.t, h.channelMsgs(), KindMove, "leap")) }},
		{name: "stale DM button", setup: "bid", lang: "en", key: table.ErrStale,
			prep: func(h *harness) {
				// A client that missed the DM's edit still shows the old bids.
				h.held = h.dmClick(ann, KindMove, "bid"+tabletest.SecretMarker+"2")
				h.wantDMAnswered(h.bidInDM(ann, "3"))
				h.wantDMAnswered(h.bidInDM(bo, "1"))
			},
			act: func(h *harness) Result { return h.run(h.svc.Handle(ctxBG, h.held)) }},
		{name: "double click", setup: "bid", lang: "en", key: table.ErrStale,
			prep: func(h *harness) {
				h.held = h.dmClick(ann, KindMove, "bid"+tabletest.SecretMarker+"3")
				h.wantDMAnswered(h.run(h.svc.Handle(ctxBG, h.held)))
			},
			act: func(h *harness) Result { return h.run(h.svc.Handle(ctxBG, h.held)) }},
		{name: "stale board button", setup: "turn", lang: "en", key: table.ErrStale,
			prep: func(h *harness) {
				// The board's buttons are cleared by the next board; a client
				// that missed that edit still shows them.
				id := findID(h.t, h.channelMsgs(), KindMove, "step")
				h.held = clickInteraction(ann, id)
				h.wantReply(h.click(ann, id), "en", play.KeyOKMove)
				h.wantReply(h.slash(ann, CmdGame, SubUndo, ""), "en", play.KeyOKUndo)
			},
			act: func(h *harness) Result { return h.run(h.svc.Handle(ctxBG, h.held)) }},
		{name: "option not pending", setup: "bid", lang: "en", key: table.ErrOptionNotPending,
			act: func(h *harness) Result { return h.slash(ann, CmdMove, "", OptOption, "leap") }},
		{name: "typed move when nothing awaited", setup: "turn", lang: "de", key: table.ErrNotYourTurn,
			act: func(h *harness) Result { return h.slash(bo, CmdMove, "", OptOption, "leap") }},
		{name: "spectator types a move", setup: "turn", lang: "en", key: table.ErrNotSeated,
			act: func(h *harness) Result { return h.slash(nobody, CmdMove, "", OptOption, "leap") }},
		{name: "start by a guest", setup: "lobby", lang: "de", key: table.ErrNotHost,
			act: func(h *harness) Result { return h.click(bo, findID(h.t, h.channelMsgs(), KindStart, "")) }},
		{name: "start twice", setup: "bid", lang: "en", key: table.ErrAlreadyStarted,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubStart, "") }},
		{name: "join twice", setup: "lobby", lang: "de", key: table.ErrAlreadySeated,
			act: func(h *harness) Result { return h.click(bo, findID(h.t, h.channelMsgs(), KindJoin, "")) }},
		{name: "join after start", setup: "bid", lang: "en", key: table.ErrAlreadyStarted,
			act: func(h *harness) Result { return h.click(cy, findID(h.t, h.history(), KindJoin, "")) }},
		{name: "option change by guest", setup: "lobby", lang: "de", key: table.ErrNotHost,
			act: func(h *harness) Result {
				return h.click(bo, findID(h.t, h.channelMsgs(), KindOption, "rounds"), "3")
			}},
		{name: "option value forged", setup: "lobby", lang: "en", key: coreopt.ErrBadValue,
			act: func(h *harness) Result {
				return h.click(ann, findID(h.t, h.channelMsgs(), KindOption, "rounds"), "99")
			}},
		{name: "status without table", setup: "empty", lang: "en", key: interact.KeyNoTable,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubStatus, "") }},
		{name: "move without table", setup: "empty", lang: "de", key: interact.KeyNoTable,
			act: func(h *harness) Result { return h.slash(bo, CmdMove, "", OptOption, "step") }},
		{name: "hand without table", setup: "empty", lang: "en", key: interact.KeyNoTable,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubHand, "") }},
		{name: "second new in busy channel", setup: "turn", lang: "en", key: interact.KeyBusy,
			act: func(h *harness) Result { return h.slash(cy, CmdGame, SubNew, OptGame, tabletest.ID) }},
		{name: "unknown game", setup: "empty", lang: "en", key: interact.KeyUnknownGame,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubNew, OptGame, "chess") }},
		{name: "unreadable options", setup: "empty", lang: "en", key: KeyBadOptions,
			act: func(h *harness) Result {
				return h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds")
			}},
		{name: "an option given twice", setup: "empty", lang: "en", key: KeyBadOptions,
			act: func(h *harness) Result {
				return h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "deadline=24,deadline=48")
			}},
		{name: "unknown option", setup: "empty", lang: "en", key: coreopt.ErrUnknown,
			act: func(h *harness) Result {
				return h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "speed=fast")
			}},
		{name: "bad option value", setup: "empty", lang: "de", key: coreopt.ErrBadValue,
			act: func(h *harness) Result {
				return h.slash(bo, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=9")
			}},
		{name: "rated typed wrong", setup: "empty", lang: "de", key: coreopt.ErrBadValue,
			act: func(h *harness) Result {
				return h.slash(bo, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rated=maybe")
			}},
		{name: "malformed custom id", setup: "turn", lang: "en", key: KeyBadButton,
			act: func(h *harness) Result { return h.click(ann, "m|"+chanA) }},
		{name: "foreign custom id", setup: "turn", lang: "de", key: KeyBadButton,
			act: func(h *harness) Result { return h.click(bo, "some-other-bot:button") }},
		{name: "select without value", setup: "lobby", lang: "en", key: KeyBadButton,
			act: func(h *harness) Result { return h.click(ann, findID(h.t, h.channelMsgs(), KindOption, "rounds")) }},
		{name: "group select without value", setup: "turn", lang: "en", key: KeyBadButton,
			act: func(h *harness) Result { return h.click(ann, h.groupID(0)) }},
		{name: "group select in the lobby", setup: "lobby", lang: "en", key: table.ErrNotPlaying,
			act: func(h *harness) Result { return h.click(ann, h.groupID(0), "r1c1") }},
		{name: "group select forged from the future", setup: "turn", lang: "en", key: table.ErrStale,
			act: func(h *harness) Result { return h.click(ann, h.groupIDAt(0, h.table().Version+1), "r1c1") }},
		{name: "deadline value forged", setup: "lobby", lang: "en", key: coreopt.ErrBadValue,
			act: func(h *harness) Result {
				return h.click(ann, findID(h.t, h.channelMsgs(), KindOption, coreopt.Deadline), "7")
			}},
		{name: "move without its option", setup: "turn", lang: "de", key: KeyMoveNoOption,
			act: func(h *harness) Result { return h.slash(bo, CmdMove, "") }},
		{name: "unknown command", setup: "turn", lang: "en", key: KeyMalformed,
			act: func(h *harness) Result { return h.slash(ann, "dance", "") }},
		{name: "unknown subcommand", setup: "turn", lang: "en", key: KeyMalformed,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, "dance") }},
		{name: "interaction without user", setup: "turn", lang: "en", key: KeyMalformed,
			act: func(h *harness) Result {
				i := slashInteraction(ann, CmdGame, SubStatus, "")
				i.Member = nil
				return h.run(h.svc.Handle(ctxBG, i))
			}},
		{name: "button of an earlier table", setup: "lobby", lang: "en", key: tables.KeyOldTable,
			prep: func(h *harness) {
				h.wantReply(h.slash(ann, CmdGame, SubAbandon, ""), "en", play.KeyOKAbandoned)
				h.wantReply(h.slash(cy, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
			},
			act: func(h *harness) Result { return h.click(ann, findID(h.t, h.history()[:1], KindJoin, "")) }},
		{name: "hand in the lobby", setup: "lobby", lang: "en", key: table.ErrNotPlaying,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubHand, "") }},
		{name: "spectator shows hand", setup: "bid", lang: "en", key: table.ErrNotSeated,
			act: func(h *harness) Result { return h.click(nobody, findID(h.t, h.channelMsgs(), KindHand, "")) }},
		{name: "undo with no move", setup: "bid", lang: "en", key: table.ErrNothingToUndo,
			act: func(h *harness) Result { return h.slash(ann, CmdGame, SubUndo, "") }},
		{name: "abandon by stranger", setup: "bid", lang: "en", key: table.ErrAbandonNotAllowed,
			act: func(h *harness) Result { return h.slash(nobody, CmdGame, SubAbandon, "") }},
		{name: "unknown rules topic", setup: "empty", lang: "en", key: KeyUnknownTopic,
			act: func(h *harness) Result { return h.slash(ann, CmdRules, "", OptGame, tabletest.ID, OptTopic, "nope") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			setups[tc.setup](h)
			if tc.prep != nil {
				tc.prep(h)
			}
			before, _ := h.store.Tables().Get(ctxBG, chanA)
			nDMs := len(h.dms[ann]) + len(h.dms[bo])
			res := tc.act(h)
			h.wantReply(res, tc.lang, tc.key)
			if len(res.Actions) != 0 {
				t.Errorf("bad input produced %d actions", len(res.Actions))
			}
			if len(h.dms[ann])+len(h.dms[bo]) != nDMs {
				t.Error("bad input sent DMs")
			}
			after, _ := h.store.Tables().Get(ctxBG, chanA)
			if (before == nil) != (after == nil) || before != nil && (before.Version != after.Version || before.ID != after.ID) {
				t.Errorf("bad input changed the table: %+v -> %+v", before, after)
			}
		})
	}
}

// groupID forges a group select for seat's prompt at the table's version,
// as a client could send it.
func (h *harness) groupID(seat int) string {
	return h.groupIDAt(seat, h.table().Version)
}

func (h *harness) groupIDAt(seat, version int) string {
	h.t.Helper()
	id, err := CustomID{Kind: KindGroup, Channel: chanA, Table: h.table().ID, Version: version, Arg: itoa(seat)}.Encode()
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}
