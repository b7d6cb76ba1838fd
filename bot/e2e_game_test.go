package bot_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/table"
)

// zauberschwertSpec is a 3-player game of Zauberschwert & Drachenei, one
// player with closed DMs, restarted after 25 moves.
func zauberschwertSpec() spec {
	return spec{gameID: "zauberschwert", players: players(), rules: zauberschwertRules{}, restartAt: 25, maxMoves: 5000}
}

// zauberschwertRules: a hand card the public view does not show is that
// seat's secret.
type zauberschwertRules struct{}

func (zauberschwertRules) secrets(g *game, tb *table.Table, st games.State) [][]string {
	pubJSON := jsonOf(g.t, st.View(games.Public))
	out := make([][]string, len(tb.Seats))
	for seat := range tb.Seats {
		pv, ok := st.View(seat).(zauberschwert.PrivateView)
		if !ok {
			g.t.Fatalf("private view of seat %d is %T", seat, st.View(seat))
		}
		for _, c := range pv.Hand {
			if !bytes.Contains(pubJSON, []byte(`"`+c.Artifact.Name+`"`)) {
				for _, lang := range []string{"en", "de"} {
					out[seat] = append(out[seat], g.w.svc.Localize(lang, c.Artifact.Name))
				}
			}
		}
	}
	return out
}

func (zauberschwertRules) checkMove(*game, appliedMove) {}

func (zauberschwertRules) prefer(_ *game, _ games.Prompt, cs []choice) []choice { return cs }

func (zauberschwertRules) staleTarget(*game, answer) bool { return true }

func (zauberschwertRules) checkEnd(*game) {}

func TestEndToEndGateway(t *testing.T) {
	t.Parallel()
	play(t, zauberschwertSpec(), false)
}

func TestEndToEndHTTP(t *testing.T) {
	t.Parallel()
	play(t, zauberschwertSpec(), true)
}

// Discord fails while a move's board is posted, and the bot is restarted:
// the move was stored, its board was not confirmed, and after the restart
// the outbox posts it exactly once, drawn by the real renderer from the
// state the move saved, on a store that syncs as in production.
func TestEndToEndOutboxAfterFailedPost(t *testing.T) {
	t.Parallel()
	w := newLiveWorld(t, false)
	g := newGame(t, w, zauberschwertSpec())
	g.open()
	a, ok := g.plan()
	if !ok {
		t.Fatal("no move to make")
	}
	before := len(w.fake.Channels.Messages(channelID))
	w.fake.FailOnce(http.MethodPost, "/channels/"+channelID+"/messages")
	w.tr.deliver(t, a.i)
	if tb := w.table(t); tb.Moves != 1 {
		t.Fatalf("the move was not stored: %d moves", tb.Moves)
	}
	if n := len(w.fake.Channels.Messages(channelID)); n != before {
		t.Fatalf("%d new channel messages although the board's post failed", n-before)
	}
	dms := map[string]int{}
	for _, p := range g.players {
		dms[p.UserID] = len(w.fake.Channels.DMs(p.UserID))
	}
	w.restart(t)
	session, err := bot.NewSession("test-token", w.fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	exec := bot.NewExecutor(session, quiet())
	for k := range 2 { // the second start-up finds nothing left
		redo := w.svc.Redeliver(context.Background())
		if want := 1 - k; len(redo) != want {
			t.Fatalf("start-up %d: %d deliveries, want %d", k+1, len(redo), want)
		}
		for _, res := range redo {
			if err := res.Carry(context.Background(), exec.Run); err != nil {
				t.Fatal(err)
			}
		}
	}
	boards := 0
	for _, m := range w.fake.Channels.Messages(channelID)[before:] {
		if len(m.Attachments) > 0 && m.Attachments[0].Name == "board.png" {
			boards++
		}
	}
	if boards != 1 {
		t.Errorf("%d boards posted for the move, want 1", boards)
	}
	// The DMs had gone out before the crash; delivering again (same
	// nonces) sends none twice.
	for _, p := range g.players {
		if n := len(w.fake.Channels.DMs(p.UserID)); n != dms[p.UserID] {
			t.Errorf("%s has %d DMs after the redelivery, %d before", p.Username, n, dms[p.UserID])
		}
	}
}
