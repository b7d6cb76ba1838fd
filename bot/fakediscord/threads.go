package fakediscord

import (
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Thread is a thread as the fake keeps it: a channel with a parent. Its
// messages are a channel's (Messages(thread.ID)).
type Thread struct {
	ID, ParentID, Name string
	// StarterID is the message it was started from ("" for none); on
	// Discord such a thread takes that message's id.
	StarterID           string
	Archived, Locked    bool
	AutoArchiveDuration int
}

// Discord's error codes the thread routes answer with.
const (
	codeWrongChannelType = 50024  // Cannot execute action on this channel type
	codeThreadExists     = 160004 // A thread has already been created for this message
)

// Thread returns the thread with id.
func (cs *Channels) Thread(id string) (Thread, bool) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	th, ok := cs.f.threads[id]
	if !ok {
		return Thread{}, false
	}
	return *th, true
}

// Threads lists the threads opened in parentID, oldest first.
func (cs *Channels) Threads(parentID string) []Thread {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	var out []Thread
	for _, id := range cs.f.threadOrder {
		if th := cs.f.threads[id]; th.ParentID == parentID {
			out = append(out, *th)
		}
	}
	return out
}

// threadBody is the part of a thread's create or edit body the fake reads.
type threadBody struct {
	Name                string                `json:"name"`
	AutoArchiveDuration int                   `json:"auto_archive_duration"`
	Type                discordgo.ChannelType `json:"type"`
	Archived            *bool                 `json:"archived"`
	Locked              *bool                 `json:"locked"`
}

// startThread reads a thread's create body and checks that a thread may
// be opened in the path's channel; when ok it returns with f.mu held.
func (cs *Channels) startThread(w http.ResponseWriter, r *http.Request) (body threadBody, cid string, ok bool) {
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Name == "" || len([]rune(body.Name)) > 100 {
		badForm(w)
		return body, "", false
	}
	cs.f.mu.Lock()
	cid = r.PathValue("cid")
	if !cs.threadable(w, cid) {
		cs.f.mu.Unlock()
		return body, "", false
	}
	return body, cid, true
}

// threadable reports whether a thread may be opened in cid: not in a DM,
// not in a thread. Call with f.mu held.
func (cs *Channels) threadable(w http.ResponseWriter, cid string) bool {
	_, dm := cs.f.dmUsers[cid]
	_, thread := cs.f.threads[cid]
	if dm || thread {
		apiError(w, http.StatusBadRequest, codeWrongChannelType, "Cannot execute action on this channel type")
		return false
	}
	return true
}

// messageThreadStart opens a public thread from a message; the thread
// takes the message's id, as on Discord.
func (cs *Channels) messageThreadStart(w http.ResponseWriter, r *http.Request) {
	body, cid, ok := cs.startThread(w, r)
	if !ok {
		return
	}
	defer cs.f.mu.Unlock()
	m := cs.pathMessage(w, r)
	if m == nil {
		return
	}
	if _, ok := cs.f.threads[m.ID]; ok {
		apiError(w, http.StatusBadRequest, codeThreadExists, "A thread has already been created for this message")
		return
	}
	th := cs.addThread(m.ID, cid, body)
	th.StarterID = m.ID
	writeJSON(w, http.StatusCreated, threadWire(th))
}

// threadStart opens a thread without a starter message.
func (cs *Channels) threadStart(w http.ResponseWriter, r *http.Request) {
	body, cid, ok := cs.startThread(w, r)
	if !ok {
		return
	}
	defer cs.f.mu.Unlock()
	writeJSON(w, http.StatusCreated, threadWire(cs.addThread(cs.f.newID(), cid, body)))
}

// addThread records a new thread. Call with f.mu held.
func (cs *Channels) addThread(id, parent string, body threadBody) *Thread {
	th := &Thread{ID: id, ParentID: parent, Name: body.Name, AutoArchiveDuration: body.AutoArchiveDuration}
	cs.f.threads[id] = th
	cs.f.threadOrder = append(cs.f.threadOrder, id)
	cs.f.notify()
	return th
}

// channelPatch edits a thread (archived, locked, name); other channels
// are taken as they are. An unknown thread is Unknown Channel.
func (cs *Channels) channelPatch(w http.ResponseWriter, r *http.Request) {
	var body threadBody
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		badForm(w)
		return
	}
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	th, ok := cs.f.threads[r.PathValue("cid")]
	if !ok {
		if _, known := cs.f.messages[r.PathValue("cid")]; !known {
			apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownChannel, "Unknown Channel")
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"id": r.PathValue("cid"), "type": discordgo.ChannelTypeGuildText})
		return
	}
	if body.Name != "" {
		th.Name = body.Name
	}
	if body.Archived != nil {
		th.Archived = *body.Archived
	}
	if body.Locked != nil {
		th.Locked = *body.Locked
	}
	cs.f.notify()
	writeJSON(w, http.StatusOK, threadWire(th))
}

// channelGetInfo answers GET /channels/{cid} for a thread or a DM channel
// (with its newest message's id, as Discord's last_message_id).
func (cs *Channels) channelGetInfo(w http.ResponseWriter, r *http.Request) {
	cs.f.mu.Lock()
	defer cs.f.mu.Unlock()
	cid := r.PathValue("cid")
	if th, ok := cs.f.threads[cid]; ok {
		writeJSON(w, http.StatusOK, threadWire(th))
		return
	}
	for _, dm := range cs.f.dmChannels {
		if dm != cid {
			continue
		}
		last := ""
		if ms := cs.f.messages[cid]; len(ms) > 0 {
			last = ms[len(ms)-1].ID
		}
		writeJSON(w, http.StatusOK, map[string]any{"id": cid, "type": discordgo.ChannelTypeDM, "last_message_id": last})
		return
	}
	apiError(w, http.StatusNotFound, discordgo.ErrCodeUnknownChannel, "Unknown Channel")
}

// unarchiveOnPost reopens an archived thread a message is sent to, as
// Discord does for a thread that is not locked; a locked one refuses.
// Call with f.mu held.
func (cs *Channels) unarchiveOnPost(w http.ResponseWriter, cid string) bool {
	th, ok := cs.f.threads[cid]
	if !ok || !th.Archived {
		return true
	}
	if th.Locked {
		apiError(w, http.StatusForbidden, 50083, "Thread is archived")
		return false
	}
	th.Archived = false
	return true
}

func threadWire(th *Thread) map[string]any {
	return map[string]any{
		"id": th.ID, "type": discordgo.ChannelTypeGuildPublicThread, "parent_id": th.ParentID, "name": th.Name,
		"thread_metadata": map[string]any{"archived": th.Archived, "locked": th.Locked, "auto_archive_duration": th.AutoArchiveDuration},
	}
}
