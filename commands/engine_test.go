package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// turnHarness is a harness that also offers the turn game, whose turns take
// several steps.
func turnHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	h.extra = []games.Game{tabletest.TurnGame()}
	h.restart()
	return h
}

// step answers with /move as user and fails unless it was applied.
func (h *harness) step(user, move string) Result {
	h.t.Helper()
	before := h.table().Moves
	res := h.slash(user, CmdMove, "", OptOption, move)
	if h.table().Moves != before+1 {
		h.t.Fatalf("%s by %s was not applied: %+v", move, user, res.Reply)
	}
	return res
}

func hasKind(rows []discordgo.MessageComponent, kind Kind) bool {
	for _, id := range customIDs(rows) {
		if c, err := ParseCustomID(id); err == nil && c.Kind == kind {
			return true
		}
	}
	return false
}

// boardPosts counts channel posts that carry a board picture.
func (h *harness) boardPosts() int {
	n := 0
	for _, m := range h.channelMsgs() {
		for _, f := range m.Files {
			if f.Name == "board.png" {
				n++
			}
		}
	}
	return n
}

// Steps inside a turn change only the mover's own message; the commit
// posts exactly one board, which tells the whole turn.
func TestOneBoardPerCommit(t *testing.T) {
	h := turnHarness(t)
	h.startGame(tabletest.TurnID, "rounds=1", ann, bo)
	boards, posts := h.boardPosts(), len(h.channelMsgs())
	for _, spot := range []int{6, 5} {
		res := h.step(ann, tabletest.TurnSpot(spot))
		if res.Reply == nil || len(res.Reply.Files) == 0 || !hasKind(res.Reply.Components, KindBack) {
			t.Fatalf("step reply lacks the private view or Back: %+v", res.Reply)
		}
		for _, a := range res.Actions {
			if p, ok := a.(ChannelPost); ok {
				t.Errorf("a step posted to the channel: %q", p.Message.Content)
			}
			if e, ok := a.(ChannelEdit); ok && e.ChannelID == chanA {
				t.Errorf("a step edited a channel message: %q", e.Message.Content)
			}
		}
	}
	if got := len(h.channelMsgs()); got != posts {
		t.Fatalf("%d channel messages after two steps, want %d", got, posts)
	}
	h.step(ann, tabletest.TurnEnd)
	if got := h.boardPosts(); got != boards+1 {
		t.Fatalf("%d boards after the commit, want %d", got, boards+1)
	}
	msgs := h.channelMsgs()
	board := msgs[len(msgs)-1].Content
	for _, spot := range []string{"6", "5"} {
		if !strings.Contains(board, spot) {
			t.Errorf("the commit's board does not tell the step on spot %s:\n%s", spot, board)
		}
	}
	h.assertNoSecrets()
}

// In a simultaneous secret step, a seat that answers while others still
// choose is told in one line of text (a quiet commit): no board, no
// picture, no buttons; the last answer brings the board.
func TestQuietCommitTellsALine(t *testing.T) {
	h := turnHarness(t)
	h.startGame(tabletest.TurnID, "rounds=1", ann, bo)
	h.step(ann, tabletest.TurnEnd)
	h.step(bo, tabletest.TurnEnd)
	boards, msgs := h.boardPosts(), len(h.channelMsgs())
	h.step(ann, tabletest.TurnKeep)
	after := h.channelMsgs()
	if len(after) != msgs+1 || h.boardPosts() != boards {
		t.Fatalf("a quiet commit: %d new channel messages, %d new boards; want one line and no board", len(after)-msgs, h.boardPosts()-boards)
	}
	line := after[len(after)-1]
	if len(line.Files) != 0 || len(line.Components) != 0 || !strings.Contains(line.Content, "Ann") {
		t.Fatalf("the quiet commit's line: %q with %d files and %d component rows; want the narration alone", line.Content, len(line.Files), len(line.Components))
	}
	h.step(bo, tabletest.TurnToss)
	if got := h.boardPosts(); got != boards+1 {
		t.Fatalf("%d boards after the last secret answer, want %d", got, boards+1)
	}
	h.assertNoSecrets()
}

// A player steps back one step at a time to the start of the turn, never
// over a reveal; a second click on the same Back button is stale.
func TestBackWithinTurn(t *testing.T) {
	h := turnHarness(t)
	h.startGame(tabletest.TurnID, "rounds=1", ann, bo)
	start := h.table().Moves
	h.step(ann, tabletest.TurnSpot(6))
	res := h.step(ann, tabletest.TurnSpot(5))
	back := findID(t, []Message{*res.Reply}, KindBack, "")
	res = h.click(ann, back)
	h.wantReply(res, "en", play.KeyOKBack)
	if got := h.table().Moves; got != start+1 {
		t.Fatalf("%d moves after one step back, want %d", got, start+1)
	}
	h.wantReply(h.click(ann, back), "en", table.ErrStale)
	h.wantReply(h.slash(bo, CmdGame, SubUndo), "de", table.ErrUndoNotYours)
	res = h.click(ann, findID(t, []Message{*res.Reply}, KindBack, ""))
	h.wantReply(res, "en", play.KeyOKBack)
	if got := h.table().Moves; got != start {
		t.Fatalf("%d moves after stepping back twice, want %d", got, start)
	}
	// Nothing of the turn is left to step back over.
	if hasKind(res.Reply.Components, KindBack) || h.table().History().CanStepBack(0) {
		t.Error("a turn with no steps left still offers Back")
	}
	// A draw reveals a card: no stepping back over it, only over later steps.
	h.step(ann, tabletest.TurnSpot(6))
	h.step(ann, tabletest.TurnDraw)
	res = h.step(ann, tabletest.TurnSpot(4))
	h.wantReply(h.click(ann, findID(t, []Message{*res.Reply}, KindBack, "")), "en", play.KeyOKBack)
	h.wantReply(h.slash(ann, CmdGame, SubUndo), "en", table.ErrUndoRevealed)
	// The turn still commits with what is left.
	h.step(ann, tabletest.TurnEnd)
	if tb := h.table(); tb.Checkpoint != nil || len(tb.TurnEvents) != 0 {
		t.Errorf("a committed turn keeps checkpoint %d bytes and %d events", len(tb.Checkpoint), len(tb.TurnEvents))
	}
}

// A table with bot seats is finished by them and the one person, without
// any bot receiving a DM or a mention.
func TestBotSeatsFinishGame(t *testing.T) {
	for _, thinks := range []bool{false, true} {
		t.Run(map[bool]string{false: "heuristic", true: "thinking apart"}[thinks], func(t *testing.T) {
			botSeatsFinishGame(t, thinks)
		})
	}
}

// botSeatsFinishGame plays TestBotSeatsFinishGame with bots that play the
// game's heuristic in the change, or (thinks) bots of the default
// strength, normal, that search and think their moves out apart.
func botSeatsFinishGame(t *testing.T, thinks bool) {
	h := newHarness(t)
	h.extra, h.thinks = []games.Game{tabletest.TurnGame()}, thinks
	h.restart()
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.TurnID, OptOptions, "rounds=2"), "en", lobby.KeyOKNew)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	h.wantReply(h.click(bo, findID(t, h.channelMsgs(), KindAddBot, "")), "de", table.ErrNotHost)
	// A third bot comes and goes again; a non-host cannot remove one.
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	h.wantReply(h.click(bo, findID(t, h.channelMsgs(), KindRemoveBot, "")), "de", table.ErrNotHost)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindRemoveBot, "")), "en", lobby.KeyOKBotGone)
	if n := len(h.table().Seats); n != 3 {
		t.Fatalf("%d seats after adding three bots and removing one, want 3", n)
	}
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	g := tabletest.TurnGame()
	for n := 0; h.table().Status == table.StatusPlaying; n++ {
		if n > 500 {
			t.Fatal("the game did not end")
		}
		tb := h.table()
		st, err := tb.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		if _, mine := games.PromptFor(st, 0); mine {
			move, ok := tabletest.TurnPolicy().Choose(st, 0, 1)
			if !ok {
				t.Fatal("no move for Ann")
			}
			h.step(ann, move)
			continue
		}
		// A bot's move may be a step of its turn that shows nothing yet
		// (a plan cut short by its thinking time stops mid-turn): the
		// table's version tells that it moved.
		h.tick()
		if h.table().Version == tb.Version {
			t.Fatalf("nobody moves: due %+v", tb.Due)
		}
	}
	tb := h.table()
	if tb.Status != table.StatusOver {
		t.Fatalf("status %s", tb.Status)
	}
	if plans := h.thinker; thinks && plans.Plans() == 0 {
		t.Error("the normal bots made no plan: they did not search")
	}
	bots := 0
	for _, s := range tb.Seats {
		if s.Bot {
			bots++
			if len(h.dms[s.UserID]) > 0 {
				t.Errorf("bot %s was sent DMs", s.UserID)
			}
		}
	}
	if bots != 2 {
		t.Fatalf("%d bot seats, want 2", bots)
	}
	for _, m := range h.history() {
		if strings.Contains(m.Content, "<@bot:") || slices.ContainsFunc(m.Mentions, func(u string) bool { return strings.HasPrefix(u, "bot:") }) {
			t.Errorf("a bot is mentioned: %q", m.Content)
		}
	}
	h.assertNoSecrets()
}

// The running scheduler plays bot seats as soon as their turn comes, with
// nobody calling Tick: the player's commit wakes it.
func TestRunSchedulerPlaysBots(t *testing.T) {
	h := turnHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.TurnID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	ctx, cancel := context.WithCancel(ctxBG)
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.svc.RunScheduler(ctx, func(_ context.Context, actions []Action) error {
			h.run(Result{Actions: actions})
			return nil
		})
	}()
	defer func() { cancel(); <-done }()
	h.step(ann, tabletest.TurnSpot(6))
	// The commit wakes the scheduler, which may move before this returns.
	h.wantReply(h.slash(ann, CmdMove, "", OptOption, tabletest.TurnEnd), "en", play.KeyOKMove)
	// A guard against a hung scheduler, not a speed requirement.
	deadline := time.Now().Add(20 * time.Second)
	for {
		tb, err := h.store.Tables().Get(ctxBG, chanA, storage.WithLog())
		if err != nil {
			t.Fatal(err)
		}
		bot := 0
		for _, e := range tb.Log {
			if e.Bot {
				bot++
			}
		}
		g := tabletest.TurnGame()
		st, err := tb.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		_, botWaits := games.PromptFor(st, 1)
		if bot > 0 && !botWaits {
			break // the bot played its turn and answered the secret step
		}
		if time.Now().After(deadline) {
			t.Fatalf("the scheduler did not play the bot: %d bot moves, due %+v", bot, tb.Due)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A person asked in the middle of a chain of moves the scheduler makes at
// once (a bot's last turn opens the next round's secret bids, then the
// bots bid) gets the decision's DM, like one asked by the chain's last move.
func TestAskedWithinABotChainGetsDM(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=2"), "en", lobby.KeyOKNew)
	for range 2 {
		h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindAddBot, "")), "en", lobby.KeyOKBot)
	}
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	g := tabletest.Game()
	chained := 0 // ann's decisions asked before the last move of a change
	for n := 0; h.table().Status == table.StatusPlaying; n++ {
		if n > 100 {
			t.Fatal("the game did not end")
		}
		tb := h.table()
		st, err := tb.Load(g)
		if err != nil {
			t.Fatal(err)
		}
		p, mine := games.PromptFor(st, 0)
		if !mine {
			if len(h.tick()) == 0 {
				t.Fatalf("nobody moves: due %+v", tb.Due)
			}
			continue
		}
		pv := tb.Seats[0].PromptVersion
		if pv < tb.Version {
			chained++
		}
		if p.Secret {
			// Her newest DM offers this decision, at its version.
			dms := h.dms[ann]
			offered := false
			if len(dms) > 0 {
				for _, id := range customIDs(dms[len(dms)-1].Components) {
					if c, err := ParseCustomID(id); err == nil && c.Kind == KindMove && c.Version >= pv {
						offered = true
					}
				}
			}
			if !offered {
				t.Fatalf("ann's secret decision asked at version %d (table at %d) is in no DM (%d DMs)", pv, tb.Version, len(dms))
			}
		}
		h.step(ann, p.Options[0].ID)
	}
	if chained == 0 {
		t.Fatal("ann was never asked within a chain of bot moves: the test proves nothing")
	}
}
