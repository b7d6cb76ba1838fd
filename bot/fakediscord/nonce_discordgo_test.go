package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/fakediscord"
)

// TestEnforcedNonceThroughDiscordgo sends create message the way the
// executor does (discordgo's MessageSend has no nonce, so the payload goes
// through RequestRaw, multipart when there is a file) and checks what
// discordgo hands back.
func TestEnforcedNonceThroughDiscordgo(t *testing.T) {
	type body struct {
		Content      string `json:"content"`
		Nonce        string `json:"nonce,omitempty"`
		EnforceNonce bool   `json:"enforce_nonce,omitempty"`
	}
	cases := []struct {
		name        string
		first, then body
		withFile    bool
		deleteFirst bool
		wantSame    bool // the second call returns the first message
		wantCode    int  // the second call fails with this Discord error code
		wantStored  []string
	}{
		{name: "json, repeated enforced nonce", first: body{"a", "n1", true}, then: body{"b", "n1", true},
			wantSame: true, wantStored: []string{"a"}},
		{name: "multipart, repeated enforced nonce", first: body{"a", "n1", true}, then: body{"b", "n1", true},
			withFile: true, wantSame: true, wantStored: []string{"a"}},
		{name: "multipart, another nonce", first: body{"a", "n1", true}, then: body{"b", "n2", true},
			withFile: true, wantStored: []string{"a", "b"}},
		{name: "no enforcement", first: body{"a", "n1", false}, then: body{"b", "n1", false},
			wantStored: []string{"a", "b"}},
		{name: "repeat after a delete", first: body{"a", "n1", true}, then: body{"b", "n1", true},
			deleteFirst: true, wantCode: discordgo.ErrCodeUnknownMessage},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := fakediscord.New(t)
			s, err := bot.NewSession("token", f.APIURL())
			if err != nil {
				t.Fatal(err)
			}
			send := func(b body) (*discordgo.Message, error) {
				endpoint := discordgo.EndpointChannelMessages("600000000000000005")
				contentType, data := "application/json", []byte(nil)
				if tc.withFile {
					file := &discordgo.File{Name: "note.txt", ContentType: "text/plain; charset=utf-8", Reader: bytes.NewReader([]byte(b.Content))}
					contentType, data, err = discordgo.MultipartBodyWithJSON(b, []*discordgo.File{file})
				} else {
					data, err = json.Marshal(b)
				}
				if err != nil {
					t.Fatal(err)
				}
				resp, err := s.RequestRaw(http.MethodPost, endpoint, contentType, data, endpoint, 0)
				if err != nil {
					return nil, err
				}
				var m discordgo.Message
				return &m, json.Unmarshal(resp, &m)
			}
			first, err := send(tc.first)
			if err != nil {
				t.Fatal(err)
			}
			if tc.deleteFirst {
				f.Channels.DeleteMessage("600000000000000005", first.ID)
			}
			then, err := send(tc.then)
			if tc.wantCode != 0 {
				var re *discordgo.RESTError
				if !errors.As(err, &re) || re.Message == nil || re.Message.Code != tc.wantCode {
					t.Fatalf("second send: %v, want Discord error %d", err, tc.wantCode)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if same := then.ID == first.ID; same != tc.wantSame {
				t.Errorf("second send returned %s (first %s): same = %v, want %v", then.ID, first.ID, same, tc.wantSame)
			}
			stored := f.Channels.Messages("600000000000000005")
			var contents []string
			for _, m := range stored {
				contents = append(contents, m.Content)
				if tc.withFile && (len(m.Attachments) != 1 || string(m.Attachments[0].Data) != m.Content) {
					t.Errorf("message %q attachments = %+v, want its one file", m.Content, m.Attachments)
				}
			}
			if !slices.Equal(contents, tc.wantStored) {
				t.Errorf("stored %q, want %q", contents, tc.wantStored)
			}
		})
	}
}
