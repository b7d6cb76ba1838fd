package playground

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
)

// TestBrowserPlaysWholeGames plays every game to its end in the
// playground, alone (Zauberschwert, which needs two, with two) and with
// three players, over the real rules, boards and store, and fails on any
// control of the table still live after the end or any message a click
// sent besides its effect ("Done: …").
//
// A whole game is hundreds of moves; through the page each would take a
// poll and a render, so the moves go through the page's API (Server.Click,
// what POST /api/click calls) and the browser makes the move that ends the
// game, as its player, where the page offers it. Then the page is read as
// every player, in the table's channel and their DMs. Under the race
// detector the games are played without pictures (drawing is some fifteen
// times slower there; the imaging tests draw whole games themselves).
func TestBrowserPlaysWholeGames(t *testing.T) {
	chromiumPath(t)
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	ls := newServiceServer(t, reg, !raceBuild)
	p := openPage(t, ls)
	p.waitJS("help line", `document.querySelectorAll('#help .cmd').length >= 2`)

	seed := uint64(7)
	for _, id := range reg.IDs() {
		g, _ := reg.Get(id)
		for _, players := range [][]User{{ada}, {ada, bruno, clara}} {
			if len(players) < g.Info().MinPlayers {
				players = DefaultOptions().Users[:g.Info().MinPlayers]
			}
			seed++
			t.Run(fmt.Sprintf("%s-%dp", id, len(players)), func(t *testing.T) {
				p := page{t: t, ctx: p.ctx}
				ls.open(t, tab1, id, players, "")
				tb, err := ls.store.Tables().Get(context.Background(), tab1)
				if err != nil {
					t.Fatal(err)
				}
				last, moves, clicked := ls.playToLast(t, tab1, games.NewRNG(seed))
				ls.playInPage(p, tab1, last)
				t.Logf("%d moves through the API (%d clicked, the rest typed as /move), the last in the page", moves, clicked)
				for _, res := range ls.svc.DrawReplays(context.Background()) { // as the scheduler does
					_ = res.Carry(context.Background(), ls.Run)
				}
				if live := ls.liveControls(tab1, tb.ID); len(live) > 0 {
					t.Errorf("after the end, messages keep live controls of the table: %v", live)
				}
				for _, u := range players {
					for _, where := range []string{tab1, dm(t, ls.Server, u.ID)} {
						ls.checkPageAfterEnd(p, u, where, tb.ID)
					}
				}
			})
		}
	}
}

// playInPage makes tn's move in the browser as its player: a click on the
// button or a choice in the select that offers it, else /move typed.
func (ls lineupServer) playInPage(p page, channelID string, tn turn) {
	p.t.Helper()
	u, _ := ls.user(tn.userID)
	p.asUser(u)
	mark := ls.world.lastID()
	where, msg, cid, values, found := ls.controlFor(p.t, channelID, tn)
	if !found {
		ls.showChannel(p, channelID)
		p.typeCommand("/move option:" + tn.move)
		p.send()
	} else {
		ls.showChannel(p, where)
		at := fmt.Sprintf(`#messages .msg[data-id="%s"]`, msg)
		if len(values) == 0 {
			p.click(fmt.Sprintf(`%s button[data-custom-id=%q]:not([disabled])`, at, cid))
		} else {
			p.waitJS("select "+cid, fmt.Sprintf(`(() => { const s = document.querySelector(%q); if (!s || s.disabled) return false;
				s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); return true })()`,
				fmt.Sprintf(`%s select[data-select=%q]`, at, cid), values[0]))
		}
	}
	waitFor(p.t.(*testing.T), "the game's end carried out", func() bool { return ls.endCarried(p.t, channelID) }, p)
	if extra := ls.extraAnswers(tn.userID, mark); found && len(extra) > 0 {
		p.t.Errorf("the last click (%q by seat %d) sent messages besides its effect: %v", tn.move, tn.seat, extra)
	}
}

// showChannel switches the page to channelID (a guild channel or the
// current user's DMs) and waits until it shows the channel's newest
// message.
func (ls lineupServer) showChannel(p page, channelID string) {
	p.t.Helper()
	c, _ := ls.channel(channelID)
	if c.DMUser != "" {
		p.click(`#dms .channel`)
	} else {
		p.click(fmt.Sprintf(`#channels .channel[data-channel="%s"]`, channelID))
	}
	active := fmt.Sprintf(`#channels .channel.active[data-channel="%s"]`, channelID)
	if c.DMUser != "" {
		active = `#dms .channel.active`
	}
	p.waitJS("channel "+c.Name+" shown", fmt.Sprintf(`document.querySelector(%q) !== null`, active))
	p.waitJS("channel "+c.Name+" up to date", ls.newestShown(p, channelID))
}

// newestShown is a page expression true once the page lists the newest
// message the page's user sees in channelID, in its latest version.
func (ls lineupServer) newestShown(p page, channelID string) string {
	p.t.Helper()
	user := eval[string](p, `document.querySelector('button.user.active').dataset.user`)
	v := view(p.t, ls.Server, user, channelID)
	if len(v.Messages) == 0 {
		return `document.querySelectorAll('#messages .msg').length === 0`
	}
	newest := v.Messages[len(v.Messages)-1]
	return fmt.Sprintf(`document.querySelectorAll('#messages .msg').length === %d && document.querySelector('#messages .msg:last-child') !== null && document.querySelector('#messages .msg:last-child').dataset.id === %q`,
		len(v.Messages), newest.ID)
}

// pageAfterEnd lists, in the page as shown, the enabled controls of the
// table tableID and every "Done: …" line.
const pageAfterEnd = `((table) => {
  const out = [];
  for (const el of document.querySelectorAll('#messages [data-custom-id], #messages [data-select], #messages [data-submit-select]')) {
    const id = el.dataset.customId || el.dataset.select || el.dataset.submitSelect;
    if (!el.disabled && id.split('|')[2] === table) out.push('live control ' + id + ' in: ' + el.closest('.msg').textContent.slice(0, 80));
  }
  for (const c of document.querySelectorAll('#messages .msg .content')) {
    if (/^(Done|Erledigt):/.test(c.textContent.trim())) out.push('extra answer: ' + c.textContent.trim().slice(0, 80));
  }
  return out.join('\n');
})(%q)`

// checkPageAfterEnd reads the page as u in channelID once the game is
// over: no live control of the table, no "Done".
func (ls lineupServer) checkPageAfterEnd(p page, u User, channelID, tableID string) {
	p.t.Helper()
	p.asUser(u)
	ls.showChannel(p, channelID)
	if found := eval[string](p, fmt.Sprintf(pageAfterEnd, tableID)); found != "" {
		p.shot("after-end")
		p.t.Errorf("%s's page in %s after the end:\n%s", u.Name, channelID, strings.TrimSpace(found))
	}
}
