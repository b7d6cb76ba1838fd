package commands

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/tournaments"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tournament"
)

// postsStarting counts the channel's messages that start with key's text.
func (h *harness) postsStarting(lang, key string) int {
	n := 0
	for _, m := range h.channelMsgs() {
		if strings.HasPrefix(m.Content, h.text(lang, key)) {
			n++
		}
	}
	return n
}

// tourOutbox lists the tournament items waiting in the outbox.
func (h *harness) tourOutbox() []storage.OutboxItem {
	h.t.Helper()
	items, err := h.store.Tables().Outbox(ctxBG)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []storage.OutboxItem
	for _, it := range items {
		if _, ok := storage.ParseTournamentDue(it.TableID); ok {
			out = append(out, it)
		}
	}
	return out
}

// nonces lists the nonces of results' new posts.
func nonces(results ...Result) []string {
	var out []string
	for _, r := range results {
		for _, a := range r.Actions {
			if n := nonceOf(a); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// The sign-up is stored, then the bot dies before posting it: the
// restarted bot posts it once, with the nonce it was staged with, and
// remembers its id, so joining edits it.
func TestTournamentSignupSurvivesACrash(t *testing.T) {
	h := newHarness(t)
	i := slashInteraction(manager, tournaments.CmdTournament, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss",
		tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1", OptOptions, "rounds=1")
	i.Member.Permissions = manageServer
	first := h.svc.Handle(ctxBG, i) // the transport dies: nothing carried out
	h.wantReply(first, "en", tournaments.KeyTourOKNew)
	if len(first.Actions) != 1 || first.Done == nil {
		t.Fatalf("the sign-up is not a staged delivery: %+v", first)
	}
	if len(h.tourOutbox()) != 1 || len(h.channelMsgs()) != 0 {
		t.Fatalf("before the crash: %d staged, %d posted", len(h.tourOutbox()), len(h.channelMsgs()))
	}
	h.restart()
	redo := h.svc.Redeliver(ctxBG)
	if len(redo) != 1 {
		t.Fatalf("%d deliveries after the restart, want 1", len(redo))
	}
	if a, b := nonces(first), nonces(redo...); len(a) != 1 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("nonces %v before, %v after the restart", a, b)
	}
	h.run(redo[0])
	if n := h.postsStarting("en", tournaments.KeyTourSignup); n != 1 {
		t.Fatalf("%d sign-ups posted, want 1", n)
	}
	if h.stored().SignupMessageID == "" {
		t.Fatal("the redelivered sign-up's id was not remembered")
	}
	h.restart()
	if again := h.svc.Redeliver(ctxBG); len(again) != 0 {
		t.Fatalf("%d deliveries after a second restart, want none", len(again))
	}
	// Joining edits the remembered sign-up (the click comes from it).
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindTourJoin, "")), "en", tournaments.KeyTourOKJoined)
	if len(h.tourOutbox()) != 0 {
		t.Fatal("a carried-out edit stayed in the outbox")
	}
	if !strings.Contains(h.channelMsgs()[0].Content, names[ann]) {
		t.Errorf("the sign-up does not list the joined player: %q", h.channelMsgs()[0].Content)
	}
}

// Every step of a tournament that posts (the start's pairings, a round's
// standings, the end's standings and podium, an organiser's notice) is
// staged with the step: the bot dying after the step and before posting
// loses none of it and, redelivered, posts it once; a step whose posts
// were carried out leaves nothing behind.
func TestTournamentPostsSurviveACrash(t *testing.T) {
	h := newHarness(t)
	h.newTour("swiss", 3, 2, sixPlayers...)
	if n := len(h.tourOutbox()); n != 0 {
		t.Fatalf("%d items left after sign-ups carried out", n)
	}
	// crashAfter runs a step, drops everything it returns, restarts and
	// delivers what the outbox holds: the tournament's posts once.
	crashAfter := func(name string, step func() []Result, key string) {
		t.Helper()
		before := h.postsStarting("en", key)
		results := step()
		if h.postsStarting("en", key) != before {
			t.Fatalf("%s: posted before the crash", name)
		}
		staged := len(h.tourOutbox())
		if staged != 1 {
			t.Fatalf("%s: %d tournament items staged, want 1", name, staged)
		}
		h.restart()
		redo := h.svc.Redeliver(ctxBG)
		var tourNonces []string
		for _, r := range redo {
			h.run(r)
		}
		for _, r := range results {
			for _, n := range nonces(r) {
				if strings.HasPrefix(n, "T") {
					tourNonces = append(tourNonces, n)
				}
			}
		}
		var again []string
		for _, n := range nonces(redo...) {
			if strings.HasPrefix(n, "T") {
				again = append(again, n)
			}
		}
		if fmt.Sprint(tourNonces) != fmt.Sprint(again) {
			t.Errorf("%s: nonces %v, redelivered %v", name, tourNonces, again)
		}
		if got := h.postsStarting("en", key) - before; got != 1 {
			t.Fatalf("%s: %d posts after the restart, want 1", name, got)
		}
		if n := len(h.tourOutbox()); n != 0 {
			t.Fatalf("%s: %d items left after redelivery", name, n)
		}
		h.restart()
		if again := h.svc.Redeliver(ctxBG); len(again) != 0 {
			t.Fatalf("%s: %d deliveries after a second restart", name, len(again))
		}
	}
	crashAfter("start", func() []Result {
		return []Result{h.svc.Handle(ctxBG, clickInteraction(manager, findID(t, h.channelMsgs(), KindTourStart, "")))}
	}, tournaments.KeyTourRound)
	if tr := h.stored(); tr.Status != tournament.StatusRunning || len(tr.Rounds) != 1 {
		t.Fatalf("after the start: %+v", tr)
	}
	// The tables' threads were lost with the crash: the scheduler asks
	// again for them.
	h.advance(tournaments.ReopenAfter + time.Second)
	h.tick()
	if len(h.threads) != 2 {
		t.Fatalf("%d threads after the retry, want 2", len(h.threads))
	}
	// An organiser's notice (a drop) is staged with the change.
	ask := h.tour(manager, manageServer, tournaments.SubTourDrop, tournaments.OptTourPlayer, sixPlayers[5])
	confirm := findID(t, []Message{*ask.Reply}, KindTourConfirm, "")
	crashAfter("drop", func() []Result {
		return []Result{h.svc.Handle(ctxBG, clickInteraction(manager, confirm))}
	}, tournaments.KeyTourDropped)
	// The round's time runs out: bots finish the games; the round's
	// standings and the next pairings come with the step that pairs.
	h.advance(24*time.Hour + time.Minute)
	paired := false
	for range 20 {
		if len(h.stored().Rounds) == 2 {
			break
		}
		tr := h.stored()
		if tr.Rounds[0].Done() {
			crashAfter("round 2", func() []Result { return h.svc.Tick(ctxBG) }, tournaments.KeyTourRoundDone)
			paired = true
			break
		}
		h.tick()
	}
	if tr := h.stored(); len(tr.Rounds) != 2 || !paired {
		t.Fatalf("round 2 not paired by the step that crashed: %d rounds", len(tr.Rounds))
	}
	if h.postsStarting("en", tournaments.KeyTourRound) != 2 {
		t.Errorf("%d pairings posted, want 2", h.postsStarting("en", tournaments.KeyTourRound))
	}
	// The end: the notice that bots finish the running games; then the
	// standings and podium, staged with the step that ends it.
	ask = h.tour(manager, manageServer, tournaments.SubTourEnd)
	confirm = findID(t, []Message{*ask.Reply}, KindTourConfirm, "")
	crashAfter("end", func() []Result {
		return []Result{h.svc.Handle(ctxBG, clickInteraction(manager, confirm))}
	}, tournaments.KeyTourEnding)
	ended := false
	for range 20 {
		if tr := h.stored(); tr.Rounds[1].Done() {
			crashAfter("final", func() []Result { return h.svc.Tick(ctxBG) }, tournaments.KeyTourOver)
			ended = true
			break
		}
		h.tick()
	}
	if h.stored().Status != tournament.StatusOver || !ended {
		t.Fatal("not over by the step that crashed")
	}
}
