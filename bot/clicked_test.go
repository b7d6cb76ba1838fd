package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

// TestClickedBoardClearedThroughItsInteraction: the buttons of the board a
// move was clicked on are taken off through the interaction's webhook,
// which Discord does not count against the global rate limit; every other
// message (an older board, a new post) goes through the channel as before,
// in order. A refused webhook, an ephemeral click or a slash command leave
// the clicked board to the channel edit: every board ends without buttons
// either way.
func TestClickedBoardClearedThroughItsInteraction(t *testing.T) {
	const channel = "600000000000000001"
	buttons := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Go", CustomID: "go", Style: discordgo.PrimaryButton}}}}
	for _, tc := range []struct {
		name string
		ack  commands.Ack
		// failWebhook makes Discord refuse the interaction's webhook once.
		failWebhook bool
		// viaWebhook: the clicked board is cleared through the webhook.
		viaWebhook bool
	}{
		{name: "a click on the board", ack: commands.AckDeferUpdate, viaWebhook: true},
		{name: "the webhook refused", ack: commands.AckDeferUpdate, failWebhook: true},
		{name: "a slash command", ack: commands.AckDeferEphemeral},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			s, err := NewSession("seed", fake.APIURL())
			if err != nil {
				t.Fatal(err)
			}
			var boards []string
			for _, content := range []string{"older board", "clicked board"} {
				m, err := s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: content, Components: buttons})
				if err != nil {
					t.Fatal(err)
				}
				boards = append(boards, m.ID)
			}
			clickedMsg, _ := fake.Channels.Message(channel, boards[1])
			actor := fakediscord.Actor{UserID: "600000000000000011", Username: "ann", ChannelID: channel, GuildID: "g1"}
			click := fake.Interactions.Click(actor, &clickedMsg, "go")
			if tc.failWebhook {
				fake.FailOnce(http.MethodPatch, "/webhooks/")
			}
			before := len(fake.Requests())
			res := commands.Result{Actions: []commands.Action{
				commands.ChannelPost{ChannelID: channel, Message: commands.Message{Content: "new board", Components: buttons}},
				commands.ClearButtons{ChannelID: channel, MessageID: boards[1], Note: "taken"},
				commands.ClearButtons{ChannelID: channel, MessageID: boards[0]},
			}}
			if err := exec.Execute(context.Background(), click, tc.ack, res); err != nil {
				t.Fatal(err)
			}
			var calls []string
			for _, r := range fake.Requests()[before:] {
				switch {
				case strings.Contains(r.Path, "/webhooks/"):
					calls = append(calls, r.Method+" webhook")
				case strings.HasSuffix(r.Path, "/"+boards[1]):
					calls = append(calls, r.Method+" clicked")
				case strings.HasSuffix(r.Path, "/"+boards[0]):
					calls = append(calls, r.Method+" older")
				default:
					calls = append(calls, r.Method+" post")
				}
			}
			want := []string{"POST post", "PATCH clicked", "PATCH older"}
			switch {
			case tc.viaWebhook:
				want = []string{"POST post", "PATCH webhook", "PATCH older"}
			case tc.failWebhook:
				want = []string{"POST post", "PATCH webhook", "PATCH clicked", "PATCH older"}
			case tc.ack == commands.AckDeferEphemeral:
				// The answer first: nothing to say removes "thinking…".
				want = append([]string{"DELETE webhook"}, want...)
			}
			if strings.Join(calls, ", ") != strings.Join(want, ", ") {
				t.Errorf("calls %q, want %q", calls, want)
			}
			msgs := fake.Channels.Messages(channel)
			if len(msgs) != 3 {
				t.Fatalf("%d messages in the channel, want the two boards and the new one", len(msgs))
			}
			for k, id := range boards {
				m, _ := fake.Channels.Message(channel, id)
				if n := len(fakediscord.Controls(m)); n != 0 {
					t.Errorf("board %d keeps %d controls", k, n)
				}
			}
			if m, _ := fake.Channels.Message(channel, boards[1]); m.Content != "taken" {
				t.Errorf("the clicked board says %q, want its note", m.Content)
			}
			if m := msgs[2]; m.Content != "new board" || len(fakediscord.Controls(m)) != 1 {
				t.Errorf("the new board %q has %d controls, want its button", m.Content, len(fakediscord.Controls(m)))
			}
		})
	}
}

// TestClickedDMDecisionEditedThroughItsInteraction: a DM decision answered
// in place is edited through the interaction's webhook (not counted against
// the global rate limit) while it is the newest message of its DM; buried
// under a later DM it is posted anew at the bottom and the old one deleted
// through the channel, as before.
func TestClickedDMDecisionEditedThroughItsInteraction(t *testing.T) {
	const user = "600000000000000011"
	buttons := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Pick", CustomID: "pick", Style: discordgo.PrimaryButton}}}}
	for _, tc := range []struct {
		name         string
		buried       bool
		otherProcess bool     // the click is carried out by a process that did not post the DM
		want         []string // the calls carrying the edit out
		// wantDMs are the DM's messages afterwards.
		wantDMs []string
	}{
		{name: "the newest message of the DM", want: []string{"PATCH webhook"}, wantDMs: []string{"picked"}},
		{name: "buried under a later DM", buried: true, want: []string{"POST dm", "DELETE dm"}, wantDMs: []string{"later", "picked"}},
		// Another process, which has not posted in the DM since it
		// started, asks Discord whether it is buried and edits in place.
		{name: "in another process", otherProcess: true, want: []string{"GET dm", "PATCH dm"}, wantDMs: []string{"picked"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, exec := newTestExecutor(t)
			ctx := context.Background()
			var dmChannel, decision string
			if err := exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: "choose", Components: buttons},
				OnSent: func(channel, id string) { dmChannel, decision = channel, id }}}); err != nil {
				t.Fatal(err)
			}
			if tc.buried {
				if err := exec.Run(ctx, []commands.Action{commands.DirectMessage{UserID: user, Message: commands.Message{Content: "later"}}}); err != nil {
					t.Fatal(err)
				}
			}
			m, ok := fake.Channels.Message(dmChannel, decision)
			if !ok {
				t.Fatal("the decision is not in the DM")
			}
			click := fake.Interactions.Click(fakediscord.Actor{UserID: user, Username: "ann", ChannelID: dmChannel}, &m, "pick")
			if tc.otherProcess {
				s, err := NewSession("test-token", fake.APIURL())
				if err != nil {
					t.Fatal(err)
				}
				exec = NewExecutor(s, quietLog())
			}
			before := len(fake.Requests())
			res := commands.Result{Actions: []commands.Action{
				commands.ChannelEdit{ChannelID: dmChannel, MessageID: decision, Message: commands.Message{Content: "picked"}, Resurface: true},
			}}
			if err := exec.Execute(ctx, click, commands.AckDeferUpdate, res); err != nil {
				t.Fatal(err)
			}
			var calls []string
			for _, r := range fake.Requests()[before:] {
				if strings.Contains(r.Path, "/webhooks/") {
					calls = append(calls, r.Method+" webhook")
				} else {
					calls = append(calls, r.Method+" dm")
				}
			}
			if strings.Join(calls, ", ") != strings.Join(tc.want, ", ") {
				t.Errorf("calls %q, want %q", calls, tc.want)
			}
			var got []string
			for _, dm := range fake.Channels.DMs(user) {
				got = append(got, dm.Content)
				if len(fakediscord.Controls(dm)) != 0 {
					t.Errorf("DM %q keeps its buttons", dm.Content)
				}
			}
			if strings.Join(got, ", ") != strings.Join(tc.wantDMs, ", ") {
				t.Errorf("the DM holds %q, want %q", got, tc.wantDMs)
			}
		})
	}
}
