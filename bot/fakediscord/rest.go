package fakediscord

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
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
	api.HandleFunc("POST /interactions/{id}/{token}/callback", f.interactionCallback)
	api.HandleFunc("PATCH /webhooks/{app}/{token}/messages/{mid}", f.webhookEdit)
	api.HandleFunc("DELETE /webhooks/{app}/{token}/messages/{mid}", f.webhookDelete)
	api.HandleFunc("POST /webhooks/{app}/{token}", f.webhookExecute)
	api.HandleFunc("POST /channels/{cid}/messages", f.channelPost)
	api.HandleFunc("PATCH /channels/{cid}/messages/{mid}", f.channelEdit)
	api.HandleFunc("GET /channels/{cid}/messages/{mid}", f.channelGet)
	api.HandleFunc("POST /channels/{cid}/messages/{mid}/threads", f.messageThreadStart)
	api.HandleFunc("POST /channels/{cid}/threads", f.threadStart)
	api.HandleFunc("PATCH /channels/{cid}", f.channelPatch)
	api.HandleFunc("GET /channels/{cid}", f.channelGetInfo)
	api.HandleFunc("PUT /channels/{cid}/messages/pins/{mid}", f.channelPin(true))
	api.HandleFunc("DELETE /channels/{cid}/messages/pins/{mid}", f.channelPin(false))
	api.HandleFunc("POST /users/@me/channels", f.userChannelCreate)
	api.HandleFunc("PUT /applications/{app}/commands", f.commandsOverwrite)
	api.HandleFunc("PUT /applications/{app}/guilds/{gid}/commands", f.commandsOverwrite)

	root := http.NewServeMux()
	root.HandleFunc("/ws/", f.serveGateway)
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
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "flags": m.Flags,
		"attachments": atts, "author": map[string]any{"id": BotUserID, "username": "Tavern", "bot": true},
	}
}

// interaction returns the record for token, creating it. Call with f.mu held.
func (f *Fake) interaction(token string) *interactionRec {
	rec, ok := f.interactions[token]
	if !ok {
		rec = &interactionRec{token: token}
		f.interactions[token] = rec
	}
	return rec
}

// keepEphemeral files a new ephemeral reply to rec. Call with f.mu held.
func (f *Fake) keepEphemeral(rec *interactionRec, m *Message) {
	if m.Flags&discordgo.MessageFlagsEphemeral == 0 {
		return
	}
	f.ephemerals[m.ID] = m
	if rec.userID != "" {
		f.userEphemerals[rec.userID] = append(f.userEphemerals[rec.userID], m)
	}
}

// dropEphemeral forgets a deleted ephemeral reply. Call with f.mu held.
func (f *Fake) dropEphemeral(m *Message) {
	if _, ok := f.ephemerals[m.ID]; !ok {
		return
	}
	delete(f.ephemerals, m.ID)
	for u, ms := range f.userEphemerals {
		f.userEphemerals[u] = slices.DeleteFunc(ms, func(x *Message) bool { return x == m })
	}
}

// clickedTarget is the message a deferred update's @original names: the
// ephemeral reply or the channel message clicked. Call with f.mu held.
func (f *Fake) clickedTarget(rec *interactionRec) *Message {
	if m, ok := f.ephemerals[rec.clickedID]; ok {
		return m
	}
	return f.findMessage(rec.clickedChannel, rec.clickedID)
}

func (f *Fake) interactionCallback(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data *struct {
			Content string                                      `json:"content"`
			Flags   discordgo.MessageFlags                      `json:"flags"`
			Choices []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		} `json:"data"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		badForm(w)
		return
	}
	resp := discordgo.InteractionResponse{Type: body.Type}
	if body.Data != nil {
		resp.Data = &discordgo.InteractionResponseData{Content: body.Data.Content, Flags: body.Data.Flags, Choices: body.Data.Choices}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	id, token := r.PathValue("id"), r.PathValue("token")
	if known, ok := f.byID[id]; ok && known != token {
		apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return
	}
	rec := f.interaction(token)
	if len(rec.callbacks) > 0 {
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	rec.id = id
	f.byID[id] = token
	rec.callbacks = append(rec.callbacks, resp)
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) webhookEdit(w http.ResponseWriter, r *http.Request) {
	p, files, ok := f.messageBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !knownWebhook(w, r) {
		return
	}
	rec := f.interaction(r.PathValue("token"))
	mid := r.PathValue("mid")
	var target *Message
	switch {
	case mid == "@original" && rec.original != nil:
		target = rec.original
	case mid == "@original" && rec.deferredUpdate():
		// A deferred update has no response of its own: @original is the
		// message clicked.
		target = f.clickedTarget(rec)
		rec.original = target
	case mid == "@original":
		m, err := f.newMessage("", payload{}, nil)
		if err != nil {
			badForm(w)
			return
		}
		m.Flags = discordgo.MessageFlagsEphemeral
		m.Edits = -1 // the first edit fills the deferred placeholder
		rec.original = m
		f.keepEphemeral(rec, m)
		target = m
	default:
		for _, m := range rec.followups {
			if m.ID == mid {
				target = m
			}
		}
	}
	if target == nil {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if err := f.applyEdit(target, p, files); err != nil {
		badForm(w)
		return
	}
	writeJSON(w, http.StatusOK, wire(target))
}

func (f *Fake) webhookDelete(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	rec := f.interaction(r.PathValue("token"))
	if r.PathValue("mid") == "@original" {
		if rec.original == nil && rec.deferredUpdate() {
			// After a deferred update @original is the message clicked.
			if m := f.clickedTarget(rec); m != nil {
				f.dropEphemeral(m)
			}
		}
		if rec.original != nil {
			f.dropEphemeral(rec.original)
		}
		rec.original = nil
		rec.originalDeleted = true
	}
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) webhookExecute(w http.ResponseWriter, r *http.Request) {
	p, files, ok := f.messageBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !knownWebhook(w, r) {
		return
	}
	m, err := f.newMessage("", p, files)
	if err != nil {
		badForm(w)
		return
	}
	rec := f.interaction(r.PathValue("token"))
	rec.followups = append(rec.followups, m)
	f.keepEphemeral(rec, m)
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, http.StatusOK, wire(m))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) channelPost(w http.ResponseWriter, r *http.Request) {
	p, files, ok := f.messageBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	cid := r.PathValue("cid")
	if user, ok := f.dmUsers[cid]; ok && f.closedDMs[user] {
		f.refusedDMs[user]++
		apiError(w, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser, "Cannot send messages to this user")
		return
	}
	if len(p.Nonce) > maxNonce {
		badForm(w)
		return
	}
	if f.repeatedNonce(w, cid, p) {
		return
	}
	if !f.unarchiveOnPost(w, cid) {
		return
	}
	m, err := f.newMessage(cid, p, files)
	if err != nil {
		badForm(w)
		return
	}
	f.messages[cid] = append(f.messages[cid], m)
	if p.EnforceNonce && p.Nonce != "" {
		f.nonces[nonceKey{cid, p.Nonce}] = nonceRecord{messageID: m.ID, at: f.now()}
	}
	writeJSON(w, http.StatusOK, wire(m))
}

// repeatedNonce answers a create whose enforced nonce this channel saw
// within the window, as Discord does: with the first message and no new
// one, or with Unknown Message if that message was deleted since. Call
// with f.mu held.
func (f *Fake) repeatedNonce(w http.ResponseWriter, cid string, p payload) bool {
	if !p.EnforceNonce || p.Nonce == "" {
		return false
	}
	rec, ok := f.nonces[nonceKey{cid, p.Nonce}]
	if !ok || f.now().Sub(rec.at) >= nonceWindow {
		return false
	}
	if m := f.findMessage(cid, rec.messageID); m != nil {
		writeJSON(w, http.StatusOK, wire(m))
	} else {
		apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
	}
	return true
}

// findMessage returns a stored message. Call with f.mu held.
func (f *Fake) findMessage(cid, mid string) *Message {
	for _, m := range f.messages[cid] {
		if m.ID == mid {
			return m
		}
	}
	return nil
}

func (f *Fake) channelEdit(w http.ResponseWriter, r *http.Request) {
	p, files, ok := f.messageBody(w, r)
	if !ok {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.pathMessage(w, r)
	if m == nil {
		return
	}
	if err := f.applyEdit(m, p, files); err != nil {
		badForm(w)
		return
	}
	writeJSON(w, http.StatusOK, wire(m))
}

// channelPin pins or unpins a message, as Discord does (204, or Unknown
// Message).
func (f *Fake) channelPin(pin bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		m := f.pathMessage(w, r)
		if m == nil {
			return
		}
		m.Pinned = pin
		w.WriteHeader(http.StatusNoContent)
	}
}

func (f *Fake) channelGet(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m := f.pathMessage(w, r); m != nil {
		writeJSON(w, http.StatusOK, wire(m))
	}
}

// pathMessage is the message the request's path names, or nil after
// answering Unknown Message. Call with f.mu held.
func (f *Fake) pathMessage(w http.ResponseWriter, r *http.Request) *Message {
	m := f.findMessage(r.PathValue("cid"), r.PathValue("mid"))
	if m == nil {
		apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
	}
	return m
}

func (f *Fake) userChannelCreate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.RecipientID == "" {
		badForm(w)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	ch, ok := f.dmChannels[body.RecipientID]
	if !ok {
		ch = f.newID()
		f.dmChannels[body.RecipientID] = ch
		f.dmUsers[ch] = body.RecipientID
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": ch, "type": discordgo.ChannelTypeDM,
		"recipients": []map[string]any{{"id": body.RecipientID}},
	})
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
