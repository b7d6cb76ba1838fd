package commands

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

// OptThread is /game new's option to open the table in a new thread.
const OptThread = "thread"

// Keys of the thread texts.
const (
	KeyOKNewThread        = "core.ok.new_thread"
	KeyThreadStarter      = "core.thread.starter"
	KeyThreadLinked       = "core.thread.linked"
	KeyThreadFailed       = interact.KeyThreadFailed
	KeyThreadNoGuild      = "core.err.thread_no_guild"
	KeyThreadInThread     = "core.err.thread_in_thread"
	KeyThreadNoPermission = interact.KeyThreadNoPermission
)

func threadTexts() map[string][2]string {
	return map[string][2]string{
		"core.cmd.game.new.thread.name": {"thread", "thread"},
		"core.cmd.game.new.thread.desc": {"Play in a new thread of this channel (archived a day after the end)", "In einem neuen Thread dieses Kanals spielen (einen Tag nach dem Ende archiviert)"},
		KeyOKNewThread:                  {"The table opens in a new thread of this channel: join it there.", "Der Tisch öffnet in einem neuen Thread dieses Kanals: Tritt ihm dort bei."},
		KeyThreadStarter:                {"🎲 {host} opens a table of **{game}** in a thread of its own.", "🎲 {host} eröffnet einen Tisch für **{game}** in einem eigenen Thread."},
		KeyThreadLinked:                 {"🎲 {host} opened a table of **{game}** in {thread}: join it there.", "🎲 {host} hat einen Tisch für **{game}** in {thread} eröffnet: Tritt ihm dort bei."},
		KeyThreadNoGuild:                {"Threads exist only in a server's channels: open the table there.", "Threads gibt es nur in den Kanälen eines Servers: Eröffne den Tisch dort."},
		KeyThreadInThread:               {"This is a table's thread already, and Discord allows no thread inside a thread: open the table in the channel.", "Das ist schon der Thread eines Tisches, und Discord erlaubt keinen Thread in einem Thread: Eröffne den Tisch im Kanal."},
	}
}

// ThreadTable is a table to open in a new public thread (see OpenInThread).
type ThreadTable struct {
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

// OpenInThread is the action that opens a table in a new public thread of
// tt.Parent: a line in the parent starts the thread, the table is stored
// with the thread as its channel, and its lobby is posted there. Other
// features (tournaments) use it to give each table a thread.
func (s *Service) OpenInThread(tt ThreadTable) ThreadOpen {
	return ThreadOpen{
		ChannelID: tt.Parent,
		Name:      interact.Truncate(tt.Name, 100),
		Starter:   Message{Content: interact.Truncate(tt.Starter, 2000)},
		Failed:    Message{Content: s.voice.Text(tt.Lang, games.T(KeyThreadFailed))},
		Then: func(ctx context.Context, threadID, starterID string) Result {
			t := tt.New(threadID)
			t.ChannelID, t.Parent = threadID, tt.Parent
			g, ok := s.games.Get(t.GameID)
			if !ok {
				s.log.Error("thread table: unknown game", "game", t.GameID, "thread", threadID)
				return Result{}
			}
			if err := s.store.Create(ctx, t); err != nil {
				s.log.Error("thread table: create", "thread", threadID, "err", err)
				return Result{Actions: []Action{ChannelPost{ChannelID: threadID, Message: Message{Content: s.voice.Text(t.Lang, games.T(interact.KeyInternal))}}}}
			}
			var out []Action
			if tt.Linked != nil {
				out = append(out, ChannelEdit{ChannelID: tt.Parent, MessageID: starterID,
					Message: Message{Content: interact.Truncate(tt.Linked("<#"+threadID+">"), 2000)}})
			}
			return Result{Actions: append(out, ChannelPost{ChannelID: threadID, Message: s.lobbyMessage(t, g),
				OnSent: s.tables.Remember(threadID, t.ID, (*table.Table).SetLobbyMessage)})}
		},
	}
}

// newThreadTable answers /game new thread:true: the lobby p describes
// opens in a new thread of the channel typed in.
func (s *Service) newThreadTable(ctx context.Context, r interact.Request, p table.Params) Result {
	switch {
	case r.Interaction.GuildID == "":
		return s.voice.Key(r.Lang, KeyThreadNoGuild)
	case !r.MayOpenThreads():
		return s.voice.Key(r.Lang, KeyThreadNoPermission)
	}
	if here, err := s.store.Get(ctx, r.ChannelID); err == nil && here.Parent != "" {
		return s.voice.Key(r.Lang, KeyThreadInThread)
	} else if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return s.voice.Err(r, err)
	}
	game, host := s.voice.GameName(p.Lang, p.GameID), p.Host.Name
	open := s.OpenInThread(ThreadTable{
		Parent:  r.ChannelID,
		Name:    game + " · " + host,
		Lang:    p.Lang,
		Starter: s.voice.Text(p.Lang, games.T(KeyThreadStarter, "host", host, "game", game)),
		Linked: func(thread string) string {
			return s.voice.Text(p.Lang, games.T(KeyThreadLinked, "host", host, "game", game, "thread", thread))
		},
		New: func(threadID string) *table.Table {
			p.ChannelID = threadID
			return table.New(p)
		},
	})
	return Result{Reply: &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKNewThread))}, Actions: []Action{open}}
}
