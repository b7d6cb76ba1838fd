package fakediscord_test

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/fakediscord"
)

// TestThreadsThroughDiscordgo opens, fills, archives and reopens a thread
// the way the executor does, and checks the refusals Discord gives.
func TestThreadsThroughDiscordgo(t *testing.T) {
	f := fakediscord.New(t)
	s, err := bot.NewSession("token", f.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	starter, err := s.ChannelMessageSend("600000000000000002", "a table in a thread")
	if err != nil {
		t.Fatal(err)
	}
	th, err := s.MessageThreadStartComplex("600000000000000002", starter.ID, &discordgo.ThreadStart{Name: "Game · alice", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != starter.ID || th.ParentID != "600000000000000002" || th.Name != "Game · alice" || !th.IsThread() {
		t.Fatalf("thread %+v: want the starter's id %s, parent and name", th, starter.ID)
	}
	if _, err := s.ChannelMessageSend(th.ID, "in the thread"); err != nil {
		t.Fatal(err)
	}
	if ms := f.Channels.Messages(th.ID); len(ms) != 1 || ms[0].Content != "in the thread" {
		t.Fatalf("thread messages %+v", ms)
	}
	if ms := f.Channels.Messages("600000000000000002"); len(ms) != 1 {
		t.Fatalf("parent has %d messages, want only the starter", len(ms))
	}
	yes := true
	if _, err := s.ChannelEditComplex(th.ID, &discordgo.ChannelEdit{Archived: &yes}); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.Channels.Thread(th.ID); !got.Archived {
		t.Fatal("the thread is not archived")
	}
	if _, err := s.ChannelMessageSend(th.ID, "reopened"); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.Channels.Thread(th.ID); got.Archived {
		t.Fatal("a message did not reopen the archived thread")
	}
	if got := f.Channels.Threads("600000000000000002"); len(got) != 1 || got[0].ID != th.ID {
		t.Fatalf("threads of the parent %+v", got)
	}

	dm, err := s.UserChannelCreate("800")
	if err != nil {
		t.Fatal(err)
	}
	inDM, err := s.ChannelMessageSend(dm.ID, "hello")
	if err != nil {
		t.Fatal(err)
	}
	inThread := f.Channels.Messages(th.ID)[0]
	refusals := []struct {
		name             string
		channel, message string
		status, wantCode int
	}{
		{"a second thread from the same message", "600000000000000002", starter.ID, 400, 160004},
		{"a thread inside a thread", th.ID, inThread.ID, 400, 50024},
		{"a thread in a DM", dm.ID, inDM.ID, 400, 50024},
		{"a message that does not exist", "600000000000000002", "404", 404, discordgo.ErrCodeUnknownMessage},
	}
	for _, r := range refusals {
		_, err := s.MessageThreadStartComplex(r.channel, r.message, &discordgo.ThreadStart{Name: "x"})
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Response.StatusCode != r.status || re.Message == nil || re.Message.Code != r.wantCode {
			t.Errorf("%s: err %v, want %d with code %d", r.name, err, r.status, r.wantCode)
		}
	}
	_, err = s.ChannelEditComplex("600000000000000098", &discordgo.ChannelEdit{Archived: &yes})
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeUnknownChannel {
		t.Errorf("archiving an unknown thread: %v, want Unknown Channel", err)
	}
}
