package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// routes serves the REST endpoints discordgo calls for Tavern, under
// APIPath, and the gateway websocket at /ws/.
func (f *Fake) routes() http.Handler {
	api := http.NewServeMux()
	api.HandleFunc("GET /gateway", f.getGateway)
	api.HandleFunc("GET /gateway/bot", f.getGateway)
	api.HandleFunc("POST /interactions/{id}/{token}/callback", f.Interactions.interactionCallback)
	api.HandleFunc("PATCH /webhooks/{app}/{token}/messages/{mid}", f.Interactions.webhookEdit)
	api.HandleFunc("DELETE /webhooks/{app}/{token}/messages/{mid}", f.Interactions.webhookDelete)
	api.HandleFunc("POST /webhooks/{app}/{token}", f.Interactions.webhookExecute)
	api.HandleFunc("POST /channels/{cid}/messages", f.Channels.channelPost)
	api.HandleFunc("PATCH /channels/{cid}/messages/{mid}", f.Channels.channelEdit)
	api.HandleFunc("GET /channels/{cid}/messages/{mid}", f.Channels.channelGet)
	api.HandleFunc("GET /channels/{cid}/messages", f.Channels.channelList)
	api.HandleFunc("DELETE /channels/{cid}/messages/{mid}", f.Channels.channelDelete)
	api.HandleFunc("POST /channels/{cid}/messages/{mid}/threads", f.Channels.messageThreadStart)
	api.HandleFunc("POST /channels/{cid}/threads", f.Channels.threadStart)
	api.HandleFunc("PATCH /channels/{cid}", f.Channels.channelPatch)
	api.HandleFunc("GET /channels/{cid}", f.Channels.channelGetInfo)
	api.HandleFunc("PUT /channels/{cid}/messages/pins/{mid}", f.Channels.channelPin(true))
	api.HandleFunc("DELETE /channels/{cid}/messages/pins/{mid}", f.Channels.channelPin(false))
	api.HandleFunc("POST /users/@me/channels", f.Channels.userChannelCreate)
	api.HandleFunc("PUT /applications/{app}/commands", f.commandsOverwrite)
	api.HandleFunc("PUT /applications/{app}/guilds/{gid}/commands", f.commandsOverwrite)

	root := http.NewServeMux()
	root.HandleFunc("/ws/", f.Gateway.serveGateway)
	root.Handle(APIPath, f.middleware(http.StripPrefix(strings.TrimSuffix(APIPath, "/"), api)))
	return root
}

// middleware records each call and injects the configured failures.
func (f *Fake) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(APIPath, "/"))
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		if wait, over := f.overGlobalLimit(r); over {
			rec.Header().Set("Retry-After", "1")
			rec.Header().Set("X-RateLimit-Global", "true")
			rec.Header().Set("X-RateLimit-Scope", "global")
			writeRaw(rec, http.StatusTooManyRequests, `{"message":"You are being rate limited.","retry_after":`+
				strconv.FormatFloat(wait.Seconds(), 'f', 3, 64)+`,"global":true}`)
		} else if err := f.checkRequest(r, path); err != nil {
			apiError(rec, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		} else if fl := f.takeFailure(r.Method, path); fl != nil {
			for k, v := range fl.header {
				w.Header()[k] = v
			}
			writeRaw(rec, fl.status, fl.body)
		} else {
			next.ServeHTTP(rec, r)
		}
		f.mu.Lock()
		f.requests = append(f.requests, Request{Method: r.Method, Path: path, Status: rec.status})
		f.notify()
		f.mu.Unlock()
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func writeRaw(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		writeRaw(w, http.StatusInternalServerError, `{"code":0,"message":"fake: encode failed"}`)
		return
	}
	writeRaw(w, status, string(data))
}

func apiError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, discordgo.APIErrorMessage{Code: code, Message: msg})
}

func (f *Fake) getGateway(w http.ResponseWriter, r *http.Request) {
	url := "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/ws"
	writeJSON(w, http.StatusOK, map[string]any{
		"url":    url,
		"shards": 1,
		"session_start_limit": map[string]int{
			"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
		},
	})
}

// payload is the part of a message body the fake understands.
type payload struct {
	Content         *string                           `json:"content"`
	Components      json.RawMessage                   `json:"components"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Flags           discordgo.MessageFlags            `json:"flags"`
	// Nonce with EnforceNonce makes a create idempotent (see channelPost).
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
	Attachments  *[]struct {
		ID string `json:"id"`
	} `json:"attachments"`
}

// Discord's limits for nonces: 25 characters, deduplicated for a few
// minutes when enforced.
const (
	maxNonce    = 25
	nonceWindow = 5 * time.Minute
)

// readMessageBody decodes a JSON or multipart (payload_json + files[n]) body.
func readMessageBody(r *http.Request) (payload, []Attachment, error) {
	var p payload
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		err := json.NewDecoder(r.Body).Decode(&p)
		return p, nil, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var files []Attachment
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return p, files, nil
		}
		if err != nil {
			return p, nil, err
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return p, nil, err
		}
		switch name := part.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, &p); err != nil {
				return p, nil, err
			}
		case strings.HasPrefix(name, "files["):
			files = append(files, Attachment{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data, Size: len(data)})
		default:
			return p, nil, fmt.Errorf("unexpected multipart field %q", name)
		}
	}
}

// decodeComponents parses components the way discordgo parses a message.
func decodeComponents(raw json.RawMessage) ([]discordgo.MessageComponent, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var m discordgo.Message
	if err := json.Unmarshal([]byte(`{"components":`+string(raw)+`}`), &m); err != nil {
		return nil, err
	}
	return m.Components, nil
}

// newMessage builds a stored message from a body. Call with f.mu held.
func (f *Fake) newMessage(channelID string, p payload, files []Attachment) (*Message, error) {
	comps, err := decodeComponents(p.Components)
	if err != nil {
		return nil, err
	}
	m := &Message{ID: f.newID(), ChannelID: channelID, Components: comps, AllowedMentions: p.AllowedMentions, Flags: p.Flags,
		Nonce: p.Nonce}
	if p.Content != nil {
		m.Content = *p.Content
	}
	for _, a := range files {
		a.ID = f.newID()
		m.Attachments = append(m.Attachments, a)
	}
	return m, nil
}

// applyEdit patches m with a body. Call with f.mu held.
func (f *Fake) applyEdit(m *Message, p payload, files []Attachment) error {
	onlyComponents := p.Content == nil && p.Attachments == nil && p.AllowedMentions == nil && len(files) == 0
	if p.Content != nil {
		m.Content = *p.Content
	}
	if len(p.Components) > 0 {
		comps, err := decodeComponents(p.Components)
		if err != nil {
			return err
		}
		m.Components = comps
	}
	if p.AllowedMentions != nil {
		m.AllowedMentions = p.AllowedMentions
	}
	if p.Attachments != nil {
		keep := map[string]bool{}
		for _, a := range *p.Attachments {
			keep[a.ID] = true
		}
		var kept []Attachment
		for _, a := range m.Attachments {
			if keep[a.ID] {
				kept = append(kept, a)
			}
		}
		m.Attachments = kept
	}
	for _, a := range files {
		a.ID = f.newID()
		m.Attachments = append(m.Attachments, a)
	}
	m.Edits++
	m.ButtonsCleared = onlyComponents && len(m.Components) == 0
	return nil
}

// wire is the JSON shape of a message returned to discordgo.
func wire(m *Message) map[string]any {
	atts := make([]map[string]any, 0, len(m.Attachments))
	for _, a := range m.Attachments {
		atts = append(atts, map[string]any{"id": a.ID, "filename": a.Name, "content_type": a.ContentType, "size": len(a.Data)})
	}
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "flags": m.Flags, "components": comps,
		"attachments": atts, "author": map[string]any{"id": BotUserID, "username": "Tavern", "bot": true},
	}
}

// commandWire is a command as Discord reads and answers it:
// default_member_permissions is an integer in the specification, where
// discordgo's struct has it as a string.
type commandWire struct {
	*discordgo.ApplicationCommand
	DefaultMemberPermissions *int64 `json:"default_member_permissions,omitempty"`
}

func (f *Fake) commandsOverwrite(w http.ResponseWriter, r *http.Request) {
	var wires []commandWire
	if err := json.NewDecoder(r.Body).Decode(&wires); err != nil {
		badForm(w)
		return
	}
	cmds := make([]*discordgo.ApplicationCommand, len(wires))
	for i, c := range wires {
		if c.ApplicationCommand == nil {
			badForm(w)
			return
		}
		cmds[i] = c.ApplicationCommand
		cmds[i].DefaultMemberPermissions = c.DefaultMemberPermissions
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.PathValue("app") != AppID {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	gid := r.PathValue("gid")
	for _, c := range cmds {
		c.ID = f.newID()
		c.ApplicationID = AppID
		c.GuildID = gid
	}
	f.commands[gid] = cmds
	writeJSON(w, http.StatusOK, cmds)
}

// messageBody reads a message payload with its files, answering Discord's
// "Invalid Form Body" when it cannot.
func (f *Fake) messageBody(w http.ResponseWriter, r *http.Request) (payload, []Attachment, bool) {
	p, files, err := readMessageBody(r)
	if err != nil {
		badForm(w)
		return payload{}, nil, false
	}
	f.mu.Lock()
	lean := f.lean
	f.mu.Unlock()
	if lean {
		for i := range files {
			files[i].Data = nil
		}
	}
	return p, files, true
}

func badForm(w http.ResponseWriter) { apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body") }

// knownWebhook answers "Unknown Webhook" for another application's id.
func knownWebhook(w http.ResponseWriter, r *http.Request) bool {
	if r.PathValue("app") != AppID {
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return false
	}
	return true
}
