package playground

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
)

// TestInteractionShape checks who and where: guild interactions carry a
// Member, guild and guild locale; DM interactions only a User.
func TestInteractionShape(t *testing.T) {
	tests := []struct {
		name      string
		user      User
		channel   func(s *Server) string
		wantGuild bool
		wantAdmin bool
	}{
		{"guild channel, admin", ada, func(*Server) string { return tab1 }, true, true},
		{"guild channel, member", bruno, func(*Server) string { return tab2 }, true, false},
		{"direct message", bruno, func(s *Server) string { id, _ := s.dmChannel(bruno.ID); return id }, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, f := newTestServer(t)
			ch := tc.channel(s)
			mustCommand(t, s, tc.user.ID, ch, "/game hand")
			mustCommand(t, s, tc.user.ID, ch, "/game hand")
			all := f.interactions()
			i := all[1]
			if i.ChannelID != ch || string(i.Locale) != tc.user.Locale || i.AppID != s.opts.BotID {
				t.Errorf("channel %q locale %q app %q", i.ChannelID, i.Locale, i.AppID)
			}
			if i.ID == "" || i.Token == "" || i.ID == all[0].ID || i.Token == all[0].Token {
				t.Errorf("interaction ids/tokens not unique: %q/%q vs %q/%q", i.ID, i.Token, all[0].ID, all[0].Token)
			}
			if tc.wantGuild {
				if i.GuildID != s.opts.GuildID || i.Member == nil || i.Member.User.ID != tc.user.ID || i.User != nil ||
					i.GuildLocale == nil || *i.GuildLocale != discordgo.EnglishUS {
					t.Fatalf("guild interaction: guild %q member %+v user %+v", i.GuildID, i.Member, i.User)
				}
				admin := i.Member.Permissions&discordgo.PermissionAdministrator != 0
				if admin != tc.wantAdmin {
					t.Errorf("admin = %v, want %v", admin, tc.wantAdmin)
				}
			} else if i.GuildID != "" || i.Member != nil || i.User == nil || i.User.ID != tc.user.ID || i.GuildLocale != nil {
				t.Fatalf("DM interaction: guild %q member %+v user %+v", i.GuildID, i.Member, i.User)
			}
		})
	}
}

// startTable opens a table as Ada, lets each of joiners press Join, and
// returns the status message id.
func startTable(t testing.TB, s *Server, f *fakeHandler, ch string, joiners ...User) string {
	t.Helper()
	mustCommand(t, s, ada.ID, ch, "/game new game:zauberschwert")
	status, ok := findMessage(view(t, s, ada.ID, ch), "Lobby:")
	if !ok {
		t.Fatal("no lobby message")
	}
	for _, u := range joiners {
		if err := s.Click(context.Background(), u.ID, ch, status.ID, "join", nil); err != nil {
			t.Fatalf("%s joins: %v", u.Name, err)
		}
	}
	return status.ID
}

func TestClickSendsComponentInteraction(t *testing.T) {
	s, f := newTestServer(t)
	status := startTable(t, s, f, tab1, bruno)
	i := f.last()
	if i.Type != discordgo.InteractionMessageComponent {
		t.Fatalf("type %v", i.Type)
	}
	d := i.MessageComponentData()
	if d.CustomID != "join" || d.ComponentType != discordgo.ButtonComponent || len(d.Values) != 0 {
		t.Errorf("data %+v", d)
	}
	if i.Member == nil || i.Member.User.ID != bruno.ID || i.GuildID == "" {
		t.Errorf("clicker %+v", i.Member)
	}
	if i.Message == nil || i.Message.ID != status || i.Message.Content != "Lobby: 1 players" || len(i.Message.Components) != 1 {
		t.Fatalf("message %+v", i.Message)
	}
	if _, ok := i.Message.Components[0].(*discordgo.ActionsRow); !ok {
		t.Errorf("components decode as %T, want *discordgo.ActionsRow as from Discord", i.Message.Components[0])
	}

	// Start, then answer with the select menu.
	if err := s.Click(context.Background(), ada.ID, tab1, status, "start", nil); err != nil {
		t.Fatal(err)
	}
	board, ok := findMessage(view(t, s, ada.ID, tab1), "Board after step 0")
	if !ok {
		t.Fatal("no board")
	}
	if err := s.Click(context.Background(), ada.ID, tab1, board.ID, "pick", []string{"b1"}); err != nil {
		t.Fatal(err)
	}
	d = f.last().MessageComponentData()
	if d.CustomID != "pick" || d.ComponentType != discordgo.SelectMenuComponent || len(d.Values) != 1 || d.Values[0] != "b1" {
		t.Errorf("select data %+v", d)
	}
	if !contains(view(t, s, bruno.ID, tab1), "Board after step 1") {
		t.Error("move by select did not post a new board")
	}
}

func TestClickRefusesWhatDiscordWouldNotSend(t *testing.T) {
	s, f := newTestServer(t)
	status := startTable(t, s, f, tab1)
	mustCommand(t, s, ada.ID, tab1, "/game start")
	board, _ := findMessage(view(t, s, ada.ID, tab1), "Board after step 0")
	eph, _ := findMessage(view(t, s, ada.ID, tab1), "Started.")
	tests := []struct {
		name, user, channel, message, customID string
		values                                 []string
		want                                   error
	}{
		{"unknown custom id", ada.ID, tab1, board.ID, "mv:z9", nil, errNoMessage},
		{"button given values", ada.ID, tab1, board.ID, "mv:a1", []string{"a1"}, errNoMessage},
		{"select value not offered", ada.ID, tab1, board.ID, "pick", []string{"z9"}, errNoMessage},
		{"select with two values", ada.ID, tab1, board.ID, "pick", []string{"a1", "b1"}, errNoMessage},
		{"message in another channel", ada.ID, tab2, status, "join", nil, errNoMessage},
		{"someone else's ephemeral", bruno.ID, tab1, eph.ID, "x", nil, errNoMessage},
		{"unknown user", "42", tab1, status, "join", nil, errNoUser},
		{"someone else's DM", ada.ID, dm(t, s, bruno.ID), status, "join", nil, errNoChannel},
	}
	before := len(f.interactions())
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.Click(context.Background(), tc.user, tc.channel, tc.message, tc.customID, tc.values)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	if n := len(f.interactions()) - before; n != 0 {
		t.Errorf("%d refused clicks reached the handler", n)
	}
}

func TestEditInPlaceKeepsOneStatusMessage(t *testing.T) {
	s, f := newTestServer(t)
	status := startTable(t, s, f, tab1, bruno, clara)
	v := view(t, s, clara.ID, tab1)
	var lobbies []MessageView
	for _, m := range v.Messages {
		if strings.HasPrefix(m.Content, "Lobby:") {
			lobbies = append(lobbies, m)
		}
	}
	if len(lobbies) != 1 || lobbies[0].ID != status || lobbies[0].Content != "Lobby: 3 players" || !lobbies[0].Edited {
		t.Fatalf("lobby messages %+v, want one edited message %s with 3 players", lobbies, status)
	}
}

func TestActionsAppliedLikeDiscord(t *testing.T) {
	s, _ := newTestServer(t)
	var sent []string
	onSent := func(id string) { sent = append(sent, id) }
	msg := func(s string) commands.Message { return commands.Message{Content: s} }
	s.apply(context.Background(), []commands.Action{
		commands.ChannelPost{ChannelID: tab2, Message: msg("first"), OnSent: onSent},
		commands.ChannelPost{ChannelID: "999", Message: msg("lost"), OnSent: onSent},
		commands.ChannelEdit{ChannelID: tab2, MessageID: "123", Message: msg("reposted"), OnSent: onSent},
		&commands.DirectMessage{UserID: clara.ID, Message: msg("secret for clara")},
		// Completed once the posts before it told their ids.
		commands.DirectMessage{UserID: clara.ID, Message: msg("board "), Fill: func(m *commands.Message) { m.Content += sent[0] }},
	})
	if len(sent) != 2 || sent[0] == sent[1] {
		t.Fatalf("OnSent ids %v, want two distinct (the unknown channel gets none)", sent)
	}
	v := view(t, s, ada.ID, tab2)
	if len(v.Messages) != 2 || v.Messages[0].ID != sent[0] || v.Messages[1].ID != sent[1] ||
		v.Messages[1].Content != "reposted" || v.Messages[1].Edited {
		t.Errorf("channel %+v, want first and a fresh post of the edit with ids %v", v.Messages, sent)
	}
	s.apply(context.Background(), []commands.Action{commands.ChannelEdit{ChannelID: tab2, MessageID: sent[0], Message: msg("changed"), OnSent: onSent}})
	v = view(t, s, ada.ID, tab2)
	if len(sent) != 2 || len(v.Messages) != 2 || v.Messages[0].Content != "changed" || !v.Messages[0].Edited {
		t.Errorf("edit of a live message: %+v, OnSent %v", v.Messages, sent)
	}
	if !contains(view(t, s, clara.ID, dm(t, s, clara.ID)), "secret for clara") {
		t.Error("DM not delivered")
	}
	if !contains(view(t, s, clara.ID, dm(t, s, clara.ID)), "board "+sent[0]) {
		t.Error("DM not completed by Fill with the first post's id")
	}
}

func TestSecretsStayWithTheirOwner(t *testing.T) {
	s, f := newTestServer(t)
	startTable(t, s, f, tab1, bruno)
	if err := s.SetDMsClosed(bruno.ID, true); err != nil {
		t.Fatal(err)
	}
	mustCommand(t, s, ada.ID, tab1, "/game start")
	mustCommand(t, s, ada.ID, tab1, "/game hand")

	adaView := view(t, s, ada.ID, tab1)
	hand, ok := findMessage(adaView, "SECRET hand")
	if !ok || !hand.Ephemeral || hand.Invoker != ada.Name || hand.Command != "/game hand" {
		t.Errorf("Ada's hand reply %+v, want an ephemeral answer to /game hand", hand)
	}
	adaOnly := map[string]bool{}
	for _, m := range adaView.Messages {
		if m.Ephemeral {
			adaOnly[m.ID] = true
		}
	}
	if len(adaOnly) < 2 {
		t.Fatalf("Ada has %d ephemeral replies, want at least 2", len(adaOnly))
	}
	for _, u := range []User{bruno, clara} {
		for _, m := range view(t, s, u.ID, tab1).Messages {
			if strings.Contains(m.Content, "SECRET") || adaOnly[m.ID] {
				t.Errorf("%s sees Ada's %q in the channel", u.Name, m.Content)
			}
		}
	}
	if !contains(view(t, s, ada.ID, dm(t, s, ada.ID)), "SECRET card") {
		t.Error("Ada's DM is missing")
	}
	if v := view(t, s, bruno.ID, dm(t, s, bruno.ID)); len(v.Messages) != 0 {
		t.Errorf("Bruno's closed DMs got %+v", v.Messages)
	}
	blocked, ok := findMessage(view(t, s, clara.ID, tab1), "I cannot DM you")
	if !ok || !strings.Contains(blocked.Content, bruno.ID) || blocked.Ephemeral {
		t.Errorf("closed-DM notice %+v, want a public post naming Bruno", blocked)
	}
	if _, err := s.View(bruno.ID, dm(t, s, ada.ID), ""); !errors.Is(err, errNoChannel) {
		t.Errorf("Bruno reading Ada's DM: err = %v", err)
	}
}

func TestDMInteractionsHaveNoGuild(t *testing.T) {
	s, f := newTestServer(t)
	ch := dm(t, s, clara.ID)
	s.apply(context.Background(), []commands.Action{commands.DirectMessage{UserID: clara.ID, Message: commands.Message{
		Content: "Your turn", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Pass", CustomID: "pass", Style: discordgo.DangerButton}}}}}}})
	m, _ := findMessage(view(t, s, clara.ID, ch), "Your turn")
	if err := s.Click(context.Background(), clara.ID, ch, m.ID, "pass", nil); err != nil {
		t.Fatal(err)
	}
	i := f.last()
	if i.GuildID != "" || i.Member != nil || i.User == nil || i.User.ID != clara.ID || i.Message.GuildID != "" {
		t.Errorf("DM click: guild %q member %+v user %+v", i.GuildID, i.Member, i.User)
	}
}

// panicking makes Handle panic, as a buggy handler might.
type panicking struct{ *fakeHandler }

func (panicking) Handle(context.Context, *discordgo.Interaction) commands.Result { panic("boom") }

func TestHandlerPanicBecomesEphemeralError(t *testing.T) {
	s, err := New(panicking{newFake()}, Options{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	mustCommand(t, s, bruno.ID, tab1, "/game hand")
	m, ok := findMessage(view(t, s, bruno.ID, tab1), "schiefgegangen")
	if !ok || !m.Ephemeral || m.Thinking != "" {
		t.Errorf("after a panic Bruno sees %+v, want a German ephemeral error", m)
	}
}

func TestOptionsValidation(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		ok   bool
	}{
		{"defaults", Options{}, true},
		{"duplicate user", Options{Users: []User{{ID: "1", Name: "A"}, {ID: "1", Name: "B"}}}, false},
		{"user without name", Options{Users: []User{{ID: "1"}}}, false},
		{"channel clashing with user", Options{Users: []User{{ID: "1", Name: "A"}}, Channels: []Channel{{ID: "1", Name: "x"}}}, false},
		{"custom", Options{Users: []User{{ID: "1", Name: "A"}}, Channels: []Channel{{ID: "2", Name: "x"}}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(newFake(), tc.opts, nil)
			if (err == nil) != tc.ok {
				t.Errorf("err = %v, want ok %v", err, tc.ok)
			}
		})
	}
}

func TestDismissOnlyOwnEphemeral(t *testing.T) {
	s, _ := newTestServer(t)
	mustCommand(t, s, ada.ID, tab1, "/game hand")
	reply, ok := findMessage(view(t, s, ada.ID, tab1), "No game here.")
	if !ok {
		t.Fatal("no ephemeral reply")
	}
	s.apply(context.Background(), []commands.Action{commands.ChannelPost{ChannelID: tab1, Message: commands.Message{Content: "public"}}})
	public, _ := findMessage(view(t, s, ada.ID, tab1), "public")
	tests := []struct {
		name, user, message string
		ok                  bool
	}{
		{"someone else's ephemeral", bruno.ID, reply.ID, false},
		{"a public message", ada.ID, public.ID, false},
		{"own ephemeral", ada.ID, reply.ID, true},
		{"already gone", ada.ID, reply.ID, false},
	}
	for _, tc := range tests {
		err := s.Dismiss(tc.user, tab1, tc.message)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
	if v := view(t, s, ada.ID, tab1); contains(v, "No game here.") || !contains(v, "public") {
		t.Errorf("after dismiss: %+v", v.Messages)
	}
}

// Run is how main feeds actions made outside an interaction (deadline
// timeouts) to the page: they land like any other post or DM.
func TestRunOutsideInteractions(t *testing.T) {
	s, _ := newTestServer(t)
	var sent []string
	s.Run(context.Background(), []commands.Action{
		commands.ChannelPost{ChannelID: tab1, Message: commands.Message{Content: "Ada ran out of time"}, OnSent: func(id string) { sent = append(sent, id) }},
		commands.DirectMessage{UserID: bruno.ID, Message: commands.Message{Content: "your turn, Bruno"}},
	})
	if len(sent) != 1 || !contains(view(t, s, clara.ID, tab1), "Ada ran out of time") {
		t.Errorf("channel post not carried out (OnSent %v)", sent)
	}
	if !contains(view(t, s, bruno.ID, dm(t, s, bruno.ID)), "your turn, Bruno") {
		t.Error("DM not delivered")
	}
}

// TestReplaceClickedEphemeral: an answer marked ReplaceClicked takes the
// place of the clicker's ephemeral message (with its picture, or keeping
// the old one), as Discord edits it after a deferred update; a click on a
// public message still gets a new ephemeral answer.
func TestReplaceClickedEphemeral(t *testing.T) {
	s, f := newTestServer(t)
	status := startTable(t, s, f, tab1, bruno)
	if err := s.Click(context.Background(), ada.ID, tab1, status, "start", nil); err != nil {
		t.Fatal(err)
	}
	mustCommand(t, s, ada.ID, tab1, "/game hand")
	hand, ok := findMessage(view(t, s, ada.ID, tab1), "SECRET hand")
	if !ok || !hand.Ephemeral {
		t.Fatalf("no ephemeral hand: %+v", hand)
	}
	// The ephemeral messages with controls (the others are "Started." and
	// the like).
	ephemerals := func(u string) []MessageView {
		var out []MessageView
		for _, m := range view(t, s, u, tab1).Messages {
			var rows []json.RawMessage
			if m.Ephemeral && json.Unmarshal(m.Components, &rows) == nil && len(rows) > 0 {
				out = append(out, m)
			}
		}
		return out
	}
	files := func(m MessageView) []string {
		var out []string
		for _, f := range m.Files {
			out = append(out, f.Name)
		}
		return out
	}
	for _, step := range []struct {
		button string
		want   string // the one ephemeral's picture afterwards
	}{{"peek", "peek.png"}, {"peek-keep", "peek.png"}, {"peek", "peek.png"}} {
		if err := s.Click(context.Background(), ada.ID, tab1, hand.ID, step.button, nil); err != nil {
			t.Fatalf("%s: %v", step.button, err)
		}
		got := ephemerals(ada.ID)
		if len(got) != 1 || got[0].ID != hand.ID || !got[0].Edited || !strings.HasPrefix(got[0].Content, "peeked by") ||
			len(got[0].Files) != 1 || got[0].Files[0].Name != step.want {
			t.Fatalf("after %s: ephemerals %+v (files %v), want the hand edited in place", step.button, got, files(got[0]))
		}
	}
	if err := s.Click(context.Background(), bruno.ID, tab1, hand.ID, "peek", nil); err == nil {
		t.Error("bruno clicked ada's ephemeral")
	}
	if n := len(ephemerals(bruno.ID)); n != 0 {
		t.Errorf("bruno sees %d ephemerals", n)
	}
}
