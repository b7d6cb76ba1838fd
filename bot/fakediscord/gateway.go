package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// HeartbeatInterval is what Hello announces, in milliseconds: an hour, so
// that no client heartbeats after its first one while a test runs. (The
// fake never drops a quiet client. With Discord's 45 s, a test slowed by a
// loaded machine outlived it, and a heartbeat falling due while discordgo
// closed the session, which holds the session's lock for a second, failed
// on the closed connection and made discordgo reconnect the closed
// session; being the newest connection, it then took the interactions
// meant for the bot restarted in its place. See also Gateway.Live.)
const HeartbeatInterval = 60 * 60 * 1000

// gatewayConn is one websocket client. Writes are serialized (gorilla allows
// one writer at a time).
type gatewayConn struct {
	conn      *websocket.Conn
	writeMu   sync.Mutex
	seq       int64
	sessionID string
	ready     bool
	beating   bool  // a heartbeat arrived after READY
	shard     shard // from Identify, kept across a Resume
}

// shard is a connection's place in the bot's gateway: id of count.
type shard struct{ id, count int }

// ShardOf is the shard Discord sends an event of guildID to when the bot
// runs count shards: (guild_id >> 22) % count; DMs (no guild) go to shard 0.
// A guild id that is not a snowflake fits only a bot with one shard.
func ShardOf(guildID string, count int) (int, error) {
	if guildID == "" || count <= 1 {
		return 0, nil
	}
	g, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("fakediscord: guild id %q is not a snowflake, so it has no shard of %d", guildID, count)
	}
	return int((g >> 22) % uint64(count)), nil
}

type frame struct {
	Op   int    `json:"op"`
	Data any    `json:"d"`
	Seq  int64  `json:"s,omitempty"`
	Type string `json:"t,omitempty"`
}

func (c *gatewayConn) send(op int, typ string, data any) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	fr := frame{Op: op, Data: data, Type: typ}
	if op == 0 {
		c.seq++
		fr.Seq = c.seq
	}
	// Text frames carry plain JSON: the fake never compresses, and discordgo
	// only inflates binary frames.
	return c.conn.WriteJSON(fr)
}

func (c *gatewayConn) close() {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_ = c.conn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, ""))
	_ = c.conn.Close()
}

// serveGateway speaks the gateway handshake: Hello, then READY after
// Identify (or Resume), heartbeat ACKs, and whatever the test dispatches.
func (gw *Gateway) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := gw.f.ws.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &gatewayConn{conn: ws, shard: shard{0, 1}}
	gw.f.mu.Lock()
	gw.f.conns = append(gw.f.conns, c)
	c.sessionID = "session-" + gw.f.newID()
	gw.f.mu.Unlock()
	defer gw.dropConn(c)

	if err := c.send(10, "", map[string]int{"heartbeat_interval": HeartbeatInterval}); err != nil {
		return
	}
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var in struct {
			Op   int             `json:"op"`
			Data json.RawMessage `json:"d"`
		}
		if json.Unmarshal(data, &in) != nil {
			return
		}
		switch in.Op {
		case 1: // heartbeat
			gw.f.mu.Lock()
			if c.ready && !c.beating {
				c.beating = true
				gw.f.notify()
			}
			gw.f.mu.Unlock()
			if c.send(11, "", nil) != nil {
				return
			}
		case 2, 6: // identify, resume: both get a fresh session here
			gw.f.mu.Lock()
			if in.Op == 2 {
				var id discordgo.Identify
				_ = json.Unmarshal(in.Data, &id)
				gw.f.identifies = append(gw.f.identifies, id)
				if id.Shard != nil {
					c.shard = shard{id.Shard[0], id.Shard[1]}
				}
			} else {
				// A resume names its session, whose shard it keeps.
				var res struct {
					SessionID string `json:"session_id"`
				}
				_ = json.Unmarshal(in.Data, &res)
				if sh, ok := gw.f.sessionShards[res.SessionID]; ok {
					c.shard = sh
				}
			}
			gw.f.sessionShards[c.sessionID] = c.shard
			gw.f.mu.Unlock()
			if c.send(0, "READY", map[string]any{
				"v":                9,
				"session_id":       c.sessionID,
				"user":             map[string]any{"id": BotUserID, "username": "Tavern", "bot": true},
				"application":      map[string]any{"id": AppID},
				"guilds":           []any{},
				"private_channels": []any{},
			}) != nil {
				return
			}
			gw.f.mu.Lock()
			c.ready = true
			gw.f.notify()
			gw.f.mu.Unlock()
		}
	}
}

func (gw *Gateway) dropConn(c *gatewayConn) {
	gw.f.mu.Lock()
	for i, x := range gw.f.conns {
		if x == c {
			gw.f.conns = append(gw.f.conns[:i:i], gw.f.conns[i+1:]...)
			break
		}
	}
	gw.f.notify()
	gw.f.mu.Unlock()
	_ = c.conn.Close()
}

// Ready reports how many gateway clients have received READY and
// are still connected.
func (gw *Gateway) Ready() int {
	gw.f.mu.Lock()
	defer gw.f.mu.Unlock()
	n := 0
	for _, c := range gw.f.conns {
		if c.ready {
			n++
		}
	}
	return n
}

// Live reports how many gateway clients are connected, have
// received READY and have sent a heartbeat since. discordgo sends its first
// heartbeat from a goroutine that Open starts; a session closed before that
// heartbeat went out sends it on the closed connection, fails and
// reconnects, a closed bot's session taking interactions again. Tests wait
// for this before they may stop a client.
func (gw *Gateway) Live() int {
	gw.f.mu.Lock()
	defer gw.f.mu.Unlock()
	n := 0
	for _, c := range gw.f.conns {
		if c.ready && c.beating {
			n++
		}
	}
	return n
}

// ErrNoGateway is returned by SendInteraction when no client of the
// interaction's shard is ready.
var ErrNoGateway = errors.New("fakediscord: no gateway client of the interaction's shard has received READY")

// SendInteraction dispatches INTERACTION_CREATE to the newest ready gateway
// client of the shard Discord would choose (see ShardOf): a client that
// identified as shard id of count gets the guilds whose ShardOf(guild,
// count) is id, and shard 0 gets the DMs.
func (gw *Gateway) SendInteraction(i *discordgo.Interaction) error {
	gw.f.mu.Lock()
	var c *gatewayConn
	var routeErr error
	for _, x := range gw.f.conns {
		if !x.ready {
			continue
		}
		want, err := ShardOf(i.GuildID, x.shard.count)
		if err != nil {
			routeErr = err
			continue
		}
		if want == x.shard.id {
			c = x
		}
	}
	gw.f.mu.Unlock()
	if c == nil {
		if routeErr != nil {
			return fmt.Errorf("%w: %w", ErrNoGateway, routeErr)
		}
		return fmt.Errorf("%w for guild %q", ErrNoGateway, i.GuildID)
	}
	if err := c.send(0, "INTERACTION_CREATE", i); err != nil {
		return fmt.Errorf("fakediscord: dispatch interaction %s: %w", i.ID, err)
	}
	return nil
}

// Identifies returns the Identify payloads received on the gateway.
func (gw *Gateway) Identifies() []discordgo.Identify {
	gw.f.mu.Lock()
	defer gw.f.mu.Unlock()
	return append([]discordgo.Identify(nil), gw.f.identifies...)
}
