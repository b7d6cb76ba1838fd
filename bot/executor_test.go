package bot

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/storage"
)

func TestExecutorActions(t *testing.T) {
	type want struct {
		channel  []string // contents in channel "600000000000000001", in order
		dms      []string // contents DMed to user "600000000000000011"
		onSent   int      // OnSent calls
		statuses []int    // statuses of the fake's requests in order, if set
		retry    bool     // Run asks for the actions to be carried out again
		pictures []string // the channel's attachments' data, in order, if set
	}
	msg := func(content string) commands.Message { return commands.Message{Content: content} }
	cases := []struct {
		name    string
		prepare func(f *fakediscord.Fake)
		actions func(f *fakediscord.Fake, sent func(string)) []commands.Action
		want    want
	}{
		{
			name: "posts in order",
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				return []commands.Action{
					commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("one"), OnSent: sent},
					&commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("two")},
				}
			},
			want: want{channel: []string{"one", "two"}, onSent: 1},
		},
		{
			name: "a repeated nonce posts once, in a channel and in a DM, with a file",
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				once := commands.Message{Content: "board", Nonce: "t1.5.0", Files: []commands.File{{Name: "board.png", Data: []byte("png")}}}
				dm := commands.Message{Content: "hand", Nonce: "t1.5.1"}
				return []commands.Action{
					commands.ChannelPost{ChannelID: "600000000000000001", Message: once, OnSent: sent},
					commands.ChannelPost{ChannelID: "600000000000000001", Message: once, OnSent: sent},
					commands.DirectMessage{UserID: "600000000000000011", Message: dm},
					commands.DirectMessage{UserID: "600000000000000011", Message: dm},
				}
			},
			want: want{channel: []string{"board"}, dms: []string{"hand"}, onSent: 2},
		},
		{
			name: "a repeated nonce that says more edits the first post into it, in a channel and in a DM",
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				first := commands.Message{Content: "Ann bids.", Nonce: "t1.5.0", Files: []commands.File{{Name: "board.png", Data: []byte("png1")}}}
				both := commands.Message{Content: "Ann bids. Bo wins the bidding.", Nonce: "t1.5.0", Files: []commands.File{{Name: "board.png", Data: []byte("png2")}}}
				return []commands.Action{
					commands.ChannelPost{ChannelID: "600000000000000001", Message: first, OnSent: sent},
					commands.ChannelPost{ChannelID: "600000000000000001", Message: both, OnSent: sent},
					commands.DirectMessage{UserID: "600000000000000011", Message: commands.Message{Content: "bid?", Nonce: "t1.5.1"}},
					commands.DirectMessage{UserID: "600000000000000011", Message: commands.Message{Content: "place?", Nonce: "t1.5.1"}},
				}
			},
			want: want{channel: []string{"Ann bids. Bo wins the bidding."}, dms: []string{"place?"}, onSent: 2, pictures: []string{"png2"}},
		},
		{
			name: "different nonces post twice, in a channel and in a DM",
			actions: func(_ *fakediscord.Fake, _ func(string)) []commands.Action {
				return []commands.Action{
					commands.ChannelPost{ChannelID: "600000000000000001", Message: commands.Message{Content: "a", Nonce: "n1"}},
					commands.ChannelPost{ChannelID: "600000000000000001", Message: commands.Message{Content: "b", Nonce: "n2"}},
					commands.DirectMessage{UserID: "600000000000000011", Message: commands.Message{Content: "x", Nonce: "n3"}},
					commands.DirectMessage{UserID: "600000000000000011", Message: commands.Message{Content: "y", Nonce: "n4"}},
				}
			},
			want: want{channel: []string{"a", "b"}, dms: []string{"x", "y"}},
		},
		{
			name:    "the blocked notice repeated with one nonce posts once",
			prepare: func(f *fakediscord.Fake) { f.Channels.CloseDMs("600000000000000011") },
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				dm := commands.DirectMessage{UserID: "600000000000000011", Message: commands.Message{Content: "hand", Nonce: "t1.5.1"},
					Blocked: &commands.ChannelPost{ChannelID: "600000000000000001", Message: commands.Message{Content: "open your DMs", Nonce: "t1.5.1b"}, OnSent: sent}}
				return []commands.Action{dm, dm}
			},
			want: want{channel: []string{"open your DMs"}, onSent: 2},
		},
		{
			name: "an edit of a deleted message re-posted twice with one nonce posts once",
			prepare: func(f *fakediscord.Fake) {
				seed(t, f, "600000000000000001", "old status")
				f.Channels.DeleteMessage("600000000000000001", f.Channels.Messages("600000000000000001")[0].ID)
			},
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				edit := commands.ChannelEdit{ChannelID: "600000000000000001", MessageID: "123", Message: commands.Message{Content: "new status", Nonce: "t1.6.0"}, OnSent: sent}
				return []commands.Action{edit, edit}
			},
			want: want{channel: []string{"new status"}, onSent: 2},
		},
		{
			name:    "a 500 does not stop the next actions",
			prepare: func(f *fakediscord.Fake) { f.FailOnce(http.MethodPost, "/channels/600000000000000001/messages") },
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				return []commands.Action{
					commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("lost"), OnSent: sent},
					commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("kept")},
					commands.DirectMessage{UserID: "600000000000000011", Message: msg("secret")},
				}
			},
			want: want{channel: []string{"kept"}, dms: []string{"secret"}, statuses: []int{500, 200, 200, 200}, retry: true},
		},
		{
			name: "a 429 is waited out and retried",
			prepare: func(f *fakediscord.Fake) {
				f.RateLimitOnce(http.MethodPost, "/channels/600000000000000001/messages", 10*time.Millisecond)
			},
			actions: func(_ *fakediscord.Fake, _ func(string)) []commands.Action {
				return []commands.Action{commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("eventually")}}
			},
			want: want{channel: []string{"eventually"}, statuses: []int{429, 200}},
		},
		{
			name:    "closed DMs fall back to the blocked notice",
			prepare: func(f *fakediscord.Fake) { f.Channels.CloseDMs("600000000000000011") },
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				return []commands.Action{
					commands.DirectMessage{UserID: "600000000000000011", Message: msg("secret hand"),
						Blocked: &commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("press Show my hand"), OnSent: sent}},
					commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("after")},
				}
			},
			want: want{channel: []string{"press Show my hand", "after"}, onSent: 1},
		},
		{
			name:    "closed DMs without a notice are not worth retrying",
			prepare: func(f *fakediscord.Fake) { f.Channels.CloseDMs("600000000000000011") },
			actions: func(_ *fakediscord.Fake, _ func(string)) []commands.Action {
				return []commands.Action{commands.DirectMessage{UserID: "600000000000000011", Message: msg("public prompt")}}
			},
			want: want{},
		},
		{
			name: "open DMs go to the user only",
			actions: func(_ *fakediscord.Fake, _ func(string)) []commands.Action {
				return []commands.Action{
					commands.DirectMessage{UserID: "600000000000000011", Message: msg("your hand"),
						Blocked: &commands.ChannelPost{ChannelID: "600000000000000001", Message: msg("blocked")}},
					commands.DirectMessage{UserID: "600000000000000011", Message: msg("again")},
				}
			},
			want: want{dms: []string{"your hand", "again"}},
		},
		{
			name: "edit of a deleted message posts it anew",
			prepare: func(f *fakediscord.Fake) {
				seed(t, f, "600000000000000001", "old status")
				f.Channels.DeleteMessage("600000000000000001", f.Channels.Messages("600000000000000001")[0].ID)
			},
			actions: func(_ *fakediscord.Fake, sent func(string)) []commands.Action {
				return []commands.Action{commands.ChannelEdit{ChannelID: "600000000000000001", MessageID: "123", Message: msg("new status"), OnSent: sent}}
			},
			want: want{channel: []string{"new status"}, onSent: 1},
		},
		{
			name:    "edit in place",
			prepare: func(f *fakediscord.Fake) { seed(t, f, "600000000000000001", "old status") },
			actions: func(f *fakediscord.Fake, sent func(string)) []commands.Action {
				id := f.Channels.Messages("600000000000000001")[0].ID
				return []commands.Action{commands.ChannelEdit{ChannelID: "600000000000000001", MessageID: id, Message: msg("new status"), OnSent: sent}}
			},
			want: want{channel: []string{"new status"}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			if tc.prepare != nil {
				tc.prepare(fake)
			}
			before := len(fake.Requests())
			var sentIDs []string
			actions := tc.actions(fake, func(id string) { sentIDs = append(sentIDs, id) })
			if err := exec.Run(context.Background(), actions); (err != nil) != tc.want.retry {
				t.Errorf("Run = %v, want retry %v", err, tc.want.retry)
			}

			if got := contents(fake.Channels.Messages("600000000000000001")); !slices.Equal(got, tc.want.channel) {
				t.Errorf("channel = %q, want %q", got, tc.want.channel)
			}
			if got := contents(fake.Channels.DMs("600000000000000011")); !slices.Equal(got, tc.want.dms) {
				t.Errorf("DMs = %q, want %q", got, tc.want.dms)
			}
			if tc.want.pictures != nil {
				var got []string
				for _, m := range fake.Channels.Messages("600000000000000001") {
					for _, a := range m.Attachments {
						got = append(got, string(a.Data))
					}
				}
				if !slices.Equal(got, tc.want.pictures) {
					t.Errorf("pictures = %q, want %q", got, tc.want.pictures)
				}
			}
			if len(sentIDs) != tc.want.onSent {
				t.Fatalf("OnSent called %d times, want %d", len(sentIDs), tc.want.onSent)
			}
			for _, id := range sentIDs {
				if _, ok := fake.Channels.Message("600000000000000001", id); !ok {
					t.Errorf("OnSent got %q, not a message in c1", id)
				}
			}
			if tc.want.statuses != nil {
				var got []int
				for _, r := range fake.Requests()[before:] {
					got = append(got, r.Status)
				}
				if !slices.Equal(got, tc.want.statuses) {
					t.Errorf("statuses = %v, want %v", got, tc.want.statuses)
				}
			}
		})
	}
}

// TestExecutorFilesAndMentions checks attachments and allowed mentions on
// both ways a message is created: discordgo's own call, and the payload
// with a nonce the executor sends itself.
func TestExecutorFilesAndMentions(t *testing.T) {
	for _, nonce := range []string{"", "t1.5.0"} {
		t.Run("nonce "+nonce, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			board := commands.File{Name: "board.png", Data: pngBytes}
			m := commands.Message{Content: "<@u1> @everyone your turn", Files: []commands.File{board}, Mentions: []string{"600000000000000011"}, Nonce: nonce}
			exec.Run(context.Background(), []commands.Action{
				commands.ChannelPost{ChannelID: "600000000000000001", Message: m},
				commands.DirectMessage{UserID: "600000000000000012", Message: commands.Message{Content: "hand", Files: []commands.File{board}, Nonce: nonce}},
			})
			posted := fake.Channels.Messages("600000000000000001")
			dm := fake.Channels.DMs("600000000000000012")
			if len(posted) != 1 || len(dm) != 1 {
				t.Fatalf("got %d channel messages and %d DMs, want 1 each", len(posted), len(dm))
			}
			for _, tc := range []struct {
				name  string
				msg   fakediscord.Message
				users []string
			}{{"channel", posted[0], []string{"600000000000000011"}}, {"dm", dm[0], []string{}}} {
				t.Run(tc.name, func(t *testing.T) {
					if tc.msg.Nonce != nonce {
						t.Errorf("nonce = %q, want %q", tc.msg.Nonce, nonce)
					}
					if len(tc.msg.Attachments) != 1 {
						t.Fatalf("attachments = %d, want 1", len(tc.msg.Attachments))
					}
					a := tc.msg.Attachments[0]
					if a.Name != "board.png" || a.ContentType != "image/png" || !bytes.Equal(a.Data, pngBytes) {
						t.Errorf("attachment = %q %q %q", a.Name, a.ContentType, a.Data)
					}
					am := tc.msg.AllowedMentions
					if am == nil || am.Parse == nil || len(am.Parse) != 0 {
						t.Fatalf("allowed mentions = %+v, want explicit empty parse", am)
					}
					if !slices.Equal(am.Users, tc.users) && !(len(am.Users) == 0 && len(tc.users) == 0) {
						t.Errorf("allowed users = %v, want %v", am.Users, tc.users)
					}
				})
			}
		})
	}
}

func TestExecutorEditReplacesImage(t *testing.T) {
	fake, exec := newTestExecutor(t)
	first := commands.File{Name: "a.png", Data: pngBytes}
	second := commands.File{Name: "b.png", Data: append([]byte{}, pngBytes...)}
	var id string
	exec.Run(context.Background(), []commands.Action{commands.ChannelPost{ChannelID: "600000000000000001",
		Message: commands.Message{Content: "v1", Files: []commands.File{first}}, OnSent: func(s string) { id = s }}})
	exec.Run(context.Background(), []commands.Action{commands.ChannelEdit{ChannelID: "600000000000000001", MessageID: id,
		Message: commands.Message{Content: "v2", Files: []commands.File{second}}}})
	got, ok := fake.Channels.Message("600000000000000001", id)
	if !ok {
		t.Fatal("message gone")
	}
	if got.Content != "v2" || got.Edits != 1 || len(got.Attachments) != 1 || got.Attachments[0].Name != "b.png" {
		t.Errorf("after edit: content %q, edits %d, attachments %+v", got.Content, got.Edits, got.Attachments)
	}
}

func seed(t *testing.T, f *fakediscord.Fake, channelID, content string) {
	t.Helper()
	s, err := NewSession("seed", f.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(channelID, content); err != nil {
		t.Fatal(err)
	}
}

func contents(ms []fakediscord.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Content)
	}
	return out
}

// TestExecutorReplacesClickedEphemeral: an answer marked ReplaceClicked
// edits the ephemeral message clicked (text, controls, pictures) instead of
// adding one; a message the player dismissed gets a new one instead.
func TestExecutorReplacesClickedEphemeral(t *testing.T) {
	first := commands.File{Name: "a.png", Data: pngBytes}
	second := commands.File{Name: "b.png", Data: append([]byte{}, pngBytes...)}
	button := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Go", CustomID: "go", Style: discordgo.PrimaryButton}}}}
	cases := []struct {
		name    string
		res     commands.Result
		dismiss bool
		// want: the user's ephemeral messages afterwards, by content and
		// picture names, and whether the clicked one was edited.
		want       []string
		wantEdited bool
	}{
		{
			name:       "replaced with a new picture and no controls",
			res:        commands.Result{Reply: &commands.Message{Content: "done", Files: []commands.File{second}}, ReplaceClicked: true},
			want:       []string{"done [b.png] 0"},
			wantEdited: true,
		},
		{
			name:       "replaced, keeping the picture",
			res:        commands.Result{Reply: &commands.Message{Content: "menu", Components: button}, ReplaceClicked: true, KeepPictures: true},
			want:       []string{"menu [a.png] 1"},
			wantEdited: true,
		},
		{
			name: "not marked: a new message",
			res:  commands.Result{Reply: &commands.Message{Content: "refused"}},
			want: []string{"step [a.png] 1", "refused [] 0"},
		},
		{
			name:    "dismissed meanwhile: a new message",
			res:     commands.Result{Reply: &commands.Message{Content: "done", Files: []commands.File{second}}, ReplaceClicked: true},
			dismiss: true,
			want:    []string{"done [b.png] 0"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			actor := fakediscord.Actor{UserID: "600000000000000011", Username: "ann", ChannelID: "600000000000000001", GuildID: "g1"}
			ctx := context.Background()
			// A click on the board answered by an ephemeral step message.
			board := fake.Interactions.Click(actor, nil, "board")
			step := commands.Result{Reply: &commands.Message{Content: "step", Files: []commands.File{first}, Components: button}}
			if err := exec.Execute(ctx, board, commands.AckDeferUpdate, step); err != nil {
				t.Fatal(err)
			}
			eph := fake.Interactions.Ephemerals("600000000000000011")
			if len(eph) != 1 {
				t.Fatalf("after the first click: %d ephemerals", len(eph))
			}
			if tc.dismiss {
				fake.Interactions.Dismiss(eph[0].ID)
			}
			click := fake.Interactions.Click(actor, &eph[0], "go")
			if click.Message.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Fatal("the clicked message does not say it is ephemeral")
			}
			if err := exec.Execute(ctx, click, commands.AckDeferUpdate, tc.res); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range fake.Interactions.Ephemerals("600000000000000011") {
				var names []string
				for _, a := range m.Attachments {
					names = append(names, a.Name)
				}
				got = append(got, fmt.Sprintf("%s %v %d", m.Content, names, len(fakediscord.Controls(m))))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("ephemerals %q, want %q", got, tc.want)
			}
			rec, _ := fake.Interactions.Interaction(click.ID)
			if edited := rec.Original != nil && rec.Original.ID == eph[0].ID; edited != tc.wantEdited {
				t.Errorf("clicked message edited: %v, want %v (followups %d)", edited, tc.wantEdited, len(rec.Followups))
			}
		})
	}
}

// TestExecutorPinsAndFileTypes: the live status is pinned and unpinned on
// Discord's current route, and each file is declared as the type its
// bytes are (a replay GIF is no PNG).
func TestExecutorPinsAndFileTypes(t *testing.T) {
	fake, exec := newTestExecutor(t)
	gif := commands.File{Name: "replay.gif", Data: []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")}
	board := commands.File{Name: "board.png", Data: pngBytes}
	var id string
	exec.Run(context.Background(), []commands.Action{commands.ChannelPost{ChannelID: "600000000000000001", Pin: true,
		Message: commands.Message{Content: "status", Files: []commands.File{gif, board}}, OnSent: func(s string) { id = s }}})
	m, ok := fake.Channels.Message("600000000000000001", id)
	if !ok || !m.Pinned {
		t.Fatalf("the status %q is not pinned (found %v)", id, ok)
	}
	var types []string
	for _, a := range m.Attachments {
		types = append(types, a.Name+" "+a.ContentType)
	}
	if want := []string{"replay.gif image/gif", "board.png image/png"}; !slices.Equal(types, want) {
		t.Errorf("attachments %q, want %q", types, want)
	}
	exec.Run(context.Background(), []commands.Action{commands.Unpin{ChannelID: "600000000000000001", MessageID: id}})
	if m, _ := fake.Channels.Message("600000000000000001", id); m.Pinned {
		t.Error("the status is still pinned after Unpin")
	}
	pins := "/channels/600000000000000001/messages/pins/" + id
	var calls []string
	for _, r := range fake.Requests() {
		if strings.Contains(r.Path, "/pins/") {
			calls = append(calls, fmt.Sprintf("%s %s %d", r.Method, r.Path, r.Status))
		}
	}
	if want := []string{"PUT " + pins + " 204", "DELETE " + pins + " 204"}; !slices.Equal(calls, want) {
		t.Errorf("pin calls %q, want %q", calls, want)
	}
}

// TestClosedDMsTriedOnceADay: after Discord refuses a DM (50007) the user
// gets no DM attempt for a day, every DM goes to its fallback meanwhile,
// and a day later one attempt is made again.
func TestClosedDMsTriedOnceADay(t *testing.T) {
	fake, exec := newTestExecutor(t)
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	exec.ClosedDMs = NewClosedDMs(func() time.Time { return now })
	const user, channel = "600000000000000011", "600000000000000001"
	fake.Channels.CloseDMs(user)
	dm := func(n int) commands.Action {
		return commands.DirectMessage{UserID: user, Message: commands.Message{Content: "secret"},
			Blocked: &commands.ChannelPost{ChannelID: channel, Message: commands.Message{Content: fmt.Sprintf("fallback %d", n)}}}
	}
	for k, c := range []struct {
		after   time.Duration
		refused int
	}{{0, 1}, {time.Hour, 1}, {22 * time.Hour, 1}, {time.Hour, 2}, {time.Minute, 2}} {
		now = now.Add(c.after)
		if err := exec.Run(context.Background(), []commands.Action{dm(k)}); err != nil {
			t.Fatalf("DM %d: %v", k, err)
		}
		if got := fake.Channels.RefusedDMs(user); got != c.refused {
			t.Fatalf("DM %d: %d refused in all, want %d", k, got, c.refused)
		}
		msgs := fake.Channels.Messages(channel)
		if len(msgs) != k+1 || msgs[k].Content != fmt.Sprintf("fallback %d", k) {
			t.Fatalf("DM %d: the channel has %d messages, want the fallback as message %d", k, len(msgs), k+1)
		}
	}
}

// TestClosedDMsSharedByTheFleet: a refusal one process stored keeps
// another process (and this one after a restart) from trying the user's
// DM again: they read the stored marks.
func TestClosedDMsSharedByTheFleet(t *testing.T) {
	fake, first := newTestExecutor(t)
	store, err := storage.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	process := func(exec *Executor) *Executor {
		exec.Memory = NewMemory(store.LiveAnswers(), store.DMRefusals())
		return exec
	}
	process(first)
	const user, channel = "600000000000000011", "600000000000000001"
	fake.Channels.CloseDMs(user)
	dm := commands.DirectMessage{UserID: user, Message: commands.Message{Content: "secret"},
		Blocked: &commands.ChannelPost{ChannelID: channel, Message: commands.Message{Content: "fallback"}}}
	if err := first.Run(context.Background(), []commands.Action{dm}); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession("test-token", fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"another process", "a restarted process"} {
		other := process(NewExecutor(s, quietLog()))
		if err := other.Run(context.Background(), []commands.Action{dm}); err != nil {
			t.Fatal(err)
		}
		if got := fake.Channels.RefusedDMs(user); got != 1 {
			t.Errorf("%s: %d refused DMs in all, want the first process's one", name, got)
		}
	}
	if n := len(fake.Channels.Messages(channel)); n != 3 {
		t.Errorf("%d fallbacks in the channel, want one per DM (3)", n)
	}
}

// TestExecutorAnsweredBeforeCarrying: Answered hears of an interaction
// once its reply went out, before its change is carried out (what the
// bench's overload phase measures a player waiting for).
func TestExecutorAnsweredBeforeCarrying(t *testing.T) {
	fake, exec := newTestExecutor(t)
	var answered []string
	exec.Answered = func(i *discordgo.Interaction) { answered = append(answered, i.ID) }
	actor := fakediscord.Actor{UserID: "600000000000000011", Username: "ann", ChannelID: "600000000000000001", GuildID: "g1"}
	click := fake.Interactions.Click(actor, nil, "board")
	var atCarry int
	res := commands.Result{Reply: &commands.Message{Content: "done"}, Carrier: func(context.Context, func(context.Context, []commands.Action) error) error {
		atCarry = len(answered)
		return nil
	}}
	if err := exec.Execute(context.Background(), click, commands.AckDeferUpdate, res); err != nil {
		t.Fatal(err)
	}
	if len(answered) != 1 || answered[0] != click.ID || atCarry != 1 {
		t.Errorf("answered %v (%d when carried out), want %s once, before carrying out", answered, atCarry, click.ID)
	}
	if replies := fake.Interactions.Replies(click.ID); len(replies) != 1 || replies[0].Content != "done" {
		t.Errorf("replies %+v, want the answer", replies)
	}
}

// TestExecutorResurfaceSurvivesACrash: a DM decision posted anew at the
// bottom of its DM, the process dying before the new id is recorded (right
// after the post, or after the old copy went too), is delivered again by
// the next process with the same nonce (a coalesced redelivery carries the
// oldest edit's nonce and newer words; see outbox.Coalesce): Discord hands
// back the first repost, which becomes the decision, so the DM holds it
// exactly once, with no second live copy and the old one gone; the record
// hears the first repost's id. Also when the redelivery comes after
// Discord stopped deduplicating the nonce: the process finds its earlier
// repost at the bottom of the DM (the bot's, with the same table's
// controls) instead of posting a third copy, and makes it say the newer
// words of a coalesced redelivery. When another table's DM came after
// the earlier repost, the process finds the repost below the decision
// by its table's controls, and posts the decision anew at the bottom once,
// deleting both older copies and leaving the other table's DM untouched.
func TestExecutorResurfaceSurvivesACrash(t *testing.T) {
	const user, nonce, channel = "700000000000000002", "t1.5.3", "600000000000000001"
	decision := func(words string) commands.Message {
		return commands.Message{Content: words, Nonce: nonce, Components: tableButton(t, channel, "t1")}
	}
	for _, tc := range []struct {
		name       string
		diesBefore string // what the dying process did not do: "delete" (the old copy) or "record"
		again      string // the redelivered words
		later      time.Duration
		buried     bool // another table's DM came after the first repost
	}{
		{"dies after the post: the same delivery again", "delete", "decide again", 0, false},
		{"dies after the deletion: the same delivery again", "record", "decide again", 0, false},
		{"dies after the post: a coalesced delivery with newer words", "delete", "decide anew", 0, false},
		{"dies after the post: redelivered after the nonce window", "delete", "decide again", 6 * time.Minute, false},
		{"dies after the post: a coalesced delivery with newer words after the nonce window", "delete", "decide anew", 6 * time.Minute, false},
		{"dies after the deletion: a coalesced delivery with newer words after the nonce window", "record", "decide anew", 6 * time.Minute, false},
		{"dies after the post: another table's DM, then redelivered after the nonce window", "delete", "decide again", 6 * time.Minute, true},
		{"dies after the deletion: another table's DM, then a coalesced delivery after the nonce window", "record", "decide anew", 6 * time.Minute, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			now := time.Now()
			fake.SetClock(func() time.Time { return now })
			ctx := context.Background()
			var dm, old string
			exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: "decide"},
				OnSent: func(ch, m string) { dm, old = ch, m }}})
			exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: "another table"}}})

			// The first process posts the decision anew and dies.
			dying, die := context.WithCancel(ctx)
			first := ""
			exec.Run(dying, []commands.Action{commands.ChannelEdit{ChannelID: dm, MessageID: old, Resurface: true,
				Message: decision("decide again"), OnSent: func(m string) {
					first = m
					if tc.diesBefore == "delete" {
						die() // nothing after the post reaches Discord
					}
				}}})
			die()
			if first == "" {
				t.Fatal("the first process did not post the decision anew")
			}

			// The next process delivers the change again; its record is
			// all that counts.
			now = now.Add(tc.later)
			s, err := NewSession("test-token", fake.APIURL())
			if err != nil {
				t.Fatal(err)
			}
			if tc.buried {
				NewExecutor(s, quietLog()).Run(ctx, []commands.Action{commands.DirectMessage{UserID: user,
					Message: commands.Message{Content: "another table's decision", Components: tableButton(t, channel, "t0")}}})
			}
			recorded := ""
			NewExecutor(s, quietLog()).Run(ctx, []commands.Action{commands.ChannelEdit{ChannelID: dm, MessageID: old, Resurface: true,
				Message: decision(tc.again), OnSent: func(m string) { recorded = m }}})

			dms := fake.Channels.DMs(user)
			var with []fakediscord.Message
			for _, m := range dms {
				if strings.HasPrefix(m.Content, "decide") {
					with = append(with, m)
				}
			}
			last := dms[len(dms)-1]
			for _, m := range dms {
				if m.Content == "another table's decision" && m.Edits > 0 {
					t.Errorf("another table's DM was edited")
				}
			}
			if tc.buried {
				first = last.ID // posted anew below the other table's DM
			}
			switch {
			case len(with) != 1:
				t.Fatalf("DMs %q: the decision %d times, want once", contents(dms), len(with))
			case with[0].ID != first || last.ID != first:
				t.Errorf("DMs %q: the decision is %s, want the first repost %s, newest", contents(dms), with[0].ID, first)
			case with[0].Content != tc.again:
				t.Errorf("the decision says %q, want %q", with[0].Content, tc.again)
			case recorded != first:
				t.Errorf("the record heard %q, want the first repost %s", recorded, first)
			}
		})
	}
}

// TestExecutorResurfacesBuriedDecision: a DM decision edited while it is
// the newest message of the DM stays where it is; once later DMs arrived it
// is posted anew at the bottom and the old one deleted, so exactly one
// message carries the decision, and OnSent hears of the new id.
func TestExecutorResurfacesBuriedDecision(t *testing.T) {
	const user = "700000000000000001"
	for _, tc := range []struct {
		name      string
		laterDMs  int
		wantMove  bool
		restarted bool // the edit comes from a process that posted nothing in the DM: it asks Discord
		controls  bool // the decision offers table t1's controls, the later DMs table t0's
	}{
		{"newest: edited in place", 0, false, false, false},
		{"buried under two DMs: posted anew at the bottom", 2, true, false, false},
		{"newest, after a restart: edited in place", 0, false, true, false},
		{"buried, after a restart: posted anew at the bottom", 2, true, true, false},
		{"buried under another table's decisions, after a restart: posted anew, theirs untouched", 2, true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			ctx := context.Background()
			var dm, id string
			exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: "decide"},
				OnSent: func(ch, m string) { dm, id = ch, m }}})
			var mine, theirs []discordgo.MessageComponent
			if tc.controls {
				mine, theirs = tableButton(t, "600000000000000001", "t1"), tableButton(t, "600000000000000001", "t0")
			}
			for k := range tc.laterDMs {
				exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: fmt.Sprint("other table ", k), Components: theirs}}})
			}
			if tc.restarted {
				s, err := NewSession("test-token", fake.APIURL())
				if err != nil {
					t.Fatal(err)
				}
				exec = NewExecutor(s, quietLog())
			}
			before := len(fake.Requests())
			moved := ""
			exec.Run(ctx, []commands.Action{commands.ChannelEdit{ChannelID: dm, MessageID: id, Resurface: true,
				Message: commands.Message{Content: "decide again", Components: mine}, OnSent: func(m string) { moved = m }}})
			dms := fake.Channels.DMs(user)
			last := dms[len(dms)-1]
			var with []string
			for _, m := range dms {
				if strings.HasPrefix(m.Content, "decide") {
					with = append(with, m.ID)
				}
				if strings.HasPrefix(m.Content, "other table") && m.Edits > 0 {
					t.Errorf("another table's DM %q was edited", m.Content)
				}
			}
			switch {
			case len(with) != 1 || with[0] != last.ID || last.Content != "decide again":
				t.Fatalf("DMs %q: want the decision once, newest, edited", contents(dms))
			case tc.wantMove && (moved != last.ID || last.ID == id):
				t.Errorf("posted anew as %s, OnSent heard %q, old id %s", last.ID, moved, id)
			case !tc.wantMove && (moved != "" || last.ID != id || last.Edits != 1):
				t.Errorf("in place: id %s (was %s), edits %d, OnSent heard %q", last.ID, id, last.Edits, moved)
			}
			asked := 0
			for _, r := range fake.Requests()[before:] {
				if r.Method == http.MethodGet && r.Path == "/channels/"+dm {
					asked++
				}
			}
			if want := map[bool]int{false: 0, true: 1}[tc.restarted]; asked != want {
				t.Errorf("asked Discord for the DM's newest message %d times, want %d (only a process that has not posted there asks)", asked, want)
			}
		})
	}
}
