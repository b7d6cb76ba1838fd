package playground

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// message is one message in a pretend channel.
type message struct {
	ID         string
	AuthorID   string // the bot or a pretend user
	Content    string
	Files      []storedFile
	Components []discordgo.MessageComponent
	Mentions   []string
	// EphemeralFor is the only user who may see this message; "" is public.
	EphemeralFor string
	// Invoker and Command describe the slash command this message answers
	// ("Ada used /game"), as Discord shows above interaction replies.
	Invoker  string
	Command  string
	Thinking bool
	Edited   bool
	Created  time.Time
	// Version is the world's version when the message last changed, so a
	// page can ask for only what changed since the version it has.
	Version uint64
}

type storedFile struct {
	ID   string
	Name string
	// Gone marks a file dropped to keep the world within its picture
	// budget; the message says so instead of showing it.
	Gone bool
}

// keptFile is where a stored file is shown, oldest first in world.kept, so
// the oldest can be dropped when the pictures outgrow their budget.
type keptFile struct {
	id, channelID, messageID string
}

// pictureBudget bounds the bytes of attachments the playground keeps in
// memory. Every board, hand and replay is a new picture, and a long
// session of play would otherwise keep all of them (an hour of four
// players' games held over 600 MB): beyond the budget the oldest pictures
// are dropped and their messages say so, as old boards nobody scrolls back
// to. A file replaced by an edit or deleted with its message goes at once,
// as Discord drops attachments an edit does not keep.
const pictureBudget = 64 << 20

// channel is a guild channel or one user's DM channel with the bot.
type channel struct {
	ID     string
	Name   string
	DMUser string // owner of a DM channel; "" for guild channels
	// Parent is the channel a thread was opened in ("" for others);
	// Archived marks a thread archived.
	Parent   string
	Archived bool
	Messages []*message
	// Removed lists deleted (ephemeral) messages, so a page that still
	// shows one learns to drop it.
	Removed []removal
}

// removal records that a message of one user's view disappeared.
type removal struct {
	ID      string
	For     string // the ephemeral message's owner
	Version uint64
}

// world is the whole pretend Discord state. Every field is guarded by mu.
type world struct {
	mu       sync.Mutex
	channels map[string]*channel
	order    []string // guild channels in sidebar order
	dmOf     map[string]string
	files    map[string][]byte
	// kept lists the stored files oldest first (entries of files dropped
	// since are skipped), fileBytes is their size, fileBudget its bound.
	kept       []keptFile
	fileBytes  int
	fileBudget int
	dmClosed   map[string]bool
	seq        uint64
	// version counts changes to any message; epoch tells this world's
	// versions apart from a previous run's, which a reloaded server must
	// not take for its own.
	version uint64
	epoch   int64
	now     func() time.Time
}

func newWorld(o Options) *world {
	w := &world{
		channels: map[string]*channel{},
		dmOf:     map[string]string{},
		files:    map[string][]byte{},
		dmClosed: map[string]bool{},
		seq:      1_300_000_000_000_000_000,
		now:      time.Now,

		fileBudget: pictureBudget,
	}
	w.epoch = w.now().UnixNano()
	for _, c := range o.Channels {
		w.channels[c.ID] = &channel{ID: c.ID, Name: c.Name}
		w.order = append(w.order, c.ID)
	}
	for i, u := range o.Users {
		id := dmChannelID(i)
		w.channels[id] = &channel{ID: id, Name: u.Name, DMUser: u.ID}
		w.dmOf[u.ID] = id
	}
	return w
}

// nextID hands out snowflake-like ids; callers hold mu.
func (w *world) nextID() string {
	w.seq++
	return fmt.Sprintf("%d", w.seq)
}

// touch marks m as changed now; callers hold mu.
func (w *world) touch(m *message) {
	w.version++
	m.Version = w.version
}

// remove deletes message i of c and records it; callers hold mu.
func (w *world) remove(c *channel, i int) {
	w.version++
	m := c.Messages[i]
	c.Removed = append(c.Removed, removal{ID: m.ID, For: m.EphemeralFor, Version: w.version})
	c.Messages = slices.Delete(c.Messages, i, i+1)
	w.dropFiles(m.Files)
}

// newID is nextID for callers that do not hold mu (interaction ids, tokens).
func (w *world) newID() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.nextID()
}

// fill copies a transport-neutral message into m of channelID, storing
// its files in place of m's old ones (keepPictures: in addition, as an
// edit that keeps the attachments); callers hold mu.
func (w *world) fill(channelID string, m *message, in commands.Message, keepPictures bool) {
	m.Content = in.Content
	m.Components = slices.Clone(in.Components)
	m.Mentions = slices.Clone(in.Mentions)
	if keepPictures {
		return
	}
	w.dropFiles(m.Files)
	m.Files = nil
	for _, f := range in.Files {
		id := w.nextID()
		w.files[id] = slices.Clone(f.Data)
		w.fileBytes += len(f.Data)
		w.kept = append(w.kept, keptFile{id: id, channelID: channelID, messageID: m.ID})
		m.Files = append(m.Files, storedFile{ID: id, Name: f.Name})
	}
	w.withinBudget()
}

// dropFiles forgets the files of a message that no longer shows them;
// callers hold mu.
func (w *world) dropFiles(files []storedFile) {
	for _, f := range files {
		if data, ok := w.files[f.ID]; ok {
			w.fileBytes -= len(data)
			delete(w.files, f.ID)
		}
	}
	if len(w.kept) > 2*len(w.files)+64 { // mostly entries of dropped files
		w.kept = slices.DeleteFunc(w.kept, func(k keptFile) bool { _, ok := w.files[k.id]; return !ok })
	}
}

// withinBudget drops the oldest files until the rest fit the budget, the
// newest always kept, and marks each where it was shown; callers hold mu.
func (w *world) withinBudget() {
	for w.fileBytes > w.fileBudget && len(w.kept) > 1 {
		k := w.kept[0]
		w.kept = w.kept[1:]
		data, ok := w.files[k.id]
		if !ok {
			continue
		}
		w.fileBytes -= len(data)
		delete(w.files, k.id)
		m := w.find(k.channelID, k.messageID)
		if m == nil {
			continue
		}
		for i := range m.Files {
			if m.Files[i].ID == k.id {
				m.Files[i].Gone = true
			}
		}
		w.touch(m)
	}
}

// post appends a new message and returns its id; false if the channel does
// not exist (Discord would answer 404 Unknown Channel).
func (w *world) post(channelID, authorID string, in commands.Message, ephemeralFor string) (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[channelID]
	if !ok {
		return "", false
	}
	m := &message{ID: w.nextID(), AuthorID: authorID, EphemeralFor: ephemeralFor, Created: w.now()}
	c.Messages = append(c.Messages, m) // before its files, which say where they are shown
	w.fill(channelID, m, in, false)
	w.touch(m)
	return m.ID, true
}

// edit replaces a public message in place; false if there is no such message.
func (w *world) edit(channelID, messageID string, in commands.Message) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	m := w.find(channelID, messageID)
	if m == nil || m.EphemeralFor != "" {
		return false
	}
	w.fill(channelID, m, in, false)
	m.Edited = true
	w.touch(m)
	return true
}

// replaceEphemeral puts in in the place of userID's ephemeral message (the
// answer to a click on it); keepPictures leaves its pictures. False if
// there is no such message (the player dismissed it).
func (w *world) replaceEphemeral(channelID, messageID, userID string, in commands.Message, keepPictures bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	m := w.find(channelID, messageID)
	if m == nil || m.EphemeralFor == "" || m.EphemeralFor != userID {
		return false
	}
	w.fill(channelID, m, in, keepPictures)
	m.Edited = true
	w.touch(m)
	return true
}

// clearButtons removes a message's components, as Discord does for an edit
// that sends an empty component list; a message that is gone needs nothing.
func (w *world) clearButtons(channelID, messageID, note string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if m := w.find(channelID, messageID); m != nil && m.EphemeralFor == "" && (len(m.Components) > 0 || note != "") {
		m.Components = nil
		if note != "" {
			m.Content = note
		}
		m.Edited = true
		w.touch(m)
	}
}

// withdrawControls removes the components of every ephemeral answer, in
// any channel, that offers moves at the table tableID of channelID (its
// game is over), as the Discord transport does through the answers'
// interaction tokens.
func (w *world) withdrawControls(channelID, tableID string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, c := range w.channels {
		for _, m := range c.Messages {
			if m.EphemeralFor == "" {
				continue
			}
			if ch, tb, ok := interact.TableOfControls(m.Components); ok && ch == channelID && tb == tableID {
				m.Components = nil
				m.Edited = true
				w.touch(m)
			}
		}
	}
}

// buried reports whether a public message of channelID has later public
// messages after it (ephemeral answers do not count, as on Discord).
func (w *world) buried(channelID, messageID string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[channelID]
	if !ok {
		return false
	}
	for i := len(c.Messages) - 1; i >= 0; i-- {
		if m := c.Messages[i]; m.EphemeralFor == "" {
			return m.ID != messageID
		}
	}
	return false
}

// find returns a message; callers hold mu.
func (w *world) find(channelID, messageID string) *message {
	c, ok := w.channels[channelID]
	if !ok {
		return nil
	}
	for _, m := range c.Messages {
		if m.ID == messageID {
			return m
		}
	}
	return nil
}

// thinking posts the "is thinking…" placeholder that a deferred ephemeral
// acknowledgement shows until the reply arrives.
func (w *world) thinking(channelID, botID, userID, command string) (string, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[channelID]
	if !ok {
		return "", false
	}
	m := &message{ID: w.nextID(), AuthorID: botID, EphemeralFor: userID, Invoker: userID,
		Command: command, Thinking: true, Created: w.now()}
	w.touch(m)
	c.Messages = append(c.Messages, m)
	return m.ID, true
}

// resolve turns the placeholder into the reply, or removes it when there
// is none.
func (w *world) resolve(channelID, messageID string, reply *commands.Message) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[channelID]
	if !ok {
		return
	}
	for i, m := range c.Messages {
		if m.ID != messageID {
			continue
		}
		if reply == nil {
			w.remove(c, i)
			return
		}
		m.Thinking = false
		w.fill(channelID, m, *reply, false)
		w.touch(m)
		return
	}
}

// dismiss removes an ephemeral message of its owner userID, or with
// userID "" a public message (the bot deleting it).
func (w *world) dismiss(channelID, messageID, userID string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[channelID]
	if !ok {
		return false
	}
	for i, m := range c.Messages {
		if m.ID == messageID && m.EphemeralFor == userID {
			w.remove(c, i)
			return true
		}
	}
	return false
}

func (w *world) setDMClosed(userID string, closed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dmClosed[userID] = closed
}

func (w *world) isDMClosed(userID string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dmClosed[userID]
}

func (w *world) file(id string) ([]byte, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	b, ok := w.files[id]
	return b, ok
}

// snapshot copies one message for use outside the lock.
func (w *world) snapshot(channelID, messageID string) (message, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	m := w.find(channelID, messageID)
	if m == nil {
		return message{}, false
	}
	return *m, true
}

// holding counts what the world keeps: files, their bytes, and messages.
func (w *world) holding() (files, fileBytes, messages int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, c := range w.channels {
		messages += len(c.Messages)
	}
	return len(w.files), w.fileBytes, messages
}
