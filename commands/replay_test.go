package commands

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/features/replays"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// fakeReplayer is fakeImages that also animates, recording the views it
// was given and how many frames it drew through the service's pool.
type fakeReplayer struct {
	*fakeImages
	gif   []byte
	fail  bool
	mu    sync.Mutex
	asked [][]any
	drawn int
}

func (f *fakeReplayer) Replay(gameID string, views []any, rounds []int, m ImageMeta, around func(func())) ([]byte, error) {
	f.mu.Lock()
	f.asked = append(f.asked, views)
	f.mu.Unlock()
	for range views {
		around(func() {
			f.mu.Lock()
			f.drawn++
			f.mu.Unlock()
		})
	}
	if f.fail {
		return nil, errors.New("cannot draw")
	}
	return f.gif, nil
}

func newReplayHarness(t *testing.T) (*harness, *fakeReplayer) {
	h := newHarness(t)
	rp := &fakeReplayer{fakeImages: h.images, gif: []byte("GIF89a-fake")}
	h.render = rp
	h.restart()
	return h, rp
}

func TestReplayBadInput(t *testing.T) {
	h, rp := newReplayHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubReplay), "en", interact.KeyNoTable)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	h.wantReply(h.slash(bo, CmdGame, SubReplay), "de", replays.KeyReplayEmpty)
	h.wantReply(h.click(bo, findID(h.t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	h.wantReply(h.click(ann, findID(h.t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	before := len(h.history())
	v := h.table().Version
	h.wantReply(h.slash(ann, CmdGame, SubReplay), "en", replays.KeyReplayEmpty)
	if len(rp.asked) != 0 || len(h.history()) != before || h.table().Version != v {
		t.Fatalf("a replay without moves drew %d replays, posted %d messages, changed version %d -> %d", len(rp.asked), len(h.history())-before, v, h.table().Version)
	}
}

func TestReplayWithoutPictures(t *testing.T) {
	h := newHarness(t) // fakeImages draws boards but no replays
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantReply(h.slash(ann, CmdGame, SubReplay), "en", replays.KeyReplayNoImage)
}

func TestReplayFailureChangesNothing(t *testing.T) {
	h, rp := newReplayHarness(t)
	rp.fail = true
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	before, v := len(h.history()), h.table().Version
	// The answer comes before the drawing; the placeholder in the channel
	// then says the replay could not be drawn, in the table's language.
	h.wantReply(h.slash(bo, CmdGame, SubReplay), "de", replays.KeyOKReplay)
	if h.table().Version != v {
		t.Fatal("a failed replay changed the table")
	}
	news := h.history()[before:]
	if len(news) != 2 || !strings.HasPrefix(news[0].Content, h.text("en", replays.KeyReplayDrawing)) ||
		news[1].Content != h.text("en", replays.KeyReplayFailed) || len(news[1].Files) != 0 {
		t.Fatalf("channel after a failed replay: %+v, want the placeholder, then it edited into the failure", news)
	}
}

func TestReplayOfAFinishedGame(t *testing.T) {
	h, rp := newReplayHarness(t)
	h.lobbyAndStart(ann, bo)
	// Mid-game, the replay shows the public boards so far.
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantReply(h.slash(cy, CmdGame, SubReplay), "en", replays.KeyOKReplay) // a spectator may ask
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)
	tb := h.table()
	if tb.Status != table.StatusOver {
		t.Fatalf("status %q, want over", tb.Status)
	}
	v := tb.Version
	res := h.slash(bo, CmdGame, SubReplay)
	h.wantReply(res, "de", replays.KeyOKReplay)
	if h.table().Version != v {
		t.Fatal("a replay changed the table")
	}
	// One view at the start and one per commit, all public.
	log, err := h.store.Tables().Get(ctxBG, chanA)
	if err != nil {
		t.Fatal(err)
	}
	commits := 0
	for _, e := range h.fullLog(log.ID) {
		if !e.Uncommitted {
			commits++
		}
	}
	if len(rp.asked) != 2 {
		t.Fatalf("%d replays drawn, want 2", len(rp.asked))
	}
	views := rp.asked[1]
	if len(views) != commits+1 || len(rp.asked[0]) != 2 {
		t.Fatalf("%d views for %d commits; mid-game %d views after one commit", len(views), commits, len(rp.asked[0]))
	}
	for i, view := range views {
		if _, private := view.(tabletest.PrivateView); private {
			t.Fatalf("view %d is private", i)
		}
	}
	if rp.drawn != len(views)+len(rp.asked[0]) {
		t.Fatalf("%d frames went through the render pool, want %d", rp.drawn, len(views)+len(rp.asked[0]))
	}
	// The channel gets a placeholder at once, then the GIF in its place
	// with the final standings, in the table's language.
	var placeholder *ChannelPost
	var post *ChannelEdit
	for _, a := range res.Actions {
		switch a := a.(type) {
		case ChannelPost:
			placeholder = &a
		case ChannelEdit:
			post = &a
		}
	}
	if placeholder == nil || !strings.HasPrefix(placeholder.Message.Content, h.text("en", replays.KeyReplayDrawing)) || len(placeholder.Message.Files) != 0 {
		t.Fatalf("placeholder %+v", placeholder)
	}
	if post == nil {
		t.Fatal("the placeholder was not edited into the replay")
	}
	h.mu.Lock()
	edited, ok := h.msgs[post.MessageID]
	h.mu.Unlock()
	if post.ChannelID != chanA || !ok || edited.channel != chanA || len(post.Message.Files) != 1 ||
		post.Message.Files[0].Name != "replay.gif" || !bytes.Equal(post.Message.Files[0].Data, rp.gif) {
		t.Fatalf("replay %+v, want the placeholder posted in the channel edited into the GIF", post)
	}
	wantTitle := h.text("en", replays.KeyReplayPost)
	if !strings.HasPrefix(post.Message.Content, wantTitle) || !strings.Contains(post.Message.Content, h.svc.voice.Text("en", games.T(compose.KeyStandings))) {
		t.Fatalf("replay post text %q", post.Message.Content)
	}
	for _, name := range []string{"Ann", "Bo"} {
		if !strings.Contains(post.Message.Content, name) {
			t.Fatalf("standings in %q lack %s", post.Message.Content, name)
		}
	}
	if strings.Contains(post.Message.Content, tabletest.SecretMarker) {
		t.Fatal("the replay post leaks a secret")
	}
}

// fullLog reads a table's whole move log from the store.
func (h *harness) fullLog(tableID string) []table.Entry {
	h.t.Helper()
	tb, err := h.store.Tables().Get(ctxBG, chanA, storage.WithLog())
	if err != nil || tb.ID != tableID {
		h.t.Fatalf("log of %s: %v", tableID, err)
	}
	return slices.Clone(tb.Log)
}
