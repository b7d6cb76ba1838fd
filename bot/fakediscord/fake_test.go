package fakediscord

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestControlsFlattensValuesAndPointers(t *testing.T) {
	min1 := 1
	m := Message{Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{CustomID: "a", Label: "A"}, &discordgo.Button{CustomID: "b", Disabled: true},
		}},
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.SelectMenu{CustomID: "s", Placeholder: "pick", MinValues: &min1, MaxValues: 2,
				Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x"}}},
		}},
	}}
	got := Controls(m)
	want := []Control{
		{CustomID: "a", Label: "A"},
		{CustomID: "b", Disabled: true},
		{CustomID: "s", Label: "pick", Select: true, MinValues: 1, MaxValues: 2, Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x"}}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d controls, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.CustomID != w.CustomID || g.Label != w.Label || g.Select != w.Select || g.Disabled != w.Disabled ||
			g.MinValues != w.MinValues || g.MaxValues != w.MaxValues || len(g.Options) != len(w.Options) {
			t.Errorf("control %d = %+v, want %+v", i, g, w)
		}
	}
}

func TestFailuresAreOneOff(t *testing.T) {
	f := New(t)
	f.FailOnce(http.MethodPost, "/channels/600000000000000005/messages")
	f.RateLimitOnce(http.MethodPost, "/channels/600000000000000005/messages", 0)
	var statuses []int
	for range 3 {
		resp := botPost(t, f, "channels/600000000000000005/messages", `{"content":"x"}`)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
	}
	if statuses[0] != 500 || statuses[1] != 429 || statuses[2] != 200 {
		t.Fatalf("statuses = %v, want [500 429 200]", statuses)
	}
	if ms := f.Channels.Messages("600000000000000005"); len(ms) != 1 || ms[0].Content != "x" {
		t.Fatalf("messages = %+v, want only the successful post", ms)
	}
}

func TestClosedDMs(t *testing.T) {
	f := New(t)
	f.Channels.CloseDMs("600000000000000007")
	resp := botPost(t, f, "users/@me/channels", `{"recipient_id":"600000000000000007"}`)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"id"`) {
		t.Fatalf("open DM channel: %d %s", resp.StatusCode, body)
	}
	ch := f.Channels.DMChannelID("600000000000000007")
	resp = botPost(t, f, "channels/"+ch+"/messages", `{"content":"secret"}`)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 403 || !strings.Contains(string(body), `"code":50007`) {
		t.Fatalf("DM to closed user: %d %s", resp.StatusCode, body)
	}
	if len(f.Channels.DMs("600000000000000007")) != 0 {
		t.Fatal("refused DM was stored")
	}
}
