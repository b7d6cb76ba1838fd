package bot

import (
	"context"
	"net/http"
	"testing"

	"github.com/tavern-bot/tavern/commands"
)

// TestExecutorThreads: ThreadOpen posts the starter, opens the thread from
// it and carries out what Then returns there; when Discord refuses the
// thread, the starter says so and Then is not called. ThreadArchive
// archives, and a thread that is gone needs nothing.
func TestExecutorThreads(t *testing.T) {
	cases := []struct {
		name     string
		fail     bool // the thread's creation fails
		wantThen bool
		starter  string // what the starter says at the end
	}{
		{name: "opened", wantThen: true, starter: "linked"},
		{name: "refused", fail: true, starter: "no thread here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			if c.fail {
				fake.FailOnce(http.MethodPost, "/threads")
			}
			var gotThread, gotStarter string
			open := commands.ThreadOpen{ChannelID: "600000000000000002", Name: "Game · alice",
				Starter: commands.Message{Content: "starter"}, Failed: commands.Message{Content: "no thread here"},
				Then: func(_ context.Context, thread, starter string) commands.Result {
					gotThread, gotStarter = thread, starter
					return commands.Result{Actions: []commands.Action{
						commands.ChannelEdit{ChannelID: "600000000000000002", MessageID: starter, Message: commands.Message{Content: "linked"}},
						commands.ChannelPost{ChannelID: thread, Message: commands.Message{Content: "lobby"}},
					}}
				}}
			err := exec.Run(context.Background(), []commands.Action{open})
			if c.fail != (err != nil) {
				t.Fatalf("Run: %v", err)
			}
			parent := fake.Channels.Messages("600000000000000002")
			if len(parent) != 1 || parent[0].Content != c.starter {
				t.Fatalf("parent channel %+v, want the starter saying %q", parent, c.starter)
			}
			if !c.wantThen {
				if gotThread != "" || len(fake.Channels.Threads("600000000000000002")) != 0 {
					t.Fatalf("Then called with %q; threads %+v", gotThread, fake.Channels.Threads("600000000000000002"))
				}
				return
			}
			th, ok := fake.Channels.Thread(gotThread)
			if !ok || gotStarter != parent[0].ID || th.StarterID != gotStarter || th.Name != "Game · alice" || th.AutoArchiveDuration != threadArchiveMinutes {
				t.Fatalf("thread %+v (%v), Then given thread %q and starter %q", th, ok, gotThread, gotStarter)
			}
			if ms := fake.Channels.Messages(gotThread); len(ms) != 1 || ms[0].Content != "lobby" {
				t.Fatalf("thread messages %+v", ms)
			}
			for _, id := range []string{gotThread, "600000000000000099"} {
				if err := exec.Run(context.Background(), []commands.Action{commands.ThreadArchive{ThreadID: id}}); err != nil {
					t.Fatalf("archive %s: %v", id, err)
				}
			}
			if th, _ := fake.Channels.Thread(gotThread); !th.Archived {
				t.Fatal("the thread is not archived")
			}
		})
	}
}
