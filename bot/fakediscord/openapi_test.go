package fakediscord

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// specFor returns the workspace's specification, or skips (fails with CI
// set) where it is missing, as every fake does.
func specFor(t *testing.T) *Spec {
	t.Helper()
	s := RequireSpec(t)
	if s == nil {
		t.Skip("Discord's OpenAPI specification is not beside the module root; see the log above")
	}
	return s
}

var (
	gifBytes = []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
)

func multipartBody(t *testing.T, payload any, files ...*discordgo.File) (string, []byte) {
	t.Helper()
	ct, body, err := discordgo.MultipartBodyWithJSON(payload, files)
	if err != nil {
		t.Fatal(err)
	}
	return ct, body
}

func TestSpecChecksRequests(t *testing.T) {
	s := specFor(t)
	const ch, msg, app, guild = "700000000000000002", "700000000000000010", AppID, "700000000000000001"
	perms := int64(32)
	message := map[string]any{"content": "board", "components": []any{}}
	gifCT, gifBody := multipartBody(t, message, &discordgo.File{Name: "replay.gif", ContentType: "image/gif", Reader: bytes.NewReader(gifBytes)})
	gifAsPNGCT, gifAsPNG := multipartBody(t, message, &discordgo.File{Name: "replay.gif", ContentType: "image/png", Reader: bytes.NewReader(gifBytes)})
	pngCT, pngBody := multipartBody(t, message, &discordgo.File{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngBytes)})
	commandsJSON := func(c *discordgo.ApplicationCommand) []byte {
		data, err := discordgo.Marshal([]*discordgo.ApplicationCommand{c})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	cases := []struct {
		name         string
		method, path string
		query        string
		contentType  string
		body         []byte
		noToken      bool
		wantErr      string // "" for a request the specification takes
	}{
		{name: "a message create", method: "POST", path: "/channels/" + ch + "/messages",
			contentType: "application/json", body: []byte(`{"content":"hi","nonce":"t1.2.3","enforce_nonce":true,"allowed_mentions":{"parse":[]}}`)},
		{name: "a message with a PNG", method: "POST", path: "/channels/" + ch + "/messages", contentType: pngCT, body: pngBody},
		{name: "a message with a GIF", method: "PATCH", path: "/channels/" + ch + "/messages/" + msg, contentType: gifCT, body: gifBody},
		{name: "a GIF declared as a PNG", method: "POST", path: "/channels/" + ch + "/messages", contentType: gifAsPNGCT, body: gifAsPNG,
			wantErr: `declared "image/png" but its bytes are "image/gif"`},
		{name: "a follow-up with a file (a known gap)", method: "POST", path: "/webhooks/" + app + "/tok/", query: "wait=true",
			contentType: pngCT, body: pngBody},
		{name: "a content too long", method: "POST", path: "/channels/" + ch + "/messages",
			contentType: "application/json", body: []byte(`{"content":"` + strings.Repeat("x", 4001) + `"}`), wantErr: "maxLength"},
		{name: "a channel id that is no snowflake", method: "POST", path: "/channels/c1/messages",
			contentType: "application/json", body: []byte(`{"content":"hi"}`), wantErr: `path parameter "channel_id"`},
		{name: "no bot token", method: "POST", path: "/channels/" + ch + "/messages", noToken: true,
			contentType: "application/json", body: []byte(`{"content":"hi"}`), wantErr: "no bot token"},
		{name: "an unknown route", method: "POST", path: "/channels/" + ch + "/nowhere", wantErr: "no operation"},
		{name: "an unknown query parameter", method: "POST", path: "/webhooks/" + app + "/tok", query: "hurry=true",
			contentType: "application/json", body: []byte(`{"content":"hi"}`), wantErr: `unknown query parameter "hurry"`},
		{name: "a boolean query parameter that is none", method: "POST", path: "/webhooks/" + app + "/tok", query: "wait=soon",
			contentType: "application/json", body: []byte(`{"content":"hi"}`), wantErr: `query parameter "wait"`},
		{name: "a pin on the current route", method: "PUT", path: "/channels/" + ch + "/messages/pins/" + msg},
		{name: "a pin on the deprecated route", method: "PUT", path: "/channels/" + ch + "/pins/" + msg, wantErr: "deprecated"},
		{name: "an unpin on the deprecated route", method: "DELETE", path: "/channels/" + ch + "/pins/" + msg, wantErr: "deprecated"},
		{name: "commands as discordgo writes them", method: "PUT", path: "/applications/" + app + "/guilds/" + guild + "/commands",
			contentType: "application/json", body: commandsJSON(&discordgo.ApplicationCommand{Name: "game", Description: "Play", DefaultMemberPermissions: &perms}),
			wantErr: "default_member_permissions"},
		{name: "commands with integer permissions", method: "PUT", path: "/applications/" + app + "/guilds/" + guild + "/commands",
			contentType: "application/json", body: []byte(`[{"name":"game","description":"Play","default_member_permissions":32}]`)},
		{name: "a body of a type the operation does not take", method: "POST", path: "/channels/" + ch + "/messages",
			contentType: "text/plain", body: []byte("hi"), wantErr: "does not take"},
		{name: "a callback", method: "POST", path: "/interactions/" + msg + "/tok/callback",
			contentType: "application/json", body: []byte(`{"type":5,"data":{"flags":64}}`), noToken: true},
		{name: "a callback of no type", method: "POST", path: "/interactions/" + msg + "/tok/callback",
			contentType: "application/json", body: []byte(`{"type":42}`), noToken: true, wantErr: "anyOf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if !tc.noToken {
				h.Set("Authorization", "Bot token")
			}
			if tc.contentType != "" {
				h.Set("Content-Type", tc.contentType)
			}
			q, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			err = s.CheckRequest(tc.method, strings.TrimSuffix(tc.path, "/"), h, q, tc.body)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("rejected: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("got %v, want an error with %q", err, tc.wantErr)
			}
		})
	}
}

func TestSpecChecksInteractionAnswers(t *testing.T) {
	s := specFor(t)
	cases := []struct {
		answer string
		ok     bool
	}{
		{`{"type":1}`, true},
		{`{"type":5,"data":{"flags":64}}`, true},
		{`{"type":6}`, true},
		{`{"type":8,"data":{"choices":[{"name":"Zauberschwert","value":"zauberschwert"}]}}`, true},
		{`{"type":4,"data":{"content":5}}`, false},
		{`{"type":8,"data":{"choices":[{"name":"","value":"x"}]}}`, false},
		{`not json`, false},
	}
	for _, tc := range cases {
		if err := s.CheckInteractionAnswer([]byte(tc.answer)); (err == nil) != tc.ok {
			t.Errorf("answer %s: %v, want ok %v", tc.answer, err, tc.ok)
		}
	}
}

// TestFakeAnswersRejectedRequests: a request the specification rejects is
// recorded, answered 400 Invalid Form Body and never carried out.
func TestFakeAnswersRejectedRequests(t *testing.T) {
	f := start(specFor(t), nil) // a rejection here is expected, not a failure
	t.Cleanup(f.Close)
	resp := botPost(t, f, "channels/600000000000000005/messages", `{"content":7}`)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", resp.StatusCode)
	}
	if v := f.Violations(); len(v) != 1 || !strings.Contains(v[0], "create_message") {
		t.Fatalf("violations %q, want the create_message", v)
	}
	if ms := f.Channels.Messages("600000000000000005"); len(ms) != 0 {
		t.Fatalf("the rejected message was stored: %+v", ms)
	}
}

// recordingTB notes what RequireSpec does with a missing specification.
type recordingTB struct {
	testing.TB
	fatal, logged string
}

func (r *recordingTB) Helper()           {}
func (r *recordingTB) Fatal(args ...any) { r.fatal = fmt.Sprint(args...) }
func (r *recordingTB) Log(args ...any)   { r.logged = fmt.Sprint(args...) }

func TestRequireSpecWithoutTheFile(t *testing.T) {
	missing := func() (*Spec, error) { return nil, errors.Join(errNoSpec, errors.New("not at ../shared")) }
	broken := func() (*Spec, error) { return nil, errors.New("bad JSON") }
	cases := []struct {
		name       string
		load       func() (*Spec, error)
		ci         bool
		wantFatal  bool
		wantLogged bool
	}{
		{"missing on a developer's clone: the check is skipped", missing, false, false, true},
		{"missing in CI: the test fails", missing, true, true, false},
		{"there but unreadable: the test fails", broken, false, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := &recordingTB{TB: t}
			if s := requireSpec(r, tc.load, tc.ci); s != nil {
				t.Fatal("a spec that did not load was returned")
			}
			if (r.fatal != "") != tc.wantFatal || (r.logged != "") != tc.wantLogged {
				t.Fatalf("fatal %q, logged %q; want fatal %v, logged %v", r.fatal, r.logged, tc.wantFatal, tc.wantLogged)
			}
		})
	}
}

// BenchmarkSpecCheckMessage is what checking one message create costs
// the fake: a board's post with two rows of controls.
func BenchmarkSpecCheckMessage(b *testing.B) {
	s, err := loadSpecOnce()
	if err != nil {
		b.Skip(err)
	}
	body := []byte(`{"content":"Your turn, <@600000000000000011>","allowed_mentions":{"parse":[],"users":["600000000000000011"]},` +
		`"components":[{"type":1,"components":[{"type":2,"style":1,"label":"Take 1","custom_id":"t:1:move:a"},` +
		`{"type":2,"style":1,"label":"Take 2","custom_id":"t:1:move:b"},{"type":2,"style":2,"label":"Pass","custom_id":"t:1:move:c"}]},` +
		`{"type":1,"components":[{"type":3,"custom_id":"t:1:sel","placeholder":"More","min_values":1,"max_values":1,` +
		`"options":[{"label":"x","value":"x"},{"label":"y","value":"y"}]}]}],"nonce":"t1.2.3","enforce_nonce":true}`)
	h := http.Header{"Authorization": {"Bot token"}, "Content-Type": {"application/json"}}
	for b.Loop() {
		if err := s.CheckRequest("POST", "/channels/600000000000000001/messages", h, nil, body); err != nil {
			b.Fatal(err)
		}
	}
}
