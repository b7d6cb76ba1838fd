package playground

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavern-bot/tavern/commands"
)

// longChannel is the history a busy table builds up: the playground's
// latency must not grow with it.
const longChannel = 1000

// seedHistory posts n messages into ch through the playground's fake
// Discord directly: table talk with mentions and markdown, and every tenth
// a bot board with an image, buttons and a select, as a long game leaves.
func seedHistory(t testing.TB, s *Server, f *fakeHandler, ch string, n int) {
	t.Helper()
	users := s.opts.Users
	for i := range n {
		var ok bool
		if i%10 == 9 {
			_, ok = s.world.post(ch, s.opts.BotID, f.board(&fakeTable{step: i / 10 % 10}), "")
		} else {
			u := users[i%len(users)]
			_, ok = s.world.post(ch, u.ID, commands.Message{
				Content: fmt.Sprintf("**Round %d**: <@%s> thinks about it… `move %d`", i, users[(i+1)%len(users)].ID, i)}, "")
		}
		if !ok {
			t.Fatalf("seed message %d: no channel %s", i, ch)
		}
	}
}

// longGame opens the page as Ada in tab1 after longChannel messages of
// history and a solo fake game, so that every click on the newest board's
// first button is a legal move that edits the status and posts a board.
func longGame(t testing.TB) (page, *Server, func()) {
	t.Helper()
	s, f := newTestServer(t)
	seedHistory(t, s, f, tab1, longChannel)
	startTable(t, s, f, tab1)
	mustCommand(t, s, ada.ID, tab1, "/game start")
	srv := httptest.NewServer(s)
	ctx, cancel := browser(t)
	p := page{t: t, ctx: ctx}
	p.run("open page", chromedp.Navigate(srv.URL+"/?user="+ada.ID+"&channel="+tab1))
	p.waitJS("whole channel shown", fmt.Sprintf(`document.querySelectorAll('#list > .msg').length === %d`, len(view(t, s, ada.ID, tab1).Messages)))
	p.waitJS("first board button", `document.querySelector('#list > .msg:last-child button[data-custom-id="mv:a1"]') !== null`)
	return p, s, func() { cancel(); srv.Close() }
}

// clickToBoard clicks the first move button of the newest board and
// returns the time until the next board is in the page with its picture
// loaded, as the player sees it.
const clickToBoard = `new Promise((resolve) => {
  const box = document.querySelector('#messages');
  const boards = box.querySelectorAll('img.attachment').length;
  const btn = box.querySelector('#list > .msg:last-child button[data-custom-id^="mv:a"]');
  const t0 = performance.now();
  btn.click();
  const check = () => {
    const imgs = box.querySelectorAll('img.attachment');
    const last = imgs[imgs.length - 1];
    if (imgs.length > boards && last.complete && last.naturalWidth > 0) resolve(performance.now() - t0);
    else setTimeout(check, 1);
  };
  check();
})`

func (p page) clickToBoard() time.Duration {
	p.t.Helper()
	ms, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](clickToBoard, chromedp.EvalAwaitPromise))
	if err != nil {
		p.shot("failed")
		p.t.Fatalf("click to board: %v", err)
	}
	return time.Duration(ms * float64(time.Millisecond))
}

// newestInView is true when the last message's bottom is inside the list's
// visible area.
const newestInView = `(() => { const b = document.querySelector('#messages'); const m = b.querySelector('#list > .msg:last-child');
  const br = b.getBoundingClientRect(), mr = m.getBoundingClientRect();
  return mr.bottom <= br.bottom + 1 && mr.bottom > br.top })()`

// TestBrowserLongChannel plays in a channel of a thousand messages: each
// click adds exactly one board at the end, edits the status message where
// it stands, leaves every other message's node alone and shows the newest.
func TestBrowserLongChannel(t *testing.T) {
	p, s, done := longGame(t)
	defer done()
	status, ok := findMessage(view(t, s, ada.ID, tab1), "Step 0")
	if !ok {
		t.Fatal("no status message")
	}
	statusAt := fmt.Sprintf(`Array.from(document.querySelectorAll('#list > .msg')).findIndex(m => m.dataset.id === %q)`, status.ID)
	wantAt := eval[int](p, statusAt)
	// Mark the first and the oldest board's node: an incremental page keeps them.
	eval[bool](p, `(() => { const b = document.querySelector('#messages'); b.querySelector('.msg').keep = 1; b.querySelector('.msg img').closest('.msg').keep = 1; return true })()`)
	p.waitJS("newest in view at start", atBottom+" && "+newestInView)
	start := eval[int](p, `document.querySelectorAll('#list > .msg').length`)

	const clicks = 5
	for k := 1; k <= clicks; k++ {
		p.clickToBoard()
		p.waitJS(fmt.Sprintf("newest in view after click %d", k), atBottom+" && "+newestInView)
		p.waitJS(fmt.Sprintf("status edited after click %d", k), fmt.Sprintf(
			`document.querySelector('#list > .msg[data-id=%q] .content').textContent.includes('Step %d,')`, status.ID, k))
		if got := eval[int](p, statusAt); got != wantAt {
			t.Errorf("click %d: status message at %d, want it edited in place at %d", k, got, wantAt)
		}
		if n := eval[int](p, `document.querySelectorAll('#list > .msg').length`); n != start+k {
			t.Errorf("click %d: %d messages, want %d (one new board per move)", k, n, start+k)
		}
		if last := eval[string](p, `document.querySelector('#list > .msg:last-child .content').textContent`); last != fmt.Sprintf("Board after step %d", k) {
			t.Errorf("click %d: newest message %q", k, last)
		}
	}
	var server []string
	for _, m := range view(t, s, ada.ID, tab1).Messages {
		server = append(server, m.ID)
	}
	page := eval[[]string](p, `Array.from(document.querySelectorAll('#list > .msg')).map(m => m.dataset.id)`)
	if !slices.Equal(page, server) {
		t.Errorf("page shows %d messages, server has %d; or in another order", len(page), len(server))
	}
	if kept := eval[int](p, `Array.from(document.querySelectorAll('#list > .msg')).filter(m => m.keep === 1).length`); kept != 2 {
		t.Errorf("%d of 2 marked old messages kept their node: the page re-rendered history", kept)
	}
	if n := eval[int](p, `document.querySelectorAll('#messages .content').length`); n < longChannel {
		t.Errorf("%d message bodies rendered, want the whole history", n)
	}
}

// BenchmarkBrowserClickToBoard measures click-to-board in the page in a
// channel of a thousand messages and reports the 90th percentile:
//
//	go test ./bot/playground -run '^$' -bench BrowserClickToBoard -benchtime 50x
func BenchmarkBrowserClickToBoard(b *testing.B) {
	p, _, done := longGame(b)
	defer done()
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		lat = append(lat, p.clickToBoard())
	}
	b.StopTimer()
	slices.Sort(lat)
	pct := func(q float64) float64 {
		return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.9), "p90-ms")
}
