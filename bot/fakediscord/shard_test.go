package fakediscord

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// dial opens a raw gateway connection and reads its Hello.
func dial(t *testing.T, f *Fake) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(f.srv.URL, "http")+"/ws/", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	readFrame(t, ws, 10)
	return ws
}

// readFrame reads frames until one of op arrives and returns its data.
func readFrame(t *testing.T, ws *websocket.Conn, op int) json.RawMessage {
	t.Helper()
	for {
		var fr struct {
			Op   int             `json:"op"`
			Data json.RawMessage `json:"d"`
			Type string          `json:"t"`
		}
		if err := ws.ReadJSON(&fr); err != nil {
			t.Fatal(err)
		}
		if fr.Op == op {
			return fr.Data
		}
	}
}

// TestResumeKeepsTheShard: a session identified as shard 1 of 2 that
// resumes on a new connection still gets shard 1's guilds, not shard 0's
// and not the DMs.
func TestResumeKeepsTheShard(t *testing.T) {
	f := Start()
	defer f.Close()
	ws := dial(t, f)
	if err := ws.WriteJSON(map[string]any{"op": 2, "d": discordgo.Identify{Token: "Bot x", Shard: &[2]int{1, 2}}}); err != nil {
		t.Fatal(err)
	}
	var ready struct {
		SessionID string `json:"session_id"`
	}
	if err := json.Unmarshal(readFrame(t, ws, 0), &ready); err != nil || ready.SessionID == "" {
		t.Fatalf("READY without a session: %v", err)
	}
	ws.Close()

	resumed := dial(t, f)
	if err := resumed.WriteJSON(map[string]any{"op": 6, "d": map[string]any{"token": "Bot x", "session_id": ready.SessionID, "seq": 1}}); err != nil {
		t.Fatal(err)
	}
	readFrame(t, resumed, 0)
	f.Await(t, "the resumed session ready alone", func() bool { return f.Gateway.Ready() == 1 })

	a := Actor{UserID: "1", ChannelID: "2"}
	a.GuildID = "4194304" // (1<<22 >> 22) % 2 = 1
	if err := f.Gateway.SendInteraction(f.Interactions.Click(a, nil, "x")); err != nil {
		t.Fatalf("a guild of shard 1: %v", err)
	}
	var got struct {
		GuildID string `json:"guild_id"`
	}
	if err := json.Unmarshal(readFrame(t, resumed, 0), &got); err != nil || got.GuildID != a.GuildID {
		t.Fatalf("the resumed shard got %+v (%v), want the interaction of guild %s", got, err, a.GuildID)
	}
	for _, guild := range []string{"8388608", ""} { // shard 0's guild, a DM
		a.GuildID = guild
		if err := f.Gateway.SendInteraction(f.Interactions.Click(a, nil, "x")); !errors.Is(err, ErrNoGateway) {
			t.Errorf("guild %q reached shard 1 of 2: %v", guild, err)
		}
	}
}
