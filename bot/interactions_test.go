package bot

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

// signer signs interaction bodies like Discord does, with a test key.
type signer struct{ priv ed25519.PrivateKey }

func newSigner() signer {
	return signer{priv: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))}
}

func (s signer) public() ed25519.PublicKey { return s.priv.Public().(ed25519.PublicKey) }

func (s signer) request(t testing.TB, url string, body []byte, at time.Time) *http.Request {
	t.Helper()
	ts := strconv.FormatInt(at.Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(s.priv, append([]byte(ts), body...))))
	req.Header.Set("Content-Type", "application/json")
	return req
}

func TestInteractionsEndpoint(t *testing.T) {
	fake, exec := newTestExecutor(t)
	done, handled := doneSignal()
	exec.Done = done
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	key := newSigner()
	h := &stubInteractions{
		choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Zauberschwert", Value: "zauberschwert"}},
		actions: []commands.Action{commands.ChannelPost{ChannelID: "600000000000000003", Message: commands.Message{Content: "board"}}},
	}
	srv := httptest.NewServer(InteractionsHandler(key.public(), h, exec, func() time.Time { return now }))
	defer srv.Close()
	url := srv.URL + "/interactions"

	bob := fakediscord.Actor{UserID: "600000000000000012", Username: "bob", ChannelID: "600000000000000003", GuildID: "600000000000000004", Locale: discordgo.EnglishUS}
	ping := []byte(`{"id":"1","application_id":"` + fakediscord.AppID + `","type":1,"token":"t","version":1}`)
	command := fake.Interactions.Command(bob, "game", fakediscord.SubCommand("new"))
	auto := fake.Interactions.Autocomplete(bob, "game", fakediscord.Focused(fakediscord.StringOpt("id", "z")))
	other := signer{priv: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, ed25519.SeedSize))}

	cases := []struct {
		name     string
		req      func() *http.Request
		status   int
		ackType  discordgo.InteractionResponseType
		reply    string // ephemeral reply expected through REST afterwards
		handled  string // interaction id the dispatcher finishes, if any
		choices  int
		ackFlags discordgo.MessageFlags
	}{
		{name: "ping", req: func() *http.Request { return key.request(t, url, ping, now) }, status: 200, ackType: discordgo.InteractionResponsePong, handled: "1"},
		{name: "bad signature", req: func() *http.Request { return other.request(t, url, ping, now) }, status: 401},
		{name: "tampered body", req: func() *http.Request {
			r := key.request(t, url, ping, now)
			r.Body = io.NopCloser(bytes.NewReader(bytes.Replace(ping, []byte(`"type":1`), []byte(`"type":2`), 1)))
			return r
		}, status: 401},
		{name: "missing signature", req: func() *http.Request {
			r := key.request(t, url, ping, now)
			r.Header.Del("X-Signature-Ed25519")
			return r
		}, status: 401},
		{name: "old timestamp", req: func() *http.Request { return key.request(t, url, ping, now.Add(-SignatureWindow-time.Second)) }, status: 401},
		{name: "future timestamp", req: func() *http.Request { return key.request(t, url, ping, now.Add(SignatureWindow+time.Second)) }, status: 401},
		{name: "slightly old timestamp", req: func() *http.Request { return key.request(t, url, ping, now.Add(-time.Minute)) }, status: 200, ackType: discordgo.InteractionResponsePong, handled: "1"},
		{name: "command", req: func() *http.Request { return key.request(t, url, mustJSON(t, command), now) }, status: 200,
			ackType: discordgo.InteractionResponseDeferredChannelMessageWithSource, ackFlags: discordgo.MessageFlagsEphemeral, reply: "handled /game", handled: command.ID},
		{name: "autocomplete", req: func() *http.Request { return key.request(t, url, mustJSON(t, auto), now) }, status: 200,
			ackType: discordgo.InteractionApplicationCommandAutocompleteResult, choices: 1, handled: auto.ID},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.DefaultClient.Do(tc.req())
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, body, tc.status)
			}
			if tc.status != 200 {
				return
			}
			var ack struct {
				Type discordgo.InteractionResponseType `json:"type"`
				Data *struct {
					Flags   discordgo.MessageFlags `json:"flags"`
					Choices []json.RawMessage      `json:"choices"`
				} `json:"data"`
			}
			if err := json.Unmarshal(body, &ack); err != nil {
				t.Fatalf("ack %s: %v", body, err)
			}
			if ack.Type != tc.ackType {
				t.Errorf("ack type %d, want %d (%s)", ack.Type, tc.ackType, body)
			}
			if tc.ackType == discordgo.InteractionResponsePong && string(body) != `{"type":1}` {
				t.Errorf("pong body %s", body)
			}
			if tc.ackFlags != 0 && (ack.Data == nil || ack.Data.Flags != tc.ackFlags) {
				t.Errorf("ack %s, want flags %d", body, tc.ackFlags)
			}
			if tc.choices > 0 && (ack.Data == nil || len(ack.Data.Choices) != tc.choices) {
				t.Errorf("ack %s, want %d choices", body, tc.choices)
			}
			if got := awaitHandled(t, handled); got != tc.handled {
				t.Fatalf("handled %s, want %s", got, tc.handled)
			}
			if tc.reply != "" {
				replies := fake.Interactions.Replies(tc.handled)
				if len(replies) != 1 || replies[0].Content != tc.reply {
					t.Errorf("replies %+v, want %q", replies, tc.reply)
				}
				if rec, _ := fake.Interactions.Interaction(tc.handled); len(rec.Callbacks) != 0 {
					t.Errorf("HTTP ack also went through the callback endpoint: %+v", rec.Callbacks)
				}
			}
		})
	}
	if got := len(fake.Channels.Messages("600000000000000003")); got != 1 {
		t.Errorf("channel has %d posts, want 1 (from the command only)", got)
	}
}

func TestInteractionsEndpointRoutes(t *testing.T) {
	_, exec := newTestExecutor(t)
	h := InteractionsHandler(newSigner().public(), &stubInteractions{}, exec, time.Now)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{http.MethodGet, "/interactions", http.StatusMethodNotAllowed},
		{http.MethodPost, "/other", http.StatusNotFound},
		{http.MethodPost, "/interactions", http.StatusUnauthorized},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, bytes.NewReader([]byte("{}"))))
		if rec.Code != tc.status {
			t.Errorf("%s %s = %d, want %d", tc.method, tc.path, rec.Code, tc.status)
		}
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A result whose actions Discord failed to take is not confirmed, so its
// outbox entry stays for the scheduler to deliver again; one carried out
// is confirmed.
func TestDispatchConfirmsOnlyDeliveredResults(t *testing.T) {
	fake, exec := newTestExecutor(t)
	done, handled := doneSignal()
	exec.Done = done
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	key := newSigner()
	h := &stubInteractions{actions: []commands.Action{commands.ChannelPost{ChannelID: "600000000000000003", Message: commands.Message{Content: "board", Nonce: "n1"}}}}
	srv := httptest.NewServer(InteractionsHandler(key.public(), h, exec, func() time.Time { return now }))
	defer srv.Close()
	bob := fakediscord.Actor{UserID: "600000000000000012", Username: "bob", ChannelID: "600000000000000003", GuildID: "600000000000000004", Locale: discordgo.EnglishUS}
	for k, fail := range []bool{true, false} {
		if fail {
			fake.FailOnce(http.MethodPost, "/channels/600000000000000003/messages")
		}
		command := fake.Interactions.Command(bob, "game", fakediscord.SubCommand("status"))
		resp, err := http.DefaultClient.Do(key.request(t, srv.URL+"/interactions", mustJSON(t, command), now))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if id := awaitHandled(t, handled); id != command.ID {
			t.Fatalf("handled %s, want %s", id, command.ID)
		}
		if got, want := h.confirmed.Load(), int32(k); got != want {
			t.Fatalf("after attempt %d (failing %v): %d confirmed, want %d", k+1, fail, got, want)
		}
	}
	if n := len(fake.Channels.Messages("600000000000000003")); n != 1 {
		t.Errorf("%d boards in the channel, want 1", n)
	}
}
