package fakediscord

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// CloseDMs makes every DM to userID fail with error 50007, as when a user
// does not accept messages from server members.
func (cs *Channels) CloseDMs(userID string) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	cs.f.closedDMs[userID] = true
}

// RefusedDMs is how many DMs to userID were refused with 50007: Discord
// counts each as an invalid request toward banning the address.
func (cs *Channels) RefusedDMs(userID string) int {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	return cs.f.refusedDMs[userID]
}

// DeleteMessage removes a message, as a moderator would; editing it then
// fails with 404 Unknown Message.
func (cs *Channels) DeleteMessage(channelID, messageID string) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	msgs := cs.f.messages[channelID]
	for i, m := range msgs {
		if m.ID == messageID {
			cs.f.messages[channelID] = append(msgs[:i:i], msgs[i+1:]...)
			cs.f.notify()
			return
		}
	}
}

// Messages returns copies of the messages in a channel, oldest first.
func (cs *Channels) Messages(channelID string) []Message {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	return copyMessages(cs.f.messages[channelID])
}

// Message returns one message of a channel.
func (cs *Channels) Message(channelID, messageID string) (Message, bool) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	for _, m := range cs.f.messages[channelID] {
		if m.ID == messageID {
			return copyMessage(m), true
		}
	}
	return Message{}, false
}

// DMs returns copies of the direct messages the bot sent to userID.
func (cs *Channels) DMs(userID string) []Message {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	ch, ok := cs.f.dmChannels[userID]
	if !ok {
		return nil
	}
	return copyMessages(cs.f.messages[ch])
}

// DMChannelID is the DM channel opened with userID ("" if none).
func (cs *Channels) DMChannelID(userID string) string {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	return cs.f.dmChannels[userID]
}

// DMChannelUsers lists every user who has a DM channel with the bot.
func (cs *Channels) DMChannelUsers() []string {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	var out []string
	for u := range cs.f.dmChannels {
		out = append(out, u)
	}
	return out
}

// IsDMChannel tells whether channelID is a DM channel.
func (cs *Channels) IsDMChannel(channelID string) bool {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	_, ok := cs.f.dmUsers[channelID]
	return ok
}

func (cs *Channels) channelPost(w http.ResponseWriter, r *http.Request) {
	p, files, ok := cs.f.messageBody(w, r)
	if !ok {
		return
	}
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	cid := r.PathValue("cid")
	if user, ok := cs.f.dmUsers[cid]; ok && cs.f.closedDMs[user] {
		cs.f.refusedDMs[user]++
		apiError(w, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser, "Cannot send messages to this user")
		return
	}
	if len(p.Nonce) > maxNonce {
		badForm(w)
		return
	}
	if cs.repeatedNonce(w, cid, p) {
		return
	}
	if !cs.unarchiveOnPost(w, cid) {
		return
	}
	m, err := cs.f.newMessage(cid, p, files)
	if err != nil {
		badForm(w)
		return
	}
	cs.f.messages[cid] = append(cs.f.messages[cid], m)
	if p.EnforceNonce && p.Nonce != "" {
		cs.f.nonces[nonceKey{cid, p.Nonce}] = nonceRecord{messageID: m.ID, at: cs.f.now()}
	}
	writeJSON(w, http.StatusOK, wire(m))
}

// repeatedNonce answers a create whose enforced nonce this channel saw
// within the window, as Discord does: with the first message and no new
// one, or with Unknown Message if that message was deleted since. Call
// with f.mu held.
func (cs *Channels) repeatedNonce(w http.ResponseWriter, cid string, p payload) bool {
	if !p.EnforceNonce || p.Nonce == "" {
		return false
	}
	rec, ok := cs.f.nonces[nonceKey{cid, p.Nonce}]
	if !ok || cs.f.now().Sub(rec.at) >= nonceWindow {
		return false
	}
	if m := cs.findMessage(cid, rec.messageID); m != nil {
		writeJSON(w, http.StatusOK, wire(m))
	} else {
		apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
	}
	return true
}

// findMessage returns a stored message. Call with f.mu held.
func (cs *Channels) findMessage(cid, mid string) *Message {
	for _, m := range cs.f.messages[cid] {
		if m.ID == mid {
			return m
		}
	}
	return nil
}

func (cs *Channels) channelEdit(w http.ResponseWriter, r *http.Request) {
	p, files, ok := cs.f.messageBody(w, r)
	if !ok {
		return
	}
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	m := cs.pathMessage(w, r)
	if m == nil {
		return
	}
	if err := cs.f.applyEdit(m, p, files); err != nil {
		badForm(w)
		return
	}
	writeJSON(w, http.StatusOK, wire(m))
}

// channelPin pins or unpins a message, as Discord does (204, or Unknown
// Message).
func (cs *Channels) channelPin(pin bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		cs.f.mu.Lock()
		defer cs.f.mu.Unlock()
		m := cs.pathMessage(w, r)
		if m == nil {
			return
		}
		m.Pinned = pin
		w.WriteHeader(http.StatusNoContent)
	}
}

func (cs *Channels) channelGet(w http.ResponseWriter, r *http.Request) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	if m := cs.pathMessage(w, r); m != nil {
		writeJSON(w, http.StatusOK, wire(m))
	}
}

// channelList lists a channel's messages newest first, as Discord does:
// with after, the limit (50 unless given, at most 100) oldest of those
// after that id; else the newest.
func (cs *Channels) channelList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 50
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			badForm(w)
			return
		}
		limit = n
	}
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	msgs := cs.f.messages[r.PathValue("cid")]
	if after := q.Get("after"); after != "" {
		a, err := strconv.ParseInt(after, 10, 64)
		if err != nil {
			badForm(w)
			return
		}
		var later []*Message
		for _, m := range msgs {
			if id, err := strconv.ParseInt(m.ID, 10, 64); err == nil && id > a {
				later = append(later, m)
			}
		}
		msgs = later[:min(limit, len(later))]
	} else {
		msgs = msgs[max(0, len(msgs)-limit):]
	}
	out := make([]map[string]any, 0, len(msgs))
	for k := len(msgs) - 1; k >= 0; k-- {
		out = append(out, wire(msgs[k]))
	}
	writeJSON(w, http.StatusOK, out)
}

// channelDelete deletes a message (204, or Unknown Message).
func (cs *Channels) channelDelete(w http.ResponseWriter, r *http.Request) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	cid, mid := r.PathValue("cid"), r.PathValue("mid")
	if cs.pathMessage(w, r) == nil {
		return
	}
	cs.f.messages[cid] = slices.DeleteFunc(cs.f.messages[cid], func(m *Message) bool { return m.ID == mid })
	cs.f.notify()
	w.WriteHeader(http.StatusNoContent)
}

// pathMessage is the message the request's path names, or nil after
// answering Unknown Message. Call with f.mu held.
func (cs *Channels) pathMessage(w http.ResponseWriter, r *http.Request) *Message {
	m := cs.findMessage(r.PathValue("cid"), r.PathValue("mid"))
	if m == nil {
		apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
	}
	return m
}

func (cs *Channels) userChannelCreate(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.RecipientID == "" {
		badForm(w)
		return
	}
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	ch, ok := cs.f.dmChannels[body.RecipientID]
	if !ok {
		ch = cs.f.newID()
		cs.f.dmChannels[body.RecipientID] = ch
		cs.f.dmUsers[ch] = body.RecipientID
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": ch, "type": discordgo.ChannelTypeDM,
		"recipients": []map[string]any{{"id": body.RecipientID}},
	})
}
