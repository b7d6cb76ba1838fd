package lobby

import (
	"context"
	"errors"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// A table may live in a thread of its own (/game new thread:true): a line
// in the channel starts a public thread, and the table's channel is the
// thread, so its lobby, boards and status stay there, out of the
// channel's way. A day after the game ends the thread is archived (a due
// event, see table.ArchiveAfter).

// threadTable is a table to open in a new public thread (see openInThread).
type threadTable struct {
	// Parent is the channel the thread opens in.
	Parent string
	// Name is the thread's name (Discord allows 100 characters).
	Name string
	// Lang is the language of what is said in the parent channel.
	Lang string
	// Starter is the line in Parent that starts the thread; Linked, if
	// set, replaces it once the thread exists, given the thread's
	// mention, so the line links to it.
	Starter string
	Linked  func(threadMention string) string
	// New makes the table (a lobby) once the thread exists; its ChannelID
	// and Parent are set to the thread and Parent before it is stored.
	New func(threadID string) *table.Table
}

// openInThread is the action that opens a table in a new public thread of
// tt.Parent: a line in the parent starts the thread, the table is stored
// with the thread as its channel, and its lobby is posted there.
func (f *Feature) openInThread(tt threadTable) interact.ThreadOpen {
	return interact.ThreadOpen{
		ChannelID: tt.Parent,
		Name:      interact.Truncate(tt.Name, 100),
		Starter:   interact.Message{Content: interact.Truncate(tt.Starter, 2000)},
		Failed:    interact.Message{Content: f.Voice.Text(tt.Lang, games.T(KeyThreadFailed))},
		Then: func(ctx context.Context, threadID, starterID string) interact.Result {
			t := tt.New(threadID)
			t.ChannelID, t.Parent = threadID, tt.Parent
			g, ok := f.Games.Get(t.GameID)
			if !ok {
				f.Log.Error("thread table: unknown game", "game", t.GameID, "thread", threadID)
				return interact.Result{}
			}
			if err := f.Store.Create(ctx, t); err != nil {
				f.Log.Error("thread table: create", "thread", threadID, "err", err)
				return interact.Result{Actions: []interact.Action{interact.ChannelPost{ChannelID: threadID, Message: interact.Message{Content: f.Voice.Text(t.Lang, games.T(interact.KeyInternal))}}}}
			}
			var out []interact.Action
			if tt.Linked != nil {
				out = append(out, interact.ChannelEdit{ChannelID: tt.Parent, MessageID: starterID,
					Message: interact.Message{Content: interact.Truncate(tt.Linked("<#"+threadID+">"), 2000)}})
			}
			return interact.Result{Actions: append(out, interact.ChannelPost{ChannelID: threadID, Message: f.Message(t, g),
				OnSent: f.Tables.RememberLobby(threadID, t.ID)})}
		},
	}
}

// openThread answers /game new thread:true: the lobby p describes
// opens in a new thread of the channel typed in.
func (f *Feature) openThread(ctx context.Context, r interact.Request, p table.Params) interact.Result {
	switch {
	case r.Interaction.GuildID == "":
		return f.Voice.Key(r.Lang, KeyThreadNoGuild)
	case !r.MayOpenThreads():
		return f.Voice.Key(r.Lang, KeyThreadNoPermission)
	}
	if here, err := f.Store.Get(ctx, r.ChannelID); err == nil && here.Parent != "" {
		return f.Voice.Key(r.Lang, KeyThreadInThread)
	} else if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return f.Voice.Err(r, err)
	}
	game, host := f.Voice.GameName(p.Lang, p.GameID), p.Host.Name
	open := f.openInThread(threadTable{
		Parent:  r.ChannelID,
		Name:    game + " · " + host,
		Lang:    p.Lang,
		Starter: f.Voice.Text(p.Lang, games.T(KeyThreadStarter, "host", host, "game", game)),
		Linked: func(thread string) string {
			return f.Voice.Text(p.Lang, games.T(KeyThreadLinked, "host", host, "game", game, "thread", thread))
		},
		New: func(threadID string) *table.Table {
			p.ChannelID = threadID
			return table.New(p)
		},
	})
	return interact.Result{Reply: &interact.Message{Content: f.Voice.Text(r.Lang, games.T(KeyOKNewThread))}, Actions: []interact.Action{open}}
}
