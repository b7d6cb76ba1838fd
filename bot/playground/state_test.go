package playground

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// TestWithdrawControls: a game's end removes the controls of the table's
// ephemeral answers in any channel (its own and DMs), buttons and selects
// ("Look at a player") alike, and leaves other tables' answers and public
// messages alone.
func TestWithdrawControls(t *testing.T) {
	o := DefaultOptions()
	w := newWorld(o)
	table, dm := o.Channels[0].ID, dmChannelID(0)
	button := func(tb string) []discordgo.MessageComponent {
		id, err := interact.CustomID{Kind: interact.KindHand, Channel: table, Table: tb}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Hand", CustomID: id}}}}
	}
	look := func(tb string) []discordgo.MessageComponent {
		id, err := interact.CustomID{Kind: interact.KindLook, Channel: table, Table: tb}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{CustomID: id, Placeholder: "Look at a player", Options: []discordgo.SelectMenuOption{{Label: "Ann", Value: "1"}}}}}}
	}
	posts := []struct {
		channel, content, tb, ephemeralFor string
		want                               int
		look                               bool
	}{
		{table, "answer", "t1", o.Users[0].ID, 0, false},
		{table, "answer with Look at a player", "t1", o.Users[0].ID, 0, true},
		{dm, "answer in a DM", "t1", o.Users[0].ID, 0, false},
		{table, "earlier game's answer", "t0", o.Users[1].ID, 1, false},
		{table, "earlier game's Look at a player", "t0", o.Users[1].ID, 1, true},
		{table, "public board", "t1", "", 1, false}, // the delivery clears public messages itself
	}
	ids := make([]string, len(posts))
	for k, p := range posts {
		comps := button(p.tb)
		if p.look {
			comps = look(p.tb)
		}
		id, ok := w.post(p.channel, o.BotID, commands.Message{Content: p.content, Components: comps}, p.ephemeralFor)
		if !ok {
			t.Fatalf("post %q failed", p.content)
		}
		ids[k] = id
	}
	w.withdrawControls(table, "t1")
	for k, p := range posts {
		m := w.find(p.channel, ids[k])
		if m == nil || len(m.Components) != p.want {
			t.Errorf("%s: %v, want %d component rows", p.content, m, p.want)
		}
	}
}

// TestPicturesWithinBudget: the pretend Discord keeps only the pictures
// messages still show, and of those no more bytes than its budget: an edit
// or a deletion drops the old files at once, and beyond the budget the
// oldest go, their messages saying so instead of linking a missing file.
func TestPicturesWithinBudget(t *testing.T) {
	o := DefaultOptions()
	s, _ := newTestServer(t)
	w := s.world
	w.fileBudget = 3000
	ch := o.Channels[0].ID
	picture := func(name string) commands.Message {
		return commands.Message{Content: name, Files: []interact.File{{Name: name + ".png", Data: make([]byte, 1000)}}}
	}
	type want struct{ files, bytes int }
	check := func(step string, w0 want) {
		t.Helper()
		files, bytes, _ := w.holding()
		if files != w0.files || bytes != w0.bytes {
			t.Errorf("%s: %d files of %d bytes kept, want %d of %d", step, files, bytes, w0.files, w0.bytes)
		}
	}
	first, _ := w.post(ch, o.BotID, picture("first"), "")
	board, _ := w.post(ch, o.BotID, picture("board"), "")
	check("two posts", want{2, 2000})
	for k := range 5 {
		if !w.edit(ch, board, picture(fmt.Sprint("board", k))) {
			t.Fatal("edit failed")
		}
	}
	check("one board edited five times", want{2, 2000})
	answer, _ := w.post(ch, o.BotID, picture("answer"), ada.ID)
	check("an ephemeral answer", want{3, 3000})
	if !w.dismiss(ch, answer, ada.ID) {
		t.Fatal("dismiss failed")
	}
	check("the answer dismissed", want{2, 2000})
	w.post(ch, o.BotID, picture("second"), "")
	w.post(ch, o.BotID, picture("third"), "")
	check("beyond the budget", want{3, 3000})

	v := view(t, s, ada.ID, ch)
	old, ok := findMessage(v, "first")
	if !ok || len(old.Files) != 1 || !old.Files[0].Gone || old.Files[0].URL != "" {
		t.Fatalf("the oldest picture's message shows %+v, want it marked gone without a link", old.Files)
	}
	if !strings.Contains(v.Text["pg.file_gone"], "picture") {
		t.Errorf("the page's text for a dropped picture is %q", v.Text["pg.file_gone"])
	}
	kept, ok := findMessage(v, "third")
	if !ok || len(kept.Files) != 1 || kept.Files[0].Gone {
		t.Fatalf("the newest picture's message shows %+v, want its picture", kept.Files)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, f := range []struct {
		url  string
		want int
	}{
		{"/files/" + w.find(ch, first).Files[0].ID + "/first.png", http.StatusNotFound},
		{kept.Files[0].URL, http.StatusOK},
	} {
		res, err := http.Get(srv.URL + f.url)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != f.want {
			t.Errorf("GET %s: %d, want %d", f.url, res.StatusCode, f.want)
		}
	}
}

// TestDMDecisionResurfaces: the playground, like the Discord transport,
// edits a DM decision in place while it is the newest message there, and
// posts it anew at the bottom (the old one deleted, OnSent told) once later
// DMs pushed it up; an ephemeral answer below it does not count.
func TestDMDecisionResurfaces(t *testing.T) {
	for _, tc := range []struct {
		name      string
		later     []string // public DMs posted after the decision
		ephemeral bool     // an ephemeral answer below it
		wantMoved bool
	}{
		{name: "newest", wantMoved: false},
		{name: "an ephemeral answer below", ephemeral: true, wantMoved: false},
		{name: "two DMs below", later: []string{"other table", "result"}, wantMoved: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newTestServer(t)
			ctx := context.Background()
			ch := dm(t, s, ada.ID)
			id, _ := s.world.post(ch, s.opts.BotID, commands.Message{Content: "decide"}, "")
			for _, c := range tc.later {
				s.world.post(ch, s.opts.BotID, commands.Message{Content: c}, "")
			}
			if tc.ephemeral {
				s.world.post(ch, s.opts.BotID, commands.Message{Content: "answer"}, ada.ID)
			}
			moved := ""
			_ = s.Run(ctx, []commands.Action{commands.ChannelEdit{ChannelID: ch, MessageID: id, Resurface: true,
				Message: commands.Message{Content: "decide again"}, OnSent: func(m string) { moved = m }}})
			v := view(t, s, ada.ID, ch)
			var public []MessageView
			for _, m := range v.Messages {
				if !m.Ephemeral {
					public = append(public, m)
				}
			}
			last := public[len(public)-1]
			n := 0
			for _, m := range public {
				if strings.HasPrefix(m.Content, "decide") {
					n++
				}
			}
			switch {
			case n != 1 || last.Content != "decide again":
				t.Fatalf("%d messages with the decision, the newest public one %q; want the decision once, at the bottom", n, last.Content)
			case tc.wantMoved && (moved != last.ID || last.ID == id):
				t.Errorf("posted anew as %s, OnSent heard %q, old id %s", last.ID, moved, id)
			case !tc.wantMoved && (moved != "" || last.ID != id):
				t.Errorf("want an edit in place of %s: newest %s, OnSent heard %q", id, last.ID, moved)
			}
		})
	}
}
