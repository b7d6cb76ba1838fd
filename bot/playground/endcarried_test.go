package playground

import (
	"context"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
)

// TestEndSeenOnceCarried is why TestBrowserPlaysWholeGames failed now and
// then under load (sorcerer-city-3p at 2d655fd: the board "Ada is done at
// the market." and Clara's DM still live after the end). The click that
// ends a game is answered, and the end stored, before the end's delivery
// takes the table's controls away; the test read the controls as soon as
// the store said the game was over, while the page's click was still
// being carried out. Here the last click is answered and its delivery
// held back, as the page's was: the wait for the end (endCarried) must
// not end before the delivery, and after it nothing is live.
func TestEndSeenOnceCarried(t *testing.T) {
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	ls := newServiceServer(t, reg, false)
	ls.open(t, tab1, "sorcerer-city", []User{ada, bruno, clara}, "")
	tb, _ := ls.state(t, tab1)
	last, _, _ := ls.playToLast(t, tab1, games.NewRNG(11))
	where, msg, cid, values, found := ls.controlFor(t, tab1, last)
	if !found {
		t.Fatalf("no control offers the last move %q to seat %d", last.move, last.seat)
	}
	res, err := ls.press(context.Background(), last.userID, where, msg, cid, values)
	if err != nil {
		t.Fatal(err)
	}
	if _, st := ls.state(t, tab1); !st.Over() {
		t.Fatal("the last click did not end the game")
	}
	if len(ls.liveControls(tab1, tb.ID)) == 0 {
		t.Fatal("nothing was live before the end's delivery: the test shows nothing")
	}
	if ls.endCarried(t, tab1) {
		t.Error("endCarried holds before the end's delivery was carried out")
	}
	if err := res.Carry(context.Background(), ls.Run); err != nil {
		t.Fatal(err)
	}
	if !ls.endCarried(t, tab1) {
		t.Error("endCarried does not hold after the end's delivery")
	}
	if live := ls.liveControls(tab1, tb.ID); len(live) > 0 {
		t.Errorf("after the end's delivery, messages keep live controls of the table: %v", live)
	}
}
