package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/table"
)

// Viscounts end to end: a turn is many small public steps of one player
// (moves, actions, payments) with the card played from the hand chosen
// in the DMs; the channel gets one board per turn.

// viscountsSpec plays Viscounts with ps; options are set in the lobby.
func viscountsSpec(ps []player, options map[string]string) spec {
	return spec{gameID: "viscounts", players: ps, options: options, rules: &viscountsRules{}, restartAt: 40, maxMoves: 3000}
}

// viscountsRules: every card a seat owns is public knowledge (starters,
// the drafted hero, hires, all told in the channel), only which of them
// are in its hand and the order of its draw pile are hidden. So no word
// is a secret; instead after every move the public view must be the same
// when every hidden part is dealt anew, and each hand only in its seat's
// view.
type viscountsRules struct {
	plays, handChecks, turns int
}

func (r *viscountsRules) secrets(_ *game, tb *table.Table, _ games.State) [][]string {
	return make([][]string, len(tb.Seats))
}

func (r *viscountsRules) checkMove(g *game, m appliedMove) {
	t := g.t
	if m.prompt.Secret && strings.HasPrefix(m.choice.move, "c") {
		r.plays++
	}
	if len(m.fresh) > 0 {
		r.turns++
	}
	pub, ok := m.after.View(games.Public).(vc.View)
	if !ok {
		t.Fatalf("public view is %T", m.after.View(games.Public))
	}
	twin, err := m.after.(games.Redealer).Redeal(games.Public, games.NewRNG(uint64(g.moves)))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := jsonOf(t, pub), jsonOf(t, twin.View(games.Public)); !bytes.Equal(a, b) {
		t.Fatalf("the public view depends on hidden cards:\n%s\n%s", a, b)
	}
	for seat := range m.tbAfter.Seats { // a solo game's opponent is not a seat
		pv := m.after.View(seat).(vc.PrivateView)
		if pub.Seats[seat].HandSize != len(pv.Hand) {
			t.Fatalf("seat %d: public hand size %d, private hand %d", seat, pub.Seats[seat].HandSize, len(pv.Hand))
		}
		r.handChecks++
	}
}

// prefer takes an action, a hire or a flip where one is offered, so that
// games move towards Poverty or Prosperity as players' games do.
func (r *viscountsRules) prefer(_ *game, _ games.Prompt, cs []choice) []choice {
	var active []choice
	for _, c := range cs {
		if c.move != "pass" && c.move != "skip" && c.move != "keep" {
			active = append(active, c)
		}
	}
	if len(active) == 0 {
		return cs
	}
	return active
}

// staleTarget: an old prompt answered in the channel (the draft, a
// rearrange, a resource, a turn's steps answered there) is the one to
// click again.
func (r *viscountsRules) staleTarget(g *game, a answer) bool {
	return !g.w.fake.Channels.IsDMChannel(a.msg.ChannelID)
}

func (r *viscountsRules) checkEnd(g *game) {
	if r.plays == 0 || r.handChecks == 0 || r.turns == 0 || g.inPlace == 0 {
		g.t.Errorf("cards played from DMs %d, hands checked hidden %d, boards posted %d, steps answered in place of their ephemeral %d", r.plays, r.handChecks, r.turns, g.inPlace)
	}
	for _, p := range g.players {
		if !g.staleChecked[p.UserID] {
			g.t.Errorf("no stale click was checked for %s", p.Username)
		}
	}
}

func TestEndToEndViscountsGateway(t *testing.T) {
	t.Parallel()
	play(t, viscountsSpec(players(), nil), false)
}

func TestEndToEndViscountsSoloHTTP(t *testing.T) {
	t.Parallel()
	g := play(t, viscountsSpec(players()[:1], map[string]string{"difficulty": "1"}), true)
	if st := g.w.state(t, g.w.table(t)); !st.Over() {
		t.Error("the solo game did not end")
	}
}
