package playground

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// movePrompt is the newest message offering move buttons ("m|…" custom ids)
// anywhere, and the user who must answer it.
type movePrompt struct {
	user      User
	channelID string
	messageID string
	dm        bool
}

// nextPrompt asks the server (not the page) where the game waits, so the
// browser can play the right user in the right place.
func nextPrompt(t *testing.T, s *Server, publicOnly bool) (movePrompt, bool) {
	t.Helper()
	var best movePrompt
	found := false
	consider := func(u User, ch string, dm bool) {
		for _, m := range view(t, s, u.ID, ch).Messages {
			if !strings.Contains(string(m.Components), `"custom_id":"m|`) || m.Ephemeral {
				continue
			}
			if found && m.ID <= best.messageID { // ids are equally long numbers
				continue
			}
			owner := u
			if !dm {
				owner = User{}
				for _, cand := range s.opts.Users {
					if strings.Contains(m.Content, "<@"+cand.ID+">") {
						owner = cand
					}
				}
			}
			best, found = movePrompt{user: owner, channelID: ch, messageID: m.ID, dm: dm}, owner.ID != ""
		}
	}
	consider(ada, tab1, false)
	for _, u := range []User{ada, bruno} {
		if publicOnly {
			break
		}
		consider(u, dm(t, s, u.ID), true)
	}
	return best, found
}

func boardCount(t *testing.T, s *Server) int {
	n := 0
	for _, m := range view(t, s, ada.ID, tab1).Messages {
		for _, f := range m.Files {
			if f.Image {
				n++
			}
		}
	}
	return n
}

// TestBrowserPlaysZauberschwert plays the opening of a real game in the
// page: the real command service, rules, renderer and store.
func TestBrowserPlaysZauberschwert(t *testing.T) {
	s := newRealServer(t)
	p := openPage(t, s)
	p.waitJS("help line", `document.querySelectorAll('#help .cmd').length >= 2`)
	p.typeCommand("/game new game:zau")
	p.waitJS("game choice", `Array.from(document.querySelectorAll('#suggest .sug')).some(e => e.textContent.includes('Zauberschwert'))`)
	p.click(`#suggest .sug`)
	p.send()
	p.waitJS("lobby", `document.querySelector('#messages button[data-custom-id^="j|"]') !== null`)

	p.asUser(bruno)
	p.click(`#messages button[data-custom-id^="j|"]`)
	p.waitJS("Bruno seated", `document.querySelector('#messages').textContent.includes('Bruno')`)
	p.asUser(ada)
	p.click(`#messages button[data-custom-id^="st|"]`)
	p.waitJS("first board", `document.querySelector('#messages button[data-custom-id^="m|"]') !== null && Array.from(document.querySelectorAll('#messages img.attachment')).every(i => i.complete && i.naturalWidth > 100)`)
	p.shot("real-1-started")
	p.waitJS("scrolled to the newest once the board loaded", atBottom)

	// The first decision is public: answer it with /move and autocomplete.
	before := boardCount(t, s)
	first, ok := nextPrompt(t, s, true)
	if !ok || first.dm {
		t.Fatalf("first prompt %+v, want a public one", first)
	}
	p.asUser(first.user)
	p.typeCommand("/move option:")
	p.waitJS("move choices", `document.querySelectorAll('#suggest .sug').length > 0`)
	p.click(`#suggest .sug`)
	p.send()
	p.waitJS("board after /move", fmt.Sprintf(`document.querySelectorAll('#messages img.attachment').length > %d || document.querySelector('#error').hidden === false`, before))
	if msg := eval[string](p, `document.querySelector('#error').textContent`); msg != "" {
		t.Fatalf("/move refused: %s", msg)
	}

	// Then click through moves wherever they are asked, as whoever is asked.
	const moves = 3
	for k := 0; k < moves; k++ {
		pr, ok := nextPrompt(t, s, false)
		if !ok {
			t.Fatalf("move %d: no prompt found", k)
		}
		before := boardCount(t, s)
		p.asUser(pr.user)
		if pr.dm {
			p.click(`#dms .channel`)
		} else {
			p.click(fmt.Sprintf(`#channels .channel[data-channel="%s"]`, pr.channelID))
		}
		sel := fmt.Sprintf(`#messages .msg[data-id="%s"] button[data-custom-id^="m|"]:not([disabled])`, pr.messageID)
		p.waitJS("prompt shown", fmt.Sprintf(`document.querySelector(%q) !== null`, sel))
		p.waitJS("scrolled to the newest after switching", atBottom)
		label := eval[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
		p.click(sel)
		waitFor(t, fmt.Sprintf("move %d (%s by %s) to change the game", k, label, pr.user.Name), func() bool {
			next, ok := nextPrompt(t, s, false)
			return boardCount(t, s) > before || (ok && next.messageID != pr.messageID)
		}, p)
	}
	// A public decision's short DM links to the board: here the link
	// leads to the table's channel.
	jumped := false
	for _, u := range []User{ada, bruno} {
		p.asUser(u)
		p.click(`#dms .channel`)
		p.waitJS(u.Name+"'s DMs shown", `document.querySelector('#dms .channel.active') !== null && document.querySelectorAll('#messages .msg').length > 0`)
		if !eval[bool](p, `document.querySelector('#messages .jump') !== null`) {
			continue
		}
		p.click(`#messages .jump`)
		p.waitJS("the link leads to the table's channel", fmt.Sprintf(`document.querySelector('#channels .channel.active[data-channel="%s"]') !== null`, tab1))
		jumped = true
		break
	}
	if !jumped {
		t.Error("no DM links to the board")
	}
	p.asUser(ada)
	p.click(fmt.Sprintf(`#channels .channel[data-channel="%s"]`, tab1))
	p.waitJS("back in the table's channel", fmt.Sprintf(`document.querySelector('#channels .channel.active[data-channel="%s"]') !== null`, tab1))
	var srcs []string
	_ = json.Unmarshal([]byte(eval[string](p, `JSON.stringify(`+boardSrcs+`)`)), &srcs)
	if len(srcs) < 3 {
		t.Fatalf("%d board images after %d moves, want the board to update", len(srcs), moves+1)
	}
	if srcs[len(srcs)-1] == srcs[0] {
		t.Error("the newest board is the first board")
	}
	p.waitJS("newest board loaded", `(() => { const a = document.querySelectorAll('#messages img.attachment'); const i = a[a.length-1]; return i.complete && i.naturalWidth > 100 })()`)
	p.shot("real-2-moves")
}

// waitFor polls a server-side condition while the page works; the limit
// only guards against a hang.
func waitFor(t *testing.T, what string, cond func() bool, p page) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if cond() {
			return
		}
	}
	p.shot("failed")
	t.Fatalf("timed out waiting for %s", what)
}

// atBottom is true when the message list shows its newest message (once
// every picture has loaded).
const atBottom = `(() => { const b = document.querySelector('#messages');
  return Array.from(b.querySelectorAll('img')).every(i => i.complete) && b.scrollHeight - b.scrollTop - b.clientHeight < 8 })()`
