package commands

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// voteGame starts a one-round game of Ann, Bo and Cy with 12 hours per
// decision and absent=vote; Ann and Cy bid, Bo never does, and the
// scheduler runs 13 hours in: the vote about Bo is posted.
func voteGame(t *testing.T) (*harness, string) {
	t.Helper()
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=12, absent=vote", ann, bo, cy)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(cy, "2"))
	h.advance(13 * time.Hour)
	h.tick()
	tb := h.table()
	if len(tb.Votes) != 1 || tb.Votes[0].Seat != tb.SeatOf(bo) || tb.Votes[0].Message.ID == "" {
		t.Fatalf("votes %+v: want one about Bo, its message remembered", tb.Votes)
	}
	for _, e := range tb.Log {
		if e.Timeout {
			t.Fatalf("the table answered for %d while the others vote: %+v", e.Seat, e)
		}
	}
	msg := h.msgs[tb.Votes[0].Message.ID].msg
	if !strings.Contains(msg.Content, "Bo's time ran out") || !strings.Contains(msg.Content, "<@"+ann+">") || !strings.Contains(msg.Content, "<@"+cy+">") ||
		strings.Contains(msg.Content, "<@"+bo+">") || !slices.Equal(msg.Mentions, []string{ann, cy}) {
		t.Fatalf("vote message %q (mentions %v): want Bo named, Ann and Cy asked", msg.Content, msg.Mentions)
	}
	until := interact.Timestamp(h.now().Add(12 * time.Hour)) // one more clock period
	if !strings.Contains(msg.Content, until) || !strings.Contains(h.msgs[tb.StatusMessageID].msg.Content, until) {
		t.Fatalf("vote %q or status %q does not say the table waits for Bo until %s", msg.Content, h.msgs[tb.StatusMessageID].msg.Content, until)
	}
	h.mu.Lock()
	dms := append([]Message(nil), h.dms[bo]...)
	h.mu.Unlock()
	live := slices.IndexFunc(dms, func(m Message) bool { return len(m.Components) > 0 })
	if live < 0 || !strings.Contains(dms[live].Content, until) {
		t.Fatalf("Bo's decision DM does not count down to the vote's end %s: %+v", until, dms)
	}
	return h, findID(t, []Message{msg}, KindVote, compose.VoteArgEnd)
}

// TestAbsentVoteEndsGame: the players present vote over the fake Discord;
// refused clicks are answered in the clicker's language and change
// nothing; a button made before other changes still counts; the majority
// ends the game as abandoned (unrated), says so, and leaves no button.
func TestAbsentVoteEndsGame(t *testing.T) {
	h, end := voteGame(t)
	before := h.table().Version
	h.wantReply(h.click(nobody, end), "en", table.ErrVoteNotPlayer)
	h.wantReply(h.click(bo, end), "de", table.ErrVoteAboutYou)
	h.wantReply(h.click(ann, strings.Replace(end, "|e", "|x", 1)), "en", KeyBadButton)
	if v := h.table().Version; v != before {
		t.Fatalf("refused clicks changed the table: version %d → %d", before, v)
	}
	h.wantReply(h.click(ann, end), "en", play.KeyOKVoteEnd)
	h.wantReply(h.click(ann, end), "en", table.ErrVotedEnd)
	vote := h.msgs[h.table().Votes[0].Message.ID].msg
	if !strings.Contains(vote.Content, "End: 1 · Keep waiting: 0 · 2 of 2") || len(vote.Components) == 0 {
		t.Fatalf("vote message after one vote: %q, %d rows", vote.Content, len(vote.Components))
	}
	if h.table().Version == before {
		t.Fatal("a vote did not change the table's version")
	}
	h.wantReply(h.click(cy, end), "en", play.KeyOKVoteEnded) // made at the vote's opening
	tb := h.table()
	if tb.Status != table.StatusAbandoned || tb.Unrecorded || len(tb.Votes) != 0 {
		t.Fatalf("after the majority: status %s, unrecorded %v, votes %+v", tb.Status, tb.Unrecorded, tb.Votes)
	}
	said := false
	for _, m := range h.history() {
		said = said || strings.Contains(m.Content, "The players voted to end the game: it is abandoned")
	}
	if !said {
		t.Error("the channel was not told that the vote ended the game")
	}
	for _, m := range h.channelMsgs() {
		if len(m.Components) > 0 {
			t.Errorf("a message still has buttons after the end: %q", m.Content)
		}
	}
	if h.pinned[tb.StatusMessageID] {
		t.Error("the status stays pinned after the end")
	}
	h.assertNoSecrets()
}

// TestAbsentVoteCloses: the vote closes with its buttons removed when the
// absent player answers; a click on it then is answered and changes
// nothing. Undecided, it closes after one more clock period, when the
// table answers for the absent player.
func TestAbsentVoteCloses(t *testing.T) {
	t.Run("the absent player answers", func(t *testing.T) {
		h, end := voteGame(t)
		h.wantReply(h.click(ann, end), "en", play.KeyOKVoteEnd)
		id := h.table().Votes[0].Message.ID
		h.wantDMAnswered(h.bidInDM(bo, "1"))
		h.tick()
		msg := h.msgs[id].msg
		if len(msg.Components) != 0 || !strings.Contains(msg.Content, "Bo answered: the vote on ending the game is closed") {
			t.Fatalf("the vote's message after Bo answered: %q, %d rows", msg.Content, len(msg.Components))
		}
		tb := h.table()
		h.wantReply(h.click(cy, end), "en", table.ErrVoteClosed)
		if v := h.table().Version; v != tb.Version || tb.Status != table.StatusPlaying {
			t.Fatalf("a click on a closed vote changed the table (version %d → %d, %s)", tb.Version, v, tb.Status)
		}
	})
	t.Run("no majority in one more period", func(t *testing.T) {
		h, end := voteGame(t)
		h.wantReply(h.click(cy, strings.Replace(end, "|e", "|k", 1)), "en", play.KeyOKVoteKeep)
		id := h.table().Votes[0].Message.ID
		h.advance(12*time.Hour - time.Minute)
		h.tick()
		if len(h.table().Votes) != 1 {
			t.Fatal("the vote closed before one more clock period passed")
		}
		h.advance(time.Minute)
		h.tick()
		h.tick() // the closed vote's message is edited by the tidy event
		tb := h.table()
		timedOut := slices.ContainsFunc(tb.Log, func(e table.Entry) bool { return e.Timeout && e.Seat == tb.SeatOf(bo) })
		if len(tb.Votes) != 0 || !timedOut || tb.Status == table.StatusAbandoned {
			t.Fatalf("after the vote's time: votes %+v, Bo answered by the table %v, status %s", tb.Votes, timedOut, tb.Status)
		}
		if msg := h.msgs[id].msg; len(msg.Components) != 0 || !strings.Contains(msg.Content, "the table answered for Bo") {
			t.Fatalf("the vote's message after its time: %q, %d rows", msg.Content, len(msg.Components))
		}
		h.assertNoSecrets()
	})
}

// TestAbsentSkipRefused: a game whose rulebook has no rule for skipping a
// player refuses absent=skip in the lobby, in the player's language.
func TestAbsentSkipRefused(t *testing.T) {
	h := newHarness(t)
	res := h.slash(bo, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "absent=skip")
	if res.Reply == nil || !strings.Contains(res.Reply.Content, "kennt kein Überspringen") {
		t.Fatalf("reply %+v, want the German refusal of absent=skip", res.Reply)
	}
	if _, err := h.store.Tables().Get(ctxBG, chanA); err == nil {
		t.Error("a refused /game new opened a table")
	}
}
