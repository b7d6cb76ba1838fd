package playground

import (
	"context"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/commands"
	lobbyfeature "github.com/tavern-bot/tavern/features/lobby"
)

// TestThreadTableShowsAsItsOwnChannel: /game new thread:true over the real
// service opens a thread listed under its channel, the starter line in
// the channel links to it, the lobby lives in the thread, and a second
// table can open in the thread-free channel meanwhile; an archived thread
// stays listed, marked.
func TestThreadTableShowsAsItsOwnChannel(t *testing.T) {
	s := newRealServer(t)
	mustCommand(t, s, ada.ID, tab1, "/game new game:zauberschwert thread:true")
	v := view(t, s, ada.ID, tab1)
	var thread channelView
	for _, c := range v.Channels {
		if c.Thread {
			thread = c
		}
	}
	if thread.ID == "" || !strings.Contains(thread.Name, "Ada") {
		t.Fatalf("channels %+v: no thread named after the host", v.Channels)
	}
	if i, j := indexOf(v.Channels, tab1), indexOf(v.Channels, thread.ID); j != i+1 {
		t.Fatalf("thread at %d, its channel at %d: want it right below", j, i)
	}
	if !contains(v, "<#"+thread.ID+">") {
		t.Fatalf("the channel has no line linking to the thread: %+v", v.Messages)
	}
	if contains(v, "Join") {
		t.Fatal("the lobby was posted in the channel, not in the thread")
	}
	inThread := view(t, s, bruno.ID, thread.ID)
	lobby, ok := findMessage(inThread, "Zauberschwert")
	if !ok || len(lobby.Components) == 0 {
		t.Fatalf("no lobby with buttons in the thread: %+v", inThread.Messages)
	}
	mustCommand(t, s, bruno.ID, tab1, "/game new game:zauberschwert")
	if v := view(t, s, bruno.ID, tab1); !contains(v, "Zauberschwert") || len(v.Messages) < 2 {
		t.Fatalf("a table in the channel itself was refused: %+v", v.Messages)
	}
	mustCommand(t, s, bruno.ID, thread.ID, "/game new game:zauberschwert thread:true")
	if v := view(t, s, bruno.ID, thread.ID); !contains(v, s.h.Localize("de", lobbyfeature.KeyThreadInThread)) {
		t.Fatalf("a thread inside the thread was not refused: %+v", v.Messages)
	}

	if err := s.Run(context.Background(), []commands.Action{commands.ThreadArchive{ThreadID: thread.ID}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range view(t, s, ada.ID, tab1).Channels {
		if c.ID == thread.ID && !c.Archived {
			t.Fatal("the archived thread is not marked")
		}
	}
}

func indexOf(cs []channelView, id string) int {
	for i, c := range cs {
		if c.ID == id {
			return i
		}
	}
	return -1
}
