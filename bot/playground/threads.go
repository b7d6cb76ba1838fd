package playground

import (
	"context"
	"log/slog"
	"slices"

	"github.com/tavern-bot/tavern/commands"
)

// Threads in the pretend Discord are channels with a parent: opening one
// adds it to the channel list right after its parent (and the parent's
// older threads), as Discord's sidebar shows a channel's active threads.

// openThread posts the starter line in the parent channel, opens a thread
// from it (taking its id, as on Discord) and carries out what the thread
// was opened for.
func (s *Server) openThread(ctx context.Context, a commands.ThreadOpen) {
	starter, ok := s.world.post(a.ChannelID, s.opts.BotID, a.Starter, "")
	if !ok {
		s.log.WarnContext(ctx, "playground: thread starter to unknown channel", slog.String("channel", a.ChannelID))
		return
	}
	if !s.world.addThread(a.ChannelID, starter, a.Name) {
		s.log.InfoContext(ctx, "playground: no thread here", slog.String("channel", a.ChannelID))
		s.world.edit(a.ChannelID, starter, a.Failed)
		return
	}
	if a.Then != nil {
		_ = a.Then(ctx, starter, starter).Carry(ctx, s.Run) // the pretend Discord is in this process
	}
}

// addThread opens thread id named name in parent; false when parent is a
// DM or a thread itself (Discord refuses both).
func (w *world) addThread(parent, id, name string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	p, ok := w.channels[parent]
	if !ok || p.DMUser != "" || p.Parent != "" {
		return false
	}
	if _, taken := w.channels[id]; taken {
		return false
	}
	w.channels[id] = &channel{ID: id, Name: name, Parent: parent}
	at := slices.Index(w.order, parent) + 1
	for at < len(w.order) && w.channels[w.order[at]].Parent == parent {
		at++
	}
	w.order = slices.Insert(w.order, at, id)
	w.version++ // the channel list changed
	return true
}

// archiveThread marks a thread archived; it stays in the list, readable,
// as an archived thread stays reachable on Discord.
func (w *world) archiveThread(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if c, ok := w.channels[id]; ok && c.Parent != "" && !c.Archived {
		c.Archived = true
		w.version++
	}
}

// guildChannels lists the guild channels and their threads in sidebar
// order.
func (w *world) guildChannels() []channelView {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]channelView, 0, len(w.order))
	for _, id := range w.order {
		c := w.channels[id]
		out = append(out, channelView{ID: c.ID, Name: c.Name, Thread: c.Parent != "", Archived: c.Archived})
	}
	return out
}

// info is channel id's immutable part; false if there is none.
func (w *world) info(id string) (channelInfo, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	c, ok := w.channels[id]
	if !ok {
		return channelInfo{}, false
	}
	return channelInfo{ID: c.ID, Name: c.Name, DMUser: c.DMUser}, true
}
