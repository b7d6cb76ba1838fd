package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// interactionRec is the fake's record of one interaction; Interaction is
// the copy tests get.
type interactionRec struct {
	id, token string
	userID    string // who acted, for interactions built here
	callbacks []discordgo.InteractionResponse
	// original is the message @original names: the deferred response once
	// edited, or after a deferred update the message clicked.
	original        *Message
	originalDeleted bool
	followups       []*Message
	// clicked is the message whose component was used (Click, Select).
	clickedChannel, clickedID string
}

// deferredUpdate reports an interaction acknowledged without a message of
// its own, so that @original is the message clicked. A component
// interaction sent to the HTTP endpoint leaves no callback here; Tavern
// acknowledges every component with a deferred update, so that is assumed.
func (rec *interactionRec) deferredUpdate() bool {
	if rec.clickedID == "" {
		return false
	}
	if n := len(rec.callbacks); n > 0 {
		return rec.callbacks[n-1].Type == discordgo.InteractionResponseDeferredMessageUpdate
	}
	return true
}

// Interaction returns what the bot sent back for the interaction with id.
func (ix *Interactions) Interaction(id string) (Interaction, bool) {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	rec, ok := ix.f.interactions[ix.f.byID[id]]
	if !ok {
		return Interaction{}, false
	}
	out := Interaction{ID: rec.id, Token: rec.token, OriginalDeleted: rec.originalDeleted}
	out.Callbacks = append([]discordgo.InteractionResponse(nil), rec.callbacks...)
	if rec.original != nil {
		o := copyMessage(rec.original)
		out.Original = &o
	}
	out.Followups = copyMessages(rec.followups)
	return out, true
}

// Replies returns the ephemeral replies to an interaction: the edited
// deferred response (or the ephemeral message clicked that it edited), if
// any, then the follow-ups. A channel message clicked and edited through
// the interaction (a board losing its buttons) is no reply: it shows in
// its channel.
func (ix *Interactions) Replies(interactionID string) []Message {
	rec, ok := ix.Interaction(interactionID)
	if !ok {
		return nil
	}
	var out []Message
	if rec.Original != nil && rec.Original.Flags&discordgo.MessageFlagsEphemeral != 0 {
		out = append(out, *rec.Original)
	}
	return append(out, rec.Followups...)
}

// Dismiss removes an ephemeral reply, as its user may on Discord; editing
// it afterwards fails with Unknown Message.
func (ix *Interactions) Dismiss(messageID string) {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	if m, ok := ix.f.ephemerals[messageID]; ok {
		ix.dropEphemeral(m)
		ix.f.notify()
	}
}

// Ephemerals returns every ephemeral reply userID was shown, oldest first,
// as it stands now (edits included).
func (ix *Interactions) Ephemerals(userID string) []Message {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	return copyMessages(ix.f.userEphemerals[userID])
}

// interaction returns the record for token, creating it. Call with f.mu held.
func (ix *Interactions) interaction(token string) *interactionRec {
	rec, ok := ix.f.interactions[token]
	if !ok {
		rec = &interactionRec{token: token}
		ix.f.interactions[token] = rec
	}
	return rec
}

// keepEphemeral files a new ephemeral reply to rec. Call with f.mu held.
func (ix *Interactions) keepEphemeral(rec *interactionRec, m *Message) {
	if m.Flags&discordgo.MessageFlagsEphemeral == 0 {
		return
	}
	ix.f.ephemerals[m.ID] = m
	if rec.userID != "" {
		ix.f.userEphemerals[rec.userID] = append(ix.f.userEphemerals[rec.userID], m)
	}
}

// dropEphemeral forgets a deleted ephemeral reply. Call with f.mu held.
func (ix *Interactions) dropEphemeral(m *Message) {
	if _, ok := ix.f.ephemerals[m.ID]; !ok {
		return
	}
	delete(ix.f.ephemerals, m.ID)
	for u, ms := range ix.f.userEphemerals {
		ix.f.userEphemerals[u] = slices.DeleteFunc(ms, func(x *Message) bool { return x == m })
	}
}

// clickedTarget is the message a deferred update's @original names: the
// ephemeral reply or the channel message clicked. Call with f.mu held.
func (ix *Interactions) clickedTarget(rec *interactionRec) *Message {
	if m, ok := ix.f.ephemerals[rec.clickedID]; ok {
		return m
	}
	return ix.f.Channels.findMessage(rec.clickedChannel, rec.clickedID)
}

func (ix *Interactions) interactionCallback(w http.ResponseWriter, r *http.Request) {
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
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	id, token := r.PathValue("id"), r.PathValue("token")
	if known, ok := ix.f.byID[id]; ok && known != token {
		apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return
	}
	rec := ix.interaction(token)
	if len(rec.callbacks) > 0 {
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	rec.id = id
	ix.f.byID[id] = token
	rec.callbacks = append(rec.callbacks, resp)
	w.WriteHeader(http.StatusNoContent)
}

func (ix *Interactions) webhookEdit(w http.ResponseWriter, r *http.Request) {
	p, files, ok := ix.f.messageBody(w, r)
	if !ok {
		return
	}
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	if !knownWebhook(w, r) {
		return
	}
	rec := ix.interaction(r.PathValue("token"))
	mid := r.PathValue("mid")
	var target *Message
	switch {
	case mid == "@original" && rec.original != nil:
		target = rec.original
	case mid == "@original" && rec.deferredUpdate():
		// A deferred update has no response of its own: @original is the
		// message clicked.
		target = ix.clickedTarget(rec)
		rec.original = target
	case mid == "@original":
		m, err := ix.f.newMessage("", payload{}, nil)
		if err != nil {
			badForm(w)
			return
		}
		m.Flags = discordgo.MessageFlagsEphemeral
		m.Edits = -1 // the first edit fills the deferred placeholder
		rec.original = m
		ix.keepEphemeral(rec, m)
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
	if err := ix.f.applyEdit(target, p, files); err != nil {
		badForm(w)
		return
	}
	writeJSON(w, http.StatusOK, wire(target))
}

func (ix *Interactions) webhookDelete(w http.ResponseWriter, r *http.Request) {
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	rec := ix.interaction(r.PathValue("token"))
	if r.PathValue("mid") == "@original" {
		if rec.original == nil && rec.deferredUpdate() {
			// After a deferred update @original is the message clicked.
			if m := ix.clickedTarget(rec); m != nil {
				ix.dropEphemeral(m)
			}
		}
		if rec.original != nil {
			ix.dropEphemeral(rec.original)
		}
		rec.original = nil
		rec.originalDeleted = true
	}
	w.WriteHeader(http.StatusNoContent)
}

func (ix *Interactions) webhookExecute(w http.ResponseWriter, r *http.Request) {
	p, files, ok := ix.f.messageBody(w, r)
	if !ok {
		return
	}
	ix.f.mu.Lock()
	defer ix.f.mu.Unlock()
	if !knownWebhook(w, r) {
		return
	}
	m, err := ix.f.newMessage("", p, files)
	if err != nil {
		badForm(w)
		return
	}
	rec := ix.interaction(r.PathValue("token"))
	rec.followups = append(rec.followups, m)
	ix.keepEphemeral(rec, m)
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, http.StatusOK, wire(m))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// PostInteraction delivers an interaction to a bot's HTTP interactions
// endpoint as Discord does: body POSTed to url, signed with key at the
// current time. It returns the answer's status and body; a 200 answer is
// checked against the specification like every request the fake gets.
// A transport error (a bot killed mid-request) is returned as it is. A
// nil Interactions (no fake yet: a probe of whether the endpoint is up)
// posts without checking the answer.
func (ix *Interactions) PostInteraction(ctx context.Context, client *http.Client, url string, key ed25519.PrivateKey, body []byte) (int, []byte, error) {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, fmt.Errorf("fakediscord: build the interaction request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(key, append([]byte(ts), body...))))
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		// A body cut off still had its status.
		return resp.StatusCode, answer, nil
	}
	if resp.StatusCode == http.StatusOK && ix != nil && ix.f.spec != nil {
		if err := ix.f.spec.CheckInteractionAnswer(answer); err != nil {
			ix.f.violate(err)
		}
	}
	return resp.StatusCode, answer, nil
}
