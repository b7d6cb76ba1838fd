package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/config"
)

// startServe runs serve with cfg until the test ends and returns its output.
func startServe(t *testing.T, cfg config.Config) *syncBuffer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), out) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve returned %v after shutdown", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop after its context ended")
		}
	})
	return out
}

func testConfig(t *testing.T) config.Config {
	cfg := config.Defaults()
	cfg.Storage.Path = filepath.Join(t.TempDir(), "tavern.db")
	return cfg
}

func TestServeGatewayOpensATable(t *testing.T) {
	fake := fakediscord.New(t)
	cfg := testConfig(t)
	cfg.Discord.Token = "test-token"
	cfg.Discord.APIURL = fake.APIURL()
	cfg.Discord.GuildID = "700"
	startServe(t, cfg)

	// The commands are registered over REST, which may finish before the
	// gateway's READY: an interaction sent between the two has no client.
	fake.Await(t, "commands registered in the guild and the gateway ready", func() bool {
		return len(fake.Commands("700")) > 0 && fake.Gateway.Ready() > 0
	})
	ann := fakediscord.Actor{UserID: "801", Username: "ann", ChannelID: "701", GuildID: "700", Locale: "de"}
	if err := fake.Gateway.SendInteraction(fake.Interactions.Command(ann, "game", fakediscord.SubCommand("new", fakediscord.StringOpt("game", "zauberschwert")))); err != nil {
		t.Fatal(err)
	}
	fake.Await(t, "the lobby in the channel", func() bool {
		for _, m := range fake.Channels.Messages("701") {
			if len(m.Attachments) > 0 && len(fakediscord.Controls(m)) > 0 {
				return true
			}
		}
		return false
	})
}

func TestServeHTTPEndpointAnswersPing(t *testing.T) {
	fake := fakediscord.New(t)
	pub, priv, addr := endpointKeyAndAddr(t)
	cfg := testConfig(t)
	cfg.Discord.Token = "test-token"
	cfg.Discord.APIURL = fake.APIURL()
	cfg.Discord.ApplicationID = fakediscord.AppID
	cfg.Discord.PublicKey = hex.EncodeToString(pub)
	cfg.Interactions.Listen = addr
	out := startServe(t, cfg)

	post := func(body string, key ed25519.PrivateKey) (int, string) {
		code, answer, err := fake.Interactions.PostInteraction(context.Background(), http.DefaultClient, "http://"+addr+"/interactions", key, []byte(body))
		if err != nil {
			return 0, err.Error()
		}
		return code, strings.TrimSpace(string(answer))
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		code, body := post(`{"type":1}`, priv)
		if code == http.StatusOK {
			if body != `{"type":1}` {
				t.Fatalf("PING answered %q", body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("endpoint never answered PING: %d %s (output %q)", code, body, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	_, other, _ := ed25519.GenerateKey(nil)
	if code, _ := post(`{"type":1}`, other); code != http.StatusUnauthorized {
		t.Errorf("a foreign signature got %d, want 401", code)
	}
	if len(fake.Commands("")) == 0 {
		t.Error("the HTTP mode did not register the global commands")
	}
	if !strings.Contains(out.String(), "/interactions") {
		t.Errorf("start-up output %q does not name the endpoint", out.String())
	}
}

func TestServeRejectsBadPublicKey(t *testing.T) {
	cfg := testConfig(t)
	cfg.Discord.Token = "t"
	cfg.Discord.ApplicationID = "1"
	cfg.Discord.PublicKey = "not-hex"
	cfg.Interactions.Listen = "127.0.0.1:0"
	err := serve(context.Background(), cfg, slog.New(slog.DiscardHandler), io.Discard)
	if err == nil || !strings.Contains(err.Error(), `"discord.public_key"`) {
		t.Fatalf("serve = %v, want an error naming discord.public_key", err)
	}
}

// syncBuffer is a bytes.Buffer safe for the serving goroutine and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// endpointKeyAndAddr is a fresh signing key pair and a free loopback
// address for an interactions endpoint under test.
func endpointKeyAndAddr(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey, string) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return pub, priv, ln.Addr().String()
}
